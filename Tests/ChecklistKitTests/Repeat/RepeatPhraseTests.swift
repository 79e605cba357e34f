import ChecklistKit
import TestSupport
import Testing

/// A RULE as typed (SPEC §12): the rule, a time after it, the nearest known phrase, and each
/// phrase's dates against python-dateutil.
struct RepeatPhraseTests {
    /// Every kind of phrase the RULE words take (SPEC §12, amended).
    static let phrases = [
        "daily", "every 3 days", "every other day", "weekly", "every other week", "every other tuesday",
        "every mon,thu", "weekdays", "every weekend", "every other weekend", "every 2 weeks on mon,wed",
        "every 2nd tuesday", "every second tuesday", "every last friday", "every first monday of the month",
        "every 1st and 3rd tuesday", "every last weekday of the month", "every first weekday", "every 15th",
        "monthly on the 15th", "every 1st and 15th", "every 3 months on the 1st", "monthly on the last day",
        "every 31st", "every other month", "every quarter", "every 2 months on the 2nd tuesday", "yearly",
        "every dec 25", "yearly on march 3", "every feb 29", "every 4th thursday of november", "every other year",
    ]

    @Test func aTimeAfterTheRuleIsTheTimeItIsDueAt() throws {
        let phrase = try #require(RepeatPhrase("every 2nd tuesday at 7pm"))
        #expect(phrase.rule.rrule == "FREQ=MONTHLY;BYDAY=2TU")
        #expect(phrase.time == DateExpression.Clock(hour: 19, minute: 0))
        #expect(RepeatPhrase("every 1st 9am")?.time == DateExpression.Clock(hour: 9, minute: 0))
        #expect(RepeatPhrase("Every Other Tuesday At 10:30")?.rule.rrule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
        #expect(RepeatPhrase("every 2 weeks on fri 7 pm")?.time == DateExpression.Clock(hour: 19, minute: 0))
        #expect(RepeatPhrase("daily")?.time == nil)
        #expect(RepeatPhrase("at 7pm") == nil)
        #expect(RepeatPhrase("every tuesday at") == nil)
    }

    @Test func aRawRRuleIsTakenWithOrWithoutItsName() {
        #expect(RepeatPhrase("FREQ=MONTHLY;BYDAY=-2WE")?.rule.rrule == "FREQ=MONTHLY;BYDAY=-2WE")
        #expect(
            RepeatPhrase("RRULE:freq=yearly;bymonth=1;byday=mo;bysetpos=1")?.rule.rrule
                == "FREQ=YEARLY;BYMONTH=1;BYDAY=MO;BYSETPOS=1")
        #expect(RepeatPhrase("FREQ=MONTHLY;BYDAY=-2WE")?.rule.description == "RRULE:FREQ=MONTHLY;BYDAY=-2WE")
        #expect(RepeatPhrase("RRULE:FREQ=MONTHLY;BYDAY=2TU")?.rule.description == "every 2nd Tuesday")
        for text in ["FREQ=SOMETIMES", "FREQ=DAILY;BYDAY=XX", "FREQ=DAILY;COUNT=2;UNTIL=20270101", "RRULE:"] {
            #expect(RepeatPhrase(text) == nil, "\(text)")
        }
    }

    @Test func anUnknownPhraseHasTheNearestKnownOne() {
        #expect(RepeatPhrase.nearest(to: "every 2nd tusday") == "every 2nd tuesday")
        #expect(RepeatPhrase.nearest(to: "evry other mnth") == "every other month")
        #expect(RepeatPhrase.nearest(to: "montly on the 15th") == "monthly on the 15th")
        #expect(RepeatPhrase.nearest(to: "every last fridya of the month") == "every last friday of the month")
        #expect(RepeatPhrase.nearest(to: "every decmber 25") == "every december 25")
        #expect(RepeatPhrase.nearest(to: "sometimes") == nil)
        #expect(RepeatPhrase.nearest(to: "every 2nd tuesday") == nil)
        #expect(RepeatPhrase.nearest(to: "") == nil)
    }

    /// Each phrase's first date from Monday 2026-06-15 (and from Sunday 2027-01-31, a month's end),
    /// then the next ones as each is checked on its day, are the dates dateutil's `rrule` gives.
    @Test(
        .enabled(
            if: RequiredTool.available(
                "the phrase dates test needs python-dateutil in .ci/venv", present: DateutilOracle.available,
                install: "Scripts/test-tools.sh makes .ci/venv with it (python3-venv and PyPI)")))
    func everyPhraseGivesDateutilsDates() throws {
        let starts = [[2026, 6, 15], [2027, 1, 31]]
        var cases: [(phrase: String, rule: RepeatRule, start: CalendarDay)] = []
        for phrase in Self.phrases {
            let rule = try #require(RepeatPhrase(phrase)?.rule, "\(phrase)")
            for start in starts {
                cases.append((phrase, rule, try #require(CalendarDay(year: start[0], month: start[1], day: start[2]))))
            }
        }
        let count = 6
        let requests: [[String: Any]] = cases.map { item in
            ["rule": item.rule.rrule, "start": [item.start.year, item.start.month, item.start.day], "count": count]
        }
        let answers = try DateutilOracle.run(requests, script: DateutilOracle.datesScript)
        try LocalZone.with(LocalZone.utc) {
            for (index, item) in cases.enumerated() {
                let theirs = try #require(answers[index] as? [String])
                var ours: [String] = []
                var due = item.rule.firstOccurrence(from: .day(item.start))
                while let current = due, ours.count < count {
                    ours.append(current.text)
                    // Checked on its own day: the next date comes after it.
                    due = item.rule.nextOccurrence(after: current, now: current.start)?.due
                }
                #expect(ours == theirs, "\(item.phrase) (\(item.rule.rrule)) from \(item.start)")
            }
        }
    }
}
