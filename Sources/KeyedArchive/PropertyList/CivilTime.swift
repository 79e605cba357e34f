/// Converts between property-list time (seconds since 2001-01-01T00:00:00Z) and UTC calendar fields.
///
/// Pure proleptic-Gregorian arithmetic, so the reader needs neither Foundation nor a time zone.
public enum CivilTime {
    /// Seconds from 1970-01-01 to 2001-01-01.
    public static let referenceOffset: Double = 978_307_200

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Parses an ISO 8601 time into reference seconds: `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by
    /// `Z` or `±HH:MM` (a space may stand for the `T`). XML property lists write
    /// `YYYY-MM-DDTHH:MM:SSZ`; JSON exports may carry fractions and offsets.
    public static func referenceSeconds(iso8601 text: String) -> Double? {
        let characters = Array(text)
        func number(_ from: Int, _ length: Int) -> Int? {
            guard from + length <= characters.count,
                characters[from..<(from + length)].allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            return Int(String(characters[from..<(from + length)]))
        }
        guard characters.count >= 16, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), characters[4] == "-", characters[7] == "-",
            characters[10] == "T" || characters[10] == " ", characters[13] == ":",
            (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        var index = 16
        var seconds = 0.0
        if index < characters.count, characters[index] == ":" {
            guard let whole = number(index + 1, 2), whole <= 60 else { return nil }
            seconds = Double(whole)
            index += 3
            if index < characters.count, characters[index] == "." {
                var end = index + 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                guard end > index + 1 else { return nil }
                seconds += Double("0" + String(characters[index..<end])) ?? 0
                index = end
            }
        }
        var offset = 0
        if index < characters.count, characters[index] == "Z" {
            index += 1
        } else if index + 6 <= characters.count, characters[index] == "+" || characters[index] == "-",
            characters[index + 3] == ":", let hours = number(index + 1, 2), let minutes = number(index + 4, 2)
        {
            offset = (hours * 60 + minutes) * 60 * (characters[index] == "-" ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == characters.count else { return nil }
        let unix = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 - offset
        return Double(unix) + seconds - referenceOffset
    }

    /// Formats reference seconds as `YYYY-MM-DDTHH:MM:SS.ffffffZ`, microseconds rounded half to even.
    public static func iso8601Microseconds(referenceSeconds: Double) -> String {
        // Beyond about ±285,000 years the microseconds would not fit in an Int64.
        guard referenceSeconds.isFinite, abs(referenceSeconds) < 9e12 else { return "\(referenceSeconds)" }
        // Whole seconds and fraction apart, as Python's timedelta does: the product of a date far from
        // 2001 and 1e6 would round away microseconds.
        let whole = referenceSeconds.rounded(.towardZero)
        let partMicros = Int64(((referenceSeconds - whole) * 1_000_000).rounded(.toNearestOrEven))
        let (seconds, fraction) = floorDivide(Int64(whole) * 1_000_000 + partMicros, 1_000_000)
        return format(seconds: seconds) + ".\(pad(Int(fraction), 6))Z"
    }

    /// Formats reference seconds, rounded down to whole seconds, as `YYYY-MM-DDTHH:MM:SSZ`.
    public static func iso8601(referenceSeconds: Double) -> String {
        guard referenceSeconds.isFinite, abs(referenceSeconds) < 9e12 else { return "\(referenceSeconds)" }
        return format(seconds: Int64(referenceSeconds.rounded(.down))) + "Z"
    }

    /// `YYYY-MM-DDTHH:MM:SS` in UTC for whole reference seconds.
    private static func format(seconds: Int64) -> String {
        let (day, secondOfDay) = floorDivide(seconds + Int64(referenceOffset), 86_400)
        let (year, month, dayOfMonth) = date(days: Int(day))
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(Int(hour), 2)):\(pad(Int(minute), 2)):"
            + pad(Int(second), 2)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
