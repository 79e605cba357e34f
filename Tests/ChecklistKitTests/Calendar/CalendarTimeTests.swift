import ChecklistKit
import Testing

/// DATE and DATE-TIME values, in UTC, floating, in named zones and as whole days.
struct CalendarTimeTests {
    private func seconds(_ value: String, _ parameters: [ContentLine.Parameter] = []) -> Double? {
        CalendarTime(ContentLine("DUE", parameters: parameters, value: value))?.referenceSeconds
    }

    /// 2026-11-25 18:00:00 UTC as seconds since 2001.
    private let evening = 817_322_400.0

    @Test func utcTimesAreRead() {
        #expect(seconds("20261125T180000Z") == evening)
        #expect(CalendarTime.utcValue(evening) == "20261125T180000Z")
    }

    @Test func aTimeInANamedZoneIsConvertedWhateverTheLocalZone() {
        LocalZone.with(LocalZone.berlin) {
            #expect(seconds("20261125T130000", [.init("TZID", ["America/New_York"])]) == evening)
            // Summer time in New York (UTC-4).
            #expect(seconds("20260701T140000", [.init("TZID", ["America/New_York"])]) == 804_621_600)
            // The long names some clients write.
            #expect(seconds("20261125T190000", [.init("TZID", ["/mozilla.org/20050126_1/Europe/Berlin"])]) == evening)
            // Floating, and an unknown zone: the local zone (Berlin, UTC+1 in November).
            #expect(seconds("20261125T190000") == evening)
            #expect(seconds("20261125T190000", [.init("TZID", ["Nowhere/Special"])]) == evening)
            #expect(seconds("20261125T190000", [.init("TZID", ["../../etc/passwd"])]) == evening)
        }
    }

    @Test func wholeDaysAreLocalMidnight() {
        LocalZone.with(LocalZone.berlin) {
            #expect(seconds("20261125", [.init("VALUE", ["DATE"])]) == evening - 18 * 3600 - 3600)
            #expect(CalendarTime.dayValue(evening) == "20261125")
        }
    }

    @Test(arguments: [
        "", "2026", "20261325", "20261125T250000Z", "20261125T1800", "2026112XT180000Z", "20261125T180000ZZ",
    ])
    func malformedValuesAreNotDates(_ value: String) {
        #expect(CalendarTime(ContentLine("DUE", value: value)) == nil)
    }
}
