import ChecklistKit
import KeyedArchive
import TestSupport
import Testing

/// Whole days and times at midnight through the commands (SPEC §6): shown, overdue, exported,
/// imported and merged as what they are.
@Suite(.serialized)
struct SessionDueTests {
    private func groceries() throws -> SessionFixture {
        let fixture = try SessionFixture()  // now: Monday 2026-06-15 09:30 UTC
        fixture.runAll(["new Groceries", "add Milk", "add Eggs"])
        return fixture
    }

    @Test func midnightIsATimeShownAndOverdueWhileTheDayAloneIsNot() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            #expect(fixture.run("due 1 today 00:00") == ["due set: 1 [ ] Milk  due 2026-06-15 00:00 (overdue)  #0"])
            #expect(fixture.run("due 2 today") == ["due set: 2 [ ] Eggs  due 2026-06-15  #1"])
            let items = try #require(try fixture.reloadedBook().current?.items)
            #expect(items[0].due == .time(TestTime.utc(2026, 6, 15)))
            #expect(items[1].due == .day(try #require(CalendarDay(year: 2026, month: 6, day: 15))))
            #expect(
                fixture.run("upcoming") == [
                    "Groceries: 1 [ ] Milk  due 2026-06-15 00:00 (overdue)  #0",
                    "Groceries: 2 [ ] Eggs  due 2026-06-15  #1",
                ])
        }
    }

    @Test func aWholeDayIsShownAsThatDayInAnotherZone() throws {
        let fixture = try groceries()
        _ = LocalZone.with("JST-9") { fixture.run("due 1 2026-06-20") }
        LocalZone.with("PST8PDT,M3.2.0,M11.1.0") {
            #expect(fixture.run("show").dropFirst().first == "1 [ ] Milk  due 2026-06-20  #0")
        }
    }

    @Test func exportAndImportKeepWholeDaysApartFromTimes() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            fixture.runAll(["due 1 2026-06-20", "due 2 2026-06-20 00:00"])
            let json = ChecklistExport.json(fixture.session.book.checklists)
            #expect(json.contains("\"dueDate\": \"2026-06-20\""))
            #expect(json.contains("\"dueDate\": \"2026-06-20T00:00:00Z\""))
            let markdown = ChecklistExport.markdown(fixture.session.book.checklists, details: true)
            #expect(markdown.contains("- [ ] Milk\n  due 2026-06-20\n- [ ] Eggs\n  due 2026-06-20T00:00:00Z\n"))
            let file = fixture.folder.file("export.json")
            try TemporaryFolder.write(json, to: file)
            fixture.run("import \(file)")
            let imported = try #require(fixture.session.book.checklists.first { $0.name == "Groceries (2)" })
            #expect(
                imported.items.map(\.due) == [
                    .day(try #require(CalendarDay(year: 2026, month: 6, day: 20))), .time(TestTime.utc(2026, 6, 20)),
                ])
        }
    }

    @Test func aMergeTellsAWholeDayFromTheSameDayAtMidnight() throws {
        try LocalZone.with(LocalZone.utc) {
            let day = try #require(CalendarDay(year: 2026, month: 6, day: 20))
            let item = ChecklistItem(text: "Milk", itemID: 0, created: 0, due: .day(day))
            let base = ChecklistBook(checklists: [Checklist(name: "A", items: [item])], currentIndex: 0, nextItemID: 1)
            var theirs = base
            theirs.update(at: 0) { $0.items[0].due = .time(TestTime.utc(2026, 6, 20)) }
            #expect(theirs != base)
            let merged = ChecklistMerge.merge(base: base, ours: base, theirs: theirs).book
            #expect(merged.checklists[0].items[0].due == .time(TestTime.utc(2026, 6, 20)))
            var ours = base
            let next = try #require(day.adding(days: 1))
            ours.update(at: 0) { $0.items[0].due = .day(next) }
            let conflict = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
            #expect(
                conflict.conflicts.map(\.description) == [
                    "A #0 due date: kept due 2026-06-21 over due 2026-06-20 00:00 from the other side"
                ])
        }
    }
}
