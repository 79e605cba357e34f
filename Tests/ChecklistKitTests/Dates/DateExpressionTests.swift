import ChecklistKit
import KeyedArchive
import Testing

/// DATE forms in UTC, where local clock times are UTC times.
struct DateExpressionTests {
    private let now = TestTime.now  // 2026-06-15 09:30 UTC

    private func evaluate(_ text: String, now: Double? = nil) -> Double? {
        LocalZone.with(LocalZone.utc) { DateExpression.evaluate(text, now: now ?? self.now)?.start }
    }

    @Test func aDateIsThatWholeDayAtLocalMidnight() {
        #expect(evaluate("2026-07-01") == TestTime.utc(2026, 7, 1))
        #expect(evaluate("2028-02-29") == TestTime.utc(2028, 2, 29))
    }

    @Test func aDateWithATimeIsThatMinute() {
        #expect(evaluate("2026-07-01 18:45") == TestTime.utc(2026, 7, 1, 18, 45))
        #expect(evaluate("2026-07-01 9:05") == TestTime.utc(2026, 7, 1, 9, 5))
        #expect(evaluate("2026-07-01  00:00") == TestTime.utc(2026, 7, 1))
    }

    @Test func todayAndTomorrowAreWholeDays() {
        #expect(evaluate("today") == TestTime.utc(2026, 6, 15))
        #expect(evaluate("tomorrow") == TestTime.utc(2026, 6, 16))
        #expect(evaluate("TODAY") == TestTime.utc(2026, 6, 15))
        #expect(evaluate("Tomorrow") == TestTime.utc(2026, 6, 16))
    }

    @Test func relativeDaysKeepTheClockTimeAndHoursCountFromNow() {
        #expect(evaluate("+3d") == TestTime.utc(2026, 6, 18, 9, 30))
        #expect(evaluate("+0d") == now)
        #expect(evaluate("+2h") == TestTime.utc(2026, 6, 15, 11, 30))
        #expect(evaluate("+20d") == TestTime.utc(2026, 7, 5, 9, 30))
        #expect(evaluate("+48h") == TestTime.utc(2026, 6, 17, 9, 30))
    }

    @Test func aroundMidnightTodayAndTomorrowFollowTheCalendarDay() {
        let lateEvening = TestTime.utc(2026, 12, 31, 23, 59, 59)
        #expect(evaluate("today", now: lateEvening) == TestTime.utc(2026, 12, 31))
        #expect(evaluate("tomorrow", now: lateEvening) == TestTime.utc(2027, 1, 1))
        #expect(evaluate("+1h", now: lateEvening) == TestTime.utc(2027, 1, 1, 0, 59, 59))
        let midnight = TestTime.utc(2027, 1, 1)
        #expect(evaluate("today", now: midnight) == midnight)
        #expect(evaluate("tomorrow", now: midnight) == TestTime.utc(2027, 1, 2))
        #expect(evaluate("+1d", now: TestTime.utc(2028, 2, 28, 12)) == TestTime.utc(2028, 2, 29, 12))
    }

    @Test func minutesCountFromNow() {
        #expect(evaluate("+5m") == TestTime.utc(2026, 6, 15, 9, 35))
        #expect(evaluate("+90m") == TestTime.utc(2026, 6, 15, 11, 0))
    }

    @Test func aClockTimeAloneIsTheNextTimeTheClockShowsIt() {
        #expect(evaluate("18:00") == TestTime.utc(2026, 6, 15, 18))
        #expect(evaluate("9:31") == TestTime.utc(2026, 6, 15, 9, 31))
        #expect(evaluate("09:30") == TestTime.utc(2026, 6, 16, 9, 30))
        #expect(evaluate("07:00") == TestTime.utc(2026, 6, 16, 7))
        #expect(evaluate("00:00", now: TestTime.utc(2026, 12, 31, 23)) == TestTime.utc(2027, 1, 1))
    }

    @Test func aWeekdayIsTheNextSuchDayAWeekAheadWhenItIsToday() {
        // Now is Monday 2026-06-15.
        #expect(evaluate("friday") == TestTime.utc(2026, 6, 19))
        #expect(evaluate("Fri") == TestTime.utc(2026, 6, 19))
        #expect(evaluate("tue") == TestTime.utc(2026, 6, 16))
        #expect(evaluate("sunday") == TestTime.utc(2026, 6, 21))
        #expect(evaluate("monday") == TestTime.utc(2026, 6, 22))
        #expect(evaluate("mon") == TestTime.utc(2026, 6, 22))
    }

    @Test func aDayFollowedByAClockTimeIsThatMinuteOfThatDay() {
        #expect(evaluate("tomorrow 09:00") == TestTime.utc(2026, 6, 16, 9))
        #expect(evaluate("fri 18:00") == TestTime.utc(2026, 6, 19, 18))
        #expect(evaluate("friday 7:15") == TestTime.utc(2026, 6, 19, 7, 15))
        #expect(evaluate("today 08:00") == TestTime.utc(2026, 6, 15, 8))
    }

