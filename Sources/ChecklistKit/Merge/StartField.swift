/// An item's start date as one field of the merge (SPEC §13): a whole day or a time.
struct StartField: Equatable, CustomStringConvertible {
    /// The start, `nil` when the item has none.
    var start: Due?

    init(_ item: ChecklistItem) {
        start = item.start
    }

    /// `start 2026-11-25`, or `no start`, as a merge conflict names it.
    var description: String {
        start.map { "start " + $0.text } ?? "no start"
    }
}
