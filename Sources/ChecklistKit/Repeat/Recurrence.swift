/// A whole RFC 5545 recurrence rule (RRULE, §3.3.10), parsed: what every CalDAV client computes
/// a repeating task's dates from (SPEC §12).
///
/// Its dates come from `Recurrence+Occurrences` exactly as python-dateutil's `rrule` gives them.
/// Frequencies below a day (`HOURLY` …) and `BYHOUR`/`BYMINUTE`/`BYSECOND` are not understood: a
/// task's occurrences keep its time of day. Pure values: no clock, no time zone.
public struct Recurrence: Sendable, Equatable {
    /// A `BYDAY` entry: a weekday, with an ordinal (`2TU`, `-1FR`) or without (`TU`).
    public struct WeekdayEntry: Sendable, Equatable {
        /// The day of the week.
        public var weekday: RepeatPattern.Weekday
        /// Which of them in the month or year (1 the first, -1 the last); `nil` for every one.
        public var ordinal: Int?

        /// The weekday, with an ordinal or without.
        public init(weekday: RepeatPattern.Weekday, ordinal: Int?) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// How often the rule comes round.
    public var frequency: RepeatPattern.Frequency
    /// Every how many periods.
    public var interval = 1
    /// How many occurrences the series has, counted from its start, when limited.
    public var count: Int?
    /// The last moment an occurrence may have, when limited (a day, a UTC time or a floating time).
    public var until: CalendarTime?
    /// `BYMONTH`: months 1 to 12.
    public var months: [Int] = []
    /// `BYWEEKNO`: week numbers ±1 to 53.
    public var weekNumbers: [Int] = []
    /// `BYYEARDAY`: days of the year ±1 to 366.
    public var yearDays: [Int] = []
    /// `BYMONTHDAY`: days of the month ±1 to 31.
    public var monthDays: [Int] = []
    /// `BYDAY`.
    public var weekdays: [WeekdayEntry] = []
    /// `BYSETPOS`: positions ±1 to 366 in each period's set.
    public var setPositions: [Int] = []
    /// `WKST`: the day weeks start on.
    public var weekStart = RepeatPattern.Weekday.monday

    /// The `NAME=value` parts of an RRULE value (an `RRULE:` prefix allowed), names upper-cased;
    /// `nil` when a part is not `NAME=value` or a name comes twice.
    static func parts(of rrule: Substring) -> [String: Substring]? {
        var body = rrule
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var parts: [String: Substring] = [:]
        for part in body.split(separator: ";", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, let name = pair.first?.uppercased(), let value = pair.last, !value.isEmpty,
                parts.updateValue(value, forKey: name) == nil
            else { return nil }
        }
        return parts
    }

    /// Reads an RRULE value (`FREQ=MONTHLY;BYDAY=2TU`, an `RRULE:` prefix allowed, names in any
    /// case); `nil` when it is not a valid rule, or says what is not understood (above).
    public init?(rrule text: String) {
        guard var parts = Self.parts(of: Substring(text.trimmingSpaces)), let freq = parts.removeValue(forKey: "FREQ"),
            let frequency = RepeatPattern.Frequency(rawValue: freq.uppercased())
        else { return nil }
        self.frequency = frequency
        for (name, value) in parts {
            switch name {
            case "INTERVAL":
                guard let number = Self.number(value, 1...RepeatPattern.maximumInterval) else { return nil }
                interval = number
            case "COUNT":
                guard let number = Self.number(value, 1...1_000_000) else { return nil }
                count = number
            case "UNTIL":
                guard let time = CalendarTime(ContentLine("UNTIL", value: String(value))) else { return nil }
                until = time
            case "BYMONTH":
                guard let list = Self.list(value, 1...12, signed: false) else { return nil }
                months = list
            case "BYWEEKNO":
                guard let list = Self.list(value, 1...53, signed: true) else { return nil }
                weekNumbers = list
            case "BYYEARDAY":
                guard let list = Self.list(value, 1...366, signed: true) else { return nil }
                yearDays = list
            case "BYMONTHDAY":
                guard let list = Self.list(value, 1...31, signed: true) else { return nil }
                monthDays = list
            case "BYSETPOS":
                guard let list = Self.list(value, 1...366, signed: true) else { return nil }
                setPositions = list
            case "BYDAY":
                var entries: [WeekdayEntry] = []
                for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let entry = Self.weekdayEntry(item) else { return nil }
                    entries.append(entry)
                }
                weekdays = entries
            case "WKST":
                guard let day = RepeatPattern.Weekday(code: value) else { return nil }
                weekStart = day
            default:
                return nil
            }
        }
        // RFC 5545: COUNT and UNTIL MUST NOT occur together.
        if count != nil && until != nil { return nil }
    }

    /// A whole number in `range`, digits only.
    private static func number(_ text: Substring, _ range: ClosedRange<Int>) -> Int? {
        guard text.count <= 7, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            range.contains(value)
        else { return nil }
        return value
    }

    /// A comma-separated list of numbers in `range` (or its negatives when `signed`, `+` allowed).
    private static func list(_ text: Substring, _ range: ClosedRange<Int>, signed: Bool) -> [Int]? {
        var values: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            var digits = item
            var sign = 1
            if signed, let first = digits.first, first == "+" || first == "-" {
                sign = first == "-" ? -1 : 1
                digits = digits.dropFirst()
            }
            guard let value = number(digits, range) else { return nil }
            values.append(sign * value)
        }
        return values
    }

    /// `MO`, `2TU`, `+3WE`, `-1FR`.
    private static func weekdayEntry(_ text: Substring) -> WeekdayEntry? {
        guard text.count >= 2, let day = RepeatPattern.Weekday(code: text.suffix(2)) else { return nil }
        let prefix = text.dropLast(2)
        guard !prefix.isEmpty else { return WeekdayEntry(weekday: day, ordinal: nil) }
        guard let list = list(prefix, 1...53, signed: true), let ordinal = list.first else { return nil }
        return WeekdayEntry(weekday: day, ordinal: ordinal)
    }
}
