import ChecklistKit
import TestSupport
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
        #expect(rrule("FREQ=MONTHLY;BYDAY=2TU") == "FREQ=MONTHLY;BYDAY=2TU")
        #expect(rrule("FREQ=MONTHLY;BYDAY=-2WE") == nil)
    }

    @Test func whatIsNoRuleIsRefused() {
        for text in [
            "", "fortnightly", "every", "every 0 days", "every 2", "every 2 months on fri", "every 2 mon",
            "every mo", "every funday", "daily please", "every -1 days", "every 100000 days", "every 2 weekdays",
            "every week on", "every 15", "every 2 15th", "every 6th tuesday", "every feb 30", "every other",
            "every 3 weekends", "every 32nd", "daily on mon", "every 2nd tuesday of march of",
            "yearly on the 2nd tuesday", "every 2 dec 25",
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
            "FREQ=WEEKLY;COUNT=3", "FREQ=DAILY;UNTIL=20270101T000000Z", "FREQ=MONTHLY;BYMONTHDAY=-2",
            "FREQ=WEEKLY;BYMONTHDAY=-1", "FREQ=MONTHLY;BYDAY=-2WE", "FREQ=MONTHLY;BYDAY=2TU;BYSETPOS=1",
            "FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=-1", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=YEARLY;BYMONTH=1,2",
            "FREQ=YEARLY;BYYEARDAY=100", "FREQ=HOURLY", "INTERVAL=2", "FREQ=DAILY;FREQ=WEEKLY", "FREQ=DAILY;INTERVAL=0",
            "FREQ=DAILY;INTERVAL=x", "FREQ=MONTHLY;BYDAY=MO", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR;WKST=SU",
            "FREQ=WEEKLY;BYDAY=", "FREQ=WEEKLY;", "FREQ=DAILY;INTERVAL=2;BYDAY=MO", "every week", "", "RRULE:",
            "FREQ=WEEKLY;X-NAME=1",
        ] {
            #expect(RepeatPattern(rrule: text) == nil, "\(text)")
        }
    }

    /// SPEC §12 (amended): the RULE words people say, as Todoist, Things and Apple Reminders take them.
    @Test func theWordsPeopleSayMakeTheseRules() {
        let cases: [(String, String)] = [
            ("every 2nd tuesday", "FREQ=MONTHLY;BYDAY=2TU"), ("every second tuesday", "FREQ=MONTHLY;BYDAY=2TU"),
            ("Every Last Friday", "FREQ=MONTHLY;BYDAY=-1FR"),
            ("every first monday of the month", "FREQ=MONTHLY;BYDAY=1MO"),
            ("every 1st and 3rd tuesday", "FREQ=MONTHLY;BYDAY=1TU,3TU"),
            ("every 2nd tue and last fri", "FREQ=MONTHLY;BYDAY=2TU,-1FR"),
            ("every last weekday of the month", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
            ("every first weekday", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1"),
            ("every 15th", "FREQ=MONTHLY;BYMONTHDAY=15"), ("monthly on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("every month on the 15", "FREQ=MONTHLY;BYMONTHDAY=15"),
            ("every 1st and 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15"),
            ("every 15th and last day", "FREQ=MONTHLY;BYMONTHDAY=15,-1"),
            ("every 3 months on the 1st", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1"),
            ("every 2 months on the 2nd tuesday", "FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU"),
            ("every other day", "FREQ=DAILY;INTERVAL=2"), ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
            ("every other month", "FREQ=MONTHLY;INTERVAL=2"), ("every other year", "FREQ=YEARLY;INTERVAL=2"),
            ("every other tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"),
            ("every quarter", "FREQ=MONTHLY;INTERVAL=3"), ("quarterly", "FREQ=MONTHLY;INTERVAL=3"),
            ("every weekend", "FREQ=WEEKLY;BYDAY=SA,SU"), ("every other weekend", "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA,SU"),
            ("every 2 weeks on mon,wed", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE"),
            ("weekly on fri", "FREQ=WEEKLY;BYDAY=FR"),
            ("every dec 25", "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25"),
            ("every 25 december", "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25"),
            ("yearly on march 3", "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=3"),
            ("every year on feb 29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29"),
            ("every 4th thursday of november", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"),
        ]
        for (typed, expected) in cases {
            #expect(rrule(typed) == expected, "\(typed)")
        }
    }

    /// The words for each kind of rule the grammar makes, and they read back as the same rule.
    @Test func eachKindOfRuleIsShownInWordsThatReadBack() {
        let cases: [(String, String)] = [
            ("FREQ=MONTHLY;BYDAY=2TU", "every 2nd Tuesday"),
            ("FREQ=MONTHLY;BYDAY=1TU,3TU", "every 1st Tuesday and 3rd Tuesday"),
            ("FREQ=MONTHLY;BYDAY=-1FR,2TU", "every 2nd Tuesday and last Friday"),
            ("FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU", "every 2 months on the 2nd Tuesday"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "every last weekday of the month"),
            ("FREQ=MONTHLY;INTERVAL=3;BYDAY=FR,TH,WE,TU,MO;BYSETPOS=1", "every 3 months on the 1st weekday"),
            ("FREQ=MONTHLY;BYMONTHDAY=15,1", "every month on the 1st and 15th"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1,22,23,11", "every month on the 11th, 22nd, 23rd and last day"),
            ("FREQ=WEEKLY;BYDAY=SA,SU", "every weekend"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,SA", "every 2 weeks on Saturday and Sunday"),
            ("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25", "every December 25"),
            ("FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29", "every 4 years on February 29"),
            ("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH", "every 4th Thursday of November"),
            ("FREQ=YEARLY;INTERVAL=2;BYMONTH=5;BYDAY=-1MO", "every 2 years on the last Monday of May"),
        ]
        for (rrule, words) in cases {
            let pattern = RepeatPattern(rrule: rrule)
            #expect(pattern?.words == words, "\(rrule)")
            #expect(pattern.flatMap { RepeatPattern(words: $0.words) } == pattern, "\(rrule)")
        }
    }

    /// The round trip over random RRULEs: each one the words can say is shown in words that read
    /// back as the same rule, and gives the same RRULE as the pattern.
    @Test func everyRandomRuleTheWordsCanSayReadsBackFromItsWords() {
        var random = SplitMix64(seed: 0x51_2026_1208)
        let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var said = 0
        for _ in 0..<3000 {
            let frequency = random.pick(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
            var parts = ["FREQ=" + frequency]
            if random.chance(1, in: 2) { parts.append("INTERVAL=\(Int.random(in: 1...12, using: &random))") }
            if random.chance(1, in: 3) {
                let count = Int.random(in: 1...3, using: &random)
                parts.append(
                    "BYDAY="
                        + (0..<count).map { _ in
                            let place = random.pick(["", "", "1", "2", "3", "4", "5", "-1", "-2"])
                            return place + random.pick(codes)
                        }.joined(separator: ","))
            }
            if random.chance(1, in: 3) {
                let count = Int.random(in: 1...3, using: &random)
                parts.append(
                    "BYMONTHDAY="
                        + (0..<count).map { _ in String(random.pick([1, 2, 15, 28, 29, 30, 31, -1, -2])) }.joined(
                            separator: ","))
            }
            if random.chance(1, in: 4) { parts.append("BYMONTH=\(Int.random(in: 1...12, using: &random))") }
            if random.chance(1, in: 5) { parts.append("BYSETPOS=" + random.pick(["1", "-1", "2"])) }
            if random.chance(1, in: 8) {
                parts.append("BYDAY=MO,TU,WE,TH,FR;BYSETPOS=" + random.pick(["1", "-1", "3"]))
            }
            let text = parts.joined(separator: ";")
            guard let pattern = RepeatPattern(rrule: text) else { continue }
            said += 1
            #expect(RepeatPattern(words: pattern.words) == pattern, "\(text): \(pattern.words)")
            #expect(RepeatPattern(rrule: pattern.rrule) == pattern, "\(text)")
        }
        #expect(said > 300)
    }
}
