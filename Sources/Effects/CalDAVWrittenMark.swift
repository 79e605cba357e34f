import ChecklistKit

/// The mark a machine leaves on every task it writes: a digest of the task's mapped fields as
/// written (`X-CHECKLISTS-WRITTEN`), kept by clients that edit the task afterwards.
///
/// It stands in for BASE where this machine's sync state has none for a task: an item that came
/// here by git after another machine wrote it to the server. Without it, a phone's edit of such a
/// task met the item as git brought it, both looked new, and "OURS wins" undid the phone's edit.
/// With it, the side that still holds what was written is the base, and the other side's changes
/// are taken (SPEC §8 rule 2) as they would have been had this machine synced the task before.
enum CalDAVWrittenMark {
    /// The property's name.
    static let property = "X-CHECKLISTS-WRITTEN"

    /// The mark of a task: the digest of what it says in the fields the mapping covers.
    static func mark(of todo: CalendarComponent) -> String {
        let item = CalendarTask.item(todo, itemID: 0, created: 0)
        var fields = [item.text, item.checked ? "checked" : "open", item.shouldRemind ? "remind" : "quiet"]
        switch item.due {
        case .day(let day)?: fields.append("day \(day)")
        case .time(let time)?: fields.append("time \(time)")
        case nil: fields.append("no due date")
        }
        fields.append(item.repeatRule?.rrule ?? "")
        // SPEC §13's fields, only when set: a mark written before them stays valid for a task without them.
        var details: [String] = []
        if !item.note.isEmpty { details.append("note \(item.note)") }
        if !item.tags.isEmpty { details.append("tags " + item.tags.joined(separator: "\u{1E}")) }
        if let priority = item.priority { details.append("priority \(priority)") }
        if let parent = item.parentUID { details.append("parent \(parent)") }
        switch item.start {
        case .day(let day)?: details.append("start day \(day)")
        case .time(let time)?: details.append("start time \(time)")
        case nil: break
        }
        fields += details
        return fields.joined(separator: "\u{1F}").stableDigest
    }

    /// `todo` with its mark set to what it says now.
    static func marked(_ todo: CalendarComponent) -> CalendarComponent {
        var marked = todo
        marked.set(property, ContentLine(property, value: mark(of: todo)))
        return marked
    }

    /// The mark a task carries, if a machine wrote it.
    static func carried(by todo: CalendarComponent) -> String? {
        todo.property(property).map { $0.value.filter { !$0.isWhitespace } }
    }

    /// BASE with, for each task both sides hold that BASE does not know and that carries a mark, the side that still says
    /// what the mark says: THEIRS's task unchanged since it was written, or OURS's item as it was
    /// written (then only the server changed it). Such an item goes into BASE's checklist of the
    /// task's collection; a task neither side still matches stays unknown to BASE, a conflict.
    static func base(
        _ base: ChecklistBook, ours: ChecklistBook, theirs: ChecklistBook, todos: [String: CalendarComponent],
        baseOf: [Int: Int]
    ) -> ChecklistBook {
        var known = Set<String>()
        for list in base.checklists { for item in list.items { if let uid = item.uid { known.insert(uid) } } }
        var oursByUID: [String: ChecklistItem] = [:]
        for list in ours.checklists { for item in list.items { if let uid = item.uid { oursByUID[uid] = item } } }
        var lists = base.checklists
        for (index, list) in theirs.checklists.enumerated() {
            guard let found = baseOf[index], lists.indices.contains(found) else { continue }
            for item in list.items {
                // Only for a task both sides hold: one only THEIRS holds is new here, not deleted.
                guard let uid = item.uid, !known.contains(uid), let held = oursByUID[uid], let todo = todos[uid],
                    let mark = carried(by: todo)
                else { continue }
                if mark == Self.mark(of: todo) {
                    lists[found].items.append(item)
                } else if mark == Self.mark(of: CalendarTask.todo(held, uid: uid, now: 0)) {
                    var written = held
                    written.itemID = item.itemID
                    lists[found].items.append(written)
                }
            }
        }
        return ChecklistBook(checklists: lists, currentIndex: base.currentIndex, nextItemID: base.nextItemID)
    }
}
