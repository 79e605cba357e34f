/// The part of RFC 5545's RRULE that the RULE words say: a frequency, an interval, for weekly
/// rules the days of the week (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH`), for monthly ones the last
/// day of the month (`FREQ=MONTHLY;BYMONTHDAY=-1`).
///
/// It is what the RULE words of `repeat` say (SPEC §12), written as an RRULE for the archive
/// and read back from one; a rule outside it stays a `RepeatRule` without a pattern, shown in
/// RRULE form (its dates come from `Recurrence` all the same).
public struct RepeatPattern: Sendable, Equatable {
    /// How often the rule comes round (RRULE `FREQ`).
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY"
        case weekly = "WEEKLY"
        case monthly = "MONTHLY"
        case yearly = "YEARLY"

        /// The unit in words: `day`, `week`, `month`, `year`.
        var unit: String {
            switch self {
            case .daily: "day"
            case .weekly: "week"
            case .monthly: "month"
            case .yearly: "year"
            }
        }
    }

    /// A day of the week, Monday first (RFC 5545's default week start, `WKST=MO`).
    public enum Weekday: Int, Sendable, CaseIterable, Comparable {
        case monday, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The RRULE code: `MO` … `SU`.
        public var code: String {
            switch self {
            case .monday: "MO"
            case .tuesday: "TU"
            case .wednesday: "WE"
            case .thursday: "TH"
            case .friday: "FR"
            case .saturday: "SA"
            case .sunday: "SU"
            }
        }

        /// The English name: `Monday` … `Sunday`.
        public var name: String {
            switch self {
            case .monday: "Monday"
            case .tuesday: "Tuesday"
            case .wednesday: "Wednesday"
            case .thursday: "Thursday"
            case .friday: "Friday"
            case .saturday: "Saturday"
            case .sunday: "Sunday"
            }
        }

        /// The day of `code` (`MO`), ignoring case.
        init?(code: Substring) {
            guard let day = Self.allCases.first(where: { $0.code == code.uppercased() }) else { return nil }
            self = day
        }

        public static func < (left: Weekday, right: Weekday) -> Bool {
            left.rawValue < right.rawValue
        }
    }

    /// The largest interval accepted, so that date arithmetic stays far from overflow.
    public static let maximumInterval = 10_000

    /// How often the rule comes round.
    public var frequency: Frequency
    /// Every how many periods (1 or more).
    public var interval: Int
    /// The days of a weekly rule, sorted Monday first, each once; empty: the due date's weekday.
    public var weekdays: [Weekday]
    /// Whether a monthly rule falls on the month's last day (else on the due date's day).
    public var onLastDay: Bool

    /// A pattern; `weekdays` are sorted and made unique, and count only for a weekly rule,
    /// `onLastDay` only for a monthly one.
    public init(_ frequency: Frequency, interval: Int = 1, on weekdays: [Weekday] = [], onLastDay: Bool = false) {
        self.frequency = frequency
        self.interval = min(max(interval, 1), Self.maximumInterval)
        self.weekdays = frequency == .weekly ? Array(Set(weekdays)).sorted() : []
        self.onLastDay = frequency == .monthly && onLastDay
    }

    /// `every weekday`: Monday to Friday.
    public static let weekdaysOnly = RepeatPattern(.weekly, on: [.monday, .tuesday, .wednesday, .thursday, .friday])

    // MARK: RRULE

    /// Reads an RRULE value (`FREQ=WEEKLY;BYDAY=MO,TH`, an `RRULE:` prefix allowed, names in any
    /// case); `nil` when it says anything this pattern cannot (COUNT, UNTIL, a BYMONTHDAY but a
    /// monthly -1, an ordinal BYDAY, a week start other than Monday where it matters, …).
    public init?(rrule text: String) {
        guard var parts = Recurrence.parts(of: Substring(text)), let freq = parts.removeValue(forKey: "FREQ"),
            let frequency = Frequency(rawValue: freq.uppercased())
        else { return nil }
        var interval = 1
        if let value = parts.removeValue(forKey: "INTERVAL") {
            guard value.count <= 5, value.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(value),
                (1...Self.maximumInterval).contains(number)
            else { return nil }
            interval = number
        }
        var weekdays: [Weekday] = []
        if let value = parts.removeValue(forKey: "BYDAY") {
            for code in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let day = Weekday(code: code) else { return nil }
                weekdays.append(day)
            }
        }
        let weekStart = parts.removeValue(forKey: "WKST")
        let monthDay = parts.removeValue(forKey: "BYMONTHDAY")
        let onLastDay = monthDay != nil
        guard parts.isEmpty, monthDay == nil || (monthDay == "-1" && frequency == .monthly) else { return nil }
        switch frequency {
        case .weekly: break
        // FREQ=DAILY;BYDAY=… (a daily rule limited to some days) is a weekly rule on those days.
        case .daily where !weekdays.isEmpty && interval == 1: break
        default: guard weekdays.isEmpty else { return nil }
        }
        if let weekStart {
            // The week start changes which weeks count only for a weekly rule with an interval and days.
            guard Weekday(code: weekStart) != nil else { return nil }
            guard weekStart.uppercased() == "MO" || interval == 1 || weekdays.isEmpty else { return nil }
        }
        self.init(weekdays.isEmpty ? frequency : .weekly, interval: interval, on: weekdays, onLastDay: onLastDay)
    }

    /// The pattern as an RRULE value: `FREQ`, then `INTERVAL` when above 1, then `BYDAY` or
    /// `BYMONTHDAY`.
    public var rrule: String {
        var text = "FREQ=" + frequency.rawValue
        if interval > 1 { text += ";INTERVAL=\(interval)" }
        if !weekdays.isEmpty { text += ";BYDAY=" + weekdays.map(\.code).joined(separator: ",") }
        if onLastDay { text += ";BYMONTHDAY=-1" }
        return text
    }

    // MARK: Words

    /// The rule in words: `every week`, `every 2 weeks on Friday`, `every weekday`,
    /// `every Monday and Thursday`, `every 3 months`, `every month on the last day`.
    public var words: String {
        if self == Self.weekdaysOnly { return "every weekday" }
        let period = interval == 1 ? frequency.unit : "\(interval) \(frequency.unit)s"
        if onLastDay { return "every \(period) on the last day" }
        guard !weekdays.isEmpty else { return "every " + period }
        let days = Self.sentence(weekdays.map(\.name))
        return interval == 1 ? "every " + days : "every \(period) on \(days)"
    }

    /// `A`, `A and B`, `A, B and C`.
    private static func sentence(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }
}
