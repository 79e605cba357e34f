import ChecklistKit
import Testing

/// The rule as an item holds it: RRULE text, kept as it came, shown in words or RRULE form.
struct RepeatRuleTests {
    @Test func aRuleFromWordsIsStoredInItsCanonicalRRuleForm() {
        #expect(RepeatRule(words: "every thu, mon")?.rrule == "FREQ=WEEKLY;BYDAY=MO,TH")
        #expect(RepeatRule(words: "every thu, mon")?.description == "every Monday and Thursday")
        #expect(RepeatRule(words: "sometimes") == nil)
    }

    @Test func aRuleTheWordsCannotSayIsKeptAsItIsAndShownInRRuleForm() {
        let rule = RepeatRule(rrule: "FREQ=MONTHLY;BYDAY=-2TU")
        #expect(rule.pattern == nil)
        #expect(rule.description == "RRULE:FREQ=MONTHLY;BYDAY=-2TU")
        #expect(RepeatRule(rrule: "RRULE:FREQ=YEARLY;COUNT=2").description == "RRULE:FREQ=YEARLY;COUNT=2")
    }

    @Test func anUnderstoodRuleKeepsItsOwnSpelling() {
        let rule = RepeatRule(rrule: "FREQ=WEEKLY;INTERVAL=1;WKST=MO")
        #expect(rule.rrule == "FREQ=WEEKLY;INTERVAL=1;WKST=MO")
        #expect(rule.description == "every week")
        #expect(rule != RepeatRule(words: "weekly"))
    }

    @Test func anImportedRuleIsAnRRuleAsItIsOrRuleWords() {
        #expect(RepeatRule(importing: "FREQ=WEEKLY;INTERVAL=1")?.rrule == "FREQ=WEEKLY;INTERVAL=1")
        #expect(RepeatRule(importing: " every 2 weeks on Friday ")?.rrule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR")
        #expect(RepeatRule(importing: "whenever")?.rrule == "whenever")
        #expect(RepeatRule(importing: "  ") == nil)
    }

    /// SPEC §12 (amended): `after done` (Todoist's `every!`) is kept after the RRULE as Tasks.org
    /// marks it in its own store, shown in words, and those words read back as the same rule.
    @Test func afterDoneIsReadShownAndKeptAfterThePlainRRule() throws {
        let rule = try #require(RepeatRule(words: "every 3 days after done"))
        #expect(rule.rrule == "FREQ=DAILY;INTERVAL=3;FROM=COMPLETION")
        #expect(rule.afterDone && rule.plainRRULE == "FREQ=DAILY;INTERVAL=3")
        #expect(rule.description == "every 3 days after done")
        #expect(RepeatRule(words: rule.description) == rule)
        #expect(RepeatRule(words: "Every! 3 Days") == rule)
        #expect(RepeatRule(words: "every 2nd tuesday after done")?.description == "every 2nd Tuesday after done")
        #expect(
            RepeatRule(words: "FREQ=MONTHLY;BYDAY=-2WE after done")?.description
                == "RRULE:FREQ=MONTHLY;BYDAY=-2WE after done")
        #expect(RepeatRule(words: "every 3 days").map(\.afterDone) == false)
        for text in ["after done", "every 3 days after done after done", "every! after done", "sometimes after done"] {
            #expect(RepeatRule(words: text) == nil, "\(text)")
        }
    }
}
