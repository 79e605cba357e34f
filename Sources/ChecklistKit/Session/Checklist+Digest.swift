extension Checklist {
    /// A 64-bit digest of everything the checklist holds (name, icon, and every field of every
    /// item in order), the same in every process and release: what undo compares to tell that a
    /// checklist is still exactly as a recorded change left it, without keeping the checklist.
    ///
    /// Every stored field of `ChecklistItem` is in it (`ChecklistDigestTests` fails when one is
    /// added and not here). Eight bytes at a time, a multiply and a shift each; not a defence
    /// against a crafted collision, which nothing that writes the data file has a reason to make.
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
        for index in items.indices {
            let item = items[index]
            digest.add(item.text)
            digest.add(UInt64(item.itemID))
            digest.add(item.archivedDate.bitPattern)
            digest.add((item.checked ? 1 : 0) | (item.hasDueDate ? 2 : 0) | (item.shouldRemind ? 4 : 0) as UInt64)
            if let rule = item.repeatRule {
                digest.add(rule.rrule)
            } else {
                digest.add(UInt64.max)
            }
            // Fields most items lack are added only when present (each after a tag of its own), so
            // an item without them digests as it did before they existed.
            if let day = item.dueDay {
                digest.add(0xDA7)
                digest.add(day.description)
            }
            if let uid = item.uid {
                digest.add(0x01D)
                digest.add(uid)
            }
        }
        return digest.value
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
        let utf8 = text.utf8
        add(UInt64(utf8.count) | 1 << 63)
        let done: Void? = utf8.withContiguousStorageIfAvailable { bytes in add(UnsafeRawBufferPointer(bytes)) }
        if done == nil { Array(utf8).withUnsafeBytes { add($0) } }
    }

    private mutating func add(_ raw: UnsafeRawBufferPointer) {
        let words = raw.count / 8
        for index in 0..<words {
            add(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self)))
        }
        var tail: UInt64 = 0
        for (shift, byte) in raw[(words * 8)...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
        add(tail)
    }
}