    @Test func textThatIsNoDateIsRejected() {
        let rejected = [
            "", "yesterday", "next week", "2026-02-30", "2027-02-29", "2026-13-01", "2026-00-10", "2026-7-1",
            "26-07-01", "2026/07/01", "2026-07-01 25:00", "2026-07-01 10:60", "2026-07-01 10", "2026-07-01 10:5",
            "2026-07-01 10:00 extra", "+d", "+1w", "+-1d", "+1.5d", "+100001d", "1d", "+1 d", "+m", "24:00",
            "9:5", "12:60", "fri 25:00", "fri fri", "frid", "fr", "09:00 fri", "tomorrow 9", "+1m 09:00", "+٣d",
        ]
        for text in rejected {
            #expect(evaluate(text) == nil, "\(text)")
        }
    }

    @Test func wholeDaysAreShownWithoutATimeAndTimesWithOneMidnightIncluded() {
        LocalZone.with(LocalZone.utc) {
            #expect(Due.day(CalendarDay(year: 2026, month: 7, day: 1)!).text == "2026-07-01")
            #expect(Due.time(TestTime.utc(2026, 7, 1)).text == "2026-07-01 00:00")
            #expect(Due.time(TestTime.utc(2026, 7, 1, 18, 45)).text == "2026-07-01 18:45")
            #expect(LocalTime.format(TestTime.utc(2026, 7, 1)) == "2026-07-01 00:00")
        }
    }

    @Test func aWholeDayIsOverdueOnlyOnceTheDayIsOverAndMidnightFromMidnight() throws {
        try LocalZone.with(LocalZone.utc) {
            let day = Due.day(try #require(CalendarDay(year: 2026, month: 6, day: 15)))
            #expect(!day.isOverdue(now: TestTime.utc(2026, 6, 15, 23, 59, 59)))
            #expect(day.isOverdue(now: TestTime.utc(2026, 6, 16)))
            let midnight = Due.time(TestTime.utc(2026, 6, 15))
            #expect(!midnight.isOverdue(now: TestTime.utc(2026, 6, 14, 23, 59, 59)))
            #expect(midnight.isOverdue(now: TestTime.utc(2026, 6, 15)))
            let minute = Due.time(TestTime.utc(2026, 6, 15, 9, 0))
            #expect(!minute.isOverdue(now: TestTime.utc(2026, 6, 15, 8, 59)))
            #expect(minute.isOverdue(now: TestTime.utc(2026, 6, 15, 9, 0)))
        }
    }

    @Test func exportDatesAreISO8601InUTC() {
        #expect(CivilTime.iso8601(referenceSeconds: TestTime.utc(2026, 11, 21, 9, 30)) == "2026-11-21T09:30:00Z")
        #expect(CivilTime.iso8601(referenceSeconds: 0) == "2001-01-01T00:00:00Z")
    }
}

/// Tests that move the process's time zone to one with daylight saving, one at a time.
@Suite(.serialized)
struct DaylightSavingTests {
    private func inBerlin<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LocalZone.with(LocalZone.berlin, body)
    }

