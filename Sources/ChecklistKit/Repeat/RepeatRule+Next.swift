import KeyedArchive

extension RepeatRule {
    /// The next occurrence of a series once the one due `due` is done at `now`: its due date,
    /// and the rule it carries (a `COUNT` then counts what is left from it, as the series
    /// restarts there: its `DTSTART` is its due date). `nil` when the rule is not understood, or
    /// gives no more dates (`COUNT` or `UNTIL` used up).
    ///
    /// SPEC §12: the first date the rule gives after `due` that is in the future, counted from
    /// `due` (the series' `DTSTART`) as RFC 5545 does (python-dateutil's `rrule`), at the same
    /// time of day in the local zone (`TZ`); a whole day gives a whole day, which may be today,
    /// and a time (00:00 too) must be after `now`. Pure but for the zone.
    public func nextOccurrence(after due: Due, now: Double) -> (due: Due, rule: RepeatRule)? {
        // `after done`: as if it were due on the day it is checked (SPEC §12).
        if afterDone, let moved = Self.moved(due, toDayOf: now, by: due) {
            return counting(afterDone: false).nextOccurrence(after: moved, now: now).map {
                ($0.due, $0.rule.counting(afterDone: true))
            }
        }
        guard let recurrence = Recurrence(rrule: plainRRULE) else { return nil }
        let today = LocalTime.day(now)
        var found: (due: Due, position: Int)?
        var position = 0
        Self.forEachOccurrence(of: recurrence, from: due) { occurrence in
            position += 1
            let isNext = Self.isNext(occurrence, after: due, today: today, now: now)
            if isNext { found = (occurrence, position) }
            return !isNext
        }
        guard let found else { return nil }
        return (found.due, counting(from: found.position, in: recurrence))
    }

    /// The next occurrence of a series of items that start at `start` and are due `due`, once
    /// the one due `due` is done at `now`: its start, its due date and the rule it carries; `nil`
    /// as `nextOccurrence(after:now:)` gives it.
    ///
    /// SPEC §12: RFC 5545 counts the series from `DTSTART`, the start, and each occurrence's due
    /// date keeps its distance from its start (as clients compute `DUE` from `DTSTART`); the
    /// next one is the first whose due date is after `due` and in the future.
    public func nextOccurrence(start: Due, due: Due, now: Double) -> (start: Due, due: Due, rule: RepeatRule)? {
        // `after done`: as if it were due on the day it is checked, its start as far before.
        if afterDone, let movedDue = Self.moved(due, toDayOf: now, by: due),
            let movedStart = Self.moved(start, toDayOf: now, by: due)
        {
            return counting(afterDone: false).nextOccurrence(start: movedStart, due: movedDue, now: now).map {
                ($0.start, $0.due, $0.rule.counting(afterDone: true))
            }
        }
        guard let recurrence = Recurrence(rrule: plainRRULE) else { return nil }
        let today = LocalTime.day(now)
        var found: (start: Due, due: Due, position: Int)?
        var position = 0
        Self.forEachOccurrence(of: recurrence, from: start) { occurrence in
            position += 1
            guard let following = Self.due(of: occurrence, seriesStart: start, due: due) else { return false }
            let isNext = Self.isNext(following, after: due, today: today, now: now)
            if isNext { found = (occurrence, following, position) }
            return !isNext
        }
        guard let found else { return nil }
        return (found.start, found.due, counting(from: found.position, in: recurrence))
    }

    /// `date` moved by as many days as `due`'s day is from the day of `now` (local), a time
    /// keeping its clock time: `due` itself moves to the day of `now`.
    private static func moved(_ date: Due, toDayOf now: Double, by due: Due) -> Due? {
        let dueDay =
            switch due {
            case .day(let day): day
            case .time(let time): LocalTime.day(time)
            }
        let days = LocalTime.day(now).daysSince1970 - dueDay.daysSince1970
        switch date {
        case .day(let day): return day.adding(days: days).map(Due.day)
        case .time(let time): return LocalTime.adding(days: days, to: time).map(Due.time)
        }
    }

    /// Whether `occurrence` can be the next due date after `due`: later, and not past (a whole
    /// day may be today, a time must be after `now`).
    private static func isNext(_ occurrence: Due, after due: Due, today: CalendarDay, now: Double) -> Bool {
        switch (occurrence, due) {
        case (.day(let day), .day(let dueDay)): day > dueDay && day >= today
        case (.time(let time), .time(let dueTime)): time > dueTime && time > now
        default: false
        }
    }

