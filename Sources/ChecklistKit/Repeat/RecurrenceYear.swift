import KeyedArchive

/// One year's calendar as a recurrence rule filters it: each day by its index from January 1
/// (indices past the year's end are the next January's first days, which a week crossing the
/// new year holds), with the rule's week numbers and ordinal weekdays marked.
///
/// The marks follow python-dateutil's `rrule` to the letter, so that every date agrees with it.
struct RecurrenceYear {
    /// The year.
    let year: Int
    /// Days since 1970-01-01 of its January 1.
    let firstDay: Int
    /// 365 or 366.
    let length: Int
    /// The next year's length.
    let nextLength: Int
    /// The weekday of January 1: 0 for Monday to 6 for Sunday.
    let firstWeekday: Int
    /// The index of the first day of each month, and the year's length last (13 entries).
    let monthStarts: [Int]
    /// The days in a week the rule's `BYWEEKNO` names (empty without one).
    private(set) var inWeekNumber: [Bool] = []

    /// The calendar of `year`, with `rule`'s week numbers marked.
    init(_ year: Int, rule: Recurrence) {
        self.year = year
        firstDay = CivilTime.days(year: year, month: 1, day: 1)
        length = Self.length(of: year)
        nextLength = Self.length(of: year + 1)
        firstWeekday = Self.weekday(ofDay: firstDay)
        var starts = [0]
        for month in 1...12 { starts.append((starts.last ?? 0) + CalendarDay.length(ofMonth: month, in: year)) }
        monthStarts = starts
        if !rule.weekNumbers.isEmpty { markWeekNumbers(rule) }
    }

    /// 365 or 366 days.
    static func length(of year: Int) -> Int {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 366 : 365
    }

    /// The weekday of a day count since 1970-01-01 (a Thursday): 0 for Monday to 6 for Sunday.
    static func weekday(ofDay day: Int) -> Int {
        let remainder = (day + 3) % 7
        return remainder < 0 ? remainder + 7 : remainder
    }

    /// The weekday of the day at `index`: 0 for Monday.
    func weekday(_ index: Int) -> Int {
        Self.weekday(ofDay: firstDay + index)
    }

    /// The month (1 to 12) of the day at `index`; past the year's end, January.
    func month(_ index: Int) -> Int {
        guard index < length else { return 1 }
        var month = 1
        while month < 12 && monthStarts[month] <= index { month += 1 }
        return month
    }

    /// The day of the month of the day at `index`.
    func monthDay(_ index: Int) -> Int {
        guard index < length else { return index - length + 1 }
        return index - monthStarts[month(index) - 1] + 1
    }

    /// The day of the month counted from its end (-1 the last) of the day at `index`.
    func negativeMonthDay(_ index: Int) -> Int {
        guard index < length else { return index - length + 1 - 32 }
        let month = month(index)
        return index - monthStarts[month]
    }

    /// Whether the day at `index` is one of `yearDays` (±1 to 366).
    func isYearDay(_ index: Int, in yearDays: [Int]) -> Bool {
        if index < length { return yearDays.contains(index + 1) || yearDays.contains(index - length) }
        return yearDays.contains(index + 1 - length) || yearDays.contains(index - length - nextLength)
    }

    /// Whether the day at `index` is in a week `BYWEEKNO` names.
    func isInWeekNumber(_ index: Int) -> Bool {
        index >= 0 && index < inWeekNumber.count && inWeekNumber[index]
    }

