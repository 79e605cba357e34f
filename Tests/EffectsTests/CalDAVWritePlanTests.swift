import ChecklistKit
import Testing

@testable import Effects

/// The writes a CalDAV sync plans (SPEC §11), without a server: only what differs is written,
/// every write is conditional, an unreadable task is left alone, one UID is one href.
struct CalDAVWritePlanTests {
    private let home = "http://127.0.0.1:1/ann/"
    private var groceries: CalDAVServer.Collection {
        CalDAVServer.Collection(url: home + "g/", name: "Groceries", token: "t1", icon: nil, tasksOnly: true)
    }

    private func item(_ text: String, _ id: Int, uid: String, checked: Bool = false) -> ChecklistItem {
        var item = ChecklistItem(text: text, checked: checked, itemID: id, created: 100)
        item.uid = uid
        return item
    }

    private func book(_ lists: [(String, [ChecklistItem])]) -> ChecklistBook {
        CalDAVTasks.book(lists)
    }

    /// The server's task for `item` in `collection`, as a sync would have stored it.
    private func resource(_ item: ChecklistItem, in collection: String) -> CalDAVState.Resource {
        CalDAVTasks.resource(item, in: collection)
    }

    /// The plan for `ours` against the server holding `there` in Groceries, read here as `theirs`
    /// (`there` when not given).
    private func plan(
        ours: ChecklistBook, there: [ChecklistItem], theirs read: [ChecklistItem]? = nil, unresolved: Set<String> = [],
        collections: [CalDAVServer.Collection]? = nil
    ) -> CalDAVWritePlan {
        let theirs = book([("Groceries", read ?? there)])
        let base = theirs
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs, sharedCounter: false)
        var current: [String: CalDAVState.Resource] = [:]
        for item in there { current[item.uid ?? ""] = resource(item, in: groceries.url) }
        var names = 0
        return CalDAVWritePlan(
            merged: merged, theirs: theirs, collections: collections ?? [groceries], current: current,
            unresolved: unresolved, synced: [groceries.url], home: home, now: 1000,
            newName: {
                names += 1
                return "new\(names)"
            })
    }

    private func describe(_ plan: CalDAVWritePlan) -> [String] {
        (plan.created + plan.requests).map { request in
            let condition = request.headers.first { $0.hasPrefix("If-") } ?? ""
            return "\(request.method) \(request.url.dropFirst(home.count)) \(condition)"
        }
    }

    @Test func onlyAChangedTaskIsWrittenAndOnlyIfTheServerStillHasIt() {
        let there = [item("Milk", 0, uid: "m"), item("Eggs", 1, uid: "e")]
        let ours = book([("Groceries", [item("Milk", 0, uid: "m", checked: true), item("Eggs", 1, uid: "e")])])
        #expect(describe(plan(ours: ours, there: there)) == ["PUT g/m.ics If-Match: \"e-m\""])
    }

    @Test func anItemDeletedHereIsDeletedThereOnlyIfUnchangedThere() {
        let there = [item("Milk", 0, uid: "m"), item("Eggs", 1, uid: "e")]
        let ours = book([("Groceries", [item("Milk", 0, uid: "m")])])
        let planned = plan(ours: ours, there: there)
        #expect(describe(planned) == ["DELETE g/e.ics If-Match: \"e-e\""])
        #expect(planned.deleted == [groceries.url + "e.ics"])
    }

    @Test func aTaskThatCouldNotBeReadIsNeitherWrittenNorDeleted() {
        let there = [item("Milk", 0, uid: "m"), item("Eggs", 1, uid: "e")]
        let changed = book([("Groceries", [item("Milk!", 0, uid: "m"), item("Eggs", 1, uid: "e")])])
        #expect(describe(plan(ours: changed, there: there, unresolved: ["m"])).isEmpty)
        let deleted = book([("Groceries", [item("Eggs", 1, uid: "e")])])
        #expect(describe(plan(ours: deleted, there: there, unresolved: ["m"])).isEmpty)
    }

    @Test func twoItemsOfOneUIDAreNeverTwoWritesToOneHref() {
        // A file an older version doubled: the same task twice, changed here.
        let there = [item("Call", 0, uid: "c")]
        let ours = book([("Groceries", [item("Call", 0, uid: "c", checked: true), item("Call", 5, uid: "c")])])
        let hrefs = plan(ours: ours, there: there).requests.map(\.url)
        #expect(hrefs.count == Set(hrefs).count)
        #expect(hrefs.count <= 1)
    }

    @Test func aNewChecklistIsANewCollectionWithItsTasksWrittenAsNew() {
        let ours = book([("Groceries", []), ("Trips", [item("Passport", 3, uid: "p")])])
        #expect(describe(plan(ours: ours, there: [])) == ["MKCALENDAR new1/ ", "PUT new1/p.ics If-None-Match: *"])
    }

    @Test func anItemMovedToAnotherListIsWrittenThereAndDeletedHere() {
        let work = CalDAVServer.Collection(url: home + "w/", name: "Work", token: "t2", icon: nil, tasksOnly: true)
        let there = [item("Report", 0, uid: "r")]
        let theirs = book([("Groceries", there), ("Work", [])])
        let ours = book([("Groceries", []), ("Work", [item("Report", 0, uid: "r")])])
        let merged = ChecklistMerge.merge(base: theirs, ours: ours, theirs: theirs, sharedCounter: false)
        let planned = CalDAVWritePlan(
            merged: merged, theirs: theirs, collections: [groceries, work],
            current: ["r": resource(there[0], in: groceries.url)], unresolved: [],
            synced: [groceries.url, work.url], home: home, now: 1000)
        #expect(describe(planned) == ["DELETE g/r.ics If-Match: \"e-r\"", "PUT w/r.ics If-None-Match: *"])
    }

    @Test func theOldCopyOfAMoveHalfDoneIsDeleted() {
        // The PUT to Work was made, the DELETE of the copy in Groceries not: the task is in both.
        let work = CalDAVServer.Collection(url: home + "w/", name: "Work", token: "t2", icon: nil, tasksOnly: true)
        let report = item("Report", 0, uid: "r")
        let theirs = book([("Groceries", []), ("Work", [report])])
        let ours = book([("Groceries", []), ("Work", [report])])
        let merged = ChecklistMerge.merge(base: theirs, ours: ours, theirs: theirs, sharedCounter: false)
        let stale = resource(report, in: groceries.url)
        let planned = CalDAVWritePlan(
            merged: merged, theirs: theirs, collections: [groceries, work],
            current: ["r": resource(report, in: work.url)],
            stale: [stale], unresolved: [], synced: [groceries.url, work.url], home: home, now: 1000)
        #expect(describe(planned) == ["DELETE g/r.ics If-Match: \"e-r\""])
        #expect(planned.deleted == [stale.href])
    }

    @Test func aRenameIsAPropertyPatchOfTheNameAlone() {
        let there = [item("Milk", 0, uid: "m")]
        let ours = book([("Food", [item("Milk", 0, uid: "m")])])
        #expect(describe(plan(ours: ours, there: there)) == ["PROPPATCH g/ "])
    }

    @Test func aSeriesWithAnOverrideIsOneItemTheMasterAndIsWrittenBackWithTheOverride() throws {
        // Thunderbird's completed occurrence first, the series' master after it.
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:w\r\nRECURRENCE-ID;VALUE=DATE:20261201\r\n"
            + "SUMMARY:Water plants\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:w\r\n"
            + "SUMMARY:Water plants\r\nSTATUS:NEEDS-ACTION\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let master = try #require(CalDAVWritePlan.todo(in: Array(text.utf8)))
        #expect(master.property("RECURRENCE-ID") == nil)
        #expect(!CalendarTask.item(master, itemID: 0, created: 0).checked)
        var edited = master
        edited.set("SUMMARY", ContentLine("SUMMARY", value: "Water the plants"))
        let resource = CalDAVState.Resource(
            uid: "w", href: groceries.url + "w.ics", etag: "\"1\"", collection: groceries.url, data: Array(text.utf8))
        let written = ICalendarWriter.write([CalDAVWritePlan.calendar(with: edited, from: resource)])
        #expect(written.contains("RECURRENCE-ID;VALUE=DATE:20261201"))
        #expect(written.contains("SUMMARY:Water the plants"))
        #expect(written.ranges(of: "BEGIN:VTODO").count == 2)
    }

    /// SPEC §13: a sub-item's parent travels; a note changed here is a write, none otherwise.
    @Test func aNoteOrAParentChangedHereIsWrittenAndAnUnchangedSubItemIsNot() throws {
        var parent = item("Breakfast", 0, uid: "b")
        parent.note = "for four"
        var eggs = item("Eggs", 1, uid: "e")
        eggs.parentUID = "b"
        let there = [parent, eggs]
        #expect(describe(plan(ours: book([("Groceries", there)]), there: there)).isEmpty)
        var noted = parent
        noted.note = "for six"
        var unnested = eggs
        unnested.parentUID = nil
        let changed = plan(ours: book([("Groceries", [noted, unnested])]), there: there)
        #expect(describe(changed) == ["PUT g/b.ics If-Match: \"e-b\"", "PUT g/e.ics If-Match: \"e-e\""])
        let breakfast = String(decoding: try #require(changed.written["b"]).data, as: UTF8.self)
        #expect(breakfast.contains("\r\nDESCRIPTION:for six\r\n"))
        let egg = String(decoding: try #require(changed.written["e"]).data, as: UTF8.self)
        #expect(!egg.contains("RELATED-TO"))
    }

    /// A loop of parents on the phone (A under B under A) is cut where it is read: A is top-level
    /// here. That cut is not a change made here: unchanged, A is not written; changed here, A is
    /// written with its RELATED-TO as the phone wrote it.
    @Test func aParentCutToBreakALoopThereIsNeitherAChangeNorDroppedByAWrite() throws {
        var a = item("A", 0, uid: "a")
        a.parentUID = "b"
        var b = item("B", 1, uid: "b")
        b.parentUID = "a"
        let there = [a, b]
        let read = ChecklistOutline.withoutParentLoops(there)
        let cut = try #require(read.first { $0.uid == "a" })
        #expect(cut.parentUID == nil)
        #expect(describe(plan(ours: book([("Groceries", read)]), there: there, theirs: read)).isEmpty)
        var checked = cut
        checked.checked = true
        let changed = plan(ours: book([("Groceries", [checked, read[1]])]), there: there, theirs: read)
        #expect(describe(changed) == ["PUT g/a.ics If-Match: \"e-a\""])
        let task = String(decoding: try #require(changed.written["a"]).data, as: UTF8.self)
        #expect(task.contains("\r\nRELATED-TO;RELTYPE=PARENT:b\r\n") && task.contains("\r\nSTATUS:COMPLETED\r\n"))
    }
}
