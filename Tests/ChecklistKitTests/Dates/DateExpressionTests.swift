import ChecklistKit
import KeyedArchive
import Testing

/// The DATE grammar (SPEC §6) as a table: input, now and zone → the due date, or the refusal
/// with its suggestion. Evaluation reads the zone from `TZ`, so the table runs one row at a time.
@Suite(.serialized)
struct DateExpressionTests {
    /// What a row expects.
    enum Expected: Equatable, CustomStringConvertible {
        /// A whole day, `YYYY-MM-DD`.
        case day(String)
        /// A time, as seconds since 2001 UTC.
        case time(Double)
        /// The refusal.
        case refused(DateExpressionError)

        var description: String {
            switch self {
            case .day(let day): "day \(day)"
            case .time(let time): "time \(CivilTime.iso8601(referenceSeconds: time))"
            case .refused(let error): "refused: \(error)"
            }
        }
    }

    /// One row: `input` evaluated at `now` in `zone`.
    struct Row: CustomTestStringConvertible, Sendable {
        var input: String
        var now: Double
        var zone: String
        var expected: ExpectedBox

        var testDescription: String { "\"\(input)\" at \(CivilTime.iso8601(referenceSeconds: now)) in \(zone)" }
    }

    /// `Expected` made `Sendable` for test arguments.
    struct ExpectedBox: Sendable {
        let make: @Sendable () -> Expected
    }

    private static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Double {
        TestTime.utc(y, m, d, h, min, s)
    }

    /// Monday 2026-06-15 09:30 UTC.
    private static let monday = TestTime.now
    private static let utcZone = LocalZone.utc
    private static let berlin = LocalZone.berlin

    private static func row(
        _ input: String, _ expected: @autoclosure @escaping @Sendable () -> Expected, now: Double = monday,
        zone: String = utcZone
    ) -> Row {
        Row(input: input, now: now, zone: zone, expected: ExpectedBox(make: expected))
    }

    private static func notADate(_ input: String, _ suggestions: String...) -> Row {
        row(input, .refused(.notADate(input, suggestions: suggestions)))
    }

    static let days: [Row] = [
        row("2026-07-01", .day("2026-07-01")), row("2028-02-29", .day("2028-02-29")),
        row("today", .day("2026-06-15")), row("TODAY", .day("2026-06-15")), row("Tomorrow", .day("2026-06-16")),
        row("yesterday", .day("2026-06-14")),
        row("friday", .day("2026-06-19")), row("Fri", .day("2026-06-19")), row("frid", .day("2026-06-19")),
        row("tue", .day("2026-06-16")), row("tues", .day("2026-06-16")), row("thurs", .day("2026-06-18")),
        row("wed", .day("2026-06-17")), row("sunday", .day("2026-06-21")), row("monday", .day("2026-06-22")),
        row("mon", .day("2026-06-22")), row("next fri", .day("2026-06-19")), row("next monday", .day("2026-06-22")),
        row("next week", .day("2026-06-22")), row("sow", .day("2026-06-22")),
        row("3d", .day("2026-06-18")), row("+3d", .day("2026-06-18")), row("+0d", .day("2026-06-15")),
        row("+20d", .day("2026-07-05")), row("in 3 days", .day("2026-06-18")), row("in 1 day", .day("2026-06-16")),
        row("+1w", .day("2026-06-22")), row("2w", .day("2026-06-29")), row("in 2 weeks", .day("2026-06-29")),
        row("dec 25", .day("2026-12-25")), row("25 dec", .day("2026-12-25")), row("December 25th", .day("2026-12-25")),
        row("jun 15", .day("2026-06-15")), row("jun 14", .day("2027-06-14")), row("feb 29", .day("2028-02-29")),
        row("sept 1", .day("2026-09-01")),
        // With a year (issue #40): that year's day, past or future, a comma after a word or not.
        row("dec 25 2027", .day("2027-12-25")), row("25 dec 2027", .day("2027-12-25")),
        row("1 jan 2027", .day("2027-01-01")), row("dec 25, 2027", .day("2027-12-25")),
        row("25 dec, 2027", .day("2027-12-25")), row("December 25th, 2027", .day("2027-12-25")),
        row("jun 14 2026", .day("2026-06-14")), row("feb 29 2028", .day("2028-02-29")),
        row("Mar 3 2031", .day("2031-03-03")),
        // `this WEEKDAY`: today when it is that day (a Monday here), else the next one.
        row("this monday", .day("2026-06-15")), row("this mon", .day("2026-06-15")),
        row("this friday", .day("2026-06-19")), row("this sun", .day("2026-06-21")),
        row("in a day", .day("2026-06-16")), row("in a week", .day("2026-06-22")),
        row("eod", .day("2026-06-15")), row("eow", .day("2026-06-21")), row("eom", .day("2026-06-30")),
        row("eoy", .day("2026-12-31")), row("som", .day("2026-07-01")), row("soy", .day("2027-01-01")),
        // At the ends of weeks, months and years.
        row("eow", .day("2026-06-21"), now: utc(2026, 6, 21, 10)),
        row("next week", .day("2026-06-22"), now: utc(2026, 6, 21, 10)),
        row("sunday", .day("2026-06-28"), now: utc(2026, 6, 21, 10)),
        row("eom", .day("2028-02-29"), now: utc(2028, 2, 10)),
        row("som", .day("2027-01-01"), now: utc(2026, 12, 5)),
        row("today", .day("2026-12-31"), now: utc(2026, 12, 31, 23, 59, 59)),
        row("tomorrow", .day("2027-01-01"), now: utc(2026, 12, 31, 23, 59, 59)),
        row("+1d", .day("2028-02-29"), now: utc(2028, 2, 28, 12)),
    ]

