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
}
