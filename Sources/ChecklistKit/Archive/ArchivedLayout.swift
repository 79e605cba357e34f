import KeyedArchive

/// Where the checklists of a partly loaded book lie in the file they came from: what a save needs
/// to carry over the bytes of everything the change did not touch.
///
/// Made by `ChecklistBook.partlyLoaded(archive:)`, which reads only the current checklist's items
/// and skims the others (`LoadScope.currentChecklist`).
struct ArchivedLayout {
    /// One checklist of the file.
    struct List: Equatable {
        /// The UID of the checklist's object.
        var uid: UInt64
        /// The UID of its `Items` array (`nil` when it has none).
        var itemsUID: UInt64?
        /// Its items' UIDs, in order; `nil` for a checklist neither loaded nor skimmed (read when
        /// it is loaded).
        var itemUIDs: [UInt64]?
    }

    /// The file's bytes.
    var file: [UInt8]
    /// Whether the file is one this program wrote, as its last save left it (the lock file's note).
    var ownWrite: Bool
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

    /// The book `changed` with every checklist that was not loaded read in full from `file`.
    ///
    /// Their items passed the skim, so reading them needs no repair of a full load but one: a
    /// `DueDate` whose time is NaN (the skim checks that it is a real) gets `loadTime`, as a full
    /// load made then gives it.
    func loadingEverything(of changed: ChecklistBook, loadTime: Double) throws(KeyedArchiveError) -> ChecklistBook {
        let unarchiver = try KeyedUnarchiver(bytes: file)
        var lists = changed.checklists
        for index in lists.indices where lists[index].unloadedItemCount != nil {
            guard let list = self.lists[lists[index].name], lists[index].items.isEmpty else {
                throw .notAKeyedArchive("checklist \"\(lists[index].name)\" changed while it was not loaded")
            }
            // A checklist of a file this program wrote was only counted: its item UIDs are read now.
            let uids: [UInt64]
            if let read = list.itemUIDs {
                uids = read
            } else {
                let coder = try unarchiver.decoder(forObject: list.uid, of: Checklist.archivedClass)
                uids = try coder.arrayElementUIDs(forKey: "Items") ?? []
            }
            lists[index].items = try unarchiver.decode(ChecklistItem.self, objects: uids)
            for item in lists[index].items.indices { lists[index].items[item].fillArchivedDate(loadTime: loadTime) }
            lists[index].unloadedItemCount = nil
        }
        return ChecklistBook(
            checklists: lists, currentIndex: changed.currentIndex, nextItemIDAboveAll: changed.nextItemID)
    }
}
