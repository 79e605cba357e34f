extension Checklist {
    /// A 64-bit digest of everything the checklist holds (name, icon, and every field of every
    /// item in order), the same in every process and release: what undo compares to tell that a
    /// checklist is still exactly as a recorded change left it, without keeping the checklist.
    ///
    /// Every item field is in it but those `ItemField.isInUndoDigest` leaves out. The digest is
    /// straight-line code, not a loop over `ItemField`: journals on disk hold digests of this
    /// exact order, which mixes fields (one word holds three flags), and a loop giving the same
    /// values took 17 % more instructions (callgrind, release build, 100,000 items). Eight bytes
    /// at a time, a multiply and a shift each; not a defence against a crafted collision, which
    /// nothing that writes the data file has a reason to make.
    var digest: UInt64 {
        var digest = Digest()
        digest.add(name)
        digest.add(iconName)
        digest.add(UInt64(items.count))
        // A checklist loaded without its items never digests as one that holds none.
        if let unloaded = unloadedItemCount {
            digest.add(0x0FF)
            digest.add(UInt64(unloaded))
        }
        // Each item read in place: a `for item in items` loop copied every item (its strings
        // retained and released), a third of the digest's instructions at 100,000 items.
        items.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { digest.add(item: buffer[index]) }
        }
        return digest.value
    }
}

extension ItemField {
    /// Whether `Checklist.digest` takes the field: an exhaustive switch, so a field added to
    /// `ItemField` does not compile until it says, and `ItemFieldTests` then checks that a change
    /// of each field this says it takes changes the digest, and of each other one does not.
    var isInUndoDigest: Bool {
        switch self {
        case .text, .checked, .due, .shouldRemind, .itemID, .repeatRule: true
        // SPEC §13's fields, each after a tag of its own and only when set (`addRichFields`).
        case .note, .tags, .priority, .parent, .start, .alarmOffset, .cancelled: true
        // A sync gives items these without a change the user made, which must not stop an
        // undo, and an undo keeps what items have now.
        case .uid, .serverMark: false
        }
    }
}

extension Digest {
    /// Adds every field of `item` that `Checklist.digest` takes, in its order.
    fileprivate mutating func add(item: borrowing ChecklistItem) {
        add(item.text)
        add(UInt64(item.itemID))
        add(item.archivedDate.bitPattern)
        add((item.checked ? 1 : 0) | (item.hasDueDate ? 2 : 0) | (item.shouldRemind ? 4 : 0) as UInt64)
        if let rule = item.repeatRule {
            add(rule.rrule)
        } else {
            add(UInt64.max)
        }
        // Fields most items lack are added only when present (each after a tag of its own), so
        // an item without them digests as it did before they existed.
        if let day = item.dueDay {
            add(0xDA7)
            add(day.description)
        }
        if item.hasExtraFields { addRichFields(of: item) }
    }

    /// Adds SPEC §13's fields of `item`, each after a tag of its own and only when set, so an
    /// item without them digests as it did before they existed.
    fileprivate mutating func addRichFields(of item: borrowing ChecklistItem) {
        // The fields read in their box, once: each of the item's accessors reads the box again,
        // and a copy of `ExtraFields` retains and releases each of its strings.
        guard let fields = item.extraFieldsBox?.fields else { return }
        if !fields.note.isEmpty {
            add(0x07E)
            add(fields.note)
        }
        if !fields.tags.isEmpty {
            add(0x7A6)
            add(UInt64(fields.tags.count))
            for tag in fields.tags { add(tag) }
        }
        if let priority = fields.priority {
            add(0x9A1)
            add(UInt64(truncatingIfNeeded: priority))
        }
        if let parent = fields.parentUID {
            add(0x9A7)
            add(parent)
        }
        if fields.cancelled { add(0xCA9) }
        if let offset = fields.alarmOffset {
            add(0xA1A)
            add(UInt64(truncatingIfNeeded: offset))
        }
        switch fields.start {
        case nil: break
        case .time(let time):
            add(0x57A)
            add(time.bitPattern)
        case .day(let day):
            add(0x57D)
            add(day.description)
        }
    }
}

/// The running state of `Checklist.digest`.
private struct Digest {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let multiplier: UInt64 = 0xFF51_AFD7_ED55_8CCD

    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* Self.multiplier
        value ^= value >> 32
    }

    /// Adds a string's length, then its UTF-8 bytes eight at a time.
    mutating func add(_ text: String) {
        // Read in place, as native strings (ours always are) allow, without the copy `withUTF8`
        // needs; a bridged or foreign one is made native first.
        if text.utf8.withContiguousStorageIfAvailable({ add(utf8: $0) }) != nil { return }
        var native = text
        native.withUTF8 { add(utf8: $0) }
    }

    /// Adds the length of `bytes`, UTF-8, then the bytes eight at a time.
    private mutating func add(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        add(UInt64(bytes.count) | 1 << 63)
        add(UnsafeRawBufferPointer(bytes))
    }

    private mutating func add(_ raw: UnsafeRawBufferPointer) {
        let words = raw.count / 8
        for index in 0..<words {
            add(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self)))
        }
        // The last 0 to 7 bytes, the first of them lowest, the rest of the word zero.
        var tail: UInt64 = 0
        withUnsafeMutableBytes(of: &tail) {
            $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[(words &* 8)...]))
        }
        add(UInt64(littleEndian: tail))
    }
}
