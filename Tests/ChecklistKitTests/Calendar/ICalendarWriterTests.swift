import ChecklistKit
import Testing

/// Writing iCalendar text: folding at 75 octets, never inside a character, and read text kept.
struct ICalendarWriterTests {
    @Test func longLinesFoldAt75OctetsAndNeverInsideAUTF8Character() throws {
        for prefix in 0..<8 {
            let text = String(repeating: "a", count: prefix) + String(repeating: "ü€😀", count: 40)
            let folded = ICalendarWriter.fold("SUMMARY:" + text)
            let lines = folded.split(separator: "\r\n", omittingEmptySubsequences: true)
            for (index, line) in lines.enumerated() {
                #expect(line.utf8.count <= 75)
                #expect(index == 0 || line.hasPrefix(" "))
                // Each physical line is valid UTF-8 on its own.
                #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
            }
            let back = try ICalendarReader.read(Array(("BEGIN:X\r\n" + folded + "END:X\r\n").utf8))
            #expect(back.first?.property("SUMMARY")?.value == text)
        }
    }

    @Test func whatWasReadIsWrittenBackByteForByte() throws {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nX-ODD;x-param=\"a:b\":weird\\,value\r\n"
            + "DESCRIPTION:folded by a client at an odd place an\r\n d again\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let read = try ICalendarReader.read(Array(text.utf8))
        #expect(ICalendarWriter.write(read) == text)
    }

    @Test func parametersWithColonsOrCommasAreQuoted() {
        let line = ContentLine("ATTENDEE", parameters: [.init("CN", ["Sam, Uncle"])], value: "mailto:x@example.com")
        #expect(ICalendarWriter.text(of: line) == "ATTENDEE;CN=\"Sam, Uncle\":mailto:x@example.com\r\n")
    }
}
