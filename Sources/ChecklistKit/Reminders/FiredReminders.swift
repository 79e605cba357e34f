/// The reminders that have fired, by item ID, the due date they fired for and the item's text (SPEC §9).
public struct FiredReminders: Sendable, Equatable {
    /// One fired reminder.
    public struct Key: Hashable, Sendable {
        /// The item's ID.
        public var itemID: Int
        /// The due date it fired for.
        public var due: Double
        /// The item's text when it fired; `nil` in a record written before texts were kept, where
        /// the key stands for whatever item has its ID and due date.
        public var text: String?

        /// The key of item `itemID` with `text`, fired for `due`.
        public init(itemID: Int, due: Double, text: String?) {
            self.itemID = itemID
            self.due = due
            self.text = text
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

    /// The record matched to the items of `book`: each key that belongs to an item, as that item's
    /// key now, and none of those that belong to no item (they can never match again).
    ///
    /// The rule, in order:
    /// 1. A key belongs to the item with its ID, due date and text.
    /// 2. A key without a text (an older record) belongs to the item with its ID and due date.
    /// 3. A key whose ID holds no item with its due date and text belongs to an item with that due
    ///    date and text that no key of rules 1 and 2 belongs to: the same reminder under another ID,
    ///    as when a sync gives this machine's new item a fresh ID because the other machine's new
    ///    item took its ID (SPEC §8, rule 7). The other machine's item, with another text, fires.
    ///
    /// So a new due date or a new text arms an item again. Items checked or with their reminder off
    /// keep their keys, so unchecking one does not fire it a second time.
    public func pruned(keeping book: ChecklistBook) -> FiredReminders {
        var items: [Key] = []
        for list in book.checklists {
            for item in list.items { items.append(Key(itemID: item.itemID, due: item.archivedDate, text: item.text)) }
        }
        let itemKeys = Set(items)
        var kept = Set<Key>()
        var moved: [Key] = []
        for key in keys {
            if key.text == nil {
                if let item = items.first(where: { $0.itemID == key.itemID && $0.due == key.due }) { kept.insert(item) }
            } else if itemKeys.contains(key) {
                kept.insert(key)
            } else {
                moved.append(key)
            }
        }
        // In a fixed order, so that two watchers reading one record agree.
        for key in moved.sorted(by: { ($0.itemID, $0.due) < ($1.itemID, $1.due) }) {
            if let item = items.first(where: { $0.due == key.due && $0.text == key.text && !kept.contains($0) }) {
                kept.insert(item)
            }
        }
        return FiredReminders(kept)
    }
}
