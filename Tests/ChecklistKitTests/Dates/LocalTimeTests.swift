import ChecklistKit
import Foundation
import Testing

/// The local zone: what a `TZ` the C library does not know is told, and days at their ends.
@Suite(.serialized)
struct LocalTimeTests {
    @Test(arguments: ["Mars/Olympus", "Nowhere", ":Europe/Nowhere", "Europe/../../etc/passwd"])
    func aZoneTheSystemDoesNotKnowIsNamed(zone: String) throws {
        let problem = try #require(LocalZone.with(zone) { LocalTime.zoneProblem() })
        #expect(problem.hasPrefix("TZ=\"\(zone)\" is not a time zone known here"))
        #expect(problem.contains("UTC"))
    }

    @Test(arguments: ["UTC", "UTC0", "GMT", "CET-1CEST,M3.5.0,M10.5.0/3", "<+03>-3", "JST-9", "EST5EDT"])
    func rulesAndUTCAreZones(zone: String) {
        #expect(LocalZone.with(zone) { LocalTime.zoneProblem() } == nil)
    }

    @Test func aZoneOfTheDatabaseIsAZoneWhenTheDatabaseHasIt() {
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin") else { return }
        #expect(LocalZone.with("Europe/Berlin") { LocalTime.zoneProblem() } == nil)
        #expect(LocalZone.with(":Europe/Berlin") { LocalTime.zoneProblem() } == nil)
        #expect(LocalZone.with("/usr/share/zoneinfo/Europe/Berlin") { LocalTime.zoneProblem() } == nil)
    }

    @Test func aDayWhoseMidnightIsSkippedStartsAtItsFirstMinute() throws {
        // Clocks go from 00:00 to 01:00 on the third Sunday of October (as Brazil's once did).
        try LocalZone.with("XXX3YYY,M10.3.0/0,M2.3.0/0") {
            let day = try #require(CalendarDay(year: 2026, month: 10, day: 18))
            #expect(LocalTime.start(of: day) == TestTime.utc(2026, 10, 18, 3))
            #expect(LocalTime.time(on: day, hour: 0, minute: 30) == nil)
        }
    }

    @Test func aClockTimeThatHappensTwiceIsItsFirstOccurrence() throws {
        try LocalZone.with(LocalZone.berlin) {
            let day = try #require(CalendarDay(year: 2026, month: 10, day: 25))
            #expect(LocalTime.time(on: day, hour: 2, minute: 30) == TestTime.utc(2026, 10, 25, 0, 30))
        }
    }
}
