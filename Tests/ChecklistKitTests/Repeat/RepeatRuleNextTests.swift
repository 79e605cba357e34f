import ChecklistKit
import KeyedArchive
import Testing

/// The next occurrence: a pure function of the rule, the completed due date, now and the zone,
/// with RFC 5545's dates (SPEC §12).
struct RepeatRuleNextTests {
    private let now = TestTime.now  // Monday 2026-06-15 09:30 UTC

    /// The next due date after `due` of the rule `words` (RULE words or an RRULE).
    private func next(_ words: String, after due: Due, now: Double? = nil, zone: String = LocalZone.utc) -> Due? {
        LocalZone.with(zone) {
            rule(words).nextOccurrence(after: due, now: now ?? self.now)?.due
        }
    }

    private func rule(_ words: String) -> RepeatRule {
        RepeatRule(words: words) ?? RepeatRule(rrule: words)
    }

    /// A whole day.
    private func day(_ year: Int, _ month: Int, _ day: Int) -> Due {
        CalendarDay(year: year, month: month, day: day).map(Due.day) ?? .time(.nan)
    }

    /// A time, in UTC.
    private func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Due {
        .time(TestTime.utc(year, month, day, hour, minute))
    }

    @Test func aDailyItemComesBackTheNextDayAtTheSameTime() {
        #expect(next("daily", after: at(2026, 6, 15, 9)) == at(2026, 6, 16, 9))
        #expect(next("daily", after: at(2026, 6, 16, 9)) == at(2026, 6, 17, 9))
        #expect(next("every 3 days", after: at(2026, 6, 15, 18)) == at(2026, 6, 18, 18))
    }

    @Test func aWholeDayStaysAWholeDayAndTodayIsNotYetOverdue() {
        #expect(next("daily", after: day(2026, 6, 15)) == day(2026, 6, 16))
        #expect(next("daily", after: day(2026, 6, 10)) == day(2026, 6, 15))
        #expect(next("every 2 weeks", after: day(2026, 6, 1)) == day(2026, 6, 15))
        #expect(next("monthly", after: day(2026, 5, 15)) == day(2026, 6, 15))
    }

    /// Issue #36 finding 4: a time of 00:00 is a time, not a whole day, so today's is overdue.
    @Test func aTimeOfMidnightIsATimeSoTodaysHasPassed() {
        #expect(next("daily", after: at(2026, 6, 14, 0)) == at(2026, 6, 16, 0))
        #expect(next("weekly", after: at(2026, 6, 8, 0)) == at(2026, 6, 22, 0))
    }

    @Test func aBacklogNeverPilesUpTheNextOneIsInTheFuture() {
        #expect(next("daily", after: at(2026, 6, 10, 9)) == at(2026, 6, 16, 9))
        #expect(next("daily", after: at(2026, 6, 10, 10)) == at(2026, 6, 15, 10))
        #expect(next("every 3 days", after: at(2026, 6, 10, 9)) == at(2026, 6, 16, 9))
        #expect(next("weekly", after: at(2026, 6, 8, 9, 30)) == at(2026, 6, 22, 9, 30))
        #expect(next("weekly", after: at(2026, 6, 8, 9, 31)) == at(2026, 6, 15, 9, 31))
    }

    @Test func aDueDateYearsInThePastGivesTheNextOneFromNow() {
        #expect(next("daily", after: at(2016, 3, 7, 8)) == at(2026, 6, 16, 8))
        #expect(next("weekly", after: at(2016, 3, 7, 8)) == at(2026, 6, 22, 8))
        #expect(next("every mon,thu", after: at(2016, 3, 7, 8)) == at(2026, 6, 18, 8))
        // June has no 31st.
        #expect(next("monthly", after: day(2016, 1, 31)) == day(2026, 7, 31))
        #expect(next("yearly", after: at(1999, 6, 15, 9)) == at(2027, 6, 15, 9))
        #expect(next("yearly", after: day(1999, 6, 15)) == day(2026, 6, 15))
        #expect(next("every 7 years", after: day(2005, 1, 1)) == day(2033, 1, 1))
    }

    @Test func anItemDoneEarlyComesBackAfterItsOwnDueDate() {
        #expect(next("weekly", after: day(2026, 6, 19)) == day(2026, 6, 26))
        #expect(next("yearly", after: day(2026, 12, 25)) == day(2027, 12, 25))
    }

