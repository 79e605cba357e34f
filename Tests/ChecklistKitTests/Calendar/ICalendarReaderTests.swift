import ChecklistKit
import Testing

/// Reading iCalendar text: unfolding, names, parameters, values, nesting, and hostile input.
struct ICalendarReaderTests {
    private func read(_ text: String) throws -> [CalendarComponent] {
        try ICalendarReader.read(Array(text.utf8))
    }

    @Test func readsTheRFCsTodoExampleWithFoldedLinesParametersAndAnAlarm() throws {
        // RFC 5545 §3.6.2's example, with a folded line and bare LF on one line.
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//ABC Corporation//NONSGML My Product//EN\r\n"
            + "BEGIN:VTODO\r\nDTSTAMP:19980130T134500Z\r\nSEQUENCE:2\r\nUID:uid4@example.com\r\n"
            + "ORGANIZER:mailto:unclesam@example.com\r\n"
            + "ATTENDEE;PARTSTAT=ACCEPTED;CN=\"Sam, Uncle\":mailto:jqpublic@example.com\r\n"
            + "DUE:19980415T000000\r\nSTATUS:NEEDS-ACTION\r\nSUMMARY:Submit Income Taxes\r\n"
            + "DESCRIPTION:a description that goes on and on and is folded by the client\r\n  across two lines\n"
            + "BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER:19980403T120000Z\r\nREPEAT:4\r\nDURATION:PT1H\r\nEND:VALARM\r\n"
            + "END:VTODO\r\nEND:VCALENDAR\r\n"
        let calendars = try read(text)
        let todo = try #require(calendars.first?.components(named: "VTODO").first)
        #expect(todo.property("summary")?.value == "Submit Income Taxes")
        #expect(
            todo.property("DESCRIPTION")?.value
                == "a description that goes on and on and is folded by the client across two lines")
        #expect(todo.property("DESCRIPTION")?.original?.count == 2)
        let attendee = try #require(todo.property("ATTENDEE"))
        #expect(attendee.parameters == [.init("PARTSTAT", ["ACCEPTED"]), .init("CN", ["Sam, Uncle"])])
        #expect(attendee.value == "mailto:jqpublic@example.com")
        #expect(todo.components(named: "VALARM").first?.property("REPEAT")?.value == "4")
    }

    @Test(arguments: [
        ("", "no component"),
        ("SUMMARY:x\r\n", "outside any component"),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\n", "closes VTODO"),
        ("BEGIN:VCALENDAR\r\n", "not closed"),
        ("BEGIN:VCALENDAR\r\nSUMMARY x\r\nEND:VCALENDAR\r\n", "colon is missing"),
        ("BEGIN:VCALENDAR\r\nX;CN=\"open:x\r\nEND:VCALENDAR\r\n", "unclosed quote"),
        (" folded first\r\n", "continuation"),
        ("END:VTODO\r\n", "END without BEGIN"),
    ])
    func malformedTextIsRefusedWithTheReason(_ text: String, _ reason: String) {
        #expect {
            try read(text)
        } throws: { error in
            (error as? ICalendarError)?.description.contains(reason) == true
        }
    }

    @Test func hostileInputIsRefusedOrReadWithoutBlowingUp() throws {
        // Nesting past the limit.
        let deep = String(repeating: "BEGIN:X\r\n", count: 10_000)
        #expect(throws: ICalendarError.self) { try read(deep) }
        // One logical line of 10 MB made of continuations (a photo attached inline) reads; one
        // of 34 MB, past the longest line read, is refused.
        let chunk = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n "
        for (count, reads) in [(140_000, true), (460_000, false)] {
            let folded = "BEGIN:VCALENDAR\r\nX-LONG:" + String(repeating: chunk, count: count) + "\r\nEND:VCALENDAR\r\n"
            let read = try? read(folded)
            #expect((read?.first?.properties.first?.value.utf8.count ?? 0 > 10_000_000) == reads)
        }
        // 10 MB of many small tasks reads, linearly.
        let task = "BEGIN:VTODO\r\nUID:u\r\nSUMMARY:s\r\nEND:VTODO\r\n"
        let many = "BEGIN:VCALENDAR\r\n" + String(repeating: task, count: 250_000) + "END:VCALENDAR\r\n"
        let calendars = try read(many)
        #expect(calendars.first?.components.count == 250_000)
        // Binary garbage.
        let garbage = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        #expect(throws: ICalendarError.self) { try ICalendarReader.read(garbage) }
    }
}
