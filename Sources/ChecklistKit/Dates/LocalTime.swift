import KeyedArchive

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dates in the local time zone (`TZ`, else /etc/localtime) through the C library's calendar.
///
/// Times are seconds since 2001-01-01 UTC, as the archive stores them. A due date at exactly
/// midnight stands for the whole day: it is shown without a time and is overdue only the day after.
public enum LocalTime {
    private static let unixOffset: Double = 978_307_200

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
    /// does not exist, or a clock time skipped by a daylight-saving change).
    public static func time(_ fields: Fields) -> Double? {
        guard (1...12).contains(fields.month), (1...31).contains(fields.day), (0...23).contains(fields.hour),
            (0...59).contains(fields.minute), (1...9999).contains(fields.year)
        else { return nil }
        guard let seconds = normalized(fields) else { return nil }
        let time = Double(seconds) - unixOffset
        guard self.fields(time) == fields else { return nil }
        return time
    }

    /// The time of local calendar fields as `mktime` gives it: a clock time skipped by a
    /// daylight-saving change lands past the gap, a repeated one on the zone's choice.
    public static func lenientTime(_ fields: Fields) -> Double? {
        normalized(fields).map { Double($0) - unixOffset }
    }

    /// `mktime` of possibly out-of-range fields (day 32 rolls into the next month), DST chosen by the zone.
    private static func normalized(_ fields: Fields) -> time_t? {
        var parts = tm()
        parts.tm_year = Int32(clamping: fields.year - 1900)
        parts.tm_mon = Int32(clamping: fields.month - 1)
        parts.tm_mday = Int32(clamping: fields.day)
        parts.tm_hour = Int32(clamping: fields.hour)
        parts.tm_min = Int32(clamping: fields.minute)
        parts.tm_sec = Int32(clamping: fields.second)
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        return seconds == -1 && !(fields.year == 1969 || fields.year == 1970) ? nil : seconds
    }

    /// Local midnight at the start of the day of `time`.
    public static func startOfDay(_ time: Double) -> Double {
        var day = fields(time)
        (day.hour, day.minute, day.second) = (0, 0, 0)
        // Midnight can be skipped by a daylight-saving change; the day then starts at 01:00.
        return self.time(day) ?? self.time(
            Fields(year: day.year, month: day.month, day: day.day, hour: 1, minute: 0, second: 0))
            ?? time
    }

    /// `time` moved by whole calendar days, keeping the local clock time across DST changes.
    public static func adding(days: Int, to time: Double) -> Double? {
        var moved = fields(time)
        moved.day += days
        guard let seconds = normalized(moved) else { return nil }
        return Double(seconds) - unixOffset + (time - time.rounded(.down))
    }

    /// Whether `time` is local midnight, meaning "the whole day" for a due date.
    public static func isWholeDay(_ time: Double) -> Bool {
        let parts = fields(time)
        return parts.hour == 0 && parts.minute == 0 && parts.second == 0
    }

    /// Whether a due date has passed: a whole-day date only once its day is over.
    public static func isOverdue(_ due: Double, now: Double) -> Bool {
        if isWholeDay(due) { return (adding(days: 1, to: due) ?? due + 86_400) <= now }
        return due <= now
    }

    /// `YYYY-MM-DD` for a whole-day date, else `YYYY-MM-DD HH:MM`.
    public static func format(_ time: Double) -> String {
        let parts = fields(time)
        let date = "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))"
        if parts.hour == 0 && parts.minute == 0 && parts.second == 0 { return date }
        return date + " \(pad(parts.hour, 2)):\(pad(parts.minute, 2))"
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
