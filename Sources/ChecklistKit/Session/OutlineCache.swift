/// Each checklist's outline, made once however many of its items a command reports.
struct OutlineCache {
    private var outlines: [Int: ChecklistOutline] = [:]

    /// The outline of the checklist at `list` in `book`.
    mutating func outline(of list: Int, in book: ChecklistBook) -> ChecklistOutline {
        if let outline = outlines[list] { return outline }
        let outline = ChecklistOutline(book.checklists[list].items)
        outlines[list] = outline
        return outline
    }
}
