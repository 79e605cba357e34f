import KeyedArchive

#if canImport(Glibc)
import Glibc
#endif

/// A DATE or DATE-TIME value (RFC 5545 §3.3.4, §3.3.5): a whole day, a UTC time, or a clock
/// time in a named zone (`TZID`) or in none (floating, read in the local zone).
public enum CalendarTime: Sendable, Equatable {
    /// A whole day.
    case day(year: Int, month: Int, day: Int)
    /// A moment: seconds since 2001-01-01 UTC.
    case utc(Double)
    /// A clock time in the zone `zone` (a tz database name), or floating when `nil`.
    case clock(LocalTime.Fields, zone: String?)

    /// Reads the value of a `DUE`, `DTSTART` or `COMPLETED` line; `nil` when it is not a date.
    public init?(_ line: ContentLine) {
        let value = CalendarText.trimmed(line.value)
        let digits = Array(value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var result = 0
            for byte in digits[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                result = result * 10 + Int(byte - 0x30)
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        if digits.count == 8 {
            self = .day(year: year, month: month, day: day)
            return
        }
        guard digits.count == 15 || (digits.count == 16 && digits[15] == UInt8(ascii: "Z")),
            digits[8] == UInt8(ascii: "T"),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15), hour < 24,
            minute < 60, second <= 60
        else { return nil }
        let fields = LocalTime.Fields(
            year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        if digits.count == 16 {
            let days = CivilTime.days(year: year, month: month, day: day)
            let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + min(second, 59))
            self = .utc(seconds - CivilTime.referenceOffset)
        } else {
            self = .clock(fields, zone: line.parameter("TZID"))
        }
    }

    /// The moment this value names (seconds since 2001-01-01 UTC): a whole day is its local
    /// midnight; a clock time in a zone the system does not know is read in the local zone.
    public var referenceSeconds: Double? {
        switch self {
        case .day(let year, let month, let day):
            return LocalTime.time(LocalTime.Fields(year: year, month: month, day: day, hour: 0, minute: 0, second: 0))
        case .utc(let seconds):
            return seconds
        case .clock(let fields, let zone):
            if let zone, let name = Self.zoneName(zone), let time = Self.inZone(name, { LocalTime.lenientTime(fields) })
            {
                return time
            }
            return LocalTime.lenientTime(fields)
        }
    }

    /// `20261125T180000Z`: a moment as a UTC DATE-TIME value.
    public static func utcValue(_ seconds: Double) -> String {
        let text = CivilTime.iso8601(referenceSeconds: seconds)  // 2026-11-25T18:00:00Z
        return text.filter { $0 != "-" && $0 != ":" }
    }

    /// `20261125`: the local day of `seconds` as a DATE value.
    public static func dayValue(_ seconds: Double) -> String {
        let fields = LocalTime.fields(seconds)
        return String(fields.year) + pad(fields.month) + pad(fields.day)
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    /// The tz database name for a `TZID`: the name itself, or, for the long names some clients
    /// write (`/mozilla.org/20050126_1/Europe/Berlin`), its last two parts; `nil` when the
    /// system has no such zone (a name with `..` or a leading `/` is never looked up as it is).
    static func zoneName(_ tzid: String) -> String? {
        let parts = tzid.split(separator: "/").map(String.init)
        var candidates: [String] = []
        if !tzid.hasPrefix("/") { candidates.append(tzid) }
        if parts.count >= 2 { candidates.append(parts.suffix(2).joined(separator: "/")) }
        for candidate in candidates {
            guard !candidate.contains(".."), candidate.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { continue }
            var info = stat()
            if stat("/usr/share/zoneinfo/" + candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                return candidate
            }
        }
        return nil
    }

    /// Runs `body` with the C library's local zone set to `zone`, then restores it.
    static func inZone<Value>(_ zone: String, _ body: () -> Value) -> Value {
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", ":" + zone, 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return body()
    }
}
