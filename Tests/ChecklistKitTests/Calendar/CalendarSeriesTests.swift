import Testing

@testable import ChecklistKit

/// A series Thunderbird completes one occurrence at a time, each a `RECURRENCE-ID` VTODO beside
/// the master, reads as its one open occurrence (SPEC §12; issue #36 finding 3).
struct CalendarSeriesTests {
    private func calendar(_ overrides: [String], due: String = ";VALUE=DATE:20990105") throws -> [CalendarComponent] {
        var text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:s\r\nSUMMARY:Bins\r\nDTSTART\(due)\r\nDUE\(due)\r\n"
            + "RRULE:FREQ=WEEKLY\r\nEND:VTODO\r\n"
        for (index, recurrence) in overrides.enumerated() {
            text +=
                "BEGIN:VTODO\r\nUID:s\r\nRECURRENCE-ID\(recurrence)\r\nSUMMARY:Bins\r\nSTATUS:COMPLETED\r\n"
                + "SEQUENCE:\(index)\r\nEND:VTODO\r\n"
        }
        text += "END:VCALENDAR\r\n"
        return try #require(try ICalendarReader.read(Array(text.utf8)).first).components
    }

    @Test(arguments: [
        ([String](), "2099-01-05"),
        ([";VALUE=DATE:20990105"], "2099-01-12"),
        ([";VALUE=DATE:20990112", ";VALUE=DATE:20990105"], "2099-01-19"),
    ])
    func theOpenOccurrenceFollowsTheLatestCompletedOne(overrides: [String], due: String) throws {
        let components = try calendar(overrides)
        let master = try #require(components.first)
        let open = CalendarSeries.openOccurrence(master, among: components)
        let item = CalendarTask.item(open, itemID: 0, created: 0)
        #expect(item.due?.text == due)
        // DTSTART moves with DUE: the series counts on from the open occurrence.
        #expect(CalendarTask.start(of: open) == item.due)
        #expect(!item.checked)
    }

    @Test func aTimedSeriesMovesByItsClockTime() throws {
        let components = try calendar([":20990105T080000Z"], due: ":20990105T080000Z")
        let open = CalendarSeries.openOccurrence(try #require(components.first), among: components)
        #expect(CalendarTask.dueDate(of: open) == .time(TestTime.utc(2099, 1, 12, 8)))
    }
}