    @Test func weekdaysSkipTheWeekend() {
        #expect(next("weekdays", after: day(2026, 6, 19)) == day(2026, 6, 22))
        #expect(next("weekdays", after: day(2026, 6, 12)) == day(2026, 6, 15))
        #expect(next("weekdays", after: at(2026, 6, 15, 9)) == at(2026, 6, 16, 9))
        #expect(next("weekdays", after: day(2026, 6, 20)) == day(2026, 6, 22))
    }

    @Test func namedDaysComeInTurn() {
        #expect(next("every mon,thu", after: at(2026, 6, 15, 18)) == at(2026, 6, 18, 18))
        #expect(next("every mon,thu", after: at(2026, 6, 18, 18)) == at(2026, 6, 22, 18))
        // A due date on another day: the next named day after it.
        #expect(next("every mon,thu", after: day(2026, 6, 16)) == day(2026, 6, 18))
        #expect(next("every sun", after: day(2026, 6, 14)) == day(2026, 6, 21))
    }

    @Test func everyNWeeksOnADayCountsWeeksFromTheDueDatesWeek() {
        // 2026-06-05 is a Friday; its week starts on Monday 2026-06-01.
        #expect(next("every 2 weeks on fri", after: day(2026, 6, 5)) == day(2026, 6, 19))
        #expect(next("every 2 weeks on fri", after: day(2026, 6, 19)) == day(2026, 7, 3))
        // A Wednesday: Thursday that week, then Monday two weeks on.
        let before = TestTime.utc(2026, 6, 2)
        #expect(next("every 2 weeks on mon,thu", after: day(2026, 6, 3), now: before) == day(2026, 6, 4))
        #expect(next("every 2 weeks on mon,thu", after: day(2026, 6, 4), now: before) == day(2026, 6, 15))
        #expect(next("every 3 weeks on sun", after: at(2026, 6, 14, 7)) == at(2026, 7, 5, 7))
    }

    /// Issue #36 finding 4: a day the month lacks is skipped, as every RFC 5545 client does; the
    /// rule stays on its day for good.
    @Test func aMonthWithoutTheDayIsSkipped() {
        let january = TestTime.utc(2026, 1, 31, 12)
        #expect(next("monthly", after: day(2026, 1, 31), now: january) == day(2026, 3, 31))
        #expect(next("monthly", after: day(2028, 1, 31), now: january) == day(2028, 3, 31))
        #expect(next("monthly", after: day(2026, 3, 31), now: january) == day(2026, 5, 31))
        #expect(next("monthly", after: day(2026, 2, 28), now: january) == day(2026, 3, 28))
        #expect(next("monthly", after: day(2026, 1, 29), now: january) == day(2026, 3, 29))
        #expect(next("every 3 months", after: at(2026, 11, 30, 8), now: january) == at(2027, 5, 30, 8))
        // A backlog skipped in one go still counts from the day it started on.
        let april = TestTime.utc(2026, 4, 15)
        #expect(next("monthly", after: day(2026, 1, 31), now: april) == day(2026, 5, 31))
    }

    /// Issue #36 finding 4: the end of the month is its own rule.
    @Test func monthlyOnTheLastDayFallsOnEachMonthsLastDay() {
        let january = TestTime.utc(2026, 1, 1)
        #expect(rule("monthly on the last day").rrule == "FREQ=MONTHLY;BYMONTHDAY=-1")
        #expect(next("monthly on the last day", after: day(2026, 1, 31), now: january) == day(2026, 2, 28))
        #expect(next("monthly on the last day", after: day(2026, 2, 28), now: january) == day(2026, 3, 31))
        #expect(next("monthly on the last day", after: day(2028, 1, 31), now: january) == day(2028, 2, 29))
        #expect(next("every 2 months on the last day", after: at(2026, 2, 28, 9), now: january) == at(2026, 4, 30, 9))
    }

    /// Issue #36 finding 4: February 29 comes back in leap years only.
    @Test func theTwentyNinthOfFebruaryComesBackInLeapYears() {
        let march = TestTime.utc(2024, 3, 1)
        #expect(next("yearly", after: day(2024, 2, 29), now: march) == day(2028, 2, 29))
        #expect(next("every 4 years", after: day(2024, 2, 29), now: march) == day(2028, 2, 29))
        #expect(next("yearly", after: day(2024, 2, 29), now: TestTime.utc(2027, 6, 1)) == day(2028, 2, 29))
        #expect(next("every 2 months", after: day(2026, 12, 15), now: march) == day(2027, 2, 15))
    }

