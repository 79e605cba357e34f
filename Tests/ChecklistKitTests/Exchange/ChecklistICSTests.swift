import ChecklistKit
import Testing

/// `export ics` and `import` of an .ics file (SPEC §11, §13): the checklist in a property of its
/// own, the tags as `CATEGORIES`, and every field both ways.
struct ChecklistICSTests {
    private let now = 817_322_400.0

    /// Home with Renovate and its sub-item Paint (note, tags, priority, start), and Work with one item.
    private func lists() throws -> [Checklist] {
        var renovate = ChecklistItem(text: "Renovate", itemID: 0, created: 0)
        renovate.uid = "renovate"
        renovate.priority = 9
        var paint = ChecklistItem(
            text: "Paint", itemID: 1, created: 0, due: CalendarDay(year: 2026, month: 12, day: 5).map(Due.day))
        paint.uid = "paint"
        paint.parentUID = "renovate"
        paint.note = "White, matt\nTwo litres"
        paint.tags = ["diy", "home"]
        paint.priority = 1
        paint.start = .time(817_300_000)
        var call = ChecklistItem(text: "Call Bob", itemID: 2, created: 0)
        call.tags = ["phone"]
        return [Checklist(name: "Home", items: [renovate, paint]), Checklist(name: "Work, etc.", items: [call])]
    }

    @Test func everyFieldAndTheChecklistSurviveAnExportAndAnImport() throws {
        try LocalZone.with(LocalZone.berlin) {
            let original = try lists()
            let text = ChecklistExport.ics(original, now: now)
            #expect(text.contains("\r\nX-CHECKLISTS-LIST:Home\r\n"))
            #expect(text.contains("\r\nX-CHECKLISTS-LIST:Work\\, etc.\r\n"))
            #expect(text.contains("\r\nCATEGORIES:diy,home\r\n"))
            #expect(text.contains("\r\nRELATED-TO;RELTYPE=PARENT:renovate\r\n"))
            // An item without a UID gets one made from its ID.
            #expect(text.contains("\r\nUID:checklists-item-2\r\n"))
            let imported = try ChecklistImport.checklists(from: Array(text.utf8), fallbackName: "x", now: now)
            #expect(imported.map(\.name) == ["Home", "Work, etc."])
            var expected = original
            expected[1].items[0].uid = "checklists-item-2"
            for list in expected.indices {
                for index in expected[list].items.indices {
                    // Item IDs are the importer's to give, and a task holds no creation time.
                    expected[list].items[index].itemID = 0
                    if expected[list].items[index].due == nil { expected[list].items[index].archivedDate = now }
                }
            }
            #expect(imported.map(\.items) == expected.map(\.items))
        }
    }

    @Test func aStartOnTheDueDateSurvivesAnExportAndAnImport() throws {
        try LocalZone.with(LocalZone.berlin) {
            let day = CalendarDay(year: 2026, month: 12, day: 5).map(Due.day)
            var whole = ChecklistItem(text: "Paint", itemID: 0, created: 0, due: day)
            whole.start = day
            var timed = ChecklistItem(text: "Call", itemID: 1, created: 0, due: .time(817_300_000))
            timed.start = .time(817_300_000)
            let repeating = ChecklistItem(
                text: "Water", itemID: 2, created: 0, due: day, repeatRule: RepeatRule(rrule: "FREQ=WEEKLY"))
            let text = ChecklistExport.ics([Checklist(name: "Home", items: [whole, timed, repeating])], now: now)
            let imported = try ChecklistImport.checklists(from: Array(text.utf8), fallbackName: "x", now: now)
            let items = try #require(imported.first?.items)
            #expect(items.map(\.start) == [day, .time(817_300_000), nil])
            #expect(items.map(\.due) == [day, .time(817_300_000), day])
        }
    }

    @Test func aFileTheExportWroteBeforeTagsTakesItsFirstCategoryAsTheChecklist() throws {
        let older =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//checklists//checklists//EN\r\n"
            + "BEGIN:VTODO\r\nUID:a\r\nSUMMARY:Milk\r\nCATEGORIES:Groceries\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let lists = try ChecklistImport.checklists(from: Array(older.utf8), fallbackName: "file", now: now)
        #expect(lists.map(\.name) == ["Groceries"])
        #expect(lists.first?.items.first?.tags == [])
        // Another program's categories are tags, and its tasks go in one checklist named after the file.
        let other = older.replacingOccurrences(of: "-//checklists//checklists//EN", with: "-//Other//EN")
        let theirs = try ChecklistImport.checklists(from: Array(other.utf8), fallbackName: "file", now: now)
        #expect(theirs.map(\.name) == ["file"])
        #expect(theirs.first?.items.first?.tags == ["Groceries"])
    }

    @Test func aParentInAnotherChecklistOrNoneLeavesTheSubItemTopLevel() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
            + "BEGIN:VTODO\r\nUID:p\r\nSUMMARY:Parent\r\nX-CHECKLISTS-LIST:A\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:c\r\nSUMMARY:Child\r\nX-CHECKLISTS-LIST:B\r\nRELATED-TO:p\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:d\r\nSUMMARY:Orphan\r\nX-CHECKLISTS-LIST:B\r\nRELATED-TO:gone\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:e\r\nSUMMARY:Sub\r\nX-CHECKLISTS-LIST:B\r\nRELATED-TO:d\r\nEND:VTODO\r\n"
            + "END:VCALENDAR\r\n"
        let lists = try ChecklistImport.checklists(from: Array(text.utf8), fallbackName: "x", now: now)
        #expect(lists.map(\.name) == ["A", "B"])
        #expect(lists[1].items.map(\.parentUID) == [nil, nil, "d"])
    }
}
