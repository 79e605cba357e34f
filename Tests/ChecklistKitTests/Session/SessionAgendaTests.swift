import Testing

@testable import ChecklistKit

/// `agenda` as a user reads it (SPEC §17): the overdue, then the days ahead, in text and JSON.
@Suite(.serialized)
struct SessionAgendaTests {
    /// Home and Work with timed, whole-day, overdue, far, checked, undated, starting and
    /// repeating items, on Monday 2026-06-15 09:30 UTC.
    private func week() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.runAll([
            "new Home", "add Pay rent yesterday 18:00 +bills", "add Standup tomorrow 9:30 every weekday +work",
            "add Water plants today every 3 days", "add Undated", "add Far 2027-05-01", "add Done today",
            "check 6", "add Project friday", "start 7 wednesday", "add Call today 19:00 !!", "new Work",
            "add Report today 08:00", "add Lunch today 12:00",
        ])
        return fixture
    }

    @Test func showsTheOverdueThenEachDayWithTimedItemsBeforeWholeDayOnes() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try week()
            #expect(
                fixture.run("agenda") == [
                    "Overdue",
                    "  Sun 14 Jun 18:00  Pay rent  Home  +bills  #0",
                    "  Mon 15 Jun 08:00  Report  Work  #8",
                    "",
                    "Today",
                    "  12:00  Lunch  Work  #9",
                    "  19:00  !! Call  Home  #7",
                    "         Water plants  Home  #2",
                    "",
                    "Tomorrow",
                    "  09:30  Standup  Home  +work  #1",
                    "",
                    "Wed 17 Jun",
                    "  09:30  Standup  Home  +work  #1  (to come)",
                    "         Project  Home  #6  (starts)",
                    "",
                    "Thu 18 Jun",
                    "  09:30  Standup  Home  +work  #1  (to come)",
                    "         Water plants  Home  #2  (to come)",
                    "",
                    "Fri 19 Jun",
                    "  09:30  Standup  Home  +work  #1  (to come)",
                    "         Project  Home  #6",
                    "",
                    "Sun 21 Jun",
                    "         Water plants  Home  #2  (to come)",
                ])
        }
    }

    @Test func daysLimitTheWindowAndFiltersTheItems() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try week()
            #expect(fixture.run("agenda 2 +work") == ["Tomorrow", "  09:30  Standup  Home  +work  #1"])
            #expect(fixture.run("agenda repeating 1") == ["Today", "         Water plants  Home  #2"])
            #expect(fixture.run("agenda 1 +nothing") == ["no items pass the filter in the next day"])
            // 2027-05-01 is 320 days after 2026-06-15: the 321st day of a window from today.
            #expect(fixture.run("agenda 321").contains("Sat 1 May"))
            #expect(!fixture.run("agenda 320").contains("Sat 1 May"))
        }
    }

    @Test func aBadNumberOfDaysOrWordIsRefusedAndChangesNothing() throws {
        let fixture = try week()
        #expect(fixture.failure("agenda 0").contains("number of days (1-366)"))
        #expect(fixture.failure("agenda 367").contains("number of days (1-366)"))
        #expect(fixture.failure("agenda soon").contains("\"soon\""))
        #expect(fixture.failure("agenda 3 4").contains("\"4\" is not a filter word"))
    }

    @Test func anEmptyWindowSaysSo() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk"])
        #expect(fixture.run("agenda 3") == ["nothing is due or starts in the next 3 days"])
    }

    @Test func longTextsAreCutToTheWidthKeepingTheChecklistAndID() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try SessionFixture()
            let text = Array(repeating: "word", count: 50).joined(separator: " ")
            fixture.runAll(["new Home", "add \"\(text)\"", "due 1 today 10:00"])
            for columns in [40, 80, 200] {
                fixture.session.columns = columns
                let line = try #require(fixture.run("agenda 1").last)
                #expect(TextWidth.columns(line) == columns, "\(columns): \(line)")
                #expect(line.hasSuffix("…  Home  #0"))
            }
            fixture.session.columns = 300
            #expect(fixture.run("agenda 1").last == "  10:00  \(text)  Home  #0")
            fixture.session.columns = 10
            #expect(fixture.run("agenda 1").last == "  10:00  word word w…  Home  #0", "the text keeps a minimum")
        }
    }

    @Test func jsonGivesTheOverdueAndEachDayWithLaterDatesMarked() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try week()
            fixture.session.reportsJSON = true
            let text = String(decoding: fixture.session.run("agenda 3").document ?? [], as: UTF8.self)
            #expect(
                text.hasPrefix(#"{"version":1,"command":"agenda","overdue":[{"list":"Home","position":1,"itemID":0,"#))
            #expect(text.contains(#"{"date":"2026-06-15","items":[{"list":"Work","position":2,"itemID":9,"#))
            #expect(text.contains(#""occurrence":true,"occurrenceDue":"2026-06-17T09:30:00Z"}"#), "\(text)")
            #expect(text.contains(#""start":"2026-06-17","#) && text.contains(#""starting":true}"#))
            #expect(!text.contains("2026-06-18"), "three days: 15, 16 and 17")
        }
    }

    @Test func agendaNeitherLocksNorSaves() throws {
        let fixture = try week()
        let before = fixture.fileBytes
        #expect(CommandName.agenda.declaration.reach == .wholeBook)
        fixture.run("agenda 30")
        #expect(fixture.fileBytes == before)
    }
}
