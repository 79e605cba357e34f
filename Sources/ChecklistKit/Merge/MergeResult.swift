/// What a merge produced: the merged checklists and what is worth telling about it.
public struct MergeResult: Sendable, Equatable {
    /// The merged checklists; the current one is OURS's, the next item ID above every ID.
    public var book: ChecklistBook
    /// Fields both sides changed to different values, where OURS's value was kept (rule 3).
    public var conflicts: [MergeConflict]
    /// OURS's items given a fresh ID because THEIRS had another item new under the same ID (rule 7).
    public var renumbered: [RenumberedItem]
    /// Where each checklist of `book` came from, in the same order.
    public var origins: [MergeOrigin] = []
    /// Items dropped because another item of the same version has their UID (rule 1).
    public var duplicates: [DroppedDuplicate] = []

    /// The notes for the person who ran the merge: the conflicts, the dropped duplicates, then the
    /// renumbered items.
    public var notes: [MergeNote] {
        conflicts.map(MergeNote.conflict) + duplicates.map(MergeNote.duplicate) + renumbered.map(MergeNote.renumbered)
    }
}
