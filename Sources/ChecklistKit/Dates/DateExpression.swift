/// A DATE as people type it (SPEC §6): parsed once by one small grammar, then evaluated against a
/// time given as a parameter, in the local time zone.
///
/// ```
/// DATE  := now | FROM-NOW | ISO-TIME | DAY [at TIME] | TIME [on DAY]
/// DAY   := YYYY-MM-DD | today | tomorrow | yesterday | [next|this] WEEKDAY | next week
///        | Nd | +Nd | in N days | Nw | +Nw | in N weeks | MONTH D [YYYY] | D MONTH [YYYY]
///        | eod | eow | eom | eoy | sow | som | soy
/// TIME  := H:MM | HH:MM | HH:MM:SS | H[:MM]am | H[:MM]pm | H am | noon | midnight
/// FROM-NOW := +Nm | +Nh | +NhMm | in N minutes | in N hours [[and] M minutes]
/// (N after `in` may be `a` or `an`: `in an hour`, `in a week`)
/// ISO-TIME := YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]
/// ```
///
/// A DAY without a TIME is a whole day; a TIME alone is the next time the clock shows it. Words
/// are case-insensitive; weekday and month names may be shortened to three letters or more; a
/// comma after a word is ignored (`dec 25, 2027`). `this fri` is today on a Friday, where `fri`
/// and `next fri` are a week on. A year after a month and day has four digits (`dec 25 2027`):
/// a time there is written with its colon (`dec 25 20:27`).
public struct DateExpression: Equatable, Sendable {
    /// A day, relative to today or not.
    public enum Day: Equatable, Sendable {
        /// A date as written.
        case date(CalendarDay)
        /// Today and N days on (`today`, `tomorrow`, `yesterday`, `+3d`, `in 2 weeks`, `eod`).
        case daysAhead(Int)
        /// The next such weekday (0 Sunday to 6 Saturday), a week ahead when it is today.
        case weekday(Int)
        /// The next such weekday from today on: today when it is one (`this fri`).
        case weekdayFromToday(Int)
        /// Monday of next week (`next week`, `sow`).
        case nextWeek
        /// The next `month`/`day` from today on (`dec 25`, `25 dec`).
        case monthDay(month: Int, day: Int)
        /// The Sunday ending this week (`eow`).
        case endOfWeek
        /// The last day of this month (`eom`).
        case endOfMonth
        /// December 31 of this year (`eoy`).
        case endOfYear
        /// The first day of next month (`som`).
        case startOfMonth
        /// January 1 of next year (`soy`).
        case startOfYear
    }

    /// A clock time.
    public struct Clock: Equatable, Sendable {
        /// 0 to 23.
        public var hour: Int
        /// 0 to 59.
        public var minute: Int
        /// 0 to 59.
        public var second = 0

        /// `hour:minute:second`.
        public init(hour: Int, minute: Int, second: Int = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
        }
    }

    /// What the text says.
    public enum Form: Equatable, Sendable {
        /// A day, as a whole day or at a clock time.
        case day(Day, Clock?)
        /// A clock time alone: the next time the clock shows it.
        case clock(Clock)
        /// Seconds from now (`now`, `+30m`, `in 2 hours`).
        case fromNow(seconds: Int)
        /// An ISO 8601 time with its offset from UTC: that instant (seconds since 2001 UTC).
        case instant(Double)
    }

    /// What the text says.
    public let form: Form

    /// Creates the expression of `form`.
    public init(_ form: Form) {
        self.form = form
    }

    /// The weekday names, Sunday first (`tm_wday` order).
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// The largest N of `+Nd`, `in N hours` and the like.
    static let largestCount = 1_000_000

    /// Parses `text`; the error says why it is no DATE, with the closest form there is.
    public static func parse(_ text: String) throws(DateExpressionError) -> DateExpression {
        // A comma after a word is only punctuation (`dec 25, 2027`, `fri, 9am`).
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { word in
            let bare = word.hasSuffix(",") ? word.dropLast() : word
            return bare.isEmpty ? nil : bare
        }
        if let problem = DateGrammar.impossibleDay(in: words) { throw .noSuchDay(text, problem) }
        guard let form = DateGrammar.form(words) else {
            throw .notADate(text, suggestions: DateSuggestion.closest(to: words))
        }
        return DateExpression(form)
    }

