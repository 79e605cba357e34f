/// An item of OURS given a fresh ID by a merge, because THEIRS had another item new under its ID.
public struct RenumberedItem: Sendable, Equatable, CustomStringConvertible {
    /// The ID it had.
    public var from: Int
    /// The ID it has now.
    public var to: Int
    /// Its text, to recognise it by.
    public var text: String

    /// Records that the item with `text` went from ID `from` to `to`.
    public init(from: Int, to: Int, text: String) {
        self.from = from
        self.to = to
        self.text = text
    }

    /// `renumbered #41 → #57 ("Eggs")`.
    public var description: String {
        "renumbered #\(from) → #\(to) (\"\(text)\")"
    }
}
