import ChecklistKit
import Testing

/// Reading an RRULE: every valid rule of a day or longer, nothing else.
struct RecurrenceTests {
    @Test func everyPartOfAValidRuleIsRead() throws {
        let rule = try #require(
            Recurrence(
                rrule: "RRULE:freq=yearly;INTERVAL=2;COUNT=5;BYMONTH=1,12;BYWEEKNO=-1,20;BYYEARDAY=+100,-1;"
                    + "BYMONTHDAY=-1,15;BYDAY=MO,+2TU,-1FR;BYSETPOS=1,-1;WKST=SU"))
        #expect(rule.frequency == .yearly)
        #expect(rule.interval == 2)
        #expect(rule.count == 5)
        #expect(rule.months == [1, 12])
        #expect(rule.weekNumbers == [-1, 20])
        #expect(rule.yearDays == [100, -1])
        #expect(rule.monthDays == [-1, 15])
        #expect(
            rule.weekdays == [
                .init(weekday: .monday, ordinal: nil), .init(weekday: .tuesday, ordinal: 2),
                .init(weekday: .friday, ordinal: -1),
            ])
        #expect(rule.setPositions == [1, -1])
        #expect(rule.weekStart == .sunday)
        #expect(Recurrence(rrule: "FREQ=DAILY;UNTIL=20270101")?.until == .day(year: 2027, month: 1, day: 1))
        #expect(Recurrence(rrule: "FREQ=DAILY;UNTIL=20270101T120000Z")?.until == .utc(820_497_600))
    }

    @Test func anInvalidRuleOrOneBelowADayIsNotRead() {
        for text in [
            "", "FREQ=FORTNIGHTLY", "INTERVAL=2", "FREQ=HOURLY", "FREQ=DAILY;BYHOUR=9", "FREQ=DAILY;INTERVAL=0",
            "FREQ=DAILY;COUNT=0", "FREQ=DAILY;COUNT=2;UNTIL=20270101", "FREQ=DAILY;UNTIL=2027",
            "FREQ=MONTHLY;BYMONTHDAY=0",
            "FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=YEARLY;BYMONTH=13", "FREQ=YEARLY;BYMONTH=-1", "FREQ=YEARLY;BYWEEKNO=54",
            "FREQ=YEARLY;BYYEARDAY=367", "FREQ=MONTHLY;BYDAY=0MO", "FREQ=MONTHLY;BYDAY=2XX", "FREQ=MONTHLY;BYDAY=",
            "FREQ=MONTHLY;BYSETPOS=0", "FREQ=WEEKLY;WKST=XX", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;X-NAME=1",
            "FREQ=DAILY;", "FREQ=YEARLY;BYEASTER=0",
        ] {
            #expect(Recurrence(rrule: text) == nil, "\(text)")
        }
    }
}
