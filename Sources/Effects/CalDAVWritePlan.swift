import ChecklistKit

/// The writes that bring a CalDAV server to the merged checklists, worked out without a request
/// (SPEC §11): what to make, PROPPATCH, PUT and DELETE, and what the sync state records of it.
///
/// The rules it keeps: only what differs from the server's task is written; every PUT carries
/// `If-Match` (`If-None-Match: *` for a new one) and every DELETE `If-Match`; a task that could
/// not be read there (`unresolved`) is neither written nor deleted; an item moved to another list
/// is a DELETE of the old resource and a PUT of a new one; no two writes go to one href; a
/// checklist new here is a new collection, and one deleted here empties its collection.
struct CalDAVWritePlan {
    /// One task written: its collection, href and text, and the index of its request.
    struct Write: Equatable {
        var collection: String
        var href: String
        var data: [UInt8]
        var request: Int
    }

    /// The collections to make first (MKCALENDAR), one per checklist new here.
    private(set) var created: [HTTPRequest] = []
    /// Then, in one batch: names and icons (PROPPATCH), tasks written (PUT) and deleted (DELETE).
    private(set) var requests: [HTTPRequest] = []
    /// The collection of each checklist of the merged book, in order.
    private(set) var urlOf: [String] = []
    /// The collections made or whose properties change.
    private(set) var renamed: Set<String> = []
    /// Each task written, by UID.
    private(set) var written: [String: Write] = [:]
    /// The hrefs deleted.
    private(set) var deleted: Set<String> = []
    /// The UIDs of the merged book's items.
    private(set) var kept: Set<String> = []
    /// The collections of checklists deleted here, to remove once empty: only those that hold
    /// nothing but tasks and that a sync has seen before.
    private(set) var emptied: [String] = []

    /// The plan for `merged` (the merge of this machine's checklists with `theirs`, the
    /// server's): `collections` are the server's task lists (THEIRS's checklists, in order),
    /// `current` its tasks by UID, `synced` the collections the last sync left, `home` the
    /// calendar home new collections go in, `now` the time written into changed tasks; `stale`
    /// are the old copies of moves half done (`current` holds their new copies), deleted.
    init(
        merged: MergeResult, theirs: ChecklistBook, collections: [CalDAVServer.Collection],
        current: [String: CalDAVState.Resource], stale: [CalDAVState.Resource] = [], unresolved: Set<String>,
        synced: Set<String>, home: String, now: Double, newName: () -> String = CalDAVWritePlan.newName
    ) {
        for (index, list) in merged.book.checklists.enumerated() {
            let origin = merged.origins.indices.contains(index) ? merged.origins[index].theirs : nil
            guard let theirsIndex = origin, collections.indices.contains(theirsIndex) else {
                let url = home + (home.hasSuffix("/") ? "" : "/") + newName() + "/"
                created.append(Self.makeCalendar(url, name: list.name))
                urlOf.append(url)
                renamed.insert(url)
                if list.iconName != "No Icon" {
                    requests.append(
                        Self.propertyPatch(url, CalDAVServer.ours, CalDAVServer.iconProperty, list.iconName))
                }
                continue
            }
            let collection = collections[theirsIndex]
            urlOf.append(collection.url)
            if collection.name != list.name {
                requests.append(Self.propertyPatch(collection.url, CalDAVServer.dav, "displayname", list.name))
                renamed.insert(collection.url)
            }
            // THEIRS's icon is the collection's, else BASE's: only a change made here is written.
            let theirsIcon =
                theirs.checklists.indices.contains(theirsIndex) ? theirs.checklists[theirsIndex].iconName : nil
            if list.iconName != theirsIcon {
                requests.append(
                    Self.propertyPatch(collection.url, CalDAVServer.ours, CalDAVServer.iconProperty, list.iconName))
                renamed.insert(collection.url)
            }
        }
        let completed = Self.completedTasks(of: merged.book, current: current)
        // The tasks read here as top-level, whatever parent they name: a loop of parents is cut
        // where it is read (`ChecklistOutline.withoutParentLoops`).
        let readTopLevel = Set(theirs.checklists.flatMap(\.items).filter { $0.parentUID == nil }.compactMap(\.uid))
        for (list, collection) in zip(merged.book.checklists, urlOf) {
            let siblings = Set(list.items.compactMap(\.uid))
            for (position, item) in list.items.enumerated() {
                guard let uid = item.uid, kept.insert(uid).inserted else { continue }
                if unresolved.contains(uid) { continue }
                writeTask(
                    item, uid: uid, position: position, in: collection, siblings: siblings, existing: current[uid],
                    completed: completed[uid], readTopLevel: readTopLevel.contains(uid), now: now)
            }
        }
        for (uid, resource) in current.sorted(by: { $0.key < $1.key })
        where !kept.contains(uid) && !unresolved.contains(uid) {
            requests.append(Self.delete(resource.href, etag: resource.etag))
            deleted.insert(resource.href)
        }
        for resource in stale
        where !unresolved.contains(resource.uid) && !deleted.contains(resource.href)
            && written[resource.uid]?.href != resource.href
        {
            requests.append(Self.delete(resource.href, etag: resource.etag))
            deleted.insert(resource.href)
        }
        let mapped = Set(merged.origins.compactMap(\.theirs))
        emptied = collections.enumerated().filter { index, collection in
            !mapped.contains(index) && collection.tasksOnly && synced.contains(collection.url)
        }.map(\.element.url)
    }

