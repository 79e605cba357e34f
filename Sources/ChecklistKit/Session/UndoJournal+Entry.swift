import KeyedArchive

extension UndoJournal {
    /// One recorded change: its summary, the current checklist before and after, and what it did
    /// to each checklist it touched (`ChecklistDelta`), item by item.
    struct Entry: Equatable {
        var summary: String
        var currentBefore: String?
        var currentAfter: String?
        /// The checklists the change made, removed or changed, each as its delta.
        var lists: [ChecklistDelta]

        /// An entry as recorded.
        init(summary: String, currentBefore: String?, currentAfter: String?, lists: [ChecklistDelta]) {
            self.summary = summary
            self.currentBefore = currentBefore
            self.currentAfter = currentAfter
            self.lists = lists
        }

        /// The entry of a change that replaced the checklists `removed` by `added`: each is paired
        /// with its namesake on the other side, and a lone pair left over is one checklist renamed.
        /// (Any pairing is correct, since a delta can hold any two checklists; this one is small.)
        init(
            summary: String, removed: [Checklist], added: [Checklist], currentBefore: String?, currentAfter: String?
        ) {
            var addedPlaces: [String: Int] = [:]
            for (place, list) in added.enumerated() { addedPlaces[list.name] = place }
            var paired = Set<Int>()
            var lists: [ChecklistDelta] = []
            var lone: [Checklist] = []
            for list in removed {
                if let place = addedPlaces[list.name], paired.insert(place).inserted {
                    lists.append(ChecklistDelta(before: list, after: added[place]))
                } else {
                    lone.append(list)
                }
            }
            let loneAdded = added.indices.filter { !paired.contains($0) }.map { added[$0] }
            if lone.count == 1, loneAdded.count == 1 {
                lists.append(ChecklistDelta(before: lone[0], after: loneAdded[0]))
            } else {
                lists += lone.map { ChecklistDelta(before: $0, after: nil) }
                lists += loneAdded.map { ChecklistDelta(before: nil, after: $0) }
            }
            self.init(summary: summary, currentBefore: currentBefore, currentAfter: currentAfter, lists: lists)
        }

        /// The checklists of `lists` that undoing (else redoing) the change replaces, and the ones
        /// it puts in their place; `nil` when one it replaces is missing or is not exactly as the
        /// change left it (found it, for redo).
        func exchange(undoing: Bool, in lists: [Checklist]) -> (old: [Checklist], new: [Checklist])? {
            var byName: [String: Int] = [:]
            for (place, list) in lists.enumerated() { byName[list.name] = place }
            var old: [Checklist] = []
            var new: [Checklist] = []
            for delta in self.lists {
                let (from, to) = undoing ? (delta.after, delta.before) : (delta.before, delta.after)
                var source: [ChecklistItem] = []
                if let from {
                    guard let place = byName[from.name] else { return nil }
                    let list = lists[place]
                    guard list.iconName == from.iconName, list.items.count == from.count, list.digest == from.digest
                    else { return nil }
                    old.append(list)
                    source = list.items
                }
                if let to {
                    guard var made = ChecklistDelta.make(to, from: source) else { return nil }
                    // An item keeps the UID it has now (a sync may have given it since): its task
                    // on a server goes by it.
                    var uidOf: [Int: String] = [:]
                    for item in source { if let uid = item.uid { uidOf[item.itemID] = uid } }
                    if !uidOf.isEmpty {
                        for index in made.items.indices where uidOf[made.items[index].itemID] != nil {
                            made.items[index].uid = uidOf[made.items[index].itemID]
                        }
                    }
                    new.append(made)
                }
            }
            return (old, new)
        }
    }
}

// MARK: Payloads

