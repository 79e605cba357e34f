/// A field both sides of a merge changed to different values; OURS's value was kept (SPEC §8 rule 3).
public struct MergeConflict: Sendable, Equatable, CustomStringConvertible {
    /// The checklist's name (as OURS has it).
    public var list: String
    /// The item's ID, or `nil` for a field of the checklist itself (its name or icon).
    public var itemID: Int?
    /// The field: text, checked, reminder, due date, repeat, note, priority, parent, start,
    /// checklist (the item's), name or icon.
    public var field: String
    /// The value kept, as text.
    public var ours: String
    /// The value set aside, as text.
    public var theirs: String

    /// `Groceries #3 text: kept "White bread" over "Rye bread" from the other side`.
    public var description: String {
        let place = itemID.map { "\(list) #\($0)" } ?? "checklist \"\(list)\""
        return "\(place) \(field): kept \(ours) over \(theirs) from the other side"
    }
}
