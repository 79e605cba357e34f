import ChecklistKit
import Foundation
import KeyedArchive
import TestSupport
import Testing

/// The next occurrence against python-dateutil's `rrule`, which every CalDAV client's dates
/// agree with (SPEC §12): several hundred random rules over random anchors and times in zones
/// with daylight-saving gaps (New York, Lord Howe's 30 minutes) and far east (Auckland), asked of
/// one python process in one batch.
@Suite(
    .enabled(
        if: RequiredTool.available(
            "the RRULE differential test needs python-dateutil in .ci/venv",
            present: DateutilOracle.available,
            install: "Scripts/test-tools.sh makes .ci/venv with it (python3-venv and PyPI)")))
struct RecurrenceOracleTests {
    /// One series to ask both sides about.
    private struct Case {
        var rule: String
        var zone: String
        /// The due date the series starts at (its DTSTART).
        var due: Due
        var now: Double
        var horizonYear: Int
        /// With a start date, the series starts there instead, `due` as far after it (SPEC §12).
        var start: Due? = nil
    }

    private static let zones = [
        "America/New_York", "Australia/Lord_Howe", "Pacific/Auckland", "Europe/Berlin", "UTC",
    ]

    @Test func everyRandomSeriesHasDateutilsNextDate() throws {
        var random = SplitMix64(seed: 0x36_2026_1128)
        let cases = (0..<500).map { _ in Self.randomCase(&random) }
        let expected = try Self.askDateutil(cases)
        try #require(expected.count == cases.count)
        var disagreements = 0
        var timeouts = 0
        for (index, series) in cases.enumerated() {
            let theirs = expected[index]
            // dateutil looks for a date a rule never gives up to the year 9999; those few are left out.
            guard theirs != "\"timeout\"" else {
                timeouts += 1
                continue
            }
            let ours = Self.answer(series)
            guard ours != theirs else { continue }
            disagreements += 1
            let message =
                "case \(index): RRULE:\(series.rule) from \(Self.describe(series.due, in: series.zone))"
                + " in \(series.zone), now \(Int(series.now + CivilTime.referenceOffset)):"
                + " checklists \(ours), dateutil \(theirs)"
            Issue.record(Comment(rawValue: message))
            if disagreements >= 20 { break }
        }
        #expect(timeouts * 20 < cases.count, "dateutil timed out on \(timeouts) of \(cases.count) series")
    }

    /// Items with a start date: the series counts from the start, each due date as far after
    /// it on the clock as the first one's (SPEC §12), as a phone computes `DUE` from `DTSTART`.
    @Test func everyRandomSeriesWithAStartHasDateutilsNextDueDate() throws {
        var random = SplitMix64(seed: 0x38_2026_1128)
        let cases = (0..<200).map { _ in Self.randomCaseWithStart(&random) }
        let expected = try Self.askDateutil(cases)
        try #require(expected.count == cases.count)
        var disagreements = 0
        // A rule dateutil cannot work out (it fails on some ordinals past a period's days) is left out.
        for (index, series) in cases.enumerated()
        where expected[index] != "\"timeout\"" && !expected[index].hasPrefix("\"error:") {
            let ours = Self.answer(series)
            guard ours != expected[index] else { continue }
            disagreements += 1
            Issue.record(
                Comment(
                    rawValue:
                        "case \(index): RRULE:\(series.rule) from \(series.start.map { Self.describe($0, in: series.zone) } ?? "")"
                        + " due \(Self.describe(series.due, in: series.zone)) in \(series.zone):"
                        + " checklists \(ours), dateutil \(expected[index])"))
            if disagreements >= 20 { break }
        }
    }

    /// A random case whose start is up to 6 days (and some hours, for a time) before its due date.
    private static func randomCaseWithStart(_ random: inout SplitMix64) -> Case {
        var series = randomCase(&random)
        let days = Int.random(in: 0...6, using: &random)
        LocalZone.with(":" + series.zone) {
            switch series.due {
            case .day(let day):
                series.start = day.adding(days: -days).map(Due.day)
            case .time(let time):
                let hours = Double(Int.random(in: 0...12, using: &random)) * 3600
                series.start = LocalTime.adding(days: -days, to: time - hours).map(Due.time)
            }
        }
        return series
    }

    /// Our answer, as the oracle writes its own: `YYYY-MM-DD`, seconds since 1970, or `null`.
    private static func answer(_ series: Case) -> String {
        LocalZone.with(":" + series.zone) {
            let rule = RepeatRule(rrule: series.rule)
            let found =
                if let start = series.start {
                    rule.nextOccurrence(start: start, due: series.due, now: series.now)?.due
                } else {
                    rule.nextOccurrence(after: series.due, now: series.now)?.due
                }
            guard let next = found else { return "null" }
            switch next {
            case .day(let day):
                return day.year < series.horizonYear ? "\"\(day)\"" : "null"
            case .time(let time):
                guard LocalTime.fields(time).year < series.horizonYear else { return "null" }
                return String(Int((time + CivilTime.referenceOffset).rounded()))
            }
        }
    }

    private static func describe(_ due: Due, in zone: String) -> String {
        LocalZone.with(":" + zone) { due.text }
    }