    static let times: [Row] = [
        row("2026-07-01 18:45", .time(utc(2026, 7, 1, 18, 45))), row("2026-07-01 9:05", .time(utc(2026, 7, 1, 9, 5))),
        row("2026-07-01  00:00", .time(utc(2026, 7, 1))), row("today 00:00", .time(utc(2026, 6, 15))),
        row("tomorrow 09:00", .time(utc(2026, 6, 16, 9))), row("tomorrow 9am", .time(utc(2026, 6, 16, 9))),
        row("tomorrow at 9am", .time(utc(2026, 6, 16, 9))), row("9am tomorrow", .time(utc(2026, 6, 16, 9))),
        row("9 am on tomorrow", .time(utc(2026, 6, 16, 9))), row("fri 18:00", .time(utc(2026, 6, 19, 18))),
        row("friday 7:15", .time(utc(2026, 6, 19, 7, 15))), row("today 08:00", .time(utc(2026, 6, 15, 8))),
        row("next week 9am", .time(utc(2026, 6, 22, 9))), row("in 2 days 18:00", .time(utc(2026, 6, 17, 18))),
        row("dec 25 6pm", .time(utc(2026, 12, 25, 18))), row("tomorrow noon", .time(utc(2026, 6, 16, 12))),
        // A month and day then four digits with a colon: still a time, as before.
        row("dec 25 20:27", .time(utc(2026, 12, 25, 20, 27))), row("25 dec 20:27", .time(utc(2026, 12, 25, 20, 27))),
        row("dec 25 2027 20:27", .time(utc(2027, 12, 25, 20, 27))),
        row("dec 25, 2027, 6pm", .time(utc(2027, 12, 25, 18))), row("1 jan 2027 at 9am", .time(utc(2027, 1, 1, 9))),
        row("9am on 1 jan 2027", .time(utc(2027, 1, 1, 9))), row("this fri 9am", .time(utc(2026, 6, 19, 9))),
        row("this monday 18:00", .time(utc(2026, 6, 15, 18))),
        row("tomorrow midnight", .time(utc(2026, 6, 16))), row("eod 17:00", .time(utc(2026, 6, 15, 17))),
        // A time alone: the next time the clock shows it.
        row("18:00", .time(utc(2026, 6, 15, 18))), row("9:31", .time(utc(2026, 6, 15, 9, 31))),
        row("09:30", .time(utc(2026, 6, 16, 9, 30))), row("07:00", .time(utc(2026, 6, 16, 7))),
        row("18:00:30", .time(utc(2026, 6, 15, 18, 0, 30))), row("6pm", .time(utc(2026, 6, 15, 18))),
        row("6:30pm", .time(utc(2026, 6, 15, 18, 30))), row("9am", .time(utc(2026, 6, 16, 9))),
        row("9 am", .time(utc(2026, 6, 16, 9))), row("noon", .time(utc(2026, 6, 15, 12))),
        row("midnight", .time(utc(2026, 6, 16))), row("12am", .time(utc(2026, 6, 16))),
        row("12pm", .time(utc(2026, 6, 15, 12))),
        row("00:00", .time(utc(2027, 1, 1)), now: utc(2026, 12, 31, 23)),
        // From now.
        row("now", .time(monday)), row("+5m", .time(utc(2026, 6, 15, 9, 35))), row("+90m", .time(utc(2026, 6, 15, 11))),
        row("+2h", .time(utc(2026, 6, 15, 11, 30))), row("+48h", .time(utc(2026, 6, 17, 9, 30))),
        row("in 30 minutes", .time(utc(2026, 6, 15, 10))), row("in 1 hour", .time(utc(2026, 6, 15, 10, 30))),
        row("in 2 hours", .time(utc(2026, 6, 15, 11, 30))),
        row("in an hour", .time(utc(2026, 6, 15, 10, 30))), row("in a minute", .time(utc(2026, 6, 15, 9, 31))),
        row("+1h30m", .time(utc(2026, 6, 15, 11))), row("+0h5m", .time(utc(2026, 6, 15, 9, 35))),
        row("in 1 hour 30 minutes", .time(utc(2026, 6, 15, 11))),
        row("in 2 hours and 15 minutes", .time(utc(2026, 6, 15, 11, 45))),
        row("in an hour and a minute", .time(utc(2026, 6, 15, 10, 31))),
        row("+1h", .time(utc(2027, 1, 1, 0, 59, 59)), now: utc(2026, 12, 31, 23, 59, 59)),
        // ISO 8601 as written: local without an offset, that instant with one.
        row("2026-11-25T18:00", .time(utc(2026, 11, 25, 18))), row("2026-11-25T18:00Z", .time(utc(2026, 11, 25, 18))),
        row("2026-11-25t18:00:30z", .time(utc(2026, 11, 25, 18, 0, 30))),
        row("2026-11-25T18:00+01:00", .time(utc(2026, 11, 25, 17))),
        row("2026-11-25T18:00:30-08:00", .time(utc(2026, 11, 26, 2, 0, 30))),
        row("2026-11-25T18:00", .time(utc(2026, 11, 25, 17)), zone: berlin),
        row("2026-11-25T18:00Z", .time(utc(2026, 11, 25, 18)), zone: berlin),
    ]