extension UndoJournal.Entry {
    /// The payload of a change record of the item-level kind (`d`): summary, current before and
    /// after, the deltas (names, icons, counts, digests, runs), then one keyed archive of the
    /// deltas' own items (the item's own encoding, so every field it archives is kept).
    var payload: [UInt8] {
        var writer = PayloadWriter()
        writer.field(summary)
        writer.field(currentBefore)
        writer.field(currentAfter)
        writer.varint(lists.count)
        var items: [ChecklistItem] = []
        for delta in lists {
            writer.bytes.append((delta.before == nil ? 0 : 1) | (delta.after == nil ? 0 : 2))
            for side in [delta.before, delta.after].compactMap({ $0 }) {
                writer.field(side.name)
                writer.field(side.iconName)
                writer.varint(side.count)
                writer.word(side.digest)
                writer.varint(side.runs.count)
                for run in side.runs {
                    writer.varint(run.count << 1 | (run.start == nil ? 1 : 0))
                    if let start = run.start { writer.varint(start) }
                }
                writer.varint(side.items.count)
                items += side.items
            }
        }
        let archive = KeyedArchiver.archive(expectedObjects: items.count * 3 + 16) { $0.encode(items, forKey: "Items") }
        writer.field(archive)
        return writer.bytes
    }

    /// The items of a payload's archive (its `Items` array), read as a load reads a checklist's
    /// (in place, the objects after the first of each shape from the skim's reads: 2.8 M
    /// instructions for 1,000 items against 3.6 M through the decoder); `nil` when they do not decode.
    private static func items(inArchive archive: [UInt8]) -> [ChecklistItem]? {
        try? KeyedUnarchiver.reading(archive) { unarchiver -> [ChecklistItem]? in
            guard let uids = try unarchiver.topLevel.arrayElementUIDs(forKey: "Items") else { return nil }
            return try unarchiver.decode(ChecklistItem.self, objects: uids, reading: ChecklistItem.skim)
        }
    }

    /// The names of the checklists a payload of `kind` touches, before and after the change, read
    /// without decoding its items (those of a `c` payload, a whole archive, are decoded); `nil`
    /// when the lists do not read.
    static func checklistNames(kind: UInt8, payload: ArraySlice<UInt8>) -> [String]? {
        guard kind == UInt8(ascii: "d") else {
            return Self(kind: kind, payload: payload)?.lists.flatMap { [$0.before?.name, $0.after?.name] }
                .compactMap { $0 }
        }
        var reader = PayloadReader(bytes: payload)
        guard case .some(.some) = reader.field(), case .some = reader.field(), case .some = reader.field(),
            let count = reader.varint(), count <= reader.remaining
        else { return nil }
        var names: [String] = []
        for _ in 0..<count {
            guard let flags = reader.byte(), flags & ~3 == 0 else { return nil }
            for place in 0..<2 where flags & (1 << place) != 0 {
                guard let side = reader.side() else { return nil }
                names.append(side.side.name)
            }
        }
        return names
    }

    /// The change a payload of `kind` holds: `d` (item-level), or `c`, the whole checklists
    /// replaced and left, as journals of the previous release hold them; `nil` when it does not decode.
    init?(kind: UInt8, payload: ArraySlice<UInt8>) {
        var reader = PayloadReader(bytes: payload)
        guard case .some(.some(let summaryBytes)) = reader.field(), case .some(let before) = reader.field(),
            case .some(let after) = reader.field()
        else { return nil }
        let text = { (bytes: ArraySlice<UInt8>?) in bytes.map { String(decoding: $0, as: UTF8.self) } }
        let summary = String(decoding: summaryBytes, as: UTF8.self)
        guard kind == UInt8(ascii: "d") else {
            guard case .some(.some(let removed)) = reader.field(), case .some(.some(let added)) = reader.field(),
                let removedBook = try? ChecklistBook(archive: Array(removed), loadTime: 0),
                let addedBook = try? ChecklistBook(archive: Array(added), loadTime: 0)
            else { return nil }
            self.init(
                summary: summary, removed: removedBook.checklists, added: addedBook.checklists,
                currentBefore: text(before), currentAfter: text(after))
            return
        }
        guard let count = reader.varint(), count <= reader.remaining else { return nil }
        var lists: [ChecklistDelta] = []
        var ownCounts: [Int] = []
        var ownTotal = 0
        for _ in 0..<count {
            guard let flags = reader.byte(), flags & ~3 == 0 else { return nil }
            var sides: [ChecklistDelta.Side?] = [nil, nil]
            for place in 0..<2 where flags & (1 << place) != 0 {
                // Each item takes at least a byte of the payload: a larger count is damage.
                guard let side = reader.side(), side.ownCount <= payload.count - ownTotal else { return nil }
                sides[place] = side.side
                ownCounts.append(side.ownCount)
                ownTotal += side.ownCount
            }
            lists.append(ChecklistDelta(before: sides[0], after: sides[1]))
        }
        guard case .some(.some(let archive)) = reader.field(), reader.remaining == 0,
            let items = Self.items(inArchive: Array(archive)), items.count == ownTotal
        else { return nil }
        // Each side takes its own items from the archive, in the order they were written.
        var taken = 0
        var counts = ownCounts.makeIterator()
        for place in lists.indices {
            for side in [\ChecklistDelta.before, \ChecklistDelta.after] where lists[place][keyPath: side] != nil {
                let own = counts.next() ?? 0
                lists[place][keyPath: side]?.items = Array(items[taken..<(taken + own)])
                taken += own
            }
        }
        self.init(summary: summary, currentBefore: text(before), currentAfter: text(after), lists: lists)
    }
}

