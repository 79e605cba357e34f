/// An item's due date as one field of the merge: the date and whether the user set it (SPEC §8
/// rule 2: `DueDate` and `HasDueDate` count as one field).
struct DueField: Equatable, CustomStringConvertible {
    /// The stored `DueDate`.
    var date: Double
    /// `HasDueDate`.
    var isSet: Bool

    init(_ item: ChecklistItem) {
        date = item.archivedDate
        isSet = item.hasDueDate
    }

    /// Two unset due dates are equal whatever date is stored (the creation time, or the time of
    /// loading for a file that had none).
    static func == (left: DueField, right: DueField) -> Bool {
        left.isSet == right.isSet && (!left.isSet || left.date == right.date)
    }

    var description: String {
        isSet ? "due " + LocalTime.format(date) : "no due date"
    }
}
