import KeyedArchive

extension ChecklistBook {
    /// Reads a book from a binary keyed archive this program wrote with only the current
    /// checklist's items decoded, and where everything lies in the file; `nil` when the file
    /// needs a full load.
    ///
    /// Only for the file the lock file notes as this program's last save (`ChecklistStore`'s
    /// trust rule): every save writes items that decode, with due dates and distinct IDs below
    /// the file's next ID, and the class names and keys of SPEC §4, so the other checklists' items
    /// are only counted, their UIDs read if they are ever loaded. A full load is still needed for
    /// repeated checklist names, an `Items` array that two checklists share, an item without a
    /// `DueDate`, IDs that are missing, repeated or out of range, and anything decoding refuses.
    ///
    /// The file is read in place (`KeyedUnarchiver.reading`), and the current checklist's items
    /// after the first of each shape are built from the fields the skim reads
    /// (`ChecklistItem.init(skimmed:)`), which gives what decoding gives.
    ///
    /// The checklists named in `alsoReading` are read in full too (the items a command needs
    /// beyond the current checklist's, `ChecklistStore.readItems`). Without `readingCurrent`, the
    /// current checklist's items are left unread as the others' are (a command that does not
    /// need them).
    static func partlyLoaded(
        archive bytes: [UInt8], alsoReading: Set<String> = [], readingCurrent: Bool = true
    ) -> (book: ChecklistBook, layout: ArchivedLayout)? {
        guard BinaryPropertyListReader.isBinaryPropertyList(bytes) else { return nil }
        return try? KeyedUnarchiver.reading(bytes) { unarchiver in
            try partlyLoaded(unarchiver, bytes: bytes, alsoReading: alsoReading, readingCurrent: readingCurrent)
        }
    }

    /// `partlyLoaded(archive:alsoReading:readingCurrent:)` with `bytes` read by `unarchiver`.
    private static func partlyLoaded(
        _ unarchiver: KeyedUnarchiver, bytes: [UInt8], alsoReading: Set<String>, readingCurrent: Bool
    ) throws -> (book: ChecklistBook, layout: ArchivedLayout)? {
        let top = unarchiver.topLevel
        guard let checklistsUID = try top.objectUID(forKey: "Checklists"),
            let listUIDs = try top.arrayElementUIDs(forKey: "Checklists")
        else { return nil }
        let stored = try top.decodeIfPresent(Int.self, forKey: "ChecklistIndex") ?? -1
        let current = stored >= 0 && stored < listUIDs.count ? stored : nil
        let next = try top.decodeIfPresent(Int.self, forKey: "ChecklistItemID") ?? 0
        // Only the IDs read bound the next one then: those of the checklists not read are unknown.
        guard next <= Self.itemIDLimit else { return nil }
        var lists: [Checklist] = []
        var placed: [String: ArchivedLayout.List] = [:]
        // The IDs read, a run per checklist read (kept apart: joining them costs more than
        // reading them).
        var ids: [[Int?]] = []
        var arrays: Set<UInt64> = []
        for (position, uid) in listUIDs.enumerated() {
            let coder = try unarchiver.decoder(forObject: uid, of: Checklist.archivedClass)
            var list = Checklist(
                name: try coder.decode(String.self, forKey: "Name"),
                iconName: try coder.decodeIfPresent(String.self, forKey: "IconName") ?? "No Icon")
            // The items of a checklist not read are only counted: their UIDs are read if the
            // checklist is ever loaded (`ArchivedLayout.loadingEverything`).
            let reads = (readingCurrent && position == current) || alsoReading.contains(list.name)
            let itemUIDs = reads ? try coder.arrayElementUIDs(forKey: "Items") ?? [] : nil
            let itemsUID = try coder.objectUID(forKey: "Items")
            guard placed[list.name] == nil else { return nil }
            // An `Items` array that two checklists share (an archiver that writes equal objects
            // once, such as Foundation's one empty NSArray, may do so) cannot be edited for one.
            if let itemsUID, !arrays.insert(itemsUID).inserted { return nil }
            placed[list.name] = ArchivedLayout.List(uid: uid, itemsUID: itemsUID, itemUIDs: itemUIDs)
            if let itemUIDs {
                list.items = try unarchiver.decode(ChecklistItem.self, objects: itemUIDs, reading: ChecklistItem.skim)
                guard !list.items.contains(where: \.archivedDate.isNaN) else { return nil }
                ids.append(list.items.map(\.itemID))
            } else {
                list.unloadedItemCount = try coder.arrayElementCount(forKey: "Items") ?? 0
            }
            lists.append(list)
        }
        guard let highest = Self.highestDistinctID(ids) else { return nil }
        let book = ChecklistBook(
            checklists: lists, currentIndex: current, nextItemIDAboveAll: max(next, highest + 1))
        var layout = ArchivedLayout(
            file: bytes, checklistsUID: checklistsUID, order: lists.map(\.name), lists: placed, book: book)
        layout.booleanObjects = unarchiver.booleanObjects
        return (book, layout)
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
