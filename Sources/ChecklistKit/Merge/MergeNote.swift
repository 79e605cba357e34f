/// What a merge tells the person who ran it, one line each: a field both sides changed (the value
/// kept and the one set aside), an item given a new ID, or one dropped for another's UID.
///
/// The merge (here) makes them; `sync` (in Effects) gathers them over its tries, names the
/// renumbered items in its summary and passes the conflicts on; the merge driver passes both on.
public enum MergeNote: Sendable, Equatable, CustomStringConvertible {
    /// A field both sides changed to different values; OURS's value was kept.
    case conflict(MergeConflict)
    /// An item of OURS given a fresh ID because THEIRS had another new item under the same ID.
    case renumbered(RenumberedItem)
    /// An item dropped because another item of the same version has its UID.
    case duplicate(DroppedDuplicate)

    /// The note's line, as `MergeConflict` and `RenumberedItem` word it.
    public var description: String {
        switch self {
        case .conflict(let conflict): conflict.description
        case .renumbered(let item): item.description
        case .duplicate(let duplicate): duplicate.description
        }
    }
}
