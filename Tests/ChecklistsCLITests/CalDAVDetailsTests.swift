import ChecklistKit
import Foundation
import Testing

/// SPEC §13's fields through CalDAV against both servers (issue #38): a phone's task (python
/// `caldav`) shows here with its description, categories, priority, start and parent, and an
/// item made here reaches the phone and another computer (vdirsyncer + todoman) with all of it.
@Suite(
    .enabled(
        if: CalDAVTestServer.available && CalDAVPhone.available && CalDAVSecondComputer.available,
        "needs Radicale, Xandikos, python caldav, vdirsyncer and todoman (.ci/venv)"))
struct CalDAVDetailsTests {
    /// The items of the checklist `list` as the data file holds them.
    private func items(_ machine: ChecklistsProcess, _ list: String) throws -> [ChecklistItem] {
        let bytes = try #require(machine.bytes(machine.dataFile))
        let book = try ChecklistBook(archive: bytes, loadTime: 0)
        return try #require(book.checklists.first { $0.name == list }).items
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aPhonesSubTaskShowsHereWithItsDescriptionCategoriesPriorityAndStart(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Home\nadd Milk\n")
        let phone = try CalDAVPhone(server)
        _ = try phone.refresh()
        let renovate = CalDAVTestServer.vtodo(uid: "phone-renovate", summary: "Renovate")
        let paint = CalDAVTestServer.vtodo(
            uid: "phone-paint", summary: "Buy paint",
            extra: "DESCRIPTION:White\\, matt\\nTwo litres\r\nCATEGORIES:home,DIY\r\nPRIORITY:3\r\n"
                + "DTSTART;VALUE=DATE:20261201\r\nDUE;VALUE=DATE:20261205\r\n"
                + "RELATED-TO;RELTYPE=PARENT:phone-renovate\r\nRELATED-TO;RELTYPE=PARENT:in-another-list\r\n")
        // A series that starts on Mondays and is due two days later.
        let water = CalDAVTestServer.vtodo(
            uid: "phone-water", summary: "Water plants",
            extra: "DESCRIPTION:The ferns too\r\nCATEGORIES:garden\r\nDTSTART;VALUE=DATE:20990105\r\n"
                + "DUE;VALUE=DATE:20990107\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n")
        for task in [renovate, paint, water] { #expect(try phone.put(list: "Home", ical: task) == .done(uid: nil)) }
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in 3 added"))
        let here = try items(laptop, "Home")
        let item = try #require(here.first { $0.text == "Buy paint" })
        #expect(item.note == "White, matt\nTwo litres")
        #expect(item.tags == ["home", "DIY"])
        #expect(item.priority == 3)
        #expect(item.start == CalendarDay(year: 2026, month: 12, day: 1).map(Due.day))
        #expect(item.due == CalendarDay(year: 2026, month: 12, day: 5).map(Due.day))
        // Nested under its parent; the parent is top-level.
        #expect(item.parentUID == "phone-renovate")
        #expect(here.first { $0.text == "Renovate" }?.parentUID == nil)
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in nothing; out nothing"))

        // The phone changes the description and a category: both come in (the written mark and
        // the merge see them), and the other parent stays as the phone wrote it.
        let (href, text) = try #require(try server.tasks(home: home).first { $0.value.contains("UID:phone-paint") })
        let edited = text.replacingOccurrences(of: "Two litres", with: "Three litres")
            .replacingOccurrences(of: "CATEGORIES:home,DIY", with: "CATEGORIES:home,paint")
        #expect(try server.request("PUT", href, body: edited, headers: ["Content-Type: text/calendar"]).status < 300)
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in 1 changed"))
        let changed = try #require(try items(laptop, "Home").first { $0.text == "Buy paint" })
        #expect(changed.note == "White, matt\nThree litres")
        #expect(changed.tags == ["home", "paint"])
        // Checked here: written back with everything the phone put in it.
        try server.must(laptop, ["use", "Home"])
        try server.must(laptop, ["check", "#\(changed.itemID)"])
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("out 1 changed"))
        let written = try #require(try server.tasks(home: home)[href])
        for line in [
            "STATUS:COMPLETED", "PRIORITY:3", "RELATED-TO;RELTYPE=PARENT:phone-renovate",
            "RELATED-TO;RELTYPE=PARENT:in-another-list", "DTSTART;VALUE=DATE:20261201",
        ] {
            #expect(written.contains("\r\n" + line + "\r\n"), "\(line)")
        }

        // The series checked here: its next occurrence reaches the phone with the description
        // and category, counted from its start (SPEC §12), due two days after it again.
        let series = try #require(try items(laptop, "Home").first { $0.text == "Water plants" })
        try server.must(laptop, ["check", "#\(series.itemID)"])
        try server.must(laptop, ["caldav"])
        let next = try #require(
            try phone.details().first {
                $0["summary"] as? String == "Water plants" && $0["uid"] as? String != "phone-water"
            })
        #expect(next["start"] as? String == "2099-01-12")
        #expect(next["due"] as? String == "2099-01-14")
        #expect(next["description"] as? String == "The ferns too")
        #expect(next["categories"] as? [String] == ["garden"])
    }