    /// The day Berlin's clocks skip 02:00 to 03:00.
    private static let springDay = CalendarDay(year: 2026, month: 3, day: 29) ?? .earliest

    /// Daylight saving in Berlin: 2026-03-29 02:00 CET → 03:00 CEST, 2026-10-25 03:00 CEST → 02:00 CET.
    static let daylightSaving: [Row] = [
        row("2026-03-29 01:59", .time(utc(2026, 3, 29, 0, 59)), zone: berlin),
        row("2026-03-29 03:00", .time(utc(2026, 3, 29, 1)), zone: berlin),
        row("2026-03-29", .day("2026-03-29"), zone: berlin),
        row("2026-10-25 02:30", .time(utc(2026, 10, 25, 0, 30)), zone: berlin),
        row("2026-01-10 12:00", .time(utc(2026, 1, 10, 11)), zone: berlin),
        row("2026-07-10 12:00", .time(utc(2026, 7, 10, 10)), zone: berlin),
        row("today", .day("2026-06-16"), now: utc(2026, 6, 15, 23, 30), zone: berlin),
        row("tomorrow 09:00", .time(utc(2026, 3, 29, 7)), now: utc(2026, 3, 28, 19), zone: berlin),
        row("09:00", .time(utc(2026, 3, 29, 7)), now: utc(2026, 3, 28, 19), zone: berlin),
        row("sun 09:00", .time(utc(2026, 3, 29, 7)), now: utc(2026, 3, 28, 19), zone: berlin),
        row("+1d", .day("2026-03-29"), now: utc(2026, 3, 28, 9), zone: berlin),
        row("+24h", .time(utc(2026, 3, 29, 9)), now: utc(2026, 3, 28, 9), zone: berlin),
        row("in 3 hours", .time(utc(2026, 3, 29, 3, 30)), now: utc(2026, 3, 29, 0, 30), zone: berlin),
        // 02:30 is skipped tonight: the next 02:30 the clock shows is the night after.
        row("02:30", .time(utc(2026, 3, 30, 0, 30)), now: utc(2026, 3, 28, 23), zone: berlin),
        row("midnight", .time(utc(2026, 10, 24, 22)), now: utc(2026, 10, 24, 20), zone: berlin),
        row("tomorrow 9am", .time(utc(2026, 10, 25, 8)), now: utc(2026, 10, 24, 12), zone: berlin),
        row(
            "2026-03-29 02:30", .refused(.skippedTime("2026-03-29 02:30", springDay)),
            zone: berlin),
        row(
            "tomorrow 02:30", .refused(.skippedTime("tomorrow 02:30", springDay)),
            now: utc(2026, 3, 28, 19), zone: berlin),
        // Where the clocks skip midnight (as Brazil's once did), the day is still a day.
        row("today", .day("2026-10-18"), now: utc(2026, 10, 18, 14), zone: "XXX3YYY,M10.3.0/0,M2.3.0/0"),
    ]

