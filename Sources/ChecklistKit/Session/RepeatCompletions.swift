/// The repeating items one `check` or `toggle` completes, and the next occurrence of each
/// (SPEC §12): the completed item stays, checked and without its rule, and the next one
/// follows it — same text, reminder flag, rule, note, tags, priority and parent, unchecked, due
/// at the rule's next date (counted from its start when it has one, as RFC 5545 counts from
/// `DTSTART`), with the UID `ChecklistItem.successorUID` gives.
struct RepeatCompletions {
    /// The next occurrences, by the ID of the item each follows.
    private var next: [Int: ChecklistItem] = [:]
    /// Notes for items whose rule gave no next date.
    private var notes: [OutputLine] = []

    /// Whether nothing was completed and nothing is to be said.
    var isEmpty: Bool { next.isEmpty && notes.isEmpty }

    /// Completes `item`, just checked and holding a rule: takes its rule off and makes its next
    /// occurrence, with a fresh ID from `book`. The next date counts from the item's due date
    /// (from today when it has none). A rule that gives none (an invalid RRULE, or a series
    /// whose COUNT or UNTIL is used up) leaves the item checked with its rule, and a note says so.
    mutating func complete(_ item: inout ChecklistItem, now: Double, book: inout ChecklistBook) {
        guard let rule = item.repeatRule else { return }
        // A whole day (or none: from today) repeats as whole days, a time at its clock time.
        let due = item.due ?? .day(LocalTime.day(now))
        let following: (start: Due?, due: Due, rule: RepeatRule)?
        if let start = item.start {
            following = rule.nextOccurrence(start: start, due: due, now: now).map { ($0.start, $0.due, $0.rule) }
        } else {
            following = rule.nextOccurrence(after: due, now: now).map { (nil, $0.due, $0.rule) }
        }
        guard let following else {
            let why =
                Recurrence(rrule: rule.plainRRULE) == nil
                ? "which checklists cannot work out" : "which gives no date after this one"
            notes.append(
                OutputLine(
                    "note: \"\(item.text)\" repeats \(rule), \(why);"
                        + " it is checked and keeps its rule, and no next one was added", .warning))
            return
        }
        var occurrence = ChecklistItem(
            text: item.text, itemID: book.takeItemID(), created: now, due: following.due,
            shouldRemind: item.shouldRemind, repeatRule: following.rule)
        occurrence.note = item.note
        occurrence.tags = item.tags
        occurrence.priority = item.priority
        occurrence.parentUID = item.parentUID
        occurrence.start = following.start
        occurrence.alarmOffset = item.alarmOffset
        // The UID links the two: `uncheck` finds the next one by it, and a machine that sees the
        // same completion on a server makes the same one.
        item.giveUID()
        occurrence.uid = item.successorUID
        next[item.itemID] = occurrence
        item.repeatRule = nil
    }

    /// Puts each next occurrence right after the item it follows (one pass per checklist), then
    /// reports every item of `locations` where it now is, each followed by its next occurrence,
    /// and the notes last.
    func insertNextOccurrences(
        after locations: [Session.ItemLocation], in book: inout ChecklistBook,
        report: (ChecklistBook, Session.ItemLocation, _ isNext: Bool) -> OutputLine
    ) -> [OutputLine] {
        let ids = locations.map { book.checklists[$0.list].items[$0.item].itemID }
        var positions: [Int: Session.ItemLocation] = [:]
        for list in Set(locations.map(\.list)).sorted() {
            book.update(at: list) { checklist in
                var items: [ChecklistItem] = []
                items.reserveCapacity(checklist.items.count + next.count)
                for item in checklist.items {
                    positions[item.itemID] = (list, items.count)
                    items.append(item)
                    if let following = next[item.itemID] {
                        positions[following.itemID] = (list, items.count)
                        items.append(following)
                    }
                }
                checklist.items = items
            }
        }
        var lines: [OutputLine] = []
        for id in ids {
            guard let location = positions[id] else { continue }
            lines.append(report(book, location, false))
            if let following = next[id], let place = positions[following.itemID] {
                lines.append(report(book, place, true))
            }
        }
        return lines + notes
    }
}
