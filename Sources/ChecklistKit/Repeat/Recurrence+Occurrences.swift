import KeyedArchive

extension Recurrence {
    /// A clock time on a day, as a rule's dates are: floating, in no time zone.
    public struct WallTime: Sendable, Comparable {
        /// Days since 1970-01-01.
        public var day: Int
        /// Seconds since the day's midnight.
        public var second: Int

        /// A day and a clock time on it.
        public init(day: Int, second: Int) {
            self.day = day
            self.second = second
        }

        public static func < (left: WallTime, right: WallTime) -> Bool {
            (left.day, left.second) < (right.day, right.second)
        }
    }

    /// The last year a date can have.
    static let lastYear = 9999

    /// Calls `body` with each day (since 1970-01-01) the series starting on `start` at
    /// `secondOfDay` has an occurrence on, in order, as python-dateutil's `rrule` gives them
    /// (`DTSTART` itself only when the rule gives it); stops when `body` returns false, when
    /// `COUNT` is used up or an occurrence passes `until` (the rule's `UNTIL` as a clock time),
    /// after the year 9999, or once a whole cycle of the calendar (400 years, as the periods
    /// fall in it) has given no date: then it never will.
    public func forEachOccurrence(start: Int, secondOfDay: Int, until: WallTime?, _ body: (Int) -> Bool) {
        let rule = withDefaults(start: start)
        let plainWeekdays = Set(
            rule.weekdays.filter { $0.ordinal == nil || frequency == .weekly || frequency == .daily }
                .map(\.weekday.rawValue))
        let hasOrdinals =
            (frequency == .monthly || frequency == .yearly) && rule.weekdays.contains { $0.ordinal != nil }
        let positiveMonthDays = Set(rule.monthDays.filter { $0 > 0 })
        let negativeMonthDays = Set(rule.monthDays.filter { $0 < 0 })
        let startDate = CivilTime.date(days: start)
        var (year, month) = (startDate.year, startDate.month)
        var periodStart = start
        var remaining = count
        var calendar = RecurrenceYear(year, rule: rule)
        var ordinalDays = Set<Int>()
        var ordinalMonth = (year: 0, month: 0)
        var days: [Int] = []
        days.reserveCapacity(366)
        var emptyPeriods = 0
        let cycle = periodsPerCycle
        /// Whether the day at `index` of `calendar` passes every BY rule.
        func matches(_ index: Int) -> Bool {
            !((!rule.months.isEmpty && !rule.months.contains(calendar.month(index)))
                || (!rule.weekNumbers.isEmpty && !calendar.isInWeekNumber(index))
                || (!plainWeekdays.isEmpty && !plainWeekdays.contains(calendar.weekday(index)))
                || (hasOrdinals && !ordinalDays.contains(index))
                || (!rule.monthDays.isEmpty && !positiveMonthDays.contains(calendar.monthDay(index))
                    && !negativeMonthDays.contains(calendar.negativeMonthDay(index)))
                || (!rule.yearDays.isEmpty && !calendar.isYearDay(index, in: rule.yearDays)))
        }
        while emptyPeriods <= cycle {
            // The period's days that pass, as indices into its year.
            days.removeAll(keepingCapacity: true)
            switch frequency {
            case .yearly, .monthly:
                guard year <= Self.lastYear else { return }
                if calendar.year != year { calendar = RecurrenceYear(year, rule: rule) }
                if hasOrdinals, ordinalMonth != (year, month) {
                    ordinalDays = calendar.ordinalWeekdays(rule, month: month)
                    ordinalMonth = (year, month)
                }
                let range =
                    frequency == .yearly
                    ? 0..<calendar.length : calendar.monthStarts[month - 1]..<calendar.monthStarts[month]
                for index in range where matches(index) { days.append(index) }
            case .weekly, .daily:
                let periodYear = CivilTime.date(days: periodStart).year
                guard periodYear <= Self.lastYear else { return }
                if calendar.year != periodYear { calendar = RecurrenceYear(periodYear, rule: rule) }
                var index = periodStart - calendar.firstDay
                // A week runs to the day before the next week start (the first one from `start`).
                repeat {
                    if matches(index) { days.append(index) }
                    index += 1
                } while frequency == .weekly && calendar.weekday(index) != weekStart.rawValue
            }
            if !setPositions.isEmpty { days = Self.pick(setPositions, from: days) }
            emptyPeriods = days.isEmpty ? emptyPeriods + 1 : 0
            for index in days {
                let day = calendar.firstDay + index
                if let until, WallTime(day: day, second: secondOfDay) > until { return }
                guard day >= start else { continue }
                if let left = remaining {
                    guard left > 0 else { return }
                    remaining = left - 1
                }
                guard body(day) else { return }
            }
            switch frequency {
            case .yearly:
                year += interval
            case .monthly:
                let next = year * 12 + month - 1 + interval
                (year, month) = (next / 12, next % 12 + 1)
            case .weekly:
                let weekday = RecurrenceYear.weekday(ofDay: periodStart)
                periodStart += interval * 7 - RecurrenceYear.modulo(weekday - weekStart.rawValue, 7)
            case .daily:
                periodStart += interval
            }
        }
    }

    /// How many periods pass before their starts fall on the same places of the Gregorian
    /// calendar's 400-year cycle (146,097 days, 20,871 weeks, 4,800 months) again.
    private var periodsPerCycle: Int {
        let units: Int
        switch frequency {
        case .daily: units = 146_097
        case .weekly: units = 20_871
        case .monthly: units = 4_800
        case .yearly: units = 400
        }
        var (a, b) = (units, interval)
        while b != 0 { (a, b) = (b, a % b) }
        return units / a
    }

    /// The rule with what RFC 5545 takes from `DTSTART` filled in, as dateutil does: without any
    /// of `BYWEEKNO`, `BYYEARDAY`, `BYMONTHDAY`, `BYDAY`, a yearly rule falls on the start's
    /// month (unless `BYMONTH` says) and day, a monthly one on its day, a weekly one its weekday.
    private func withDefaults(start: Int) -> Recurrence {
        var rule = self
        guard weekNumbers.isEmpty, yearDays.isEmpty, monthDays.isEmpty, weekdays.isEmpty else { return rule }
        let date = CivilTime.date(days: start)
        switch frequency {
        case .yearly:
            if rule.months.isEmpty { rule.months = [date.month] }
            rule.monthDays = [date.day]
        case .monthly:
            rule.monthDays = [date.day]
        case .weekly:
            let weekday = RecurrenceYear.weekday(ofDay: start)
            rule.weekdays =
                RepeatPattern.Weekday(rawValue: weekday).map { [WeekdayEntry(weekday: $0, ordinal: nil)] } ?? []
        case .daily:
            break
        }
        return rule
    }

    /// The days `BYSETPOS` picks from a period's (1 the first, -1 the last), in order, each once.
    private static func pick(_ positions: [Int], from days: [Int]) -> [Int] {
        var picked = Set<Int>()
        for position in positions {
            let index = position > 0 ? position - 1 : days.count + position
            if days.indices.contains(index) { picked.insert(days[index]) }
        }
        return picked.sorted()
    }
}
