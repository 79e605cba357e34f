import ChecklistKit
import Foundation
import Testing

/// Items as VTODOs and back, by SPEC §11's mapping.
struct CalendarTaskTests {
    private let now = 817_322_400.0

    @Test(arguments: [
        ChecklistItem(text: "Buy milk", itemID: 1, created: 0),
        ChecklistItem(text: "a, b; c\nd", checked: true, itemID: 2, created: 0),
        ChecklistItem(text: "Call", itemID: 3, created: 0, dueDate: 817_322_400, shouldRemind: true),
        ChecklistItem(text: "Day", itemID: 4, created: 0, dueDate: 817_254_000),
        ChecklistItem(
            text: "Water plants", itemID: 5, created: 0, dueDate: 817_254_000,
            repeatRule: RepeatRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH")),
    ])
    func anItemBecomesATaskAndBackUnchanged(_ item: ChecklistItem) throws {
        try LocalZone.with(LocalZone.berlin) {
            let todo = CalendarTask.todo(item, uid: "u", now: now)
            let text = ICalendarWriter.write([CalendarComponent("VCALENDAR", components: [todo])])
            let read = try #require(try ICalendarReader.read(Array(text.utf8)).first?.components.first)
            let back = CalendarTask.item(read, itemID: item.itemID, created: 0)
            #expect(back == item)
        }
    }

    /// SPEC §12 (amended): an `after done` rule goes out as a plain RRULE (what Tasks.org puts
    /// on a server; it keeps its own "repeat from completion" on the phone) and a mark of our
    /// own, and comes back the same; a task without the mark has a plain rule.
    @Test func anAfterDoneRuleIsAPlainRRuleAndAMarkOnTheServer() throws {
        try LocalZone.with(LocalZone.utc) {
            let rule = try #require(RepeatRule(words: "every 3 days after done"))
            let item = ChecklistItem(text: "Water plants", itemID: 1, created: 0, dueDate: now, repeatRule: rule)
            let text = ICalendarWriter.write([
                CalendarComponent("VCALENDAR", components: [CalendarTask.todo(item, uid: "u", now: now)])
            ])
            #expect(text.contains("\r\nRRULE:FREQ=DAILY;INTERVAL=3\r\n"))
            #expect(text.contains("\r\nX-CHECKLISTS-REPEAT-FROM:COMPLETION\r\n"))
            let read = try #require(try ICalendarReader.read(Array(text.utf8)).first?.components.first)
            #expect(CalendarTask.item(read, itemID: 1, created: 0).repeatRule == rule)
            let plain = text.replacingOccurrences(of: "X-CHECKLISTS-REPEAT-FROM:COMPLETION\r\n", with: "")
            let phone = try #require(try ICalendarReader.read(Array(plain.utf8)).first?.components.first)
            #expect(
                CalendarTask.item(phone, itemID: 1, created: 0).repeatRule == RepeatRule(rrule: "FREQ=DAILY;INTERVAL=3")
            )
            var none = item
            none.repeatRule = RepeatRule(words: "every 3 days")
            #expect(!ICalendarWriter.write([CalendarTask.todo(none, uid: "u", now: now)]).contains("REPEAT-FROM"))
        }
    }

    /// Issue #36 finding 1: RFC 5545 computes a series from DTSTART; without one, python caldav
    /// and plann made a whole-day bill's next one due at the minute it was completed.
    @Test func aRepeatingTaskCarriesItsDueDateAsDTSTARTInTheSameForm() throws {
        let rule = RepeatRule(rrule: "FREQ=MONTHLY")
        var bill = ChecklistItem(text: "Bill", itemID: 1, created: 0, repeatRule: rule)
        bill.due = CalendarDay(year: 2026, month: 12, day: 1).map(Due.day)
        let day = ICalendarWriter.write([CalendarTask.todo(bill, uid: "b", now: now)])
        #expect(day.contains("\r\nDUE;VALUE=DATE:20261201\r\n"))
        #expect(day.contains("\r\nDTSTART;VALUE=DATE:20261201\r\n"))
        bill.due = .time(817_322_400)  // 2026-11-25 18:00 UTC
        let time = ICalendarWriter.write([CalendarTask.todo(bill, uid: "b", now: now)])
        #expect(time.contains("\r\nDUE:20261125T180000Z\r\n"))
        #expect(time.contains("\r\nDTSTART:20261125T180000Z\r\n"))
        bill.repeatRule = nil
        #expect(!ICalendarWriter.write([CalendarTask.todo(bill, uid: "b", now: now)]).contains("DTSTART"))
    }

