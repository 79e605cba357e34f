/// How much of the data file a store reads: all of it, or only what a one-shot command of the
/// current checklist needs (`CommandReach.scope`: `show`, `add`, a change, `undo`).
public enum LoadScope: Sendable {
    /// Every checklist's items, decoded.
    case everything
    /// The current checklist's items decoded, the others' counted and carried over byte for byte
    /// when the change is saved (`ChecklistBook.partlyLoaded(archive:)`), for a file this program
    /// saved; other files, and files that need a full load, get one.
    case currentChecklist
}
