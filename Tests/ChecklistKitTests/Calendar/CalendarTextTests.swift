import ChecklistKit
import Testing

/// TEXT values: escaping and lists.
struct CalendarTextTests {
    @Test(arguments: ["plain", "a, b; c \\ d", "two\nlines", "", "ünï,cödé"])
    func escapingRoundTrips(_ text: String) {
        #expect(CalendarText.unescaped(CalendarText.escaped(text)) == text)
    }

    @Test func escapesAreThoseOfRFC5545() {
        #expect(CalendarText.escaped("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
        #expect(CalendarText.unescaped("a\\Nb\\nc\\:d") == "a\nb\nc:d")
        #expect(CalendarText.list("Home,Work\\, office,") == ["Home", "Work, office", ""])
    }
}
