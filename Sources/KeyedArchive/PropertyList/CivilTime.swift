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

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (the XML plist date form) into reference seconds.
    public static func referenceSeconds(iso8601 text: String) -> Double? {
        let fields = text.split(whereSeparator: { "-T:Z".contains($0) }).map { Int($0) }
        guard text.hasSuffix("Z"), fields.count == 6, fields.allSatisfy({ $0 != nil }) else { return nil }
        let values = fields.compactMap { $0 }
        let (year, month, day, hour, minute, second) = (
            values[0], values[1], values[2], values[3], values[4], values[5]
        )
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second), abs(year) < 1_000_000
        else { return nil }
        let unix = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Double(unix) - referenceOffset
    }

    /// Formats reference seconds as `YYYY-MM-DDTHH:MM:SS.ffffffZ`, microseconds rounded half to even.
    public static func iso8601Microseconds(referenceSeconds: Double) -> String {
        // Beyond about ±285,000 years the microseconds would not fit in an Int64.
        guard referenceSeconds.isFinite, abs(referenceSeconds) < 9e12 else { return "\(referenceSeconds)" }
        // Whole seconds and fraction apart, as Python's timedelta does: the product of a date far from
        // 2001 and 1e6 would round away microseconds.
        let whole = referenceSeconds.rounded(.towardZero)
        let partMicros = Int64(((referenceSeconds - whole) * 1_000_000).rounded(.toNearestOrEven))
        let micros = Int64(whole) * 1_000_000 + partMicros + Int64(referenceOffset) * 1_000_000
        let (seconds, fraction) = floorDivide(micros, 1_000_000)
        let (day, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, dayOfMonth) = date(days: Int(day))
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(Int(hour), 2)):\(pad(Int(minute), 2)):"
            + "\(pad(Int(second), 2)).\(pad(Int(fraction), 6))Z"
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
