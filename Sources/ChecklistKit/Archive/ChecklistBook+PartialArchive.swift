import KeyedArchive

extension ChecklistBook {
    /// Reads a book from a binary keyed archive with only the current checklist's items decoded,
    /// and where everything lies in the file; `nil` when the file needs a full load.
    ///
    /// The other checklists' items are skimmed: checked as decoding them would check them, their
    /// IDs read, nothing built. A full load is needed (and reports what is wrong, or repairs what
    /// SPEC §4 repairs) for an XML or early-form file, repeated checklist names, an `Items` array
    /// that two checklists share, anything the skim or decoding refuses, an item without a
    /// `DueDate`, and IDs that are missing, repeated or out of range: a book loaded this way is
    /// exactly what a full load would give, but for the items left unread.
    ///
    /// A file this program `written` itself (its last save, as the lock file notes it) is not
    /// skimmed: every save writes items that decode, with due dates and distinct IDs below the
    /// file's next ID, so the skim could only confirm it. Its other checklists' items are only
    /// counted, their UIDs read if they are ever loaded.
    ///
    /// The file is read in place (`KeyedUnarchiver.reading`), and the current checklist's items
    /// after the first of each shape are built from the fields the skim reads
    /// (`ChecklistItem.init(skimmed:)`), which gives what decoding gives.
    ///
    /// The checklists named in `alsoReading` are read in full too (the items a command needs
    /// beyond the current checklist's, `ChecklistStore.readItems`).
    ///
    /// With `checkingLater`, a file from elsewhere is read as this program's own is, its other
    /// checklists' items only listed, and the skim is put off (`ArchivedLayout.checksPutOff`):
    /// the store makes it, and the editor's check, while the disk writes the change, and loads
    /// the file with every check and makes the change again if they fail
    /// (`ArchivedLayout.passesPutOffChecks`). The book is then the one a checked load gives
    /// whenever the file passes: the next ID is the file's, which the checks confirm is above
    /// every ID of the file.
    ///
    /// Without `readingCurrent`, the current checklist's items are left unread as the others'
    /// are (a command that does not need them).
    static func partlyLoaded(
        archive bytes: [UInt8], written: Bool = false, alsoReading: Set<String> = [], checkingLater: Bool = false,
        readingCurrent: Bool = true
    ) -> (book: ChecklistBook, layout: ArchivedLayout)? {
        guard BinaryPropertyListReader.isBinaryPropertyList(bytes) else { return nil }
        return try? KeyedUnarchiver.reading(bytes) { unarchiver in
            try partlyLoaded(
                unarchiver, bytes: bytes, written: written, alsoReading: alsoReading, checkingLater: checkingLater,
                readingCurrent: readingCurrent)
        }
    }

    /// `partlyLoaded(archive:written:alsoReading:checkingLater:readingCurrent:)` with `bytes` read
    /// by `unarchiver`.
    private static func partlyLoaded(
        _ unarchiver: KeyedUnarchiver, bytes: [UInt8], written: Bool, alsoReading: Set<String>, checkingLater: Bool,
        readingCurrent: Bool
    ) throws -> (book: ChecklistBook, layout: ArchivedLayout)? {
        let top = unarchiver.topLevel
        guard let checklistsUID = try top.objectUID(forKey: "Checklists"),
            let listUIDs = try top.arrayElementUIDs(forKey: "Checklists")
        else { return nil }
        let stored = try top.decodeIfPresent(Int.self, forKey: "ChecklistIndex") ?? -1
        let current = stored >= 0 && stored < listUIDs.count ? stored : nil
        var next = try top.decodeIfPresent(Int.self, forKey: "ChecklistItemID") ?? 0
        // The skim put off: only the IDs read now bound the next one until it is made.
        let puttingOff = checkingLater && !written && next <= Self.itemIDLimit
        if next > Self.itemIDLimit {
            // Then only the IDs read bound the next one: those of the checklists not skimmed are
            // unknown (a file this program wrote can hold IDs up to the limit).
            if written { return nil }
            next = 0
        }
        var lists: [Checklist] = []
        var placed: [String: ArchivedLayout.List] = [:]
        // The IDs read, a run per checklist loaded or skimmed (kept apart: joining them costs more
        // than the skim's reads of them).
        var ids: [[Int?]] = []
        var arrays: Set<UInt64> = []
        for (position, uid) in listUIDs.enumerated() {
            let coder = try unarchiver.decoder(forObject: uid, of: Checklist.archivedClass)
            var list = Checklist(
                name: try coder.decode(String.self, forKey: "Name"),
                iconName: try coder.decodeIfPresent(String.self, forKey: "IconName") ?? "No Icon")
            // The items of a checklist neither loaded nor skimmed (or skimmed later, the checks
            // put off) are only counted: their UIDs are read if the checklist is ever loaded
            // (`ArchivedLayout.loadingEverything`) or skimmed (`passesPutOffSkim`).
            let reads = (readingCurrent && position == current) || alsoReading.contains(list.name)
            let counted = (written || puttingOff) && !reads
            let itemUIDs = counted ? nil : try coder.arrayElementUIDs(forKey: "Items") ?? []
            let itemsUID = try coder.objectUID(forKey: "Items")
            guard placed[list.name] == nil else { return nil }
            // An `Items` array that two checklists share (an archiver that writes equal objects
            // once, such as Foundation's one empty NSArray, may do so) cannot be edited for one.
            if let itemsUID, !arrays.insert(itemsUID).inserted { return nil }
            placed[list.name] = ArchivedLayout.List(uid: uid, itemsUID: itemsUID, itemUIDs: itemUIDs)
            if let itemUIDs, reads {
                list.items = try unarchiver.decode(ChecklistItem.self, objects: itemUIDs, reading: ChecklistItem.skim)
                guard !list.items.contains(where: \.archivedDate.isNaN) else { return nil }
                ids.append(list.items.map(\.itemID))
            } else if let itemUIDs {
                ids.append(try unarchiver.skim(itemUIDs, ChecklistItem.skim))
                list.unloadedItemCount = itemUIDs.count
            } else {
                list.unloadedItemCount = try coder.arrayElementCount(forKey: "Items") ?? 0
            }
            lists.append(list)
        }
        guard let highest = Self.highestDistinctID(ids) else { return nil }
        let book = ChecklistBook(
            checklists: lists, currentIndex: current, nextItemIDAboveAll: max(next, highest + 1))
        var layout = ArchivedLayout(
            file: bytes, ownWrite: written, checklistsUID: checklistsUID, order: lists.map(\.name), lists: placed,
            book: book)
        layout.booleanObjects = unarchiver.booleanObjects
        layout.checksPutOff = puttingOff
        layout.objectReferences = unarchiver.objectReferences
        return (book, layout)
    }