    /// The tasks of completed occurrences whose next occurrence has no task yet, by the next
    /// occurrence's UID (`ChecklistItem.successorUID`): each new next occurrence is written on its
    /// predecessor's task, so what a phone put there carries over (SPEC §12).
    static func completedTasks(
        of book: ChecklistBook, current: [String: CalDAVState.Resource]
    ) -> [String: CalDAVState.Resource] {
        var missing = Set<String>()
        for list in book.checklists {
            for item in list.items where !item.checked {
                if let uid = item.uid, current[uid] == nil { missing.insert(uid) }
            }
        }
        guard !missing.isEmpty else { return [:] }
        var found: [String: CalDAVState.Resource] = [:]
        for list in book.checklists {
            for item in list.items where item.checked {
                guard let next = item.successorUID, missing.contains(next), let uid = item.uid,
                    let resource = current[uid]
                else { continue }
                found[next] = resource
            }
        }
        return found
    }

    /// Adds the writes of one item: none when the server's task already says the same, a PUT
    /// over it, or, when the item moved to another list, a DELETE of it and a new PUT. A new
    /// item that is the next occurrence of `completed` (its predecessor's task) is built on it.
    /// `siblings` are the UIDs of the items of its checklist (which tell its parent there);
    /// `readTopLevel` says that the server's task was read here without a parent.
    private mutating func writeTask(
        _ item: ChecklistItem, uid: String, position: Int, in collection: String, siblings: Set<String>,
        existing: CalDAVState.Resource?, completed: CalDAVState.Resource?, readTopLevel: Bool, now: Double
    ) {
        let existingTodo = existing.flatMap { Self.todo(in: $0.data) }
        let theirsItem = existingTodo.map {
            CalendarTask.item($0, itemID: item.itemID, created: item.archivedDate, siblings: siblings)
        }
        var item = item
        // A parent the read cut (a loop of parents there) stays the phone's to change: the item
        // names it again, so neither the comparison nor a write drops the task's RELATED-TO.
        if item.parentUID == nil, readTopLevel, let parent = theirsItem?.parentUID { item.parentUID = parent }
        let moved = existing.map { $0.collection != collection } ?? false
        if let theirsItem, !moved, Self.sameTask(theirsItem, item) { return }
        let predecessor = existing == nil ? completed.flatMap { Self.todo(in: $0.data) } : nil
        var todo = CalDAVWrittenMark.marked(
            predecessor.map { CalendarTask.nextTodo(item, uid: uid, after: $0, now: now, siblings: siblings) }
                ?? CalendarTask.todo(
                    item, uid: uid, now: now, existing: moved ? nil : existingTodo, siblings: siblings))
        todo.set("X-APPLE-SORT-ORDER", ContentLine("X-APPLE-SORT-ORDER", value: String(position)))
        var calendar = Self.calendar(with: todo, from: moved ? nil : existing)
        if predecessor != nil, let completed, let theirs = (try? ICalendarReader.read(completed.data))?.first {
            // Its time zones, which the carried properties may name (TZID); not its other tasks.
            calendar.components.insert(contentsOf: theirs.components.filter { $0.name == "VTIMEZONE" }, at: 0)
        }
        let data = Array(ICalendarWriter.write([calendar]).utf8)
        if let existing, !moved {
            written[uid] = Write(collection: collection, href: existing.href, data: data, request: requests.count)
            requests.append(Self.put(existing.href, data, condition: "If-Match: \(existing.etag)"))
            return
        }
        let href = collection + Self.resourceName(uid)
        if let existing {
            requests.append(Self.delete(existing.href, etag: existing.etag))
            deleted.insert(existing.href)
        }
        written[uid] = Write(collection: collection, href: href, data: data, request: requests.count)
        requests.append(Self.put(href, data, condition: "If-None-Match: *"))
    }

