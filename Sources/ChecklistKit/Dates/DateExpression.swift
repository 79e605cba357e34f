/// The DATE forms commands accept (SPEC §6), evaluated in the local time zone.
///
/// A day — `YYYY-MM-DD`, `today`, `tomorrow` or a weekday (`friday`, `fri`: the next such day,
/// a week ahead when it is today) — alone means the whole day (local midnight); followed by
/// `HH:MM` it is that minute. `HH:MM` alone is the next time the clock shows it (today, or
/// tomorrow once it has passed). `+Nd` is N days from now at the same clock time, `+Nh` N hours
/// and `+Nm` N minutes from now.
public enum DateExpression {
    /// The forms, for error messages.
    public static let forms =
        "YYYY-MM-DD, today, tomorrow or a weekday (fri), each optionally followed by HH:MM; HH:MM; +Nd, +Nh or +Nm"

    /// The weekday names (`tm_wday` order, Sunday first); their first three letters also name them.
    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Evaluates `text` relative to `now`; `nil` when it is not a DATE or names no local time.
    public static func evaluate(_ text: String, now: Double) -> Due? {
        let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, words.count <= 2 else { return nil }
        if words.count == 1 {
            if first.hasPrefix("+") { return relative(first.dropFirst(), now: now).map(Due.time) }
            if let (hour, minute) = clockTime(first) { return nextClockTime(hour, minute, now: now).map(Due.time) }
        }
        guard var fields = day(first, now: now) else { return nil }
        if words.count == 2 {
            guard let (hour, minute) = clockTime(words[1]) else { return nil }
            (fields.hour, fields.minute) = (hour, minute)
            return LocalTime.time(fields).map(Due.time)
        }
        return CalendarDay(year: fields.year, month: fields.month, day: fields.day).map(Due.day)
    }

    /// `Nd`, `Nh` or `Nm` (after the `+`): that long from now; days keep the clock time.
    private static func relative(_ text: Substring, now: Double) -> Double? {
        guard let unit = text.last else { return nil }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits),
            count <= 100_000
        else { return nil }
        switch unit {
        case "d": return LocalTime.adding(days: count, to: now)
        case "h": return now + Double(count) * 3600
        case "m": return now + Double(count) * 60
        default: return nil
        }
    }

    /// `HH:MM` (or `H:MM`) as an hour and a minute.
    private static func clockTime(_ word: Substring) -> (Int, Int)? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return (hour, minute)
    }

    /// The next moment the clock shows `hour:minute`: today if it is still ahead, else tomorrow.
    private static func nextClockTime(_ hour: Int, _ minute: Int, now: Double) -> Double? {
        var today = LocalTime.fields(now)
        (today.hour, today.minute, today.second) = (hour, minute, 0)
        if let time = LocalTime.time(today), time > now { return time }
        guard var tomorrow = shifted(today, days: 1) else { return nil }
        (tomorrow.hour, tomorrow.minute) = (hour, minute)
        return LocalTime.time(tomorrow)
    }

    /// The calendar day `word` names (time fields zero): a date, `today`, `tomorrow` or a weekday.
    private static func day(_ word: Substring, now: Double) -> LocalTime.Fields? {
        var fields = LocalTime.fields(now)
        (fields.hour, fields.minute, fields.second) = (0, 0, 0)
        if word == "today" { return fields }
        if word == "tomorrow" { return shifted(fields, days: 1) }
        if let weekday = weekdays.firstIndex(where: { $0 == word || ($0.prefix(3) == word) }) {
            var ahead = (weekday - LocalTime.weekday(now) + 7) % 7
            if ahead == 0 { ahead = 7 }
            return shifted(fields, days: ahead)
        }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        let date = LocalTime.Fields(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        // A date that does not exist (February 30) is no date: checked at 12:00, which every day has.
        var noon = date
        noon.hour = 12
        return LocalTime.time(noon) == nil ? nil : date
    }

    /// The calendar day `days` after `fields`' day.
    private static func shifted(_ fields: LocalTime.Fields, days: Int) -> LocalTime.Fields? {
        var noon = fields
        noon.hour = 12
        guard let time = LocalTime.time(noon), let later = LocalTime.adding(days: days, to: time) else { return nil }
        var result = LocalTime.fields(later)
        (result.hour, result.minute, result.second) = (0, 0, 0)
        return result
    }
}
