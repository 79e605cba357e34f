/// An item's due date as one field of the merge: the date and whether the user set it (SPEC §8
/// rule 2: `DueDate` and `HasDueDate` count as one field).
///
/// The stored date counts even when unset (it then holds the creation time, or a due date since
/// cleared), so that merging with an unchanged side gives the other side's items exactly.
struct DueField: Equatable, CustomStringConvertible {
    /// The stored `DueDate`.
    var date: Double
    /// `HasDueDate`.
    var isSet: Bool

    init(_ item: ChecklistItem) {
        date = item.archivedDate
        isSet = item.hasDueDate
    }

    var description: String {
        isSet ? "due " + LocalTime.format(date) : "no due date"
    }
}