    static let refusals: [Row] = [
        notADate("tomorrow 9", "tomorrow 09:00"), notADate("tomorrow 18", "tomorrow 18:00"),
        notADate("2026-07-01 10", "2026-07-01 10:00"), notADate("fri 25:00"), notADate("someday"),
        notADate("tomorow", "tomorrow"), notADate("tommorow 9am", "tomorrow 9am"), notADate("fridya", "friday"),
        notADate("nxt week", "next week"), notADate("9.30", "09:30"), notADate("1830", "18:30"),
        notADate("9h30", "09:30"), notADate("9:5", "09:05"), notADate("2026/07/01", "2026-07-01"),
        notADate("2026-7-1", "2026-07-01"), notADate("13pm", "13:00"), notADate("+3", "+3d"),
        notADate("3 days", "in 3 days"), notADate("in 3", "in 3 days"), notADate("+1 d", "+1d"),
        notADate("next month", "som"), notADate("end of month", "eom"), notADate(""), notADate("fr"),
        notADate("+d"), notADate("+1.5d"), notADate("+-1d"), notADate("+٣d"),
        notADate("24:00"),
        notADate("12:60"), notADate("fri fri"), notADate("2026-07-01 10:00 extra"),
        notADate("+1m 09:00"), notADate("26-07-01"), notADate("0am"), notADate("2026-11-25T9:00"),
        notADate("2026-11-25T18:00+25:00"),
        // Day and month in either order with the year last: the ISO form of each order that is a day.
        notADate("12/25/2026", "2026-12-25"), notADate("25/12/2026", "2026-12-25"),
        notADate("03/04/2026", "2026-03-04", "2026-04-03"), notADate("5/5/2026", "2026-05-05"),
        notADate("25.12.2026", "2026-12-25"), notADate("12/25/2026 18:00", "2026-12-25 18:00"),
        notADate("31/31/2026"),
        // What people type for forms the grammar has under another name.
        notADate("dec 25 0930", "dec 25 09:30"), notADate("in half an hour", "+30m"),
        notADate("this weekend", "sat"), notADate("this month", "eom"), notADate("+1h30", "+1h30m"),
        notADate("this"), notADate("in an"), notADate("+1d12h"),
        row("feb 29 2027", .refused(.noSuchDay("feb 29 2027", "February 2027 has 28 days"))),
        row("31 april 2027", .refused(.noSuchDay("31 april 2027", "April 2027 has 30 days"))),
        row("2026-02-30", .refused(.noSuchDay("2026-02-30", "February 2026 has 28 days"))),
        row("2027-02-29 10:00", .refused(.noSuchDay("2027-02-29 10:00", "February 2027 has 28 days"))),
        row("2026-13-01", .refused(.noSuchDay("2026-13-01", "there is no month 13"))),
        row("2026-04-31T10:00", .refused(.noSuchDay("2026-04-31T10:00", "April 2026 has 30 days"))),
        row("feb 30", .refused(.noSuchDay("feb 30", "February has at most 29 days"))),
        row("31 april", .refused(.noSuchDay("31 april", "April has at most 30 days"))),
        row("+1000000w", .refused(.outOfRange("+1000000w"))),
        row("+1d", .refused(.outOfRange("+1d")), now: utc(9999, 12, 31, 12)),
    ]

    @Test(arguments: days + times + daylightSaving + refusals)
    func theTable(row: Row) {
        let result: Expected = LocalZone.with(row.zone) {
            do {
                switch try DateExpression.evaluate(row.input, now: row.now) {
                case .day(let day): return .day(day.description)
                case .time(let time): return .time(time)
                }
            } catch let error as DateExpressionError {
                return .refused(error)
            } catch {
                return .refused(.outOfRange("unexpected \(error)"))
            }
        }
        #expect(result == row.expected.make())
    }