    @Test func aTasksOwnStartStaysWhileItsDueDateDoesAndADTSTARTThatWasTheDueDateFollowsIt() throws {
        let server =
            "BEGIN:VTODO\r\nUID:abc\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Bill\r\nSTATUS:NEEDS-ACTION\r\n"
            + "DTSTART;VALUE=DATE:20261125\r\nDUE;VALUE=DATE:20261201\r\nRRULE:FREQ=MONTHLY\r\nEND:VTODO\r\n"
        let existing = try #require(try ICalendarReader.read(Array(server.utf8)).first)
        var item = CalendarTask.item(existing, itemID: 9, created: 0)
        #expect(item.start == CalendarDay(year: 2026, month: 11, day: 25).map(Due.day))
        #expect(ICalendarWriter.write([CalendarTask.todo(item, uid: "abc", now: now, existing: existing)]) == server)
        // A new due date: the start is the item's own (SPEC §13), and stays.
        item.due = CalendarDay(year: 2027, month: 1, day: 1).map(Due.day)
        let moved = CalendarTask.todo(item, uid: "abc", now: now, existing: existing)
        #expect(CalendarTask.start(of: moved) == item.start)
        // Without a start of its own, a repeating task's DTSTART is its due date.
        item.start = nil
        let series = CalendarTask.todo(item, uid: "abc", now: now, existing: moved)
        #expect(CalendarTask.start(of: series) == item.due)
        #expect(CalendarTask.startDate(of: series) == nil)
        // Apple's DTSTART equal to DUE on a task that does not repeat follows the due date.
        var plain = item
        plain.repeatRule = nil
        plain.due = CalendarDay(year: 2027, month: 2, day: 1).map(Due.day)
        let followed = CalendarTask.todo(plain, uid: "abc", now: now, existing: series)
        #expect(CalendarTask.start(of: followed) == plain.due)
        #expect(CalendarTask.dueDate(of: followed) == plain.due)
    }

    @Test func whatTheMappingDoesNotCoverIsKeptAndAnUnchangedTaskIsWrittenAsItWasRead() throws {
        let server =
            "BEGIN:VTODO\r\nUID:abc\r\nDTSTAMP:20260101T000000Z\r\nSEQUENCE:4\r\nSUMMARY:Buy milk\r\n"
            + "STATUS:NEEDS-ACTION\r\nPRIORITY:1\r\nX-TASKS-ORG-ORDER:7\r\nRELATED-TO:parent\r\n"
            + "BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VTODO\r\n"
        let existing = try #require(try ICalendarReader.read(Array(server.utf8)).first)
        let item = CalendarTask.item(existing, itemID: 9, created: 0)
        #expect(item.shouldRemind)
        let same = CalendarTask.todo(item, uid: "other", now: now, existing: existing)
        #expect(ICalendarWriter.write([same]) == server)

        var checked = item
        checked.checked = true
        let changed = CalendarTask.todo(checked, uid: "other", now: now, existing: existing)
        let text = ICalendarWriter.write([changed])
        for kept in ["UID:abc", "PRIORITY:1", "X-TASKS-ORG-ORDER:7", "RELATED-TO:parent", "TRIGGER:-PT15M"] {
            #expect(text.contains(kept + "\r\n"))
        }
        #expect(text.contains("STATUS:COMPLETED\r\n"))
        #expect(text.contains("PERCENT-COMPLETE:100\r\n"))
        #expect(text.contains("COMPLETED:20261125T180000Z\r\n"))
        #expect(text.contains("SEQUENCE:5\r\n"))
        #expect(text.contains("LAST-MODIFIED:20261125T180000Z\r\n"))
    }

    @Test func aCompletedTimeWithoutStatusCountsAsChecked() throws {
        let todo = CalendarComponent("VTODO", properties: [ContentLine("COMPLETED", value: "20260101T000000Z")])
        #expect(CalendarTask.isChecked(todo))
        let reopened = CalendarComponent(
            "VTODO", properties: [ContentLine("STATUS", value: "IN-PROCESS"), ContentLine("COMPLETED", value: "x")])
        #expect(!CalendarTask.isChecked(reopened))
    }

    /// The VTODO in `text` (one calendar object).
    private func todo(_ text: String) throws -> CalendarComponent {
        let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + text + "END:VCALENDAR\r\n"
        return try #require(try ICalendarReader.read(Array(calendar.utf8)).first?.components.first)
    }

    @Test func aWholeDayReminderRingsAtNineAsWatchDoesATimedOneAtTheDueTime() throws {
        let day = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        let wholeDay = ChecklistItem(text: "Bins", itemID: 1, created: 0, due: .day(day), shouldRemind: true)
        let timed = ChecklistItem(text: "Call", itemID: 2, created: 0, due: .time(817_322_400), shouldRemind: true)
        let dayAlarm = CalendarTask.todo(wholeDay, uid: "d", now: now).components(named: "VALARM").first
        #expect(dayAlarm?.property("TRIGGER")?.value == "PT9H")
        #expect(dayAlarm?.property("TRIGGER")?.parameters.first?.values == ["END"])
        let timedAlarm = CalendarTask.todo(timed, uid: "t", now: now).components(named: "VALARM").first
        #expect(timedAlarm?.property("TRIGGER")?.value == "PT0S")
    }

