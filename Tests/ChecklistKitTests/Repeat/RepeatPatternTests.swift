import ChecklistKit
import Testing

/// The RULE words, the RRULE subset and the rule in words.
struct RepeatPatternTests {
    private func rrule(_ words: String) -> String? {
        RepeatPattern(words: words)?.rrule
    }

    @Test func theSingleWordRulesAreTheFourFrequenciesAndWeekdays() {
        #expect(rrule("daily") == "FREQ=DAILY")
        #expect(rrule("weekly") == "FREQ=WEEKLY")
        #expect(rrule("Monthly") == "FREQ=MONTHLY")
        #expect(rrule("YEARLY") == "FREQ=YEARLY")
        #expect(rrule("weekdays") == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    }

    @Test func everyNUnitsSetsTheInterval() {
        #expect(rrule("every 3 days") == "FREQ=DAILY;INTERVAL=3")
        #expect(rrule("every 2 weeks") == "FREQ=WEEKLY;INTERVAL=2")
        #expect(rrule("every 6 months") == "FREQ=MONTHLY;INTERVAL=6")
        #expect(rrule("every 2 years") == "FREQ=YEARLY;INTERVAL=2")
        #expect(rrule("every week") == "FREQ=WEEKLY")
        #expect(rrule("Every 1 Day") == "FREQ=DAILY")
        #expect(rrule("every  10000  days") == "FREQ=DAILY;INTERVAL=10000")
    }

    @Test func everyWeekdayNamesMakeAWeeklyRuleOnThoseDays() {
        #expect(rrule("every mon,thu") == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(rrule("every thu, mon") == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(rrule("every Monday and Thursday") == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(rrule("every tues,thurs") == "FREQ=WEEKLY;BYDAY=TU,TH")
        #expect(rrule("every sat sun") == "FREQ=WEEKLY;BYDAY=SA,SU")
        #expect(rrule("every fridays") == "FREQ=WEEKLY;BYDAY=FR")
        #expect(rrule("every weekday") == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    }

    @Test func everyNWeeksOnDaysSetsBoth() {
        #expect(rrule("every 2 weeks on fri") == "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
        #expect(rrule("every 3 weeks on mon,thu") == "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TH")
        #expect(rrule("every week on wed") == "FREQ=WEEKLY;BYDAY=WE")
    }

    /// Issue #36 finding 4: the end of the month is its own rule.
    @Test func monthlyOnTheLastDayIsTheMonthsLastDay() {
        #expect(rrule("monthly on the last day") == "FREQ=MONTHLY;BYMONTHDAY=-1")
        #expect(rrule("every month on the last day") == "FREQ=MONTHLY;BYMONTHDAY=-1")
        #expect(rrule("Every 3 Months on the last day") == "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1")
        #expect(RepeatPattern(words: "monthly on the last day")?.words == "every month on the last day")
        #expect(
            RepeatPattern(rrule: "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1")?.words == "every 2 months on the last day")
        for text in ["weekly on the last day", "on the last day", "monthly on the last day on the last day"] {
            #expect(rrule(text) == nil, "\(text)")
        }
    }

    @Test func anRRuleInTheSubsetIsAcceptedAsARule() {
        #expect(rrule("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR") == "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
        #expect(rrule("freq=monthly") == "FREQ=MONTHLY")
        #expect(rrule("FREQ=MONTHLY;BYDAY=2TU") == nil)
    }

    @Test func whatIsNoRuleIsRefused() {
        for text in [
            "", "fortnightly", "every", "every 0 days", "every 2", "every 2 months on fri", "every 2 mon",
            "every mo", "every funday", "daily please", "every -1 days", "every 100000 days", "every 2 weekdays",
            "every week on", "weekly on fri",
        ] {
            #expect(RepeatPattern(words: text) == nil, "\(text)")
        }
    }

    @Test func theRuleInWordsReadsBackAsTheSameRule() {
        let cases: [(String, String)] = [
            ("daily", "every day"), ("every 3 days", "every 3 days"), ("weekly", "every week"),
            ("every 2 weeks", "every 2 weeks"), ("every 2 weeks on fri", "every 2 weeks on Friday"),
            ("weekdays", "every weekday"), ("every thu,mon", "every Monday and Thursday"),
            ("every fri,mon,wed", "every Monday, Wednesday and Friday"), ("monthly", "every month"),
            ("every 3 months", "every 3 months"), ("yearly", "every year"), ("every 2 years", "every 2 years"),
            (
                "every 2 weeks on mon,tue,wed,thu,fri",
                "every 2 weeks on Monday, Tuesday, Wednesday, Thursday and Friday"
            ),
        ]
        for (typed, words) in cases {
            let pattern = RepeatPattern(words: typed)
            #expect(pattern?.words == words, "\(typed)")
            #expect(pattern.flatMap { RepeatPattern(words: $0.words) } == pattern, "\(typed)")
            #expect(pattern.flatMap { RepeatPattern(rrule: $0.rrule) } == pattern, "\(typed)")
        }
    }

    @Test func theRRuleSubsetIsReadInAnyCaseWithOrWithoutItsPropertyName() {
        #expect(RepeatPattern(rrule: "FREQ=WEEKLY;BYDAY=MO,TH") == RepeatPattern(.weekly, on: [.monday, .thursday]))
        #expect(RepeatPattern(rrule: "RRULE:FREQ=MONTHLY;INTERVAL=2") == RepeatPattern(.monthly, interval: 2))
        #expect(RepeatPattern(rrule: "freq=daily;interval=1") == RepeatPattern(.daily))
        #expect(RepeatPattern(rrule: "BYDAY=TH,MO;FREQ=WEEKLY") == RepeatPattern(.weekly, on: [.monday, .thursday]))
        #expect(RepeatPattern(rrule: "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR") == RepeatPattern.weekdaysOnly)
        #expect(
            RepeatPattern(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;WKST=MO")
                == RepeatPattern(.weekly, interval: 2, on: [.friday]))
        #expect(RepeatPattern(rrule: "FREQ=WEEKLY;BYDAY=FR;WKST=SU") == RepeatPattern(.weekly, on: [.friday]))
    }

    @Test func anRRuleBeyondTheSubsetIsNotAPattern() {
        for text in [
            "FREQ=WEEKLY;COUNT=3", "FREQ=DAILY;UNTIL=20270101T000000Z", "FREQ=MONTHLY;BYMONTHDAY=1",
            "FREQ=WEEKLY;BYMONTHDAY=-1", "FREQ=MONTHLY;BYMONTHDAY=-1,15",
            "FREQ=MONTHLY;BYDAY=2TU", "FREQ=HOURLY", "INTERVAL=2", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;INTERVAL=0",
            "FREQ=DAILY;INTERVAL=x", "FREQ=MONTHLY;BYDAY=MO", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;WKST=SU",
            "FREQ=WEEKLY;BYDAY=", "FREQ=WEEKLY;", "FREQ=DAILY;INTERVAL=2;BYDAY=MO", "every week", "", "RRULE:",
            "FREQ=WEEKLY;X-NAME=1",
        ] {
            #expect(RepeatPattern(rrule: text) == nil, "\(text)")
        }
    }
}
