import Testing

@testable import ChecklistKit

/// A CalDAV client's alarm time, kept with the item so that `watch` rings when the phone does
/// (SPEC §9, §11; issue #36 finding 5: a phone's "15 minutes before" fired at the due time).
struct CalendarAlarmTests {
    /// A task due `due` (a DUE line's value part, with its parameters) holding one alarm.
    private func todo(due: String, trigger: String, extra: String = "") throws -> CalendarComponent {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:Call\r\nDUE\(due)\r\n\(extra)"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER\(trigger)\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let calendar = try #require(try ICalendarReader.read(Array(text.utf8)).first)
        return try #require(calendar.components.first { $0.name == "VTODO" })
    }

    @Test(arguments: [
        (":20261201T100000Z", ";RELATED=END:-PT15M", "", -900),
        (":20261201T100000Z", ";VALUE=DATE-TIME:20261201T094500Z", "", -900),
        (":20261201T100000Z", ":-PT1H", "DTSTART:20261201T100000Z\r\n", -3600),
        (":20261201T100000Z", ";RELATED=END:-P1DT2H30M", "", -95_400),
        (";VALUE=DATE:20261201", ";RELATED=END:-PT15M", "", -900),
        (";VALUE=DATE:20261201", ";RELATED=END:PT8H", "", 28_800),
    ])
    func aClientsAlarmTimeIsKept(due: String, trigger: String, extra: String, offset: Int) throws {
        let task = try todo(due: due, trigger: trigger, extra: extra)
        #expect(CalendarAlarm.offset(of: task) == offset)
        #expect(CalendarTask.item(task, itemID: 0, created: 0).alarmOffset == offset)
    }

    @Test(arguments: [
        (":20261201T100000Z", ";RELATED=END:PT0S", ""),
        (";VALUE=DATE:20261201", ";RELATED=END:PT9H", ""),
        // Relative to a start the task does not have, or nothing a duration says.
        (":20261201T100000Z", ":-PT15M", ""),
        (":20261201T100000Z", ";RELATED=END:-15M", ""),
        (":20261201T100000Z", ";RELATED=END:P99999999999D", ""),
        // Apple's location alarm rings at no time.
        (":20261201T100000Z", ";VALUE=DATE-TIME:19760401T005545Z", "X-APPLE-PROXIMITY:ARRIVE\r\n"),
    ])
    func noAlarmTimeWhereWatchRingsAnywayOrNoneIsSaid(due: String, trigger: String, extra: String) throws {
        var task = try todo(due: due, trigger: trigger)
        if !extra.isEmpty, let index = task.components.indices.first {
            task.components[index].set("X-APPLE-PROXIMITY", ContentLine("X-APPLE-PROXIMITY", value: "ARRIVE"))
        }
        #expect(CalendarAlarm.offset(of: task) == nil)
    }

    @Test func durationsReadAndWrittenAsRFC5545SaysThem() {
        for (text, seconds) in [("-PT15M", -900), ("P1DT2H", 93_600), ("PT0S", 0), ("-P1W", -604_800), ("PT90S", 90)] {
            #expect(CalendarAlarm.seconds(of: text) == Double(seconds), "\(text)")
        }
        for text in ["", "P", "PT", "-", "P1H", "PT1D", "P1.5D", "PTT1H", "P1D2H"] {
            #expect(CalendarAlarm.seconds(of: text) == nil, "\(text)")
        }
        for seconds in [-900, 93_600, 0, 86_400, -95_400, 61] {
            #expect(CalendarAlarm.seconds(of: CalendarAlarm.duration(seconds)) == Double(seconds))
        }
    }

    @Test func watchRingsAtTheClientsAlarmTimeAndAServerWithoutTheAlarmGetsIt() throws {
        var item = ChecklistItem(
            text: "Call", itemID: 0, created: 0, due: .time(800_000_000), shouldRemind: true,
            repeatRule: RepeatRule(words: "daily"))
        item.alarmOffset = -900
        let book = ChecklistBook(checklists: [Checklist(name: "A", items: [item])], currentIndex: 0, nextItemID: 1)
        #expect(ReminderSchedule.reminders(in: book).map(\.fireTime) == [800_000_000 - 900])
        // Written to a server without the client's alarm (another account), it rings then too.
        let written = CalendarTask.todo(item, uid: "a", now: 0)
        #expect(CalendarAlarm.offset(of: written) == -900)
    }
}
