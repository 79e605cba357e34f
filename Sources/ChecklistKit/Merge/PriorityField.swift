/// An item's priority as one field of the merge (SPEC §13).
struct PriorityField: Equatable, CustomStringConvertible {
    /// RFC 5545's 1–9, `nil` when the item has none.
    var priority: Int?

    init(_ item: ChecklistItem) {
        priority = item.priority
    }

    /// `priority 1`, or `no priority`, as a merge conflict names it.
    var description: String {
        priority.map { "priority \($0)" } ?? "no priority"
    }
}
