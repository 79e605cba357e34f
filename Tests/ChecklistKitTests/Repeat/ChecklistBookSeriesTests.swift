import ChecklistKit
import Testing

/// A series another client completed without adding its next occurrence (SPEC §12).
struct ChecklistBookSeriesTests {
    /// Chores with Water plants, weekly from 2099-01-05, checked with its rule kept.
    private func completedElsewhere() -> ChecklistBook {
        var item = ChecklistItem(
            text: "Water plants", checked: true, itemID: 0, created: 0,
            due: CalendarDay(year: 2099, month: 1, day: 5).map(Due.day), repeatRule: RepeatRule(rrule: "FREQ=WEEKLY"))
        item.uid = "phone-1"
        return ChecklistBook(
            checklists: [Checklist(name: "Chores", items: [item, ChecklistItem(text: "Rent", itemID: 1, created: 0)])],
            currentIndex: 0, nextItemID: 2)
    }

    @Test func aCompletedTaskThatKeptItsRuleGetsItsNextOccurrenceOnce() throws {
        try LocalZone.with(LocalZone.utc) {
            var book = completedElsewhere()
            book.addMissingNextOccurrences(now: TestTime.now)
            let items = try #require(book.checklists.first?.items)
            #expect(items.map(\.text) == ["Water plants", "Water plants", "Rent"])
            #expect(items[0].checked && items[0].repeatRule == nil)
            #expect(!items[1].checked && items[1].repeatRule == RepeatRule(rrule: "FREQ=WEEKLY"))
            #expect(items[1].due == CalendarDay(year: 2099, month: 1, day: 12).map(Due.day))
            // Another machine seeing the same completion makes the same next occurrence.
            var other = completedElsewhere()
            other.addMissingNextOccurrences(now: TestTime.now + 3600)
            #expect(other.checklists.first?.items[1].uid == items[1].uid)
            // Once it is there, nothing more is added.
            var again = completedElsewhere()
            again.update(at: 0) { $0.items.append(items[1]) }
            again.addMissingNextOccurrences(now: TestTime.now)
            #expect(again.checklists.first?.items.count == 3)
            #expect(again.checklists.first?.items[0].repeatRule != nil)
        }
    }
}
