import KeyedArchive

/// Where the checklists of a partly loaded book lie in the file they came from: what a save needs
/// to carry over the bytes of everything the change did not touch.
///
/// Made by `ChecklistBook.partlyLoaded(archive:)`, which reads only the current checklist's items
/// of a file this program wrote and counts the others' (`LoadScope.currentChecklist`).
struct ArchivedLayout {
    /// One checklist of the file.
    struct List: Equatable {
        /// The UID of the checklist's object.
        var uid: UInt64
        /// The UID of its `Items` array (`nil` when it has none).
        var itemsUID: UInt64?
        /// Its items' UIDs, in order; `nil` for a checklist not loaded (read when it is loaded).
        var itemUIDs: [UInt64]?
    }

    /// The file's bytes: a file this program wrote, as its last save left it (the lock file's note).
    var file: [UInt8]
    /// The UID of the `Checklists` array.
    var checklistsUID: UInt64
    /// The checklists' names in the order of the `Checklists` array.
    var order: [String]
    /// Each checklist by name (names are distinct in a file loaded this way).
    var lists: [String: List]
    /// The book as it was read from `file` (the loaded checklist's items as they were).
    var book: ChecklistBook
    /// Objects of `file` that hold `false` and `true`, as reading it met them: the booleans of
    /// the objects an edit adds.
    var booleanObjects: (false: Int?, true: Int?) = (nil, nil)

    /// The file's bytes per item (checklists not loaded counted by their item count).
    var bytesPerItem: Int {
        let items = book.checklists.reduce(0) { $0 + ($1.unloadedItemCount ?? $1.items.count) }
        return file.count / max(items, 1)
    }

    /// The checklists not loaded whose items include one with an ID of `ids`, found by reading
    /// their items' IDs alone (`KeyedUnarchiver.peekIntegers`): the ones an `#ID` outside the
    /// loaded checklist needs. The checklists found are then read in full, and checked as that
    /// reads them; the others are carried over unread, as this program's last save wrote them.
    /// (`ids` are the few a command names: looked through, not hashed, for each item.)
    func unloadedChecklists(holdingAnyOf ids: [Int]) throws -> [String] {
        try KeyedUnarchiver.reading(file) { unarchiver in
            var names: [String] = []
            for list in book.checklists where list.unloadedItemCount != nil {
                guard let place = lists[list.name] else { continue }
                let uids = try itemUIDs(of: place, in: unarchiver)
                // A layout is only made of a binary archive, which can be peeked at.
                let found = unarchiver.peekIntegers(forKey: "ItemID", ofObjects: uids)
                guard let found else {
                    names.append(list.name)
                    continue
                }
                for id in found {
                    guard let id, ids.contains(id) else { continue }
                    names.append(list.name)
                    break
                }
            }
            return names
        }
    }

    /// Reads the items of the checklists `names` that were not loaded into `book`, as the load in
    /// part reads the current checklist's (`ChecklistBook.partlyLoaded`), and notes their item UIDs.
    /// Returns `false`, changing nothing, when one of them needs a full load (a due date that is
    /// NaN, which a full load repairs).
    mutating func read(_ names: Set<String>) throws -> Bool {
        var lists = book.checklists
        var places = self.lists
        // The booleans the items read hold (`nil` when one needs a full load).
        let met = try KeyedUnarchiver.reading(file) {
            unarchiver -> (false: Int?, true: Int?)? in
            for index in lists.indices where lists[index].unloadedItemCount != nil {
                let name = lists[index].name
                guard names.contains(name), var place = places[name] else { continue }
                let uids = try itemUIDs(of: place, in: unarchiver)
                let items = try unarchiver.decode(ChecklistItem.self, objects: uids, reading: ChecklistItem.skim)
                guard !items.contains(where: \.archivedDate.isNaN) else { return nil }
                lists[index].items = items
                lists[index].unloadedItemCount = nil
                place.itemUIDs = uids
                places[name] = place
            }
            return unarchiver.booleanObjects
        }
        guard let met else { return false }
        book = ChecklistBook(checklists: lists, currentIndex: book.currentIndex, nextItemIDAboveAll: book.nextItemID)
        self.lists = places
        // Where the load met no `false` or `true`: an edit that checks one of these items then
        // shares the file's `true` without a walk through the file for it.
        booleanObjects = (booleanObjects.false ?? met.false, booleanObjects.true ?? met.true)
        return true
    }

    /// The item UIDs of the checklist at `place`: as read with it, else read from the file now (a
    /// checklist not loaded was only counted).
    func itemUIDs(of place: List, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> [UInt64] {
        if let read = place.itemUIDs { return read }
        let coder = try unarchiver.decoder(forObject: place.uid, of: Checklist.archivedClass)
        return try coder.arrayElementUIDs(forKey: "Items") ?? []
    }

    /// The book `changed` with every checklist that was not loaded read in full from `file`.
    ///
    /// This program wrote them, so reading them needs no repair of a full load but one: a
    /// `DueDate` whose time is NaN gets `loadTime`, as a full load made then gives it.
    func loadingEverything(of changed: ChecklistBook, loadTime: Double) throws(KeyedArchiveError) -> ChecklistBook {
        let unarchiver = try KeyedUnarchiver(bytes: file)
        var lists = changed.checklists
        for index in lists.indices where lists[index].unloadedItemCount != nil {
            guard let list = self.lists[lists[index].name], lists[index].items.isEmpty else {
                throw .notAKeyedArchive("checklist \"\(lists[index].name)\" changed while it was not loaded")
            }
            // A checklist of a file this program wrote was only counted: its item UIDs are read now.
            let uids = try itemUIDs(of: list, in: unarchiver)
            lists[index].items = try unarchiver.decode(ChecklistItem.self, objects: uids)
            for item in lists[index].items.indices { lists[index].items[item].fillArchivedDate(loadTime: loadTime) }
            lists[index].unloadedItemCount = nil
        }
        return ChecklistBook(
            checklists: lists, currentIndex: changed.currentIndex, nextItemIDAboveAll: changed.nextItemID)
    }
}
