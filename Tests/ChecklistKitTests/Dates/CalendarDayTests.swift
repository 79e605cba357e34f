import ChecklistKit
import Testing

struct CalendarDayTests {
    @Test func onlyDaysThatExistAreDays() {
        #expect(CalendarDay(year: 2028, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2027, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2100, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2026, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2026, month: 13, day: 1) == nil)
        #expect(CalendarDay(year: 0, month: 1, day: 1) == nil)
        #expect(CalendarDay(year: 10_000, month: 1, day: 1) == nil)
    }

    @Test func textIsExactlyYearMonthDay() {
        #expect(CalendarDay("2026-11-25")?.description == "2026-11-25")
        #expect(CalendarDay("0001-01-01") == .earliest)
        #expect(CalendarDay("9999-12-31") == .latest)
        for text in [
            "2026-11-5", "26-11-25", "2026/11/25", "2026-11-25T00:00", "2026-02-30", "", "２０２６-11-25",
            "+026-11-25", "2026-1-125", " 2026-11-25", "2026-11-25 ", "2026-11-2\u{301}5", "2026--1-25",
        ] {
            #expect(CalendarDay(text) == nil, "\(text)")
        }
    }

    @Test func everyDayIsWrittenPaddedAndReadBack() {
        // Every 97th day from the first to the last, against padding done the plain way.
        for days in stride(from: CalendarDay.earliest.daysSince1970, through: CalendarDay.latest.daysSince1970, by: 97)
        {
            guard let day = CalendarDay(daysSince1970: days) else {
                Issue.record("no day \(days)")
                continue
            }
            func padded(_ value: Int, _ width: Int) -> String {
                String(repeating: "0", count: width - String(value).count) + String(value)
            }
            #expect(day.description == "\(padded(day.year, 4))-\(padded(day.month, 2))-\(padded(day.day, 2))")
            #expect(CalendarDay(day.description) == day)
            #expect(CalendarDay(day.description.dropFirst(0)) == day)
        }
    }

    @Test func daysCountWeekdaysAndStopAtTheEnds() {
        let day = CalendarDay(year: 2026, month: 11, day: 25)
        #expect(day?.weekday == 3)  // a Wednesday
        #expect(CalendarDay(year: 1970, month: 1, day: 1)?.weekday == 4)
        #expect(CalendarDay(year: 1969, month: 12, day: 28)?.weekday == 0)
        #expect(day?.adding(days: 7)?.description == "2026-12-02")
        #expect(day?.adding(days: -25)?.description == "2026-10-31")
        #expect(CalendarDay.latest.adding(days: 1) == nil)
        #expect(CalendarDay.earliest.adding(days: -1) == nil)
        #expect(day?.adding(days: Int.max) == nil)
        #expect(CalendarDay(daysSince1970: CalendarDay.earliest.daysSince1970) == .earliest)
        #expect(CalendarDay(daysSince1970: CalendarDay.latest.daysSince1970) == .latest)
    }
}
