import ChecklistKit
import Testing

/// When reminders fire (SPEC §9), in UTC unless a test says otherwise.
struct ReminderScheduleTests {
    private let now = TestTime.now  // 2026-06-15 09:30 UTC

    private func item(
        _ text: String, _ id: Int, due: Double?, remind: Bool = true, checked: Bool = false
    ) -> ChecklistItem {
        ChecklistItem(text: text, checked: checked, itemID: id, created: 0, dueDate: due, shouldRemind: remind)
    }

    private func book(_ items: [ChecklistItem], list: String = "Groceries") -> ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: list, items: items)], currentIndex: 0, nextItemID: 100)
    }

    private func texts(_ reminders: [Reminder]) -> [String] { reminders.map(\.text) }

    @Test func onlyUncheckedItemsWithADueDateAndTheirReminderOnRemind() {
        LocalZone.with(LocalZone.utc) {
            let past = now - 60
            let book = book([
                item("due", 0, due: past), item("no reminder", 1, due: past, remind: false),
                item("checked", 2, due: past, checked: true), item("no date", 3, due: nil),
            ])
            #expect(texts(ReminderSchedule.due(in: book, at: now, fired: FiredReminders())) == ["due"])
        }
    }

    @Test func missedRemindersAreAllDueSoonestFirst() {
        LocalZone.with(LocalZone.utc) {
            let book = book([item("later", 0, due: now - 60), item("earlier", 1, due: now - 3600)])
            #expect(texts(ReminderSchedule.due(in: book, at: now, fired: FiredReminders())) == ["earlier", "later"])
        }
    }

    @Test func aFiredReminderDoesNotFireAgainButANewDueDateArmsIt() {
        LocalZone.with(LocalZone.utc) {
            var book = book([item("Milk", 0, due: now - 60)])
            var fired = FiredReminders()
            for reminder in ReminderSchedule.due(in: book, at: now, fired: fired) { fired.insert(reminder.key) }
            #expect(ReminderSchedule.due(in: book, at: now, fired: fired).isEmpty)
            book.update(at: 0) { $0.items[0].dueDate = self.now + 60 }
            #expect(ReminderSchedule.nextFireTime(in: book, after: now, fired: fired) == now + 60)
            #expect(texts(ReminderSchedule.due(in: book, at: now + 60, fired: fired)) == ["Milk"])
        }
    }

    @Test func theNextFireTimeIsTheSoonestNotYetFired() {
        LocalZone.with(LocalZone.utc) {
            let book = book([item("a", 0, due: now + 600), item("b", 1, due: now + 60), item("c", 2, due: now - 60)])
            #expect(ReminderSchedule.nextFireTime(in: book, after: now, fired: FiredReminders()) == now + 60)
            let fired = FiredReminders([FiredReminders.Key(itemID: 1, due: now + 60, text: "b")])
            #expect(ReminderSchedule.nextFireTime(in: book, after: now, fired: fired) == now + 600)
            #expect(ReminderSchedule.nextFireTime(in: book, after: now + 600, fired: fired) == nil)
        }
    }

    @Test func aWholeDayRemindsAtNineInTheMorningLocalTime() {
        LocalZone.with(LocalZone.utc) {
            let day = TestTime.utc(2026, 6, 16)
            let book = book([item("Birthday", 0, due: day)])
            #expect(ReminderSchedule.reminders(in: book).first?.fireTime == TestTime.utc(2026, 6, 16, 9))
            #expect(ReminderSchedule.due(in: book, at: TestTime.utc(2026, 6, 16, 8, 59), fired: .init()).isEmpty)
        }
        LocalZone.with(LocalZone.berlin) {
            // Local midnight of 2026-06-16 in Berlin (CEST) is 22:00 UTC the day before.
            let day = TestTime.utc(2026, 6, 15, 22)
            #expect(ReminderSchedule.fireTime(day) == TestTime.utc(2026, 6, 16, 7))
        }
    }

    @Test func aWholeDayOnADaylightSavingDayStillRemindsAtNine() {
        LocalZone.with(LocalZone.berlin) {
            // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST; 09:00 CEST is 07:00 UTC.
            let spring = TestTime.utc(2026, 3, 28, 23)
            #expect(ReminderSchedule.fireTime(spring) == TestTime.utc(2026, 3, 29, 7))
            // 2026-10-25: clocks go back from 03:00 CEST to 02:00 CET; 09:00 CET is 08:00 UTC.
            let autumn = TestTime.utc(2026, 10, 24, 22)
            #expect(ReminderSchedule.fireTime(autumn) == TestTime.utc(2026, 10, 25, 8))
        }
    }

    @Test func aChangeOfTimeZoneMovesWholeDaysButNotTimedReminders() {
        let timed = TestTime.utc(2026, 6, 16, 18)
        let inUTC = LocalZone.with(LocalZone.utc) { ReminderSchedule.fireTime(timed) }
        let inBerlin = LocalZone.with(LocalZone.berlin) { ReminderSchedule.fireTime(timed) }
        #expect(inUTC == timed)
        #expect(inBerlin == timed)
    }

    @Test func manyDueAtOnceAllFire() {
        LocalZone.with(LocalZone.utc) {
            let items = (0..<500).map { item("item \($0)", $0, due: now - Double($0)) }
            let due = ReminderSchedule.due(in: book(items), at: now, fired: FiredReminders())
            #expect(due.count == 500)
            #expect(due.first?.text == "item 499")
        }
    }

    @Test func theRecordDropsVanishedAndReDatedItemsButKeepsCheckedOnes() {
        let book = book([item("kept", 0, due: now), item("checked", 1, due: now, checked: true)])
        let fired = FiredReminders([
            .init(itemID: 0, due: now, text: "kept"), .init(itemID: 1, due: now, text: "checked"),
            .init(itemID: 0, due: now - 1, text: "kept"), .init(itemID: 7, due: now, text: "gone"),
        ])
        #expect(
            fired.pruned(keeping: book).keys == [
                .init(itemID: 0, due: now, text: "kept"), .init(itemID: 1, due: now, text: "checked"),
            ])
    }

    @Test func theBodySaysTheTextAndTheDueTime() {
        LocalZone.with(LocalZone.utc) {
            let today = Reminder(itemID: 0, list: "L", text: "Milk", due: TestTime.utc(2026, 6, 15, 18), fireTime: 0)
            #expect(today.body(now: now) == "Milk — due 18:00")
            let wholeDay = Reminder(itemID: 0, list: "L", text: "Milk", due: TestTime.utc(2026, 6, 15), fireTime: 0)
            #expect(wholeDay.body(now: now) == "Milk — due today")
            let later = Reminder(itemID: 0, list: "L", text: "Milk", due: TestTime.utc(2026, 6, 17, 8), fireTime: 0)
            #expect(later.body(now: now) == "Milk — due 2026-06-17 08:00")
        }
    }

    @Test func dueTimesAreWrittenInISO8601WithTheLocalOffset() {
        #expect(
            LocalZone.with(LocalZone.utc) { LocalTime.iso8601(TestTime.utc(2026, 6, 15, 18)) }
                == "2026-06-15T18:00:00+00:00")
        #expect(
            LocalZone.with(LocalZone.berlin) { LocalTime.iso8601(TestTime.utc(2026, 6, 15, 18)) }
                == "2026-06-15T20:00:00+02:00")
        #expect(
            LocalZone.with("EST5") { LocalTime.iso8601(TestTime.utc(2026, 1, 15, 18)) } == "2026-01-15T13:00:00-05:00")
    }
}
