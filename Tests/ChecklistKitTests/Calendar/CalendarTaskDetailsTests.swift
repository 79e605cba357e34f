import ChecklistKit
import Testing

/// SPEC §13's fields in a VTODO, both ways (SPEC §11's mapping).
struct CalendarTaskDetailsTests {
    private let now = 817_322_400.0

    /// The VTODO of `lines` (CRLF-separated properties).
    private func todo(_ lines: String) throws -> CalendarComponent {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\n" + lines + "END:VTODO\r\nEND:VCALENDAR\r\n"
        return try #require(try ICalendarReader.read(Array(text.utf8)).first?.components.first)
    }

    private func text(_ todo: CalendarComponent) -> String {
        ICalendarWriter.write([todo])
    }

    @Test func aPhonesTaskShowsWithItsDescriptionCategoriesPriorityParentAndStart() throws {
        try LocalZone.with(LocalZone.utc) {
            let phone = try todo(
                "UID:child\r\nSUMMARY:Buy paint\r\nSTATUS:NEEDS-ACTION\r\nDESCRIPTION:White\\, matt\\nTwo litres\r\n"
                    + "CATEGORIES:home,DIY\r\nCATEGORIES:Work stuff,a\\,b, home\r\nPRIORITY:3\r\n"
                    + "RELATED-TO:renovate\r\nDTSTART;TZID=Europe/Berlin:20261201T090000\r\n"
                    + "DUE;VALUE=DATE:20261205\r\n")
            let item = CalendarTask.item(phone, itemID: 1, created: 0)
            #expect(item.note == "White, matt\nTwo litres")
            // Every CATEGORIES line and value, a repeat (ignoring case) once, a category with a space kept whole.
            #expect(item.tags == ["home", "DIY", "Work stuff", "a,b"])
            #expect(item.priority == 3)
            // A RELATED-TO without RELTYPE names a parent (RFC 5545).
            #expect(item.parentUID == "renovate")
            // A DATE-TIME in a zone: 09:00 in Berlin is 08:00 UTC.
            let day = try #require(CalendarDay(year: 2026, month: 12, day: 1))
            #expect(item.start == LocalTime.time(on: day, hour: 8, minute: 0).map(Due.time))
            // Written back unchanged, byte for byte.
            #expect(text(CalendarTask.todo(item, uid: "child", now: now, existing: phone)) == text(phone))
        }
    }

    @Test func priorityZeroIsNoneAndAnythingOutOfRangeToo() throws {
        #expect(CalendarTask.priority(of: try todo("UID:a\r\nPRIORITY:0\r\n")) == nil)
        #expect(CalendarTask.priority(of: try todo("UID:a\r\nPRIORITY:12\r\n")) == nil)
        #expect(CalendarTask.priority(of: try todo("UID:a\r\nPRIORITY:x\r\n")) == nil)
        #expect(CalendarTask.priority(of: try todo("UID:a\r\nPRIORITY:9\r\n")) == 9)
    }

    @Test(arguments: [
        CalendarDay(year: 2026, month: 11, day: 20).map(Due.day), .time(817_300_000), nil,
    ])
    func anItemWithEveryFieldBecomesATaskAndBackUnchanged(_ start: Due?) throws {
        try LocalZone.with(LocalZone.berlin) {
            var item = ChecklistItem(
                text: "Paint the hall", itemID: 4, created: 0,
                due: CalendarDay(year: 2026, month: 12, day: 1).map(Due.day))
            item.note = "Two coats;\nwhite, matt\\"
            item.tags = ["home", "diy"]
            item.priority = 1
            item.parentUID = "renovate@example.org"
            item.start = start
            let written = text(CalendarTask.todo(item, uid: "hall", now: now))
            #expect(written.contains("\r\nDESCRIPTION:Two coats\\;\\nwhite\\, matt\\\\\r\n"))
            #expect(written.contains("\r\nCATEGORIES:home,diy\r\n"))
            #expect(written.contains("\r\nPRIORITY:1\r\n"))
            #expect(written.contains("\r\nRELATED-TO;RELTYPE=PARENT:renovate@example.org\r\n"))
            #expect(written.contains("DTSTART") == (start != nil))
            let read = try #require(try ICalendarReader.read(Array(written.utf8)).first)
            #expect(CalendarTask.item(read, itemID: 4, created: 0) == item)
        }
    }

    @Test func whatIsClearedHereLeavesTheTaskAndWhatIsUnchangedStaysAsRead() throws {
        let phone = try todo(
            "UID:t\r\nSUMMARY:x\r\nDESCRIPTION:old\r\nCATEGORIES:a\r\nPRIORITY:1\r\nRELATED-TO;RELTYPE=PARENT:p\r\n"
                + "DTSTART;VALUE=DATE:20261120\r\n")
        var item = CalendarTask.item(phone, itemID: 1, created: 0)
        item.note = ""
        item.tags = []
        item.priority = nil
        item.parentUID = nil
        item.start = nil
        let cleared = text(CalendarTask.todo(item, uid: "t", now: now, existing: phone))
        for gone in ["DESCRIPTION", "CATEGORIES", "PRIORITY", "RELATED-TO", "DTSTART"] {
            #expect(!cleared.contains(gone), "\(gone)")
        }
    }