    @Test func aClockTimeSkippedBySpringForwardIsRejected() {
        inBerlin {
            #expect(DateExpression.evaluate("2026-03-29 02:30", now: TestTime.now)?.start == nil)
            #expect(DateExpression.evaluate("2026-03-29 02:00", now: TestTime.now)?.start == nil)
            #expect(
                DateExpression.evaluate("2026-03-29 01:59", now: TestTime.now)?.start
                    == TestTime.utc(2026, 3, 29, 0, 59))
            #expect(
                DateExpression.evaluate("2026-03-29 03:00", now: TestTime.now)?.start == TestTime.utc(2026, 3, 29, 1, 0)
            )
        }
    }

    @Test func localDatesUseTheZonesOffsetInWinterAndSummer() {
        inBerlin {
            #expect(
                DateExpression.evaluate("2026-01-10 12:00", now: TestTime.now)?.start == TestTime.utc(2026, 1, 10, 11))
            #expect(
                DateExpression.evaluate("2026-07-10 12:00", now: TestTime.now)?.start == TestTime.utc(2026, 7, 10, 10))
            #expect(DateExpression.evaluate("2026-07-10", now: TestTime.now)?.start == TestTime.utc(2026, 7, 9, 22))
        }
    }

    @Test func aRepeatedClockTimeInAutumnIsOneOfItsTwoInstants() throws {
        try inBerlin {
            let time = try #require(DateExpression.evaluate("2026-10-25 02:30", now: TestTime.now)?.start)
            #expect([TestTime.utc(2026, 10, 25, 0, 30), TestTime.utc(2026, 10, 25, 1, 30)].contains(time))
        }
    }

    @Test func addingDaysAcrossAChangeKeepsTheClockTime() {
        inBerlin {
            let beforeSpring = TestTime.utc(2026, 3, 28, 9)  // 10:00 CET
            let spring = DateExpression.evaluate("+1d", now: beforeSpring)?.start
            #expect(spring == TestTime.utc(2026, 3, 29, 8), "10:00 CEST, 23 hours later")
            let beforeAutumn = TestTime.utc(2026, 10, 24, 8)  // 10:00 CEST
            let autumn = DateExpression.evaluate("+1d", now: beforeAutumn)?.start
            #expect(autumn == TestTime.utc(2026, 10, 25, 9), "10:00 CET, 25 hours later")
            #expect(DateExpression.evaluate("+24h", now: beforeSpring)?.start == beforeSpring + 86_400)
        }
    }

    @Test func todayIsLocalMidnightEvenWhenUTCIsStillOnTheDayBefore() {
        inBerlin {
            let earlyMorning = TestTime.utc(2026, 6, 15, 23, 30)  // 01:30 on 16 June in Berlin
            #expect(DateExpression.evaluate("today", now: earlyMorning)?.start == TestTime.utc(2026, 6, 15, 22))
            #expect(DateExpression.evaluate("tomorrow", now: earlyMorning)?.start == TestTime.utc(2026, 6, 16, 22))
            let springDay = TestTime.utc(2026, 3, 29, 10)
            #expect(DateExpression.evaluate("today", now: springDay)?.start == TestTime.utc(2026, 3, 28, 23))
            #expect(
                DateExpression.evaluate("tomorrow", now: TestTime.utc(2026, 3, 28, 12))?.start
                    == TestTime.utc(2026, 3, 28, 23)
            )
        }
    }

    @Test func aWholeDayIsOverdueOnlyWhenItsLocalDayIsOver() {
        inBerlin {
            let day = Due.day(CalendarDay(year: 2026, month: 6, day: 15)!)
            #expect(day.text == "2026-06-15")
            #expect(day.start == TestTime.utc(2026, 6, 14, 22))
            #expect(!day.isOverdue(now: TestTime.utc(2026, 6, 15, 21, 59)))
            #expect(day.isOverdue(now: TestTime.utc(2026, 6, 15, 22)))
            let shortDay = Due.day(CalendarDay(year: 2026, month: 3, day: 29)!)  // 23 hours long
            #expect(!shortDay.isOverdue(now: TestTime.utc(2026, 3, 29, 21, 59)))
            #expect(shortDay.isOverdue(now: TestTime.utc(2026, 3, 29, 22)))
        }
    }

    @Test func tomorrowAtNineIsNineLocalTimeAcrossADaylightSavingChange() {
        LocalZone.with(LocalZone.berlin) {
            // Saturday 2026-03-28 20:00 CET; clocks go forward in the night to Sunday.
            let saturday = TestTime.utc(2026, 3, 28, 19)
            #expect(DateExpression.evaluate("tomorrow 09:00", now: saturday)?.start == TestTime.utc(2026, 3, 29, 7))
            #expect(DateExpression.evaluate("09:00", now: saturday)?.start == TestTime.utc(2026, 3, 29, 7))
            #expect(DateExpression.evaluate("sun 09:00", now: saturday)?.start == TestTime.utc(2026, 3, 29, 7))
            #expect(DateExpression.evaluate("tomorrow 02:30", now: saturday)?.start == nil)
        }
    }

    @Test func aDayWhoseMidnightIsSkippedStartsAtOneOClock() {
        // Clocks go from 00:00 to 01:00 on the third Sunday of October (as Brazil's once did).
        LocalZone.with("XXX3YYY,M10.3.0/0,M2.3.0/0") {
            let noon = TestTime.utc(2026, 10, 18, 14)  // 12:00 local summer time (UTC-2)
            #expect(DateExpression.evaluate("today", now: noon)?.start == TestTime.utc(2026, 10, 18, 3))
            #expect(DateExpression.evaluate("2026-10-18", now: noon)?.start == TestTime.utc(2026, 10, 18, 3))
            #expect(DateExpression.evaluate("2026-10-18 00:30", now: noon)?.start == nil)
            #expect(DateExpression.evaluate("2026-02-30", now: noon)?.start == nil)
        }
    }

    @Test func theSessionRefusesAClockTimeThatDoesNotExist() throws {
        let fixture = try SessionFixture()
        fixture.run("add Call mum")
        inBerlin {
            let message = fixture.failure("due 1 2026-03-29 02:30")
            #expect(message.contains("\"2026-03-29 02:30\" is not a date in the local time zone"))
            fixture.run("due 1 2026-03-29 03:30")
            #expect(fixture.run("show").last == "1 [ ] Call mum  due 2026-03-29 03:30 (overdue)  #0")
        }
    }
}
