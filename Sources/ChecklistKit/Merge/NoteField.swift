/// An item's note as one field of the merge (SPEC §13), named in a conflict by its first line.
struct NoteField: Equatable, CustomStringConvertible {
    /// The note, empty when the item has none.
    var note: String

    init(_ item: ChecklistItem) {
        note = item.note
    }

    /// `note "Ask for the blue one…"`, or `no note`, on one line however long the note is.
    var description: String {
        guard !note.isEmpty else { return "no note" }
        let firstLine = note.prefix { !$0.isNewline }
        let shown = firstLine.count > 40 ? String(firstLine.prefix(40)) : String(firstLine)
        return "note \"\(shown)\(shown.count < note.count ? "…" : "")\""
    }
}
