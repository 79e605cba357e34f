/// The DATE forms commands accept (SPEC §6), evaluated in the local time zone.
///
/// `YYYY-MM-DD` (the whole day), `YYYY-MM-DD HH:MM`, `today`, `tomorrow` (whole days),
/// `+Nd` (N days from now, same clock time) and `+Nh` (N hours from now).
public enum DateExpression {
    /// The forms, for error messages.
    public static let forms = "YYYY-MM-DD, YYYY-MM-DD HH:MM, today, tomorrow, +Nd or +Nh"

    /// Evaluates `text` relative to `now`; `nil` when it is not a DATE or names no local time.
    public static func evaluate(_ text: String, now: Double) -> Double? {
        let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, words.count <= 2 else { return nil }
        if words.count == 1 {
            switch first {
            case "today": return LocalTime.startOfDay(now)
            case "tomorrow": return LocalTime.adding(days: 1, to: LocalTime.startOfDay(now))
            default: break
            }
            if first.hasPrefix("+"), let last = first.last, last == "d" || last == "h" {
                let digits = first.dropFirst().dropLast()
                guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let count = Int(digits),
                    count <= 100_000
                else { return nil }
                return last == "h" ? now + Double(count) * 3600 : LocalTime.adding(days: count, to: now)
            }
        }
        let dateParts = first.split(separator: "-", omittingEmptySubsequences: false)
        guard dateParts.count == 3, dateParts[0].count == 4, dateParts[1].count == 2, dateParts[2].count == 2,
            let year = Int(dateParts[0]), let month = Int(dateParts[1]), let day = Int(dateParts[2])
        else { return nil }
        var fields = LocalTime.Fields(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        if words.count == 2 {
            let timeParts = words[1].split(separator: ":", omittingEmptySubsequences: false)
            guard timeParts.count == 2, timeParts[0].count <= 2, timeParts[1].count == 2,
                let hour = Int(timeParts[0]), let minute = Int(timeParts[1])
            else { return nil }
            (fields.hour, fields.minute) = (hour, minute)
            return LocalTime.time(fields)
        }
        // A day whose midnight is skipped by a daylight-saving change starts at 01:00, as `today` does.
        if let midnight = LocalTime.time(fields) { return midnight }
        fields.hour = 1
        return LocalTime.time(fields)
    }
}
