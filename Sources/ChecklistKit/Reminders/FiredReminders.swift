/// The reminders that have fired, by item ID and the due date they fired for (SPEC §9).
public struct FiredReminders: Sendable, Equatable {
    /// One fired reminder.
    public struct Key: Hashable, Sendable {
        /// The item's ID.
        public var itemID: Int
        /// The due date it fired for.
        public var due: Double

        /// The key of item `itemID` fired for `due`.
        public init(itemID: Int, due: Double) {
            self.itemID = itemID
            self.due = due
        }
    }

    /// The fired reminders.
    public private(set) var keys: Set<Key>

    /// A record holding `keys`.
    public init(_ keys: Set<Key> = []) {
        self.keys = keys
    }

    /// Whether `key` has fired.
    public func contains(_ key: Key) -> Bool {
        keys.contains(key)
    }

    /// Records that `key` fired.
    public mutating func insert(_ key: Key) {
        keys.insert(key)
    }

    /// The record without items that no longer exist in `book` or now have another due date:
    /// their keys can never match again. Items checked or with their reminder off keep theirs,
    /// so unchecking one does not fire it a second time.
    public func pruned(keeping book: ChecklistBook) -> FiredReminders {
        var dueOf: [Int: Double] = [:]
        for list in book.checklists {
            for item in list.items { dueOf[item.itemID] = item.archivedDate }
        }
        return FiredReminders(keys.filter { dueOf[$0.itemID] == $0.due })
    }
}