    @Test func aTaskWithSeveralParentsKeepsTheOthersAndASelfReferenceIsIgnored() throws {
        let phone = try todo(
            "UID:t\r\nSUMMARY:x\r\nSTATUS:NEEDS-ACTION\r\nRELATED-TO:t\r\nRELATED-TO;RELTYPE=CHILD:kid\r\n"
                + "RELATED-TO;RELTYPE=PARENT:elsewhere\r\nRELATED-TO;RELTYPE=PARENT:here\r\n")
        #expect(CalendarTask.parentUIDs(of: phone) == ["elsewhere", "here"])
        // Among the tasks of its list, the parent is the one there; the other is in another list.
        let item = CalendarTask.item(phone, itemID: 1, created: 0, siblings: ["here", "t"])
        #expect(item.parentUID == "here")
        #expect(
            text(CalendarTask.todo(item, uid: "t", now: now, existing: phone, siblings: ["here", "t"])) == text(phone))
        // Nested under another item here: only the relation that was its parent here changes.
        var moved = item
        moved.parentUID = "other"
        let written = text(CalendarTask.todo(moved, uid: "t", now: now, existing: phone, siblings: ["here", "other"]))
        for kept in [
            "RELATED-TO:t", "RELATED-TO;RELTYPE=CHILD:kid", "RELATED-TO;RELTYPE=PARENT:elsewhere",
            "RELATED-TO;RELTYPE=PARENT:other",
        ] {
            #expect(written.contains("\r\n" + kept + "\r\n"), "\(kept)")
        }
        #expect(!written.contains(":here\r\n"))
        // Top-level here: a parent in another list is no parent, and stays as the phone wrote it.
        let alone = CalendarTask.item(phone, itemID: 1, created: 0, siblings: ["t"])
        #expect(alone.parentUID == nil)
        #expect(text(CalendarTask.todo(alone, uid: "t", now: now, existing: phone, siblings: ["t"])) == text(phone))
    }

    @Test func aDTSTARTEqualToDUEIsNoStartAndARepeatWithoutAStartWritesTheDueDate() throws {
        let apple = try todo("UID:a\r\nSUMMARY:x\r\nDTSTART:20261201T090000Z\r\nDUE:20261201T090000Z\r\n")
        #expect(CalendarTask.item(apple, itemID: 1, created: 0).start == nil)
        let dayDue = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        var item = ChecklistItem(
            text: "Bill", itemID: 1, created: 0, due: .day(dayDue), repeatRule: RepeatRule(rrule: "FREQ=MONTHLY"))
        #expect(CalendarTask.start(of: CalendarTask.todo(item, uid: "b", now: now)) == .day(dayDue))
        // With a start of its own, the series counts from the start (SPEC §11's repeat row).
        let startDay = try #require(CalendarDay(year: 2026, month: 11, day: 24))
        item.start = .day(startDay)
        let written = CalendarTask.todo(item, uid: "b", now: now)
        #expect(CalendarTask.start(of: written) == .day(startDay))
        #expect(CalendarTask.item(written, itemID: 1, created: 0).start == .day(startDay))
    }

    @Test func aStartOnTheDueDateIsMarkedAsTheItemsOwnAndTheMarkGoesWithIt() throws {
        let day = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        var item = ChecklistItem(text: "Paint", itemID: 1, created: 0, due: .day(day))
        item.start = .day(day)
        let written = CalendarTask.todo(item, uid: "p", now: now)
        #expect(text(written).contains("\r\nDTSTART;VALUE=DATE:20261201\r\nX-CHECKLISTS-OWN-START:TRUE\r\n"))
        #expect(CalendarTask.item(written, itemID: 1, created: 0).start == .day(day))
        // Cleared here: DTSTART and its mark go; moved off the due date: the mark goes.
        item.start = nil
        let cleared = CalendarTask.todo(item, uid: "p", now: now, existing: written)
        #expect(cleared.property("DTSTART") == nil && cleared.property("X-CHECKLISTS-OWN-START") == nil)
        item.start = .day(try #require(CalendarDay(year: 2026, month: 11, day: 30)))
        let moved = CalendarTask.todo(item, uid: "p", now: now, existing: written)
        #expect(moved.property("X-CHECKLISTS-OWN-START") == nil)
        #expect(CalendarTask.item(moved, itemID: 1, created: 0).start == item.start)
    }
}