    /// Whether the mapped fields of an item and a task's item agree.
    static func sameTask(_ a: ChecklistItem, _ b: ChecklistItem) -> Bool {
        a.text == b.text && a.checked == b.checked && a.due == b.due && a.shouldRemind == b.shouldRemind
            && a.repeatRule == b.repeatRule && a.note == b.note && a.tags == b.tags && a.priority == b.priority
            && a.parentUID == b.parentUID && a.start == b.start
    }

    /// The task of a calendar object's text: its series' master VTODO (the one without a
    /// `RECURRENCE-ID`: overrides beside it, from Thunderbird or jtx Board, are not the item),
    /// else its first VTODO.
    static func todo(in data: [UInt8]) -> CalendarComponent? {
        guard let calendars = try? ICalendarReader.read(data) else { return nil }
        for calendar in calendars {
            if let index = masterIndex(in: calendar.components) {
                return CalendarSeries.openOccurrence(calendar.components[index], among: calendar.components)
            }
        }
        return nil
    }

    /// The position of the master VTODO among `components` (see `todo(in:)`).
    static func masterIndex(in components: [CalendarComponent]) -> Int? {
        components.firstIndex { $0.name == "VTODO" && $0.property("RECURRENCE-ID") == nil }
            ?? components.firstIndex { $0.name == "VTODO" }
    }

    /// The calendar object around `todo`: the server's, with its VTODO replaced, or a new one.
    static func calendar(with todo: CalendarComponent, from existing: CalDAVState.Resource?) -> CalendarComponent {
        if let existing, var calendar = (try? ICalendarReader.read(existing.data))?.first,
            let index = masterIndex(in: calendar.components)
        {
            calendar.components[index] = todo
            return calendar
        }
        return CalendarComponent(
            "VCALENDAR",
            properties: [
                ContentLine("VERSION", value: "2.0"), ContentLine("PRODID", value: "-//checklists//checklists//EN"),
            ],
            components: [todo])
    }

    /// A PUT of a task's text under `condition` (`If-Match: ETAG` or `If-None-Match: *`).
    static func put(_ href: String, _ data: [UInt8], condition: String) -> HTTPRequest {
        HTTPRequest(
            method: "PUT", url: href, headers: ["Content-Type: text/calendar; charset=utf-8", condition], body: data)
    }

    /// A DELETE of the resource at `href` as long as it is still at `etag`.
    static func delete(_ href: String, etag: String) -> HTTPRequest {
        HTTPRequest(method: "DELETE", url: href, headers: ["If-Match: \(etag)"])
    }

    /// A new task collection named `name`. (Its icon goes in a PROPPATCH of its own: Xandikos
    /// makes no collection when MKCALENDAR holds a property it does not keep.)
    static func makeCalendar(_ url: String, name: String) -> HTTPRequest {
        HTTPRequest(
            method: "MKCALENDAR", url: url, headers: ["Content-Type: application/xml; charset=utf-8"],
            body: Array(
                ("<c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"\(CalDAVServer.caldav)\"><d:set><d:prop>"
                    + "<d:displayname>\(CalDAVServer.escapedXML(name))</d:displayname>"
                    + "<c:supported-calendar-component-set><c:comp name=\"VTODO\"/></c:supported-calendar-component-set>"
                    + "</d:prop></d:set></c:mkcalendar>").utf8))
    }

    /// A PROPPATCH that sets one property of a collection.
    static func propertyPatch(_ url: String, _ namespace: String, _ name: String, _ value: String) -> HTTPRequest {
        .xml(
            "PROPPATCH", url, depth: nil,
            "<d:propertyupdate xmlns:d=\"DAV:\" xmlns:x=\"\(CalDAVServer.escapedXML(namespace))\"><d:set><d:prop>"
                + "<x:\(name)>\(CalDAVServer.escapedXML(value))</x:\(name)></d:prop></d:set></d:propertyupdate>")
    }

    /// A resource name for a UID: its letters, digits, dashes and dots (`@` as `-at-`), else a
    /// new name.
    static func resourceName(_ uid: String) -> String {
        let safe = uid.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.@".unicodeScalars.contains($0))
        }
        let name = uid.split(separator: "@", omittingEmptySubsequences: false).joined(separator: "-at-")
        return (safe && !uid.isEmpty && uid.count < 200 ? name : newName()) + ".ics"
    }

    /// 32 random hex digits.
    static func newName() -> String {
        // SystemRandomNumberGenerator reads the kernel's random source (getrandom).
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
