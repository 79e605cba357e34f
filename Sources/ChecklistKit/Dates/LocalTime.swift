import KeyedArchive

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dates in the local time zone (`TZ`, else /etc/localtime) through the C library's calendar.
///
/// Times are seconds since 2001-01-01 UTC, as the archive stores them. A time is always a time,
/// midnight included; a whole day is a `CalendarDay` (see `Due`), never a time of day.
public enum LocalTime {
    /// Seconds from 1970 to 2001, the archive's epoch (one definition, in KeyedArchive).
    private static let unixOffset = CivilTime.referenceOffset

    /// Calendar fields of a local time.
    public struct Fields: Equatable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int
    }

    /// The local calendar fields of `time`.
    public static func fields(_ time: Double) -> Fields {
        var seconds = unixTime(time)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Fields(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// The local day of the week of `time`: 0 for Sunday to 6 for Saturday.
    public static func weekday(_ time: Double) -> Int {
        var seconds = unixTime(time)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Int(parts.tm_wday)
    }

    /// The time of local calendar fields; `nil` when they name no real local time (a day that
    /// does not exist, or a clock time skipped by a daylight-saving change). A clock time that
    /// happens twice (when the clocks go back) is its first occurrence.
    public static func time(_ fields: Fields) -> Double? {
        guard (1...12).contains(fields.month), (1...31).contains(fields.day), (0...23).contains(fields.hour),
            (0...59).contains(fields.minute), (0...59).contains(fields.second), (1...9999).contains(fields.year)
        else { return nil }
        var found: Double?
        for daylightSaving: Int32 in [1, 0] {
            guard let seconds = normalized(fields, daylightSaving: daylightSaving) else { continue }
            let time = Double(seconds) - unixOffset
            if self.fields(time) == fields { found = min(found ?? time, time) }
        }
        return found
    }

    /// The time of local calendar fields as RFC 5545 reads them (§3.3.5): a clock time that happens
    /// twice is its first occurrence, and one a daylight-saving gap skips is read with the offset
    /// before the gap, so it lands the gap's length later (02:15 in a 30-minute gap from 02:00:
    /// 02:45). `nil` for fields naming no day or out of the years 1 to 9999.
    public static func timeMovingGaps(_ fields: Fields) -> Double? {
        if let time = time(fields) { return time }
        guard let day = CalendarDay(year: fields.year, month: fields.month, day: fields.day),
            (0...23).contains(fields.hour), (0...59).contains(fields.minute), (0...59).contains(fields.second)
        else { return nil }
        let clock = Double(day.daysSince1970 * 86_400 + fields.hour * 3600 + fields.minute * 60 + fields.second)
        // The offset a day earlier is the one before the gap (zones change at most once a day).
        let earlier = clock - unixOffset - 86_400
        return clock - offset(at: earlier) - unixOffset
    }

    /// The local zone's offset from UTC at `time`, in seconds (east positive).
    static func offset(at time: Double) -> Double {
        let parts = fields(time)
        let local =
            CivilTime.days(year: parts.year, month: parts.month, day: parts.day) * 86_400 + parts.hour * 3600
            + parts.minute * 60 + parts.second
        return Double(local) - Double(unixTime(time))
    }

    /// The time of local calendar fields as `mktime` gives it: a clock time skipped by a
    /// daylight-saving change lands past the gap, a repeated one on the zone's choice.
    public static func lenientTime(_ fields: Fields) -> Double? {
        normalized(fields).map { Double($0) - unixOffset }
    }

    /// The local calendar day of `time`.
    public static func day(_ time: Double) -> CalendarDay {
        let parts = fields(time)
        // An absurd time read from a file lies outside the years 1 to 9999: it gets the nearest end.
        return CalendarDay(year: parts.year, month: parts.month, day: parts.day)
            ?? (parts.year < 1 ? CalendarDay.earliest : CalendarDay.latest)
    }

    /// The local time `hour:minute:second` on `day`; `nil` when the clocks skip it that day.
    public static func time(on day: CalendarDay, hour: Int, minute: Int, second: Int = 0) -> Double? {
        time(Fields(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second))
    }

    /// The first moment of `day` here: local midnight, or when a daylight-saving change skips
    /// midnight, the first clock time the day has.
    public static func start(of day: CalendarDay) -> Double {
        if let midnight = time(on: day, hour: 0, minute: 0) { return midnight }
        // The clocks jump over midnight (by at most a few hours): the first whole minute that exists.
        for minutes in stride(from: 1, to: 24 * 60, by: 1) {
            if let first = time(on: day, hour: minutes / 60, minute: minutes % 60) { return first }
        }
        return Double(day.daysSince1970) * 86_400 - unixOffset
    }

    /// `mktime` of possibly out-of-range fields (day 32 rolls into the next month), with the
    /// daylight-saving flag given (-1: chosen by the zone).
    private static func normalized(_ fields: Fields, daylightSaving: Int32 = -1) -> time_t? {
        var parts = tm()
        parts.tm_year = Int32(clamping: fields.year - 1900)
        parts.tm_mon = Int32(clamping: fields.month - 1)
        parts.tm_mday = Int32(clamping: fields.day)
        parts.tm_hour = Int32(clamping: fields.hour)
        parts.tm_min = Int32(clamping: fields.minute)
        parts.tm_sec = Int32(clamping: fields.second)
        parts.tm_isdst = daylightSaving
        let seconds = mktime(&parts)
        return seconds == -1 && !(fields.year == 1969 || fields.year == 1970) ? nil : seconds
    }

    /// Local midnight at the start of the day of `time`.
    public static func startOfDay(_ time: Double) -> Double {
        start(of: day(time))
    }

    /// `time` moved by whole calendar days, keeping the local clock time across DST changes.
    public static func adding(days: Int, to time: Double) -> Double? {
        var moved = fields(time)
        moved.day += days
        guard let seconds = normalized(moved) else { return nil }
        return Double(seconds) - unixOffset + (time - time.rounded(.down))
    }

    /// `YYYY-MM-DD HH:MM`, midnight included (`2026-11-25 00:00`).
    public static func format(_ time: Double) -> String {
        let parts = fields(time)
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2)) \(pad(parts.hour, 2)):"
            + pad(parts.minute, 2)
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM`: the local time with its offset from UTC (ISO 8601).
    public static func iso8601(_ time: Double) -> String {
        let parts = fields(time)
        let localSeconds =
            CivilTime.days(year: parts.year, month: parts.month, day: parts.day) * 86_400 + parts.hour * 3600
            + parts.minute * 60 + parts.second
        let offset = localSeconds - Int(unixTime(time))
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):"
            + "\(pad(parts.minute, 2)):\(pad(parts.second, 2))\(sign)\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
    }

    /// What is wrong with `TZ`, when it names no zone the C library knows (which then silently
    /// uses UTC): neither a file of the zone database (`$TZDIR`, else /usr/share/zoneinfo, or an
    /// absolute path) nor a POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`, `UTC0`). `nil` when it is fine.
    public static func zoneProblem() -> String? {
        guard let value = getenv("TZ").map({ String(cString: $0) }), !value.isEmpty else { return nil }
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        // The C library knows UTC by these names even without the zone database.
        if ["UTC", "GMT", "UCT", "Etc/UTC", "Etc/GMT", "Universal", "Zulu"].contains(name) { return nil }
        let folder = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
        let file = name.hasPrefix("/") ? name : folder + "/" + name
        if !name.isEmpty, !name.split(separator: "/").contains(".."), access(file, R_OK) == 0 { return nil }
        if !value.hasPrefix(":"), isPOSIXRule(name) { return nil }
        return "TZ=\"\(value)\" is not a time zone known here (no \(file)), so dates are read and shown in UTC;"
            + " set TZ to a zone of \(folder) such as Europe/Berlin, or unset it to use the system's"
    }

    /// Whether `text` starts as a POSIX `TZ` rule does: a zone abbreviation (three letters or
    /// more, or `<…>`) followed by an offset from UTC.
    private static func isPOSIXRule(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return false }
            rest = rest[rest.index(after: close)...]
        } else {
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            guard letters.count >= 3 else { return false }
            rest = rest.dropFirst(letters.count)
        }
        guard let next = rest.first else { return false }
        return next == "+" || next == "-" || (next.isASCII && next.isNumber)
    }

    /// `time` as a `time_t`, clamped to about ±30 million years so that an absurd date read from a
    /// file cannot trap the conversion (NaN counts as the reference date).
    private static func unixTime(_ time: Double) -> time_t {
        let seconds = (time + unixOffset).rounded(.down)
        guard !seconds.isNaN else { return time_t(unixOffset) }
        return time_t(min(max(seconds, -1e15), 1e15))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