    /// The due date of the occurrence that starts at `occurrence`, in a series that starts at
    /// `seriesStart` and is due `due`: a time as far after its start on the local clock as `due`
    /// is after `seriesStart` (dateutil adds a `timedelta` to a zoned time so); otherwise `due`
    /// moved by the days from `seriesStart` to `occurrence`, a time keeping its clock time.
    private static func due(of occurrence: Due, seriesStart: Due, due: Due) -> Due? {
        if case .time(let start) = seriesStart, case .time(let dueTime) = due, case .time(let time) = occurrence {
            let clock = { (moment: Double) -> Int in
                let fields = LocalTime.fields(moment)
                return CivilTime.days(year: fields.year, month: fields.month, day: fields.day) * 86_400
                    + fields.hour * 3600 + fields.minute * 60 + fields.second
            }
            let target = clock(time) + (clock(dueTime) - clock(start))
            let days = Int((Double(target) / 86_400).rounded(.down))
            let second = target - days * 86_400
            guard let day = CalendarDay(daysSince1970: days) else { return nil }
            let fields = LocalTime.Fields(
                year: day.year, month: day.month, day: day.day, hour: second / 3600, minute: second / 60 % 60,
                second: second % 60)
            return LocalTime.timeMovingGaps(fields).map { .time($0 + (dueTime - dueTime.rounded(.down))) }
        }
        let day = { (value: Due) -> Int in
            switch value {
            case .day(let day): day.daysSince1970
            case .time(let time): LocalTime.day(time).daysSince1970
            }
        }
        let days = day(occurrence) - day(seriesStart)
        switch due {
        case .day(let dueDay): return dueDay.adding(days: days).map(Due.day)
        case .time(let time): return LocalTime.adding(days: days, to: time).map(Due.time)
        }
    }

    /// The first date the rule gives from `due` on (`due` itself when the rule gives it), for an
    /// item the rule is set on (SPEC §12: `every mon,thu` set on a Saturday moves it to Monday);
    /// `nil` when the rule is not understood or gives no date.
    public func firstOccurrence(from due: Due) -> Due? {
        guard let recurrence = Recurrence(rrule: plainRRULE) else { return nil }
        var first: Due?
        Self.forEachOccurrence(of: recurrence, from: due) { occurrence in
            first = occurrence
            return false
        }
        return first
    }

    /// Calls `body` with each occurrence of the series that starts at `start` (its `DTSTART`),
    /// in order, until it returns false: whole days from a whole day, times at `start`'s local
    /// clock time from a time.
    private static func forEachOccurrence(of recurrence: Recurrence, from start: Due, _ body: (Due) -> Bool) {
        let first: Recurrence.WallTime
        switch start {
        case .day(let day):
            first = Recurrence.WallTime(day: day.daysSince1970, second: 0)
        case .time(let time):
            first = wallTime(LocalTime.fields(time))
        }
        let until = recurrence.until.map { until -> Recurrence.WallTime in
            switch until {
            case .day(let year, let month, let day):
                return Recurrence.WallTime(day: CivilTime.days(year: year, month: month, day: day), second: 0)
            case .utc(let seconds):
                return wallTime(LocalTime.fields(seconds))
            case .clock(let fields, _):
                return wallTime(fields)
            }
        }
        recurrence.forEachOccurrence(start: first.day, secondOfDay: first.second, until: until) { day in
            guard let date = CalendarDay(daysSince1970: day) else { return false }
            switch start {
            case .day:
                return body(.day(date))
            case .time:
                let fields = LocalTime.Fields(
                    year: date.year, month: date.month, day: date.day, hour: first.second / 3600,
                    minute: first.second / 60 % 60, second: first.second % 60)
                guard let time = LocalTime.timeMovingGaps(fields) else { return false }
                return body(.time(time))
            }
        }
    }

    /// Local calendar fields as a day and seconds into it.
    private static func wallTime(_ fields: LocalTime.Fields) -> Recurrence.WallTime {
        Recurrence.WallTime(
            day: CivilTime.days(year: fields.year, month: fields.month, day: fields.day),
            second: fields.hour * 3600 + fields.minute * 60 + fields.second)
    }

    /// This rule as it stood one occurrence earlier: a `COUNT` one higher (what `uncheck` gives
    /// back to a completed occurrence when it takes its next one back), else the rule itself.
    var oneOccurrenceEarlier: RepeatRule {
        guard let count = Recurrence(rrule: plainRRULE)?.count else { return self }
        return counting(count + 1)
    }

    /// This rule for the series restarted at its occurrence `position` (1 the first): with a
    /// `COUNT`, the count left from there, the rest of the text as it is.
    private func counting(from position: Int, in recurrence: Recurrence) -> RepeatRule {
        guard let count = recurrence.count, position > 1 else { return self }
        return counting(count - position + 1)
    }

    /// This rule with its `COUNT` set to `count`, the rest of the text as it is.
    private func counting(_ count: Int) -> RepeatRule {
        var parts = rrule.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        for index in parts.indices {
            let name = parts[index].split(separator: "=", maxSplits: 1).first?.uppercased() ?? ""
            if name == "COUNT" || name == "RRULE:COUNT" {
                let prefix = name == "COUNT" ? "" : String(parts[index].prefix(6))
                parts[index] = prefix + "COUNT=\(count)"
            }
        }
        return RepeatRule(rrule: parts.joined(separator: ";"))
    }
}
