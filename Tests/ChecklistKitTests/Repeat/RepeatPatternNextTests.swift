import ChecklistKit
import Testing

/// The next occurrence: a pure function of the rule, the completed due date, now and the zone.
struct RepeatPatternNextTests {
    private let now = TestTime.now  // Monday 2026-06-15 09:30 UTC

    private func next(_ words: String, after due: Double, now: Double? = nil, zone: String = LocalZone.utc) -> Double? {
        LocalZone.with(zone) {
            RepeatPattern(words: words)?.nextOccurrence(after: due, now: now ?? self.now)
        }
    }

    @Test func aDailyItemComesBackTheNextDayAtTheSameTime() {
        #expect(next("daily", after: TestTime.utc(2026, 6, 15, 9)) == TestTime.utc(2026, 6, 16, 9))
        #expect(next("daily", after: TestTime.utc(2026, 6, 16, 9)) == TestTime.utc(2026, 6, 17, 9))
        #expect(next("every 3 days", after: TestTime.utc(2026, 6, 15, 18)) == TestTime.utc(2026, 6, 18, 18))
    }

    @Test func aWholeDayStaysAWholeDayAndTodayIsNotYetOverdue() {
        #expect(next("daily", after: TestTime.utc(2026, 6, 15)) == TestTime.utc(2026, 6, 16))
        #expect(next("daily", after: TestTime.utc(2026, 6, 10)) == TestTime.utc(2026, 6, 15))
        #expect(next("every 2 weeks", after: TestTime.utc(2026, 6, 1)) == TestTime.utc(2026, 6, 15))
        #expect(next("monthly", after: TestTime.utc(2026, 5, 15)) == TestTime.utc(2026, 6, 15))
    }

    @Test func aBacklogNeverPilesUpTheNextOneIsInTheFuture() {
        #expect(next("daily", after: TestTime.utc(2026, 6, 10, 9)) == TestTime.utc(2026, 6, 16, 9))
        #expect(next("daily", after: TestTime.utc(2026, 6, 10, 10)) == TestTime.utc(2026, 6, 15, 10))
        #expect(next("every 3 days", after: TestTime.utc(2026, 6, 10, 9)) == TestTime.utc(2026, 6, 16, 9))
        #expect(next("weekly", after: TestTime.utc(2026, 6, 8, 9, 30)) == TestTime.utc(2026, 6, 22, 9, 30))
        #expect(next("weekly", after: TestTime.utc(2026, 6, 8, 9, 31)) == TestTime.utc(2026, 6, 15, 9, 31))
    }

    @Test func aDueDateYearsInThePastGivesTheNextOneFromNow() {
        #expect(next("daily", after: TestTime.utc(2016, 3, 7, 8)) == TestTime.utc(2026, 6, 16, 8))
        #expect(next("weekly", after: TestTime.utc(2016, 3, 7, 8)) == TestTime.utc(2026, 6, 22, 8))
        #expect(next("every mon,thu", after: TestTime.utc(2016, 3, 7, 8)) == TestTime.utc(2026, 6, 18, 8))
        #expect(next("monthly", after: TestTime.utc(2016, 1, 31)) == TestTime.utc(2026, 6, 30))
        #expect(next("yearly", after: TestTime.utc(1999, 6, 15, 9)) == TestTime.utc(2027, 6, 15, 9))
        #expect(next("yearly", after: TestTime.utc(1999, 6, 15)) == TestTime.utc(2026, 6, 15))
        #expect(next("every 7 years", after: TestTime.utc(2005, 1, 1)) == TestTime.utc(2033, 1, 1))
    }

    @Test func anItemDoneEarlyComesBackAfterItsOwnDueDate() {
        #expect(next("weekly", after: TestTime.utc(2026, 6, 19)) == TestTime.utc(2026, 6, 26))
        #expect(next("yearly", after: TestTime.utc(2026, 12, 25)) == TestTime.utc(2027, 12, 25))
    }

