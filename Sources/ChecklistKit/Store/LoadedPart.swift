/// How much of the data file a store's book holds, and so how its next change is saved.
///
/// One value, so that a layout kept for a book that must be read again cannot be.
enum LoadedPart {
    /// The whole file, or there is none: a change is encoded whole.
    case whole
    /// The file in part (`ChecklistBook.partlyLoaded`): the layout says where its checklists lie in
    /// the copy of the file kept, and a change is saved as an edit of it.
    case partial(ArchivedLayout)
    /// The file in part, since replaced by a save that edited it, whose layout is not kept: the
    /// book holds checklists that were not read, and the file must be read again before the next
    /// change.
    case edited

    /// The layout of the file loaded in part, `nil` when none is kept.
    var layout: ArchivedLayout? {
        guard case .partial(let layout) = self else { return nil }
        return layout
    }

    /// Whether the file must be read again before the next change.
    var mustReread: Bool {
        guard case .edited = self else { return false }
        return true
    }
}
