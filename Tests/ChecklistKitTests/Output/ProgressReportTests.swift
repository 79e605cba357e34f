import ChecklistKit
import Testing

struct ProgressReportTests {
    @Test func aReportReadsAsGitsProgressDoes() {
        #expect(
            ProgressReport("caldav: writing tasks", done: 120, of: 300).text == "caldav: writing tasks: 40% (120/300)")
        #expect(ProgressReport("batch: lines", done: 7).text == "batch: lines: 7")
        #expect(ProgressReport("nothing", done: 0, of: 0).text == "nothing: 0")
    }
}