    @Test func weekdaysSkipTheWeekend() {
        #expect(next("weekdays", after: TestTime.utc(2026, 6, 19)) == TestTime.utc(2026, 6, 22))
        #expect(next("weekdays", after: TestTime.utc(2026, 6, 12)) == TestTime.utc(2026, 6, 15))
        #expect(next("weekdays", after: TestTime.utc(2026, 6, 15, 9)) == TestTime.utc(2026, 6, 16, 9))
        #expect(next("weekdays", after: TestTime.utc(2026, 6, 20)) == TestTime.utc(2026, 6, 22))
    }

    @Test func namedDaysComeInTurn() {
        #expect(next("every mon,thu", after: TestTime.utc(2026, 6, 15, 18)) == TestTime.utc(2026, 6, 18, 18))
        #expect(next("every mon,thu", after: TestTime.utc(2026, 6, 18, 18)) == TestTime.utc(2026, 6, 22, 18))
        // A due date on another day: the next named day after it.
        #expect(next("every mon,thu", after: TestTime.utc(2026, 6, 16)) == TestTime.utc(2026, 6, 18))
        #expect(next("every sun", after: TestTime.utc(2026, 6, 14)) == TestTime.utc(2026, 6, 21))
    }

    @Test func everyNWeeksOnADayCountsWeeksFromTheDueDatesWeek() {
        // 2026-06-05 is a Friday; its week starts on Monday 2026-06-01.
        #expect(next("every 2 weeks on fri", after: TestTime.utc(2026, 6, 5)) == TestTime.utc(2026, 6, 19))
        #expect(next("every 2 weeks on fri", after: TestTime.utc(2026, 6, 19)) == TestTime.utc(2026, 7, 3))
        // A Wednesday: Thursday that week, then Monday two weeks on.
        let wednesday = TestTime.utc(2026, 6, 3)
        let before = TestTime.utc(2026, 6, 2)
        #expect(next("every 2 weeks on mon,thu", after: wednesday, now: before) == TestTime.utc(2026, 6, 4))
        #expect(
            next("every 2 weeks on mon,thu", after: TestTime.utc(2026, 6, 4), now: before) == TestTime.utc(2026, 6, 15))
        #expect(next("every 3 weeks on sun", after: TestTime.utc(2026, 6, 14, 7)) == TestTime.utc(2026, 7, 5, 7))
    }

    @Test func monthEndsFallOnTheLastDayOfShorterMonths() {
        let january = TestTime.utc(2026, 1, 31, 12)
        #expect(next("monthly", after: TestTime.utc(2026, 1, 31), now: january) == TestTime.utc(2026, 2, 28))
        #expect(next("monthly", after: TestTime.utc(2028, 1, 31), now: january) == TestTime.utc(2028, 2, 29))
        #expect(next("monthly", after: TestTime.utc(2026, 3, 31), now: january) == TestTime.utc(2026, 4, 30))
        #expect(next("monthly", after: TestTime.utc(2026, 2, 28), now: january) == TestTime.utc(2026, 3, 28))
        #expect(
            next("every 3 months", after: TestTime.utc(2026, 11, 30, 8), now: january) == TestTime.utc(2027, 2, 28, 8))
        // A backlog skipped in one go still counts from the day it started on.
        let april = TestTime.utc(2026, 4, 15)
        #expect(next("monthly", after: TestTime.utc(2026, 1, 31), now: april) == TestTime.utc(2026, 4, 30))
    }

    @Test func theTwentyNinthOfFebruaryFallsOnTheTwentyEighthOutsideLeapYears() {
        let march = TestTime.utc(2024, 3, 1)
        #expect(next("yearly", after: TestTime.utc(2024, 2, 29), now: march) == TestTime.utc(2025, 2, 28))
        #expect(next("every 4 years", after: TestTime.utc(2024, 2, 29), now: march) == TestTime.utc(2028, 2, 29))
        #expect(
            next("yearly", after: TestTime.utc(2024, 2, 29), now: TestTime.utc(2027, 6, 1)) == TestTime.utc(2028, 2, 29)
        )
        #expect(next("every 2 months", after: TestTime.utc(2026, 12, 15), now: march) == TestTime.utc(2027, 2, 15))
    }

    @Test func aTimeStaysTheSameLocalTimeAcrossDaylightSavingInBerlin() {
        // Berlin: CET (UTC+1) until 2026-03-29 02:00, then CEST (UTC+2) until 2026-10-25 03:00.
        let zone = LocalZone.berlin
        let spring = TestTime.utc(2026, 3, 27)
        #expect(
            next("daily", after: TestTime.utc(2026, 3, 28, 8), now: spring, zone: zone) == TestTime.utc(2026, 3, 29, 7))
        #expect(
            next("weekly", after: TestTime.utc(2026, 3, 23, 8), now: spring, zone: zone) == TestTime.utc(2026, 3, 30, 7)
        )
        #expect(
            next("monthly", after: TestTime.utc(2026, 3, 15, 8), now: spring, zone: zone)
                == TestTime.utc(2026, 4, 15, 7))
        let autumn = TestTime.utc(2026, 10, 20)
        #expect(
            next("weekly", after: TestTime.utc(2026, 10, 20, 7), now: autumn, zone: zone)
                == TestTime.utc(2026, 10, 27, 8))
        // Whole days: local midnight stays local midnight.
        #expect(
            next("daily", after: TestTime.utc(2026, 3, 28, 23), now: spring, zone: zone)
                == TestTime.utc(2026, 3, 29, 22))
        #expect(
            next("daily", after: TestTime.utc(2026, 10, 24, 22), now: autumn, zone: zone)
                == TestTime.utc(2026, 10, 25, 23))
        // 02:30 does not exist on 2026-03-29: an hour later, 03:30 CEST.
        #expect(
            next("daily", after: TestTime.utc(2026, 3, 28, 1, 30), now: spring, zone: zone)
                == TestTime.utc(2026, 3, 29, 1, 30))
    }

    @Test func aTimeStaysTheSameLocalTimeAcrossDaylightSavingInNewYork() {
        // New York: EST (UTC-5) until 2026-03-08 02:00, EDT (UTC-4) until 2026-11-01 02:00.
        let zone = LocalZone.newYork
        let march = TestTime.utc(2026, 3, 6)
        #expect(
            next("daily", after: TestTime.utc(2026, 3, 7, 14), now: march, zone: zone) == TestTime.utc(2026, 3, 8, 13))
        #expect(
            next("weekdays", after: TestTime.utc(2026, 3, 6, 14), now: march, zone: zone)
                == TestTime.utc(2026, 3, 9, 13))
        let october = TestTime.utc(2026, 10, 30)
        #expect(
            next("daily", after: TestTime.utc(2026, 10, 31, 13), now: october, zone: zone)
                == TestTime.utc(2026, 11, 1, 14))
        #expect(
            next("monthly", after: TestTime.utc(2026, 10, 15, 22), now: october, zone: zone)
                == TestTime.utc(2026, 11, 15, 23))
        // A whole day (local midnight, 04:00 UTC in summer, 05:00 in winter).
        #expect(
            next("weekly", after: TestTime.utc(2026, 10, 27, 4), now: october, zone: zone)
                == TestTime.utc(2026, 11, 3, 5))
        // An evening item whose UTC date is the next day keeps its local day.
        #expect(
            next("every fri", after: TestTime.utc(2026, 3, 7, 2), now: march, zone: zone)
                == TestTime.utc(2026, 3, 14, 1))
    }

    @Test func aDateBeyondTheYear9999IsNone() {
        let late = TestTime.utc(9999, 12, 1)
        #expect(next("monthly", after: late, now: late) == nil)
        #expect(next("every 10000 years", after: TestTime.utc(2026, 1, 1)) == nil)
        #expect(RepeatPattern(.daily).nextOccurrence(after: .nan, now: now) == nil)
    }
}