    /// The indices of the days a rule's ordinal weekdays (`2TU`, `-1FR`) name in a period of
    /// `frequency` in `month`: of the month, or of the year (of each `BYMONTH` month when given).
    func ordinalWeekdays(_ rule: Recurrence, month: Int) -> Set<Int> {
        var ranges: [Range<Int>] = []
        switch rule.frequency {
        case .yearly where rule.months.isEmpty: ranges = [0..<length]
        case .yearly: ranges = rule.months.map { monthStarts[$0 - 1]..<monthStarts[$0] }
        case .monthly: ranges = [monthStarts[month - 1]..<monthStarts[month]]
        default: return []
        }
        var marked = Set<Int>()
        for range in ranges {
            let last = range.upperBound - 1
            for entry in rule.weekdays {
                guard let ordinal = entry.ordinal else { continue }
                let wanted = entry.weekday.rawValue
                var index: Int
                if ordinal < 0 {
                    index = last + (ordinal + 1) * 7
                    index -= Self.modulo(weekday(index) - wanted, 7)
                } else {
                    index = range.lowerBound + (ordinal - 1) * 7
                    index += Self.modulo(wanted - weekday(index), 7)
                }
                if range.contains(index) { marked.insert(index) }
            }
        }
        return marked
    }

    /// `value` modulo `divisor`, never negative.
    static func modulo(_ value: Int, _ divisor: Int) -> Int {
        let remainder = value % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }

    /// Marks the days of the weeks `BYWEEKNO` names. Week 1 is the first with at least four days
    /// of the year, weeks starting on `WKST`; dateutil's handling of the weeks that straddle
    /// the year's ends is followed as it is.
    private mutating func markWeekNumbers(_ rule: Recurrence) {
        let weekStart = rule.weekStart.rawValue
        inWeekNumber = Array(repeating: false, count: length + 7)
        let firstWeekStart = Self.modulo(7 - firstWeekday + weekStart, 7)
        let weekOne: Int
        let weekYearLength: Int
        if firstWeekStart >= 4 {
            weekOne = 0
            weekYearLength = length + Self.modulo(firstWeekday - weekStart, 7)
        } else {
            weekOne = firstWeekStart
            weekYearLength = length - firstWeekStart
        }
        let weekCount = weekYearLength / 7 + (weekYearLength % 7) / 4
        /// The index where week `number` (1 to `weekCount`, or one past for next year's first) begins.
        func start(ofWeek number: Int) -> Int {
            guard number > 1 else { return weekOne }
            let index = weekOne + (number - 1) * 7
            return weekOne != firstWeekStart ? index - (7 - firstWeekStart) : index
        }
        for number in rule.weekNumbers {
            let week = number < 0 ? number + weekCount + 1 : number
            guard (1...weekCount).contains(week) else { continue }
            markWeek(from: start(ofWeek: week), weekStart: weekStart)
        }
        if rule.weekNumbers.contains(1) {
            // Week 1 of the next year, when it starts in this one.
            let index = start(ofWeek: weekCount + 1)
            if index < length { markWeek(from: index, weekStart: weekStart) }
        }
        guard weekOne > 0 else { return }
        // The days before week 1 belong to the last week of the year before.
        let lastWeekOfLastYear: Int
        if rule.weekNumbers.contains(-1) {
            lastWeekOfLastYear = -1
        } else {
            let lastFirstWeekday = Self.weekday(ofDay: CivilTime.days(year: year - 1, month: 1, day: 1))
            if Self.modulo(7 - lastFirstWeekday + weekStart, 7) >= 4 {
                let lastLength = Self.length(of: year - 1)
                lastWeekOfLastYear = 52 + (lastLength + Self.modulo(lastFirstWeekday - weekStart, 7)) % 7 / 4
            } else {
                // dateutil uses this year's length here.
                lastWeekOfLastYear = 52 + (length - weekOne) % 7 / 4
            }
        }
        if rule.weekNumbers.contains(lastWeekOfLastYear) {
            for index in 0..<weekOne { inWeekNumber[index] = true }
        }
    }

    /// Marks up to seven days from `index`, stopping at the next week start.
    private mutating func markWeek(from index: Int, weekStart: Int) {
        var index = index
        for _ in 0..<7 {
            guard index >= 0, index < inWeekNumber.count else { return }
            inWeekNumber[index] = true
            index += 1
            if weekday(index) == weekStart { return }
        }
    }
}
