import KeyedArchive

/// A day of the (proleptic Gregorian) calendar: what a whole-day due date names, the same day in
/// every time zone (as iCalendar's `DUE;VALUE=DATE`).
///
/// Pure arithmetic on a day count since 1970-01-01, so no time zone or C library is involved.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// 0001-01-01, the first day there is.
    public static let earliest = CalendarDay(checked: 1, 1, 1)
    /// 9999-12-31, the last day there is.
    public static let latest = CalendarDay(checked: 9999, 12, 31)

    /// The English month names (January first); their first three letters, and `sept`, also name them.
    static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december",
    ]

    /// The day `year`-`month`-`day`; `nil` when there is no such day (February 30, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// A day known to exist (the constants above).
    private init(checked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `days` after 1970-01-01; `nil` outside the years 1 to 9999.
    public init?(daysSince1970 days: Int) {
        guard (-719_162...2_932_896).contains(days) else { return nil }
        let date = CivilTime.date(days: days)
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// Reads `YYYY-MM-DD` exactly; `nil` for anything else or a day that does not exist.
    public init?(_ text: some StringProtocol) {
        // Read as bytes: every item with a whole-day date is read so, and a walk over characters
        // cost 15,000 instructions a date.
        var fields = (year: 0, month: 0, day: 0)
        var position = 0
        for byte in text.utf8 {
            switch (position, byte) {
            case (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")): break
            case (0..<4, UInt8(ascii: "0")...UInt8(ascii: "9")): fields.year = fields.year * 10 + Int(byte &- 48)
            case (5..<7, UInt8(ascii: "0")...UInt8(ascii: "9")): fields.month = fields.month * 10 + Int(byte &- 48)
            case (8..<10, UInt8(ascii: "0")...UInt8(ascii: "9")): fields.day = fields.day * 10 + Int(byte &- 48)
            default: return nil
            }
            position += 1
        }
        guard position == 10 else { return nil }
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// Days since 1970-01-01.
    public var daysSince1970: Int {
        CivilTime.days(year: year, month: month, day: day)
    }

    /// The day `count` days later (earlier when negative); `nil` past the years 1 to 9999.
    public func adding(days count: Int) -> CalendarDay? {
        let (sum, overflow) = daysSince1970.addingReportingOverflow(count)
        return overflow ? nil : CalendarDay(daysSince1970: sum)
    }

    /// The day of the week: 0 for Sunday to 6 for Saturday.
    public var weekday: Int {
        // 1970-01-01 was a Thursday.
        ((daysSince1970 % 7) + 7 + 4) % 7
    }

    /// The number of days in `month` of `year`.
    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Written digit by digit: the undo digest and every save of a whole-day item write it.
        String(unsafeUninitializedCapacity: 10) { bytes in
            func put(_ value: Int, endingAt end: Int, width: Int) {
                var rest = value
                for position in stride(from: end - 1, through: end - width, by: -1) {
                    bytes[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
            }
            put(year, endingAt: 4, width: 4)
            bytes[4] = UInt8(ascii: "-")
            put(month, endingAt: 7, width: 2)
            bytes[7] = UInt8(ascii: "-")
            put(day, endingAt: 10, width: 2)
            return 10
        }
    }

    public static func < (left: CalendarDay, right: CalendarDay) -> Bool {
        (left.year, left.month, left.day) < (right.year, right.month, right.day)
    }
}
