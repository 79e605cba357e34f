/// An item a merge dropped because an item before it in the same version has its UID (SPEC §8
/// rule 1: two items of one UID are one item).
public struct DroppedDuplicate: Sendable, Equatable, CustomStringConvertible {
    /// One of the two items, as the user knows it.
    public struct Item: Sendable, Equatable {
        public var list: String
        public var itemID: Int
        public var text: String

        public init(list: String, itemID: Int, text: String) {
            self.list = list
            self.itemID = itemID
            self.text = text
        }
    }

    /// The UID both items hold.
    public var uid: String
    /// Whether the two came from the other side (THEIRS) rather than from this machine's checklists.
    public var fromTheirs: Bool
    /// The item kept.
    public var kept: Item
    /// The item dropped.
    public var dropped: Item

    /// Records that `dropped` gave way to `kept`, both holding `uid`.
    public init(uid: String, fromTheirs: Bool, kept: Item, dropped: Item) {
        self.uid = uid
        self.fromTheirs = fromTheirs
        self.kept = kept
        self.dropped = dropped
    }

    /// `two items from the other side share the UID phone: kept Groceries #3 "Call", dropped Groceries #5 "Call mum"`.
    public var description: String {
        "two items \(fromTheirs ? "from the other side" : "here") share the UID \(uid): kept"
            + " \(kept.list) #\(kept.itemID) \"\(kept.text)\", dropped \(dropped.list) #\(dropped.itemID) \"\(dropped.text)\""
    }
}
