/// An item's repeat rule as one field of the merge (SPEC §12: merge treats it as a field).
struct RepeatField: Equatable, CustomStringConvertible {
    /// The rule, `nil` when the item does not repeat.
    var rule: RepeatRule?

    init(_ item: ChecklistItem) {
        rule = item.repeatRule
    }

    /// `every week`, or `no repeat`, as a merge conflict names it.
    var description: String {
        rule?.description ?? "no repeat"
    }
}
