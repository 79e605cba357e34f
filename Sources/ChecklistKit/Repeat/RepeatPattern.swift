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

    /// Which days of each period a rule gives (RRULE's `BY…` parts that the RULE words say).
    public enum Days: Sendable, Equatable {
        /// The due date's own day: its weekday, day of the month or day of the year.
        case dueDay
        /// A weekly rule's weekdays (`BYDAY=MO,TH`), sorted Monday first, each once.
        case weekdays([Weekday])
        /// A monthly rule's days of the month (`BYMONTHDAY=1,15`; -1 the last), sorted, each once.
        case monthDays([Int])
        /// A monthly rule's weekdays by their place in the month (`BYDAY=2TU,-1FR`), sorted.
        case ordinals([Recurrence.WeekdayEntry])
        /// A monthly rule's working day (Monday to Friday) by its place in the month: 1 the first,
        /// -1 the last (`BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1`).
        case workday(Int)
        /// A yearly rule's month and day of the month (`BYMONTH=12;BYMONTHDAY=25`).
        case date(month: Int, day: Int)
        /// A yearly rule's weekday by its place in a month (`BYMONTH=11;BYDAY=4TH`).
        case monthOrdinal(month: Int, Recurrence.WeekdayEntry)
    }

    /// The largest interval accepted, so that date arithmetic stays far from overflow.
    public static let maximumInterval = 10_000

    /// The places of a weekday in a month that the words say: first to fifth, and last.
    static let weekdayPlaces: Set<Int> = [1, 2, 3, 4, 5, -1]

    /// How often the rule comes round.
    public var frequency: Frequency
    /// Every how many periods (1 or more).
    public var interval: Int
    /// Which days of each period.
    public var days: Days

    /// A pattern; the days are sorted and made unique, and a weekly rule without days, or days
    /// that do not go with the frequency, fall back to the due date's day.
    public init(_ frequency: Frequency, interval: Int = 1, days: Days) {
        self.frequency = frequency
        self.interval = min(max(interval, 1), Self.maximumInterval)
        self.days = Self.normalized(days, frequency)
    }

    /// A pattern on weekdays (weekly) or on the month's last day (monthly), as the first RULE
    /// words said them; `weekdays` count only for a weekly rule, `onLastDay` only for a monthly one.
    public init(_ frequency: Frequency, interval: Int = 1, on weekdays: [Weekday] = [], onLastDay: Bool = false) {
        let days: Days =
            switch frequency {
            case .weekly: .weekdays(weekdays)
            case .monthly where onLastDay: .monthDays([-1])
            default: .dueDay
            }
        self.init(frequency, interval: interval, days: days)
    }

    /// The days sorted and unique, or `dueDay` when they do not go with `frequency`.
    private static func normalized(_ days: Days, _ frequency: Frequency) -> Days {
        let byPlace = { (left: Recurrence.WeekdayEntry, right: Recurrence.WeekdayEntry) -> Bool in
            let (a, b) = (left.ordinal ?? 0, right.ordinal ?? 0)
            // The places from the start first, then those from the end (-1, the last, at the end).
            if (a < 0) != (b < 0) { return a > 0 }
            return a != b ? a < b : left.weekday < right.weekday
        }
        switch (days, frequency) {
        case (.weekdays(let list), .weekly) where !list.isEmpty:
            return .weekdays(Array(Set(list)).sorted())
        case (.monthDays(let list), .monthly) where !list.isEmpty:
            return .monthDays(Array(Set(list)).sorted { ($0 < 0) != ($1 < 0) ? $0 > 0 : $0 < $1 })
        case (.ordinals(let list), .monthly) where !list.isEmpty:
            var unique: [Recurrence.WeekdayEntry] = []
            for entry in list where !unique.contains(entry) { unique.append(entry) }
            return .ordinals(unique.sorted(by: byPlace))
        case (.workday, .monthly), (.date, .yearly), (.monthOrdinal, .yearly):
            return days
        default:
            return .dueDay
        }
    }

    /// A weekly rule's weekdays; empty for any other.
    public var weekdays: [Weekday] {
        if case .weekdays(let list) = days { return list }
        return []
    }

    /// Whether a monthly rule falls on the month's last day alone.
    public var onLastDay: Bool {
        days == .monthDays([-1])
    }

    /// `every weekday`: Monday to Friday.
    public static let weekdaysOnly = RepeatPattern(.weekly, on: [.monday, .tuesday, .wednesday, .thursday, .friday])

    /// `every weekend`: Saturday and Sunday.
    public static let weekendOnly = RepeatPattern(.weekly, on: [.saturday, .sunday])

    /// Monday to Friday, the working days of `Days.workday`.
    static let workingDays: [Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday]

    // MARK: RRULE

    /// Reads an RRULE value (`FREQ=MONTHLY;BYDAY=2TU`, an `RRULE:` prefix allowed, names in any
    /// case); `nil` when it says anything the words cannot (COUNT, UNTIL, BYWEEKNO, a BYSETPOS
    /// but on the working days, a week start other than Monday where it matters, …).
    public init?(rrule text: String) {
        guard let rule = Recurrence(rrule: text), rule.count == nil, rule.until == nil, rule.weekNumbers.isEmpty,
            rule.yearDays.isEmpty, let days = Self.days(of: rule)
        else { return nil }
        // FREQ=DAILY;BYDAY=… (a daily rule limited to some days) is a weekly rule on those days.
        let frequency: Frequency = rule.frequency == .daily && days != .dueDay ? .weekly : rule.frequency
        self.init(frequency, interval: rule.interval, days: days)
    }

    /// The days of `rule` that the words can say, `nil` when they cannot say them.
    private static func days(of rule: Recurrence) -> Days? {
        let plain = rule.weekdays.allSatisfy { $0.ordinal == nil }
        let weekdays = rule.weekdays.map(\.weekday)
        let places = rule.weekdays.compactMap(\.ordinal)
        switch rule.frequency {
        case .daily:
            guard rule.months.isEmpty, rule.monthDays.isEmpty, rule.setPositions.isEmpty, plain else { return nil }
            if weekdays.isEmpty { return .dueDay }
            return rule.interval == 1 ? .weekdays(weekdays) : nil
        case .weekly:
            guard rule.months.isEmpty, rule.monthDays.isEmpty, rule.setPositions.isEmpty, plain else { return nil }
            // The week start changes which weeks count only for a rule with an interval and days.
            guard rule.weekStart == .monday || rule.interval == 1 || weekdays.isEmpty else { return nil }
            return weekdays.isEmpty ? .dueDay : .weekdays(weekdays)
        case .monthly:
            guard rule.months.isEmpty else { return nil }
            if rule.weekdays.isEmpty && rule.setPositions.isEmpty {
                guard rule.monthDays.allSatisfy({ $0 > 0 || $0 == -1 }) else { return nil }
                return rule.monthDays.isEmpty ? .dueDay : .monthDays(rule.monthDays)
            }
            guard rule.monthDays.isEmpty else { return nil }
            if rule.setPositions.isEmpty, places.count == rule.weekdays.count,
                places.allSatisfy(weekdayPlaces.contains)
            {
                return .ordinals(rule.weekdays)
            }
            guard plain, Set(weekdays) == Set(workingDays), rule.setPositions.count == 1,
                let place = rule.setPositions.first, weekdayPlaces.contains(place)
            else { return nil }
            return .workday(place)
        case .yearly:
            guard rule.setPositions.isEmpty else { return nil }
            if rule.months.isEmpty && rule.monthDays.isEmpty && rule.weekdays.isEmpty { return .dueDay }
            guard rule.months.count == 1, let month = rule.months.first else { return nil }
            if rule.weekdays.isEmpty, rule.monthDays.count == 1, let day = rule.monthDays.first,
                // 2000 is a leap year: February 29 is a day a yearly rule can give.
                day > 0, day <= CalendarDay.length(ofMonth: month, in: 2000)
            {
                return .date(month: month, day: day)
            }
            guard rule.monthDays.isEmpty, rule.weekdays.count == 1, let entry = rule.weekdays.first,
                let place = entry.ordinal, weekdayPlaces.contains(place)
            else { return nil }
            return .monthOrdinal(month: month, entry)
        }
    }

    /// The pattern as an RRULE value: `FREQ`, then `INTERVAL` when above 1, then the days.
    public var rrule: String {
        var text = "FREQ=" + frequency.rawValue
        if interval > 1 { text += ";INTERVAL=\(interval)" }
        let code = { (entry: Recurrence.WeekdayEntry) in (entry.ordinal.map(String.init) ?? "") + entry.weekday.code }
        switch days {
        case .dueDay: break
        case .weekdays(let list): text += ";BYDAY=" + list.map(\.code).joined(separator: ",")
        case .monthDays(let list): text += ";BYMONTHDAY=" + list.map(String.init).joined(separator: ",")
        case .ordinals(let list): text += ";BYDAY=" + list.map(code).joined(separator: ",")
        case .workday(let place):
            text += ";BYDAY=" + Self.workingDays.map(\.code).joined(separator: ",") + ";BYSETPOS=\(place)"
        case .date(let month, let day): text += ";BYMONTH=\(month);BYMONTHDAY=\(day)"
        case .monthOrdinal(let month, let entry): text += ";BYMONTH=\(month);BYDAY=" + code(entry)
        }
        return text
    }

    // MARK: Words

    /// The rule in words: `every week`, `every 2 weeks on Friday`, `every weekday`, `every
    /// Monday and Thursday`, `every month on the 1st and 15th`, `every 2nd Tuesday`, `every last
    /// weekday of the month`, `every December 25`, `every 4th Thursday of November`; what
    /// `init(words:)` reads back as this pattern.
    public var words: String {
        let period = interval == 1 ? frequency.unit : "\(interval) \(frequency.unit)s"
        let lead = interval == 1 ? "every " : "every \(period) on the "
        switch days {
        case .dueDay:
            return "every " + period
        case .weekdays(let list):
            if interval == 1 && self == Self.weekdaysOnly { return "every weekday" }
            if interval == 1 && self == Self.weekendOnly { return "every weekend" }
            let names = Self.sentence(list.map(\.name))
            return interval == 1 ? "every " + names : "every \(period) on \(names)"
        case .monthDays(let list):
            return "every \(period) on the " + Self.sentence(list.map { $0 == -1 ? "last day" : Self.ordinal($0) })
        case .ordinals(let list):
            return lead + Self.sentence(list.map(Self.placeAndDay))
        case .workday(let place):
            let day = Self.place(place) + " weekday"
            return interval == 1 ? "every \(day) of the month" : "every \(period) on the \(day)"
        case .date(let month, let day):
            let date = Self.monthName(month) + " \(day)"
            return interval == 1 ? "every " + date : "every \(period) on " + date
        case .monthOrdinal(let month, let entry):
            let month = Self.monthName(month)
            return lead + Self.placeAndDay(entry) + " of " + month
        }
    }

    /// `January` … `December` for 1 to 12.
    private static func monthName(_ month: Int) -> String {
        let name = CalendarDay.monthNames[min(max(month, 1), 12) - 1]
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `2nd Tuesday`, `last Friday`.
    private static func placeAndDay(_ entry: Recurrence.WeekdayEntry) -> String {
        place(entry.ordinal ?? 1) + " " + entry.weekday.name
    }

    /// `1st` … `5th`, `last` for -1.
    private static func place(_ number: Int) -> String {
        number == -1 ? "last" : ordinal(number)
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`, `22nd`, `31st`.
    static func ordinal(_ number: Int) -> String {
        let suffix =
            switch (number % 10, number % 100) {
            case (_, 11...13): "th"
            case (1, _): "st"
            case (2, _): "nd"
            case (3, _): "rd"
            default: "th"
            }
        return "\(number)\(suffix)"
    }
}
