/// How much of the data file a store reads: all of it, or only what a one-shot command of the
/// current checklist needs (`CommandReach.scope`: `show`, `add`, a change, `undo`).
public enum LoadScope: Sendable {
    /// Every checklist's items, decoded.
    case everything
    /// The current checklist's items decoded, the others' skimmed and carried over byte for byte
    /// when the change is saved (`ChecklistBook.partlyLoaded(archive:)`); files that need a full
    /// load get one.
    case currentChecklist
}
