/// The item an agent's `add` or `update` is about.
public enum AgentTarget: Sendable, Equatable {
    /// A new item with this text, in a checklist (the current one when `nil`) or under a parent.
    case new(text: String, list: String?, parent: ItemReference?)
    /// An item there is.
    case existing(ItemReference)

    /// The change's name in the undo journal.
    var summary: String {
        switch self {
        case .new(let text, _, _): "add \"\(text)\""
        case .existing: "update"
        }
    }

    /// The word the line reporting the item starts with.
    var verb: String {
        switch self {
        case .new: "added"
        case .existing: "updated:"
        }
    }
}