    /// Runs the oracle once on every case; its answers as JSON text, one per case.
    private static func askDateutil(_ cases: [Case]) throws -> [String] {
        let requests: [[String: Any]] = cases.map { series in
            LocalZone.with(":" + series.zone) {
                var request: [String: Any] = [
                    "rule": "RRULE:" + series.rule, "zone": series.zone, "horizonYear": series.horizonYear,
                    "nowUnix": Int((series.now + CivilTime.referenceOffset).rounded(.down)),
                ]
                switch (series.start ?? series.due, series.due) {
                case (.day(let day), .day(let due)):
                    request["anchor"] = [day.year, day.month, day.day, 0, 0]
                    request["wholeDay"] = true
                    request["anchorUnix"] = 0
                    request["dueAfter"] = due.daysSince1970 - day.daysSince1970
                case (.time(let time), .time(let due)):
                    let fields = LocalTime.fields(time)
                    request["anchor"] = [fields.year, fields.month, fields.day, fields.hour, fields.minute]
                    request["wholeDay"] = false
                    request["anchorUnix"] = Int((due + CivilTime.referenceOffset).rounded())
                    request["dueAfter"] = clockSeconds(due) - clockSeconds(time)
                default:
                    break
                }
                return request
            }
        }
        let answers = try DateutilOracle.run(requests)
        return answers.map { answer in
            switch answer {
            case let text as String: "\"\(text)\""
            case let number as NSNumber: number.stringValue
            default: "null"
            }
        }
    }

    /// Seconds since 1970 on the local clock (as if the local zone were UTC).
    private static func clockSeconds(_ time: Double) -> Int {
        let fields = LocalTime.fields(time)
        return CivilTime.days(year: fields.year, month: fields.month, day: fields.day) * 86_400 + fields.hour * 3600
            + fields.minute * 60 + fields.second
    }

    // MARK: Random series

    private static func randomCase(_ random: inout SplitMix64) -> Case {
        let zone = random.pick(zones)
        let year = Int.random(in: 1995...2040, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...CalendarDayLength.of(month, year), using: &random)
        let wholeDay = random.chance(1, in: 2)
        let horizonYear = year + 12
        return LocalZone.with(":" + zone) {
            let due: Due
            if wholeDay, let calendarDay = CalendarDay(year: year, month: month, day: day) {
                due = .day(calendarDay)
            } else {
                // Times around the small hours, where daylight-saving changes are, often.
                let hour =
                    random.chance(1, in: 3)
                    ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...23, using: &random)
                let minute = random.pick([0, 15, 30, 45, Int.random(in: 0...59, using: &random)])
                let date = CalendarDay(year: year, month: month, day: day) ?? .earliest
                due = .time(LocalTime.time(on: date, hour: hour, minute: minute) ?? LocalTime.start(of: date))
            }
            let offset = Double(Int.random(in: -10 * 86_400...4 * 366 * 86_400, using: &random))
            let now = due.start + offset
            return Case(
                rule: randomRule(&random, anchorYear: year), zone: zone, due: due, now: now, horizonYear: horizonYear)
        }
    }

    /// A random valid RRULE of what checklists understands.
    private static func randomRule(_ random: inout SplitMix64, anchorYear: Int) -> String {
        let frequency = random.pick(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
        var parts = ["FREQ=" + frequency]
        if random.chance(1, in: 3) { parts.append("INTERVAL=\(random.pick([1, 2, 3, 4, 5, 7, 12, 30]))") }
        if random.chance(1, in: 4) {
            parts.append("COUNT=\(Int.random(in: 1...40, using: &random))")
        } else if random.chance(1, in: 5) {
            let year = anchorYear + Int.random(in: 0...4, using: &random)
            let date =
                String(year)
                + random.pick(["0101", "0315", "0630", "1231", "0229"].filter { $0 != "0229" || year % 4 == 0 })
            parts.append(
                "UNTIL=" + date + (random.chance(1, in: 2) ? "" : "T" + random.pick(["000000", "093000", "235959"])))
        }
        func some(_ range: ClosedRange<Int>, signed: Bool, most: Int) -> String {
            let count = Int.random(in: 1...most, using: &random)
            return (0..<count).map { _ in
                let value = Int.random(in: range, using: &random)
                return String(signed && random.chance(1, in: 3) ? -value : value)
            }.joined(separator: ",")
        }
        var limited = false
        if random.chance(1, in: 4) {
            parts.append("BYMONTH=" + some(1...12, signed: false, most: 3))
            limited = true
        }
        if frequency != "WEEKLY", random.chance(1, in: 4) {
            parts.append("BYMONTHDAY=" + some(1...31, signed: true, most: 3))
            limited = true
        }
        if frequency == "YEARLY", random.chance(1, in: 6) {
            parts.append("BYYEARDAY=" + some(1...366, signed: true, most: 3))
            limited = true
        }
        let weekNumbers = frequency == "YEARLY" && random.chance(1, in: 6)
        if weekNumbers {
            parts.append("BYWEEKNO=" + some(1...53, signed: true, most: 3))
            limited = true
        }
        if random.chance(2, in: 5) {
            let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            let count = Int.random(in: 1...4, using: &random)
            let ordinals = (frequency == "MONTHLY" || frequency == "YEARLY") && !weekNumbers && random.chance(1, in: 2)
            let limit = frequency == "MONTHLY" || !random.chance(1, in: 2) ? 5 : 53
            let days = (0..<count).map { _ in
                let code = random.pick(codes)
                guard ordinals else { return code }
                let number = Int.random(in: 1...limit, using: &random)
                return String(random.chance(1, in: 3) ? -number : number) + code
            }
            parts.append("BYDAY=" + days.joined(separator: ","))
            limited = true
        }
        // A position past the period's dates is never given (and dateutil then walks to the year 9999).
        if limited, frequency != "DAILY", random.chance(1, in: 4) {
            parts.append("BYSETPOS=" + some(1...(frequency == "WEEKLY" ? 2 : 4), signed: true, most: 2))
        }
        if random.chance(1, in: 4) { parts.append("WKST=" + random.pick(["MO", "TU", "WE", "TH", "FR", "SA", "SU"])) }
        return parts.joined(separator: ";")
    }
}

/// The number of days in a month, for drawing a day that exists.
private enum CalendarDayLength {
    static func of(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