    @Test func aTimeStaysTheSameLocalTimeAcrossDaylightSavingInBerlin() {
        // Berlin: CET (UTC+1) until 2026-03-29 02:00, then CEST (UTC+2) until 2026-10-25 03:00.
        let zone = LocalZone.berlin
        let spring = TestTime.utc(2026, 3, 27)
        #expect(next("daily", after: at(2026, 3, 28, 8), now: spring, zone: zone) == at(2026, 3, 29, 7))
        #expect(next("weekly", after: at(2026, 3, 23, 8), now: spring, zone: zone) == at(2026, 3, 30, 7))
        #expect(next("monthly", after: at(2026, 3, 15, 8), now: spring, zone: zone) == at(2026, 4, 15, 7))
        let autumn = TestTime.utc(2026, 10, 20)
        #expect(next("weekly", after: at(2026, 10, 20, 7), now: autumn, zone: zone) == at(2026, 10, 27, 8))
        #expect(next("daily", after: day(2026, 3, 28), now: spring, zone: zone) == day(2026, 3, 29))
        // 02:30 does not exist on 2026-03-29: the gap's length (an hour) later, 03:30 CEST.
        #expect(next("daily", after: at(2026, 3, 28, 1, 30), now: spring, zone: zone) == at(2026, 3, 29, 1, 30))
    }

    @Test func aTimeStaysTheSameLocalTimeAcrossDaylightSavingInNewYork() {
        // New York: EST (UTC-5) until 2026-03-08 02:00, EDT (UTC-4) until 2026-11-01 02:00.
        let zone = LocalZone.newYork
        let march = TestTime.utc(2026, 3, 6)
        #expect(next("daily", after: at(2026, 3, 7, 14), now: march, zone: zone) == at(2026, 3, 8, 13))
        #expect(next("weekdays", after: at(2026, 3, 6, 14), now: march, zone: zone) == at(2026, 3, 9, 13))
        let october = TestTime.utc(2026, 10, 30)
        #expect(next("daily", after: at(2026, 10, 31, 13), now: october, zone: zone) == at(2026, 11, 1, 14))
        #expect(next("monthly", after: at(2026, 10, 15, 22), now: october, zone: zone) == at(2026, 11, 15, 23))
        // An evening item whose UTC date is the next day keeps its local day.
        #expect(next("every fri", after: at(2026, 3, 7, 2), now: march, zone: zone) == at(2026, 3, 14, 1))
    }

    /// Issue #36 finding 4: a time a daylight-saving gap skips moves on by the gap's length, as
    /// RFC 5545 (and dateutil) do: Lord Howe's clocks go from 02:00 to 02:30 on 2026-10-04.
    @Test func aTimeInADaylightSavingGapMovesOnByTheGap() {
        let zone = LocalZone.lordHowe
        let before = TestTime.utc(2026, 10, 1)
        // 02:15 +10:30 on 2026-10-03 is 15:45 UTC the day before; 02:45 +11:00 on 2026-10-04 is 15:45 UTC.
        #expect(next("daily", after: at(2026, 10, 2, 15, 45), now: before, zone: zone) == at(2026, 10, 3, 15, 45))
    }

    /// Issue #36 finding 4: a rule the words cannot say is followed as RFC 5545 computes it.
    @Test func anyValidRuleGivesItsNextDate() {
        // The second Tuesday: 2026-06-09, then 2026-07-14.
        #expect(next("FREQ=MONTHLY;BYDAY=2TU", after: day(2026, 6, 9)) == day(2026, 7, 14))
        #expect(next("FREQ=MONTHLY;BYDAY=-1FR", after: day(2026, 5, 29)) == day(2026, 6, 26))
        #expect(next("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", after: day(2025, 11, 27)) == day(2026, 11, 26))
        #expect(next("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", after: day(2026, 5, 29)) == day(2026, 6, 30))
        #expect(next("FREQ=MONTHLY;BYMONTHDAY=1,15", after: day(2026, 6, 15)) == day(2026, 7, 1))
        #expect(next("FREQ=YEARLY;BYYEARDAY=100", after: day(2026, 4, 10)) == day(2027, 4, 10))
        #expect(next("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO", after: day(2025, 12, 29)) == day(2027, 1, 4))
    }