    /// A phone's loop of parents (A under B under A) is cut where it is read, and the cut stays
    /// here: a sync writes neither task for it, and one checked here keeps its RELATED-TO there.
    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aPhonesLoopOfParentsIsCutHereAndLeftAsItIsThere(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Home\nadd Milk\n")
        let phone = try CalDAVPhone(server)
        _ = try phone.refresh()
        let first = CalDAVTestServer.vtodo(
            uid: "phone-first", summary: "First", extra: "RELATED-TO;RELTYPE=PARENT:phone-second\r\n")
        let second = CalDAVTestServer.vtodo(
            uid: "phone-second", summary: "Second", extra: "RELATED-TO;RELTYPE=PARENT:phone-first\r\n")
        for task in [first, second] { #expect(try phone.put(list: "Home", ical: task) == .done(uid: nil)) }
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in 2 added"))
        // One of the two is top-level here, the other under it.
        let here = try items(laptop, "Home").filter { $0.text == "First" || $0.text == "Second" }
        #expect(here.count(where: { $0.parentUID == nil }) == 1 && here.count(where: { $0.parentUID != nil }) == 1)
        let before = try server.tasks(home: home)
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in nothing; out nothing"))
        #expect(try server.tasks(home: home) == before)
        // The top-level one checked here: written back with the parent the phone gave it.
        let cut = try #require(here.first { $0.parentUID == nil })
        try server.must(laptop, ["use", "Home"])
        try server.must(laptop, ["check", "#\(cut.itemID)"])
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("out 1 changed"))
        let parent = cut.text == "First" ? "phone-second" : "phone-first"
        let written = try #require(try server.tasks(home: home).values.first { $0.contains("SUMMARY:\(cut.text)") })
        #expect(written.contains("\r\nSTATUS:COMPLETED\r\n"))
        #expect(written.contains("\r\nRELATED-TO;RELTYPE=PARENT:\(parent)\r\n"))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func anItemMadeHereReachesThePhoneAndTodomanWithEveryField(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        // Made here by an import of what `export ics` writes: a parent and its sub-item.
        let file = laptop.folder.appending(path: "home.ics").path
        let ics =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//checklists//checklists//EN\r\n"
            + "BEGIN:VTODO\r\nUID:here-move\r\nSUMMARY:Move house\r\nX-CHECKLISTS-LIST:Home\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:here-pack\r\nSUMMARY:Pack books\r\nX-CHECKLISTS-LIST:Home\r\n"
            + "DESCRIPTION:Boxes in the cellar\\, two rows\\nlabel them\r\nCATEGORIES:packing,heavy\r\n"
            + "PRIORITY:2\r\nDTSTART:20261201T090000Z\r\nDUE;VALUE=DATE:20261205\r\n"
            + "RELATED-TO;RELTYPE=PARENT:here-move\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try ics.write(toFile: file, atomically: true, encoding: .utf8)
        try server.must(laptop, ["import", file])
        #expect(try server.must(laptop, server.initArguments).stdout.contains("out 2 added"))

        let phone = try CalDAVPhone(server)
        let tasks = try phone.details()
        let pack = try #require(tasks.first { $0["summary"] as? String == "Pack books" })
        #expect(pack["list"] as? String == "Home")
        #expect(pack["description"] as? String == "Boxes in the cellar, two rows\nlabel them")
        #expect(pack["categories"] as? [String] == ["packing", "heavy"])
        #expect(pack["priority"] as? Int == 2)
        #expect(pack["start"] as? String == "2026-12-01T09:00:00+00:00")
        #expect(pack["due"] as? String == "2026-12-05")
        #expect(pack["parents"] as? [String] == ["here-move"])
        #expect(tasks.first { $0["summary"] as? String == "Move house" }?["parents"] as? [String] == [])

        let computer = try CalDAVSecondComputer(server)
        try computer.sync()
        let todos = try computer.todos()
        let packed = try #require(todos.first { $0["summary"] as? String == "Pack books" })
        #expect(packed["description"] as? String == "Boxes in the cellar, two rows\nlabel them")
        #expect(Set(packed["categories"] as? [String] ?? []) == ["packing", "heavy"])
        #expect(packed["priority"] as? Int == 2)
        // 2026-12-01 09:00 UTC as a Unix time.
        #expect(packed["start"] as? Int == 1_796_115_600)
        #expect(todos.count == 2)
    }
}
