/// The item an item is a sub-item of, as one field of the merge (SPEC §13), by its UID.
struct ParentField: Equatable, CustomStringConvertible {
    /// The parent's UID, `nil` for a top-level item.
    var parentUID: String?

    init(_ item: ChecklistItem) {
        parentUID = item.parentUID
    }

    init(parentUID: String?) {
        self.parentUID = parentUID
    }

    /// `sub-item of UID`, or `top-level`, as a merge conflict names it.
    var description: String {
        parentUID.map { "sub-item of \($0)" } ?? "top-level"
    }
}