    /// Parses and evaluates `text` at `now` (seconds since 2001 UTC) in the local time zone.
    public static func evaluate(_ text: String, now: Double) throws(DateExpressionError) -> Due {
        try parse(text).evaluate(now: now, text: text)
    }

    /// The due date this expression names at `now`, in the local time zone; `text` names it in errors.
    public func evaluate(now: Double, text: String = "") throws(DateExpressionError) -> Due {
        switch form {
        case .fromNow(let seconds):
            return .time(now + Double(seconds))
        case .instant(let time):
            return .time(time)
        case .clock(let clock):
            // Today while it is still ahead, else the next day that shows it (a skipped time is not shown).
            let today = LocalTime.day(now)
            for ahead in 0...2 {
                guard let day = today.adding(days: ahead) else { break }
                if let time = LocalTime.time(on: day, hour: clock.hour, minute: clock.minute, second: clock.second),
                    time > now
                {
                    return .time(time)
                }
            }
            throw .outOfRange(text)
        case .day(let day, let clock):
            guard let date = Self.resolve(day, today: LocalTime.day(now)) else { throw .outOfRange(text) }
            guard let clock else { return .day(date) }
            guard let time = LocalTime.time(on: date, hour: clock.hour, minute: clock.minute, second: clock.second)
            else { throw .skippedTime(text, date) }
            return .time(time)
        }
    }

    /// The calendar day `day` names when today is `today`; `nil` past the year 9999.
    static func resolve(_ day: Day, today: CalendarDay) -> CalendarDay? {
        let weekday = today.weekday
        switch day {
        case .date(let date): return date
        case .daysAhead(let count): return today.adding(days: count)
        case .weekday(let target):
            let ahead = (target - weekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        case .weekdayFromToday(let target): return today.adding(days: (target - weekday + 7) % 7)
        case .nextWeek: return today.adding(days: 7 - (weekday + 6) % 7)
        case .endOfWeek: return today.adding(days: (7 - weekday) % 7)
        case .endOfMonth:
            return CalendarDay(
                year: today.year, month: today.month, day: CalendarDay.length(ofMonth: today.month, in: today.year))
        case .endOfYear: return CalendarDay(year: today.year, month: 12, day: 31)
        case .startOfMonth:
            return today.month == 12
                ? CalendarDay(year: today.year + 1, month: 1, day: 1)
                : CalendarDay(year: today.year, month: today.month + 1, day: 1)
        case .startOfYear: return CalendarDay(year: today.year + 1, month: 1, day: 1)
        case .monthDay(let month, let dayOfMonth):
            // This year's from today on, else the next year that has it (February 29 within 8 years).
            for year in today.year...(today.year + 8) {
                if let date = CalendarDay(year: year, month: month, day: dayOfMonth), date >= today { return date }
            }
            return nil
        }
    }

    /// The forms in one line, for error messages.
    public static let forms =
        "a DAY (2026-11-25, today, tomorrow, fri, this fri, next week, in 3 days, +2w, dec 25, dec 25 2027, eom),"
        + " a TIME (18:00, 9am, 6:30pm, noon) or a DAY and a TIME, now, +30m, +1h30m, in an hour,"
        + " or 2026-11-25T18:00Z"

    /// Every form, for `help due`, `--help` and the manual.
    public static let formLines = [
        "DATE, in the local time zone and any case: a DAY, a TIME, or a DAY and a TIME (tomorrow 9am)",
        "  DAY   2026-11-25; today, tomorrow, yesterday; a weekday (friday, fri, tues, thurs: the next",
        "        one; next fri too; this fri: today when it is Friday); next week (its Monday); 3d, +3d,",
        "        in 3 days; +2w, in 2 weeks, in a week; dec 25, 25 dec (the next one); dec 25 2027,",
        "        25 dec 2027, dec 25, 2027 (that year's); eod, eow (Sunday), eom, eoy; sow, som, soy (the",
        "        next start of a week, month, year). A DAY alone is the whole day. 12/25/2026 reads two",
        "        ways and is refused: write 2026-12-25 or dec 25 2026.",
        "  TIME  18:00, 9:05, 18:00:30, 9am, 6pm, 6:30pm, noon, midnight (00:00 of that day). Alone,",
        "        the next time the clock shows it.",
        "  now, +30m, in 30 minutes, +2h, in 2 hours, in an hour, +1h30m, in 1 hour 30 minutes: from now",
        "  2026-11-25T18:00, 2026-11-25T18:00Z, 2026-11-25T18:00+01:00: ISO 8601, as written",
    ]
}
