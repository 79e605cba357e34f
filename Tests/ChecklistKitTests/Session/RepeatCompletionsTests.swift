import Testing

@testable import ChecklistKit

/// SPEC §12: the next occurrence carries what the item holds (SPEC §13's fields), and its
/// series counts from the start when the item has one.
struct RepeatCompletionsTests {
    @Test func theNextOccurrenceKeepsNoteTagsPriorityParentAndTheStartToDueGap() throws {
        try LocalZone.with(LocalZone.berlin) {
            var parent = ChecklistItem(text: "Garden", itemID: 0, created: 0)
            parent.uid = "garden"
            let dueDay = try #require(CalendarDay(year: 2099, month: 3, day: 25))
            var item = ChecklistItem(
                text: "Water plants", checked: true, itemID: 1, created: 0,
                due: LocalTime.time(on: dueDay, hour: 18, minute: 0).map(Due.time),
                repeatRule: RepeatRule(rrule: "FREQ=WEEKLY"))
            item.uid = "water"
            item.note = "The ferns too\nand the roses"
            item.tags = ["home", "Garten"]
            item.priority = 5
            item.parentUID = "garden"
            // Two days before, at 08:00; the week after crosses the change to summer time (March 29).
            let startDay = try #require(CalendarDay(year: 2099, month: 3, day: 23))
            item.start = .time(try #require(LocalTime.time(on: startDay, hour: 8, minute: 0)))
            var book = ChecklistBook(
                checklists: [Checklist(name: "Chores", items: [parent, item])], currentIndex: 0, nextItemID: 2)
            book.addMissingNextOccurrences(now: TestTime.now)
            let next = try #require(book.checklists.first?.items.last)
            #expect(!next.checked && next.text == "Water plants")
            #expect(next.note == item.note)
            #expect(next.tags == ["home", "Garten"])
            #expect(next.priority == 5)
            #expect(next.parentUID == "garden")
            let nextDue = try #require(CalendarDay(year: 2099, month: 4, day: 1))
            #expect(next.due == LocalTime.time(on: nextDue, hour: 18, minute: 0).map(Due.time))
            let nextStartDay = try #require(startDay.adding(days: 7))
            #expect(next.start == LocalTime.time(on: nextStartDay, hour: 8, minute: 0).map(Due.time))
        }
    }

    /// The next one after `item` (checked, with a UID) once another client completed it.
    private func next(after item: ChecklistItem) throws -> ChecklistItem {
        var book = ChecklistBook(checklists: [Checklist(name: "Bills", items: [item])], currentIndex: 0, nextItemID: 1)
        book.addMissingNextOccurrences(now: TestTime.now)
        return try #require(book.checklists.first?.items.last)
    }

    /// SPEC §12: RFC 5545 counts a series from DTSTART (the start), the due date keeping its
    /// distance from it, as dateutil and every CalDAV client do.
    @Test func aSeriesWithAStartCountsFromItAndTheDueDateKeepsItsDistance() throws {
        try LocalZone.with(LocalZone.utc) {
            var rent = ChecklistItem(
                text: "Rent", checked: true, itemID: 0, created: 0,
                due: CalendarDay(year: 2099, month: 1, day: 31).map(Due.day),
                repeatRule: RepeatRule(rrule: "FREQ=MONTHLY"))
            rent.uid = "rent"
            rent.start = CalendarDay(year: 2099, month: 1, day: 25).map(Due.day)
            // Monthly from January 25: February 25, due six days later.
            let nextRent = try next(after: rent)
            #expect(nextRent.start == CalendarDay(year: 2099, month: 2, day: 25).map(Due.day))
            #expect(nextRent.due == CalendarDay(year: 2099, month: 3, day: 3).map(Due.day))
            // Mondays, started on a Monday and due on the Wednesday: the next Monday and Wednesday.
            var report = ChecklistItem(
                text: "Report", checked: true, itemID: 0, created: 0,
                due: CalendarDay(year: 2099, month: 1, day: 7).map(Due.day),
                repeatRule: RepeatRule(rrule: "FREQ=WEEKLY;BYDAY=MO"))
            report.uid = "report"
            report.start = CalendarDay(year: 2099, month: 1, day: 5).map(Due.day)
            let nextReport = try next(after: report)
            #expect(nextReport.start == CalendarDay(year: 2099, month: 1, day: 12).map(Due.day))
            #expect(nextReport.due == CalendarDay(year: 2099, month: 1, day: 14).map(Due.day))
            // Without a start, the series counts from the due date and none is made up.
            rent.start = nil
            let plain = try next(after: rent)
            #expect(plain.due == CalendarDay(year: 2099, month: 3, day: 31).map(Due.day))
            #expect(plain.start == nil)
        }
    }

    @Test func uncheckTakesBackOnlyANextOccurrenceWhoseNoteTagsPriorityAndParentAreAsMade() throws {
        try LocalZone.with(LocalZone.utc) {
            var item = ChecklistItem(
                text: "Water plants", checked: true, itemID: 0, created: 0,
                due: CalendarDay(year: 2099, month: 1, day: 5).map(Due.day), repeatRule: RepeatRule(rrule: "FREQ=DAILY")
            )
            item.uid = "water"
            item.note = "ferns"
            item.tags = ["home"]
            let made = try next(after: item)
            var list = Checklist(name: "Chores", items: [item, made])
            #expect(Session.openNextOccurrence(of: item, in: list) == made)
            let changes: [(inout ChecklistItem) -> Void] = [
                { $0.note = "ferns and roses" }, { $0.tags = ["home", "garden"] }, { $0.priority = 1 },
                { $0.parentUID = "garden" },
            ]
            for change in changes {
                var changed = made
                change(&changed)
                list.items[1] = changed
                #expect(Session.openNextOccurrence(of: item, in: list) == nil)
            }
        }
    }
}
