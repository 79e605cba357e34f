import KeyedArchive

/// What a file from another tool (SPEC §15) brings: items by checklist name, each with the UID
/// its source id gives it, and the source's entries left out, each with why.
///
/// Unlike our own formats, which add checklists, these are merged: an item whose UID is already
/// in the book is updated in place, so importing the same tool's file again never doubles.
public struct ForeignImport: Sendable {
    /// The tool the file came from, for the summary (`Taskwarrior`).
    public var source: String
    /// The items by checklist name, in the file's order; every item has a UID.
    public var lists: [Checklist]
    /// Why each entry left out was left out (`deleted: buy milk`).
    public var leftOut: [String]

    /// An import from `source` of `lists`, leaving out `leftOut`.
    public init(source: String, lists: [Checklist], leftOut: [String] = []) {
        self.source = source
        self.lists = lists
        self.leftOut = leftOut
    }

    /// How a merge went: what it added, updated, and found already as the file has it.
    public struct Counts: Equatable, Sendable {
        /// Items new to the book.
        public var added = 0
        /// Items already in the book (by UID) that the file changed.
        public var updated = 0
        /// Items already in the book exactly as the file has them.
        public var unchanged = 0

        /// Counts of items added, updated and found unchanged.
        public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
            self.added = added
            self.updated = updated
            self.unchanged = unchanged
        }
    }

    /// `book` with the imported items merged in: an item whose UID a checklist of the book holds
    /// replaces it there (keeping its item ID), the others go to the end of the checklist of their
    /// name, made when there is none. `takeItemID` hands out the new items' IDs.
    public func merged(into book: [Checklist], takeItemID: () -> Int) -> (lists: [Checklist], counts: Counts) {
        var lists = book
        var counts = Counts()
        var place: [String: (list: Int, item: Int)] = [:]
        for (listIndex, list) in lists.enumerated() {
            for (itemIndex, item) in list.items.enumerated() {
                if let uid = item.uid, place[uid] == nil { place[uid] = (listIndex, itemIndex) }
            }
        }
        var listNamed: [String: Int] = [:]
        for (index, list) in lists.enumerated() where listNamed[list.name] == nil { listNamed[list.name] = index }
        for imported in self.lists {
            for var item in imported.items {
                if let uid = item.uid, let (listIndex, itemIndex) = place[uid] {
                    let old = lists[listIndex].items[itemIndex]
                    item.itemID = old.itemID
                    item.serverMark = old.serverMark
                    if item == old {
                        counts.unchanged += 1
                    } else {
                        lists[listIndex].items[itemIndex] = item
                        counts.updated += 1
                    }
                    continue
                }
                let listIndex =
                    listNamed[imported.name]
                    ?? {
                        lists.append(Checklist(name: imported.name))
                        listNamed[imported.name] = lists.count - 1
                        return lists.count - 1
                    }()
                item.itemID = takeItemID()
                lists[listIndex].items.append(item)
                if let uid = item.uid { place[uid] = (listIndex, lists[listIndex].items.count - 1) }
                counts.added += 1
            }
        }
        return (lists, counts)
    }
}

extension ChecklistImport {
    /// The items of a file from another tool (SPEC §15), recognised by content; `nil` when the
    /// file is none of them (then it is one of ours, or nothing `import` reads).
    public static func foreign(
        from bytes: [UInt8], now: Double, onProgress: (ProgressReport) -> Void = { _ in }
    ) throws(Failure) -> ForeignImport? {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        // Our JSON export is an object; an array is another tool's.
        guard first == UInt8(ascii: "[") else { return nil }
        onProgress(ProgressReport("import: reading JSON", done: 0))
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            let line = bytes.prefix(error.offset).count { $0 == UInt8(ascii: "\n") } + 1
            throw Failure(reason: "invalid JSON on line \(line) (byte \(error.offset)): \(error.reason)")
        }
        guard TaskwarriorImport.recognises(root) else { return nil }
        return try TaskwarriorImport.read(root, now: now, onProgress: onProgress)
    }
}