    /// Issue #36 finding 4: a COUNT or UNTIL used up ends the series; the next occurrence counts
    /// what is left from itself.
    @Test func aCountOrUntilEndsTheSeries() {
        let count = rule("FREQ=DAILY;COUNT=3").nextOccurrence(after: day(2026, 6, 15), now: now)
        #expect(count?.due == day(2026, 6, 16))
        #expect(count?.rule.rrule == "FREQ=DAILY;COUNT=2")
        #expect(next("FREQ=DAILY;COUNT=2", after: day(2026, 6, 16)) == day(2026, 6, 17))
        #expect(next("FREQ=DAILY;COUNT=1", after: day(2026, 6, 17)) == nil)
        // A backlog uses up the count too.
        #expect(next("FREQ=DAILY;COUNT=3", after: day(2026, 6, 10)) == nil)
        #expect(next("FREQ=WEEKLY;UNTIL=20260622", after: day(2026, 6, 15)) == day(2026, 6, 22))
        #expect(next("FREQ=WEEKLY;UNTIL=20260621", after: day(2026, 6, 15)) == nil)
        #expect(next("FREQ=DAILY;UNTIL=20260616T100000Z", after: at(2026, 6, 15, 10)) == at(2026, 6, 16, 10))
        #expect(next("FREQ=DAILY;UNTIL=20260616T095959Z", after: at(2026, 6, 15, 10)) == nil)
    }

    @Test func aRuleThatNeverGivesADateIsNoneAndEnds() {
        #expect(next("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31", after: day(2026, 6, 15)) == nil)
        #expect(next("FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31", after: day(2026, 6, 15)) == nil)
        #expect(next("FREQ=MONTHLY;BYDAY=5MO;BYMONTH=2;BYMONTHDAY=1", after: day(2026, 6, 15)) == nil)
    }

    @Test func anInvalidRuleGivesNone() {
        #expect(next("FREQ=FORTNIGHTLY", after: day(2026, 6, 15)) == nil)
        #expect(next("FREQ=DAILY;COUNT=2;UNTIL=20270101", after: day(2026, 6, 15)) == nil)
        #expect(next("FREQ=MONTHLY;BYMONTHDAY=32", after: day(2026, 6, 15)) == nil)
        #expect(next("FREQ=HOURLY", after: day(2026, 6, 15)) == nil)
    }

    /// Issue #36 finding 4: `every mon,thu` set on a Saturday moves the due date to Monday.
    @Test func theFirstDateFromADueDateIsTheNextTheRuleGives() {
        // 2026-06-20 is a Saturday.
        #expect(rule("every mon,thu").firstOccurrence(from: day(2026, 6, 20)) == day(2026, 6, 22))
        #expect(rule("every mon,thu").firstOccurrence(from: day(2026, 6, 22)) == day(2026, 6, 22))
        #expect(rule("monthly on the last day").firstOccurrence(from: at(2026, 6, 15, 9)) == at(2026, 6, 30, 9))
        #expect(rule("weekly").firstOccurrence(from: day(2026, 6, 20)) == day(2026, 6, 20))
    }

    @Test func aDateBeyondTheYear9999IsNone() {
        let late = TestTime.utc(9999, 12, 1)
        #expect(next("monthly", after: day(9999, 12, 1), now: late) == nil)
        #expect(next("every 10000 years", after: day(2026, 1, 1)) == nil)
    }

    /// SPEC §12 (amended): `after done` counts the next date from the day of the check, now
    /// Monday 2026-06-15 09:30, whether the item was late or early, a day or a time.
    @Test func afterDoneCountsFromTheDayOfTheCheck() throws {
        #expect(next("every 3 days after done", after: day(2026, 6, 1)) == day(2026, 6, 18))
        #expect(next("every 3 days", after: day(2026, 6, 1)) == day(2026, 6, 16))
        #expect(next("every! 3 days", after: day(2026, 6, 20)) == day(2026, 6, 18))
        #expect(next("every 3 days after done", after: at(2026, 6, 1, 8)) == at(2026, 6, 18, 8))
        #expect(next("every 2 weeks after done", after: at(2026, 6, 1, 20)) == at(2026, 6, 29, 20))
        // A rule with its own days: the first of them after the day of the check.
        #expect(next("every 2nd tuesday after done", after: day(2026, 5, 12)) == day(2026, 7, 14))
        #expect(next("every mon,thu after done", after: day(2026, 6, 1)) == day(2026, 6, 18))
        let carried = LocalZone.with(LocalZone.utc) {
            rule("every 3 days after done").nextOccurrence(after: day(2026, 6, 1), now: now)?.rule
        }
        #expect(carried == RepeatRule(rrule: "FREQ=DAILY;INTERVAL=3;FROM=COMPLETION"))
        let started = LocalZone.with(LocalZone.utc) {
            rule("every 3 days after done").nextOccurrence(start: day(2026, 5, 30), due: day(2026, 6, 1), now: now)
        }
        #expect(started?.start == day(2026, 6, 16) && started?.due == day(2026, 6, 18))
    }
}
