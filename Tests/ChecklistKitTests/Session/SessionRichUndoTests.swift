import TestSupport
import Testing

@testable import ChecklistKit

/// Each change of one of SPEC §13's fields is one undo step that undo and redo take back and
/// forth exactly, on disk too (the commands that make them go through `changeResult` as these do).
struct SessionRichUndoTests {
    @Test func eachChangeOfANewFieldIsOneStepUndoAndRedoRestore() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Trip", "add Socks", "add Tickets"])
        let day = try #require(CalendarDay(year: 2026, month: 12, day: 24))
        let changes: [(String, (inout ChecklistItem, String?) -> Void)] = [
            ("note", { item, _ in item.note = "Wool, \"warm\"\nTwo pairs" }),
            ("tags", { item, _ in item.tags = ["travel", "Été"] }),
            ("more tags", { item, _ in item.tags.append("winter") }),
            ("priority", { item, _ in item.priority = 1 }),
            ("start day", { item, _ in item.start = .day(day) }),
            ("start time", { item, _ in item.start = .time(820_000_000) }),
            ("parent", { item, parent in item.parentUID = parent }),
            ("note cleared", { item, _ in item.note = "" }),
            ("unnested", { item, _ in item.parentUID = nil }),
        ]
        var snapshots = [fixture.session.book.checklists]
        for (name, change) in changes {
            _ = try fixture.session.changeResult(name) { book in
                let current = try #require(book.currentIndex)
                let parent = book.checklists[current].items[0].uid
                book.update(at: current) { change(&$0.items[1], parent) }
                return []
            }
            snapshots.append(fixture.session.book.checklists)
        }
        for (step, (name, _)) in changes.enumerated().reversed() {
            #expect(fixture.run("undo") == ["undid \(name)"])
            #expect(fixture.session.book.checklists == snapshots[step], "undo of \(name)")
            #expect(try fixture.reloadedBook().checklists == snapshots[step], "undo of \(name) is saved")
        }
        for (step, (name, _)) in changes.enumerated() {
            #expect(fixture.run("redo") == ["redid \(name)"])
            #expect(try fixture.reloadedBook().checklists == snapshots[step + 1], "redo of \(name)")
        }
    }
}
