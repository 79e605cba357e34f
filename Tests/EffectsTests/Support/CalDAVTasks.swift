import ChecklistKit

@testable import Effects

/// Checklists and the server's tasks for the CalDAV tests that need no server.
enum CalDAVTasks {
    /// A book of `lists` (name and items), `current` its current one, its next item ID past theirs.
    static func book(_ lists: [(String, [ChecklistItem])], current: Int? = 0) -> ChecklistBook {
        ChecklistBook(
            checklists: lists.map { Checklist(name: $0.0, items: $0.1) }, currentIndex: current,
            nextItemID: (lists.flatMap(\.1).map(\.itemID).max() ?? -1) + 1)
    }

    /// The server's task for `item` in `collection`, as a sync would have stored it.
    static func resource(_ item: ChecklistItem, in collection: String) -> CalDAVState.Resource {
        let uid = item.uid ?? ""
        let todo = CalendarTask.todo(item, uid: uid, now: 0)
        let data = Array(ICalendarWriter.write([CalDAVWritePlan.calendar(with: todo, from: nil)]).utf8)
        return CalDAVState.Resource(
            uid: uid, href: collection + uid + ".ics", etag: "\"e-\(uid)\"", collection: collection, data: data)
    }
}