    /// Whether the skim that `layout`'s load in part put off passes (see
    /// `partlyLoaded(archive:written:alsoReading:checkingLater:readingCurrent:)`): every checklist not loaded
    /// skims, and the IDs of all are present, distinct and below the book's next ID.
    static func passesPutOffSkim(of layout: ArchivedLayout) -> Bool {
        let loaded = Dictionary(layout.book.checklists.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let itemCount = layout.book.checklists.reduce(0) { $0 + ($1.unloadedItemCount ?? $1.items.count) }
        var ids = ItemIDMarks(below: layout.book.nextItemID, itemCount: itemCount)
        let passes = try? KeyedUnarchiver.reading(layout.file, reusing: layout.objectReferences) { unarchiver -> Bool in
            for name in layout.order {
                guard let list = loaded[name] else { return false }
                if list.unloadedItemCount == nil {
                    guard ids.mark(list.items.map(\.itemID)) else { return false }
                } else if let place = layout.lists[name] {
                    let uids = try layout.itemUIDs(of: place, in: unarchiver)
                    guard ids.mark(try unarchiver.skim(uids, ChecklistItem.skim)) else { return false }
                } else {
                    return false
                }
            }
            return ids.allDistinctBelowTheNextID
        }
        return passes == true
    }

    /// The item IDs of a file, checked to be present, distinct and below its next ID as they are
    /// read, a checklist at a time: each is marked in a table of a bit per ID below the next one,
    /// so no list of every ID is kept. A next ID far above the item count (which would make the
    /// table large) keeps them instead, and checks them as a load does, at the end.
    private struct ItemIDMarks {
        private let next: Int
        private var seen: [UInt64]
        private var runs: [[Int?]] = []
        private let marking: Bool

        init(below next: Int, itemCount: Int) {
            self.next = next
            marking = next <= 64 * itemCount + 4_096
            seen = [UInt64](repeating: 0, count: marking ? next / 64 + 1 : 0)
        }

        /// Marks one checklist's IDs; `false` for one missing, out of range, or met before.
        mutating func mark(_ ids: [Int?]) -> Bool {
            guard marking else {
                runs.append(ids)
                return true
            }
            for id in ids {
                guard let id, id >= 0, id < next else { return false }
                let bit: UInt64 = 1 << UInt64(id & 63)
                guard seen[id >> 6] & bit == 0 else { return false }
                seen[id >> 6] |= bit
            }
            return true
        }

        /// Whether every ID marked was present, distinct and below the next ID.
        var allDistinctBelowTheNextID: Bool {
            guard !marking else { return true }
            return highestDistinctID(runs).map { $0 < next } ?? false
        }
    }

    /// The highest of the IDs of `runs`, -1 for none; `nil` when one is missing, out of range or repeated
    /// (a full load gives those fresh IDs).
    private static func highestDistinctID(_ runs: [[Int?]]) -> Int? {
        var highest = -1
        var rising = true
        var count = 0
        for ids in runs {
            for id in ids {
                guard let id, id >= 0, id <= Self.itemIDLimit else { return nil }
                rising = rising && id > highest
                highest = max(highest, id)
            }
            count += ids.count
        }
        // IDs rising in file order, as the app writes them, cannot repeat; others are counted.
        if !rising, Set(runs.joined()).count != count { return nil }
        return highest
    }
}
