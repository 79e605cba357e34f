/// An item's due date as one field of the merge: the date, whether the user set it and whether it
/// is a whole day (SPEC §8 rule 2: `DueDate` and `HasDueDate` count as one field).
///
/// The stored date counts even when unset (it then holds the creation time, or a due date since
/// cleared), so that merging with an unchanged side gives the other side's items exactly.
struct DueField: Equatable, CustomStringConvertible {
    /// The stored `DueDate`.
    var date: Double
    /// `HasDueDate`.
    var isSet: Bool
    /// The whole day, when the due date is one rather than a time.
    var day: CalendarDay?

    init(_ item: ChecklistItem) {
        date = item.archivedDate
        isSet = item.hasDueDate
        day = item.dueDay
    }

    var description: String {
        guard isSet else { return "no due date" }
        return "due " + (day.map(Due.day) ?? .time(date)).text
    }
}