    @Test func parsingIsPureAndEvaluationTakesTheTime() throws {
        let expression = try DateExpression.parse("Tomorrow at 9am")
        #expect(expression == DateExpression(.day(.daysAhead(1), DateExpression.Clock(hour: 9, minute: 0))))
        #expect(try DateExpression.parse("dec 25") == DateExpression(.day(.monthDay(month: 12, day: 25), nil)))
        #expect(try DateExpression.parse("+2h") == DateExpression(.fromNow(seconds: 7200)))
        let (monday, tuesday) = (Self.monday, Self.monday + 86_400)
        try LocalZone.with(LocalZone.utc) { () throws -> Void in
            #expect(try expression.evaluate(now: monday) == .time(TestTime.utc(2026, 6, 16, 9)))
            #expect(try expression.evaluate(now: tuesday) == .time(TestTime.utc(2026, 6, 17, 9)))
        }
    }

    @Test func theRefusalSaysWhatADateIsAndWhereEveryFormIsListed() {
        let refusal = DateExpressionError.notADate("tomorrow 9", suggestions: ["tomorrow 09:00"])
        #expect(
            refusal.description.hasPrefix("\"tomorrow 9\" is not a date; did you mean \"tomorrow 09:00\"? A DATE is"))
        #expect(refusal.description.hasSuffix("help due lists every form"))
        #expect(!refusal.description.contains("time zone"))
        #expect(
            DateExpressionError.notADate("x", suggestions: []).description.hasPrefix("\"x\" is not a date. A DATE is"))
        let twoWays = DateExpressionError.notADate("03/04/2026", suggestions: ["2026-03-04", "2026-04-03"])
        #expect(
            twoWays.description.hasPrefix(
                "\"03/04/2026\" is not a date; did you mean \"2026-03-04\" or \"2026-04-03\"? A DATE is"))
    }

    @Test func everyExampleInTheHelpIsADate() throws {
        let examples = [
            "2026-11-25", "today", "tomorrow", "yesterday", "friday", "fri", "tues", "thurs", "next fri", "next week",
            "3d", "+3d", "in 3 days", "+2w", "in 2 weeks", "dec 25", "25 dec", "eod", "eow", "eom", "eoy", "sow", "som",
            "soy", "18:00", "9:05", "18:00:30", "9am", "6pm", "6:30pm", "noon", "midnight", "tomorrow 9am", "now",
            "+30m", "in 30 minutes", "+2h", "in 2 hours", "2026-11-25T18:00", "2026-11-25T18:00Z",
            "2026-11-25T18:00+01:00", "this fri", "in a week", "dec 25 2027", "25 dec 2027", "dec 25, 2027",
            "in an hour", "+1h30m", "in 1 hour 30 minutes", "dec 25 2026",
        ]
        let help = DateExpression.formLines.joined(separator: " ")
        for example in examples {
            #expect(help.contains(example), "\(example)")
            #expect(throws: Never.self, "\(example)") { try DateExpression.parse(example) }
        }
    }
}

/// The session takes DATEs and refuses with the grammar's reasons.
@Suite(.serialized)
struct DueCommandDateTests {
    @Test func theSessionRefusesAClockTimeThatDoesNotExistAndSaysWhy() throws {
        let fixture = try SessionFixture()
        fixture.run("add Call mum")
        LocalZone.with(LocalZone.berlin) {
            let message = fixture.failure("due 1 2026-03-29 02:30")
            #expect(message.hasPrefix("\"2026-03-29 02:30\" does not exist in the local time zone"))
            fixture.run("due 1 2026-03-29 03:30")
            #expect(fixture.run("show").last == "1 [ ] Call mum  due 2026-03-29 03:30 (overdue)  #0")
        }
    }

    @Test func theSessionSuggestsTheClosestForm() throws {
        let fixture = try SessionFixture()
        fixture.run("add Call mum")
        let message = fixture.failure("due 1 tomorrow 9")
        #expect(message.hasPrefix("\"tomorrow 9\" is not a date; did you mean \"tomorrow 09:00\"?"))
    }

    @Test func helpDueListsEveryForm() throws {
        let fixture = try SessionFixture()
        let lines = fixture.run("help due")
        #expect(Array(lines.prefix(2)) == ["due ITEM DATE|none", "  set or clear an item's due date"])
        #expect(Array(lines.dropFirst(2)) == DateExpression.formLines)
    }
}
