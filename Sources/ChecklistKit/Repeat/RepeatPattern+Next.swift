import KeyedArchive

extension RepeatPattern {
    /// The due date of the occurrence that follows one due at `due`, once it is done at `now`.
    ///
    /// It is the first date the rule gives after `due` that is not overdue at `now` (SPEC §12: a
    /// backlog never piles up), at the same local clock time as `due`; so a whole-day date (local
    /// midnight) gives a whole day, which may be today. The series is counted from `due` in the
    /// local time zone (`TZ`, as `LocalTime`): every N days, weeks (on the rule's weekdays, weeks
    /// starting on Monday, the week of `due` the first), months or years. A day of the month the
    /// month lacks falls on its last day (monthly from January 31: February 28 or 29; a backlog
    /// skipped at once counts from January 31 still, so April 30); a clock time a daylight-saving
    /// change skips that day is an hour later. `nil` when no such date can be written (beyond year 9999, or `due` is not a
    /// number). Pure: the result depends only on the arguments and the zone.
    public func nextOccurrence(after due: Double, now: Double) -> Double? {
        guard due.isFinite, now.isFinite else { return nil }
        let start = LocalTime.fields(due)
        let startDay = CivilTime.days(year: start.year, month: start.month, day: start.day)
        let today = LocalTime.fields(now)
        let todayDay = CivilTime.days(year: today.year, month: today.month, day: today.day)
        /// The occurrence on the day `day` (days since 1970-01-01), if it qualifies.
        func occurrence(onDay day: Int) -> Double? {
            let date = CivilTime.date(days: day)
            return occurrence(year: date.year, month: date.month, day: date.day)
        }
        func occurrence(year: Int, month: Int, day: Int) -> Double? {
            guard (1...9999).contains(year) else { return nil }
            var fields = start
            (fields.year, fields.month, fields.day) = (year, month, day)
            var time = LocalTime.time(fields)
            if time == nil, fields.hour < 23 {
                fields.hour += 1
                time = LocalTime.time(fields)
            }
            guard let time, time > due, !Self.isOverdue(time, now: now) else { return nil }
            return time
        }
        // Occurrences before the one at `first` fall on days before today, so they are overdue; a
        // few steps from there always reach one that is not (the bound guards only the absurd).
        let steps = 0..<4
        switch frequency {
        case .daily,
            .weekly where weekdays.isEmpty:
            let span = interval * (frequency == .daily ? 1 : 7)
            let first = max(1, Self.floorDivide(todayDay - startDay, span))
            for step in steps {
                if let time = occurrence(onDay: startDay + (first + step) * span) { return time }
            }
        case .weekly:
            let weekStart = startDay - Self.mondayBasedWeekday(startDay)
            let span = interval * 7
            let first = max(0, Self.floorDivide(todayDay - weekStart, span))
            for step in steps {
                let monday = weekStart + (first + step) * span
                for weekday in weekdays where monday + weekday.rawValue > startDay {
                    if let time = occurrence(onDay: monday + weekday.rawValue) { return time }
                }
            }
        case .monthly, .yearly:
            let months = frequency == .monthly ? interval : interval * 12
            let startMonth = start.year * 12 + start.month - 1
            let first = max(1, Self.floorDivide(today.year * 12 + today.month - 1 - startMonth, months))
            for step in steps {
                let month = startMonth + (first + step) * months
                let year = Self.floorDivide(month, 12)
                let monthOfYear = month - year * 12 + 1
                let day = min(start.day, Self.daysIn(year: year, month: monthOfYear))
                if let time = occurrence(year: year, month: monthOfYear, day: day) { return time }
            }
        }
        return nil
    }

    /// The day of the week of a day count since 1970-01-01 (a Thursday): 0 for Monday to 6 for Sunday.
    static func mondayBasedWeekday(_ day: Int) -> Int {
        let remainder = (day + 3) % 7
        return remainder < 0 ? remainder + 7 : remainder
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    static func daysIn(year: Int, month: Int) -> Int {
        let next = month == 12 ? (year + 1, 1) : (year, month + 1)
        return CivilTime.days(year: next.0, month: next.1, day: 1) - CivilTime.days(year: year, month: month, day: 1)
    }

    /// `value / divisor` rounded towards minus infinity (`divisor` positive).
    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Whether an occurrence at `time` has passed at `now`: one at local midnight (a whole day)
    /// only once its day is over.
    private static func isOverdue(_ time: Double, now: Double) -> Bool {
        let parts = LocalTime.fields(time)
        guard parts.hour == 0, parts.minute == 0, parts.second == 0 else { return time <= now }
        return (LocalTime.adding(days: 1, to: time) ?? time + 86_400) <= now
    }
}