/// Writes a payload: length-prefixed fields (4 bytes, `UInt32.max` for none), LEB128 varints,
/// little-endian words.
private struct PayloadWriter {
    var bytes: [UInt8] = []

    mutating func field(_ text: String?) {
        field(text.map { Array($0.utf8) })
    }

    mutating func field(_ value: [UInt8]?) {
        guard let value else {
            bytes += [0xFF, 0xFF, 0xFF, 0xFF]
            return
        }
        for shift in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value.count >> (8 * shift))) }
        bytes += value
    }

    mutating func varint(_ value: Int) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func word(_ value: UInt64) {
        for shift in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
    }
}

/// Reads what `PayloadWriter` writes; every read is `nil` past the end or on a value out of range.
private struct PayloadReader {
    let bytes: ArraySlice<UInt8>
    var offset: Int

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - offset }

    mutating func byte() -> UInt8? {
        guard offset < bytes.endIndex else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A field: `.some(nil)` for none, `nil` when torn.
    mutating func field() -> ArraySlice<UInt8>?? {
        guard remaining >= 4 else { return nil }
        var length = 0
        for shift in 0..<4 { length |= Int(bytes[offset + shift]) << (8 * shift) }
        offset += 4
        if length == Int(UInt32.max) { return .some(nil) }
        guard length <= remaining else { return nil }
        defer { offset += length }
        return .some(bytes[offset..<(offset + length)])
    }

    mutating func string() -> String? {
        guard case .some(.some(let value)) = field() else { return nil }
        return String(decoding: value, as: UTF8.self)
    }

    /// A varint of at most 62 bits, so that doubling it or adding to it cannot overflow.
    mutating func varint() -> Int? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 63, by: 7) {
            guard let byte = byte() else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value < 1 << 62 ? Int(value) : nil }
        }
        return nil
    }

    mutating func word() -> UInt64? {
        guard remaining >= 8 else { return nil }
        defer { offset += 8 }
        return (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    /// A delta's side without its own items, and how many it has.
    mutating func side() -> (side: ChecklistDelta.Side, ownCount: Int)? {
        guard let name = string(), let icon = string(), let count = varint(), let digest = word(),
            let runCount = varint(), runCount <= remaining
        else { return nil }
        var runs: [ChecklistDelta.Run] = []
        for _ in 0..<runCount {
            guard let tagged = varint() else { return nil }
            if tagged & 1 == 1 {
                runs.append(ChecklistDelta.Run(start: nil, count: tagged >> 1))
            } else {
                guard let start = varint() else { return nil }
                runs.append(ChecklistDelta.Run(start: start, count: tagged >> 1))
            }
        }
        guard let ownCount = varint() else { return nil }
        let side = ChecklistDelta.Side(
            name: name, iconName: icon, count: count, digest: digest, runs: runs, items: [])
        return (side, ownCount)
    }
}