    @Test func anAppleLocationAlarmIsNoReminderAndIsKept() throws {
        let server = try todo(
            "BEGIN:VTODO\r\nUID:loc\r\nSUMMARY:Buy stamps\r\nSTATUS:NEEDS-ACTION\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:19760401T005545Z\r\n"
                + "X-APPLE-PROXIMITY:ARRIVE\r\nEND:VALARM\r\nEND:VTODO\r\n")
        var item = CalendarTask.item(server, itemID: 1, created: 0)
        #expect(!item.shouldRemind)
        // Checked here: the location alarm stays as it was.
        item.checked = true
        let checked = CalendarTask.todo(item, uid: "loc", now: now, existing: server)
        #expect(checked.components(named: "VALARM").count == 1)
        #expect(checked.components(named: "VALARM").first?.property("X-APPLE-PROXIMITY") != nil)
    }

    @Test func aCancelledTaskReadsAsCheckedAndStaysCancelledUntilUncheckedHere() throws {
        let server = try todo("BEGIN:VTODO\r\nUID:c\r\nSUMMARY:Party\r\nSTATUS:CANCELLED\r\nEND:VTODO\r\n")
        var item = CalendarTask.item(server, itemID: 1, created: 0)
        #expect(item.checked)
        item.text = "Party (off)"
        let edited = CalendarTask.todo(item, uid: "c", now: now, existing: server)
        #expect(edited.property("STATUS")?.value == "CANCELLED")
        #expect(edited.property("COMPLETED") == nil)
        item.checked = false
        #expect(
            CalendarTask.todo(item, uid: "c", now: now, existing: server).property("STATUS")?.value == "NEEDS-ACTION")
    }

    /// Issue #36 finding 2: the next occurrence of a phone's task is built on the completed one.
    @Test func theNextOccurrenceCarriesEveryPropertyOfTheCompletedTask() throws {
        let completed = try todo(
            "BEGIN:VTODO\r\nUID:phone-1\r\nSUMMARY:Water plants\r\nSTATUS:COMPLETED\r\nCOMPLETED:20990105T090000Z\r\n"
                + "PERCENT-COMPLETE:100\r\nDUE;VALUE=DATE:20990105\r\nDTSTART;VALUE=DATE:20990105\r\n"
                + "RECURRENCE-ID;VALUE=DATE:20990105\r\nSEQUENCE:7\r\nCREATED:20200101T000000Z\r\n"
                + "PRIORITY:1\r\nLOCATION:Balcony\r\nX-PHONE:kept\r\n"
                + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VTODO\r\n")
        var next = ChecklistItem(
            text: "Water plants", itemID: 2, created: 0, due: CalendarDay(year: 2099, month: 1, day: 12).map(Due.day),
            shouldRemind: true, repeatRule: RepeatRule(rrule: "FREQ=WEEKLY"))
        // The next occurrence carries the priority the completed one was read with (SPEC §12).
        next.priority = 1
        let text = ICalendarWriter.write([CalendarTask.nextTodo(next, uid: "n", after: completed, now: now)])
        for line in [
            "UID:n", "STATUS:NEEDS-ACTION", "DUE;VALUE=DATE:20990112", "DTSTART;VALUE=DATE:20990112",
            "RRULE:FREQ=WEEKLY", "SEQUENCE:0", "PRIORITY:1", "LOCATION:Balcony", "X-PHONE:kept", "TRIGGER:-PT15M",
            "CREATED:20261125T180000Z", "DTSTAMP:20261125T180000Z",
        ] {
            #expect(text.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        for gone in ["phone-1", "COMPLETED:", "PERCENT-COMPLETE", "RECURRENCE-ID", "SEQUENCE:7", "PT0S"] {
            #expect(!text.contains(gone), "\(gone)")
        }
    }

    @Test(arguments: ItemField.allCases)
    func anItemWithEveryFieldKeepsTheFieldThroughAVTODOWhereItCarriesIt(field: ItemField) {
        // Not carried: the caller gives the item's number and sets the UID (the resource's) and
        // the server mark (the server's ETag).
        let notCarried: Set<ItemField> = [.itemID, .uid, .serverMark]
        let item = ItemFieldTests.fullItem()
        let back = CalendarTask.item(CalendarTask.todo(item, uid: "task", now: 0), itemID: 0, created: 0)
        #expect(ItemFieldTests.same(field, back, item) == !notCarried.contains(field))
    }
}
