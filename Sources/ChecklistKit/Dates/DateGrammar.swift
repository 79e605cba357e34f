import KeyedArchive

/// The grammar of `DateExpression`, over lowercased words: each rule takes words from the front
/// of what is left and gives back the rest, or `nil` when it does not match there.
///
/// Pure: no clock, no time zone. A DATE must use every word.
enum DateGrammar {
    typealias Words = ArraySlice<Substring>
    typealias Day = DateExpression.Day
    typealias Clock = DateExpression.Clock

    /// The form `words` make together, or `nil`.
    static func form(_ words: [Substring]) -> DateExpression.Form? {
        let all = words[...]
        guard !all.isEmpty else { return nil }
        if all.count == 1, let only = all.first {
            if only == "now" { return .fromNow(seconds: 0) }
            if let instant = isoTime(only) { return instant }
        }
        if let (seconds, rest) = fromNow(all), rest.isEmpty { return .fromNow(seconds: seconds) }
        if let (day, rest) = day(all) {
            if rest.isEmpty { return .day(day, nil) }
            if let (clock, end) = clock(rest.first == "at" ? rest.dropFirst() : rest), end.isEmpty {
                return .day(day, clock)
            }
        }
        if let (clock, rest) = clock(all) {
            if rest.isEmpty { return .clock(clock) }
            if let (day, end) = day(rest.first == "on" ? rest.dropFirst() : rest), end.isEmpty {
                return .day(day, clock)
            }
        }
        return nil
    }

    // MARK: DAY

    /// The single words that name a day.
    static let dayWords: [Substring: Day] = [
        "today": .daysAhead(0), "tomorrow": .daysAhead(1), "yesterday": .daysAhead(-1), "eod": .daysAhead(0),
        "eow": .endOfWeek, "eom": .endOfMonth, "eoy": .endOfYear, "sow": .nextWeek, "som": .startOfMonth,
        "soy": .startOfYear,
    ]

    /// A DAY at the front of `words`.
    static func day(_ words: Words) -> (Day, Words)? {
        guard let first = words.first else { return nil }
        let rest = words.dropFirst()
        if let day = dayWords[first] { return (day, rest) }
        if let date = CalendarDay(first) { return (.date(date), rest) }
        if let weekday = weekday(first) { return (.weekday(weekday), rest) }
        if first == "next", let second = rest.first {
            if second == "week" { return (.nextWeek, rest.dropFirst()) }
            if let weekday = weekday(second) { return (.weekday(weekday), rest.dropFirst()) }
        }
        if first == "this", let weekday = rest.first.flatMap(weekday) {
            return (.weekdayFromToday(weekday), rest.dropFirst())
        }
        if let days = dayCount(first) { return (.daysAhead(days), rest) }
        if first == "in", let (days, end) = inDays(rest) { return (.daysAhead(days), end) }
        if let second = rest.first, let (month, day) = monthAndDay(first, second) {
            let end = rest.dropFirst()
            // A year after them makes it that year's day (`dec 25 2027`); a day that year lacks is none.
            guard let year = end.first.flatMap(year) else { return (.monthDay(month: month, day: day), end) }
            guard let date = CalendarDay(year: year, month: month, day: day) else { return nil }
            return (.date(date), end.dropFirst())
        }
        return nil
    }

    /// `MONTH D` or `D MONTH` as the month (1 to 12) and the day of the month.
    static func monthAndDay(_ first: Substring, _ second: Substring) -> (month: Int, day: Int)? {
        if let month = month(first), let day = dayOfMonth(second) { return (month, day) }
        if let day = dayOfMonth(first), let month = month(second) { return (month, day) }
        return nil
    }

    /// A year after a month and day: four digits, the first not 0 (`2027`). A time is written
    /// with a colon (`dec 25 20:27`), so four digits there are never one.
    static func year(_ word: Substring) -> Int? {
        guard word.count == 4, word.first != "0", let year = number(word) else { return nil }
        return year
    }

    /// `Nd`, `+Nd`, `Nw`, `+Nw` as a number of days.
    static func dayCount(_ word: Substring) -> Int? {
        let unsigned = word.hasPrefix("+") ? word.dropFirst() : word
        guard let unit = unsigned.last, unit == "d" || unit == "w", let count = number(unsigned.dropLast()) else {
            return nil
        }
        return unit == "d" ? count : count * 7
    }

    /// `N day(s)` or `N week(s)` (after `in`) as a number of days; `a day`, `a week` for one.
    static func inDays(_ words: Words) -> (Int, Words)? {
        guard let count = words.first.flatMap(count), let unit = words.dropFirst().first else { return nil }
        switch unit {
        case "day", "days": return (count, words.dropFirst(2))
        case "week", "weeks": return (count * 7, words.dropFirst(2))
        default: return nil
        }
    }

    /// A weekday name, or a start of one of three letters or more (`fri`, `tues`, `thurs`).
    static func weekday(_ word: Substring) -> Int? {
        guard word.count >= 3 else { return nil }
        return DateExpression.weekdays.firstIndex { $0.hasPrefix(word) }
    }

    /// A month name, or a start of one of three letters or more (`dec`, `sept`), as 1 to 12.
    static func month(_ word: Substring) -> Int? {
        guard word.count >= 3, let index = CalendarDay.monthNames.firstIndex(where: { $0.hasPrefix(word) }) else {
            return nil
        }
        return index + 1
    }

    /// A day of the month, 1 to 31, with or without `st`, `nd`, `rd` or `th`.
    static func dayOfMonth(_ word: Substring) -> Int? {
        var digits = word
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
        guard digits.count <= 2, let day = number(digits), (1...31).contains(day) else { return nil }
        return day
    }

    // MARK: TIME

    /// A TIME at the front of `words`.
    static func clock(_ words: Words) -> (Clock, Words)? {
        guard let first = words.first else { return nil }
        let rest = words.dropFirst()
        if first == "noon" { return (Clock(hour: 12, minute: 0), rest) }
        if first == "midnight" { return (Clock(hour: 0, minute: 0), rest) }
        for (suffix, afternoon) in [("am", false), ("pm", true)] where first.hasSuffix(suffix) {
            guard let clock = twelveHour(first.dropLast(2), afternoon: afternoon) else { return nil }
            return (clock, rest)
        }
        if let second = rest.first, second == "am" || second == "pm" {
            guard let clock = twelveHour(first, afternoon: second == "pm") else { return nil }
            return (clock, rest.dropFirst())
        }
        guard let clock = twentyFourHour(first) else { return nil }
        return (clock, rest)
    }

    /// `H:MM`, `HH:MM` or `HH:MM:SS`.
    static func twentyFourHour(_ word: Substring) -> Clock? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let hourText = parts.first, (1...2).contains(hourText.count),
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            let hour = number(hourText), let minute = number(parts[1]), (0...23).contains(hour),
            (0...59).contains(minute)
        else { return nil }
        let second = parts.count == 3 ? number(parts[2]) : 0
        guard let second, (0...59).contains(second) else { return nil }
        return Clock(hour: hour, minute: minute, second: second)
    }

    /// `H` or `H:MM` (H from 1 to 12) in the morning or the afternoon: 12am is 00:00, 12pm noon.
    static func twelveHour(_ word: Substring, afternoon: Bool) -> Clock? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard let hourText = parts.first, (1...2).contains(hourText.count), let hour = number(hourText),
            (1...12).contains(hour), parts.count <= 2
        else { return nil }
        var minute = 0
        if parts.count == 2 {
            guard parts[1].count == 2, let value = number(parts[1]), (0...59).contains(value) else { return nil }
            minute = value
        }
        return Clock(hour: hour % 12 + (afternoon ? 12 : 0), minute: minute)
    }

    // MARK: From now, ISO 8601

    /// `+Nm`, `+Nh`, `+NhMm`, `in N minutes`, `in N hours` or `in N hours [and] M minutes` at the
    /// front of `words`, as seconds; `a` or `an` is one (`in an hour`).
    static func fromNow(_ words: Words) -> (Int, Words)? {
        guard let first = words.first else { return nil }
        if first.hasPrefix("+") {
            let text = first.dropFirst()
            // `+1h30m`: hours, then minutes, each at most once; `+90m` and `+2h` alone as before.
            guard let hourMark = text.firstIndex(of: "h") else {
                guard text.last == "m", let minutes = number(text.dropLast()) else { return nil }
                return (minutes * 60, words.dropFirst())
            }
            let afterHours = text[text.index(after: hourMark)...]
            guard let hours = number(text[..<hourMark]) else { return nil }
            if afterHours.isEmpty { return (hours * 3600, words.dropFirst()) }
            guard afterHours.last == "m", let minutes = number(afterHours.dropLast()) else { return nil }
            return (hours * 3600 + minutes * 60, words.dropFirst())
        }
        guard first == "in", let amount = words.dropFirst().first.flatMap(count),
            let unit = words.dropFirst(2).first
        else { return nil }
        let end = words.dropFirst(3)
        if minuteUnits.contains(unit) { return (amount * 60, end) }
        guard hourUnits.contains(unit) else { return nil }
        // Minutes may follow the hours: `in 1 hour 30 minutes`, `in 2 hours and 15 minutes`.
        let more = end.first == "and" ? end.dropFirst() : end
        if let minutes = more.first.flatMap(count), let minuteUnit = more.dropFirst().first,
            minuteUnits.contains(minuteUnit)
        {
            return (amount * 3600 + minutes * 60, more.dropFirst(2))
        }
        return (amount * 3600, end)
    }

    /// The words for minutes after `in N`.
    static let minuteUnits: Set<Substring> = ["minute", "minutes", "min", "mins"]

    /// The words for hours after `in N`.
    static let hourUnits: Set<Substring> = ["hour", "hours", "hr", "hrs"]

    /// `YYYY-MM-DDTHH:MM[:SS]` (local time) optionally followed by `Z` or `±HH:MM` (that instant).
    static func isoTime(_ word: Substring) -> DateExpression.Form? {
        guard let separator = word.firstIndex(of: "t"), let day = CalendarDay(word[..<separator]) else { return nil }
        var time = word[word.index(after: separator)...]
        var offset: Int?
        if time.hasSuffix("z") {
            offset = 0
            time = time.dropLast()
        } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = time[time.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false)
            guard zone.count == 2, zone.allSatisfy({ $0.count == 2 }), let hours = number(zone[0]),
                let minutes = number(zone[1]), hours <= 14, minutes <= 59
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (time[sign] == "-" ? -1 : 1)
            time = time[..<sign]
        }
        guard time.prefix(while: { $0 != ":" }).count == 2, let clock = twentyFourHour(time) else { return nil }
        guard let offset else { return .day(.date(day), clock) }
        let seconds = day.daysSince1970 * 86_400 + clock.hour * 3600 + clock.minute * 60 + clock.second - offset
        return .instant(Double(seconds) - CivilTime.referenceOffset)
    }

    // MARK: Words

    /// A count after `in`: a number, or `a`/`an` for one (`in a week`, `in an hour`).
    static func count(_ word: Substring) -> Int? {
        word == "a" || word == "an" ? 1 : number(word)
    }

    /// A count of ASCII digits, at most `DateExpression.largestCount`.
    static func number(_ word: Substring) -> Int? {
        guard !word.isEmpty, word.count <= 7, word.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(word),
            value <= DateExpression.largestCount
        else { return nil }
        return value
    }

    /// What is wrong with a word written as a date that does not exist (`2026-02-30`,
    /// `feb 30`), or `nil` when there is none.
    static func impossibleDay(in words: [Substring]) -> String? {
        for (index, word) in words.enumerated() {
            let datePart = word.split(separator: "t", maxSplits: 1).first ?? word
            let parts = datePart.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ number($0) != nil }),
                CalendarDay(datePart) == nil, let year = number(parts[0]), let month = number(parts[1])
            {
                guard (1...12).contains(month) else { return "there is no month \(parts[1])" }
                guard year >= 1 else { return "there is no year 0000" }
                let name = CalendarDay.monthNames[month - 1].withCapital
                return "\(name) \(year) has \(CalendarDay.length(ofMonth: month, in: year)) days"
            }
            let next = index + 1 < words.count ? words[index + 1] : ""
            let year = index + 2 < words.count ? self.year(words[index + 2]) : nil
            for (monthWord, dayWord) in [(word, next), (next, word)] {
                guard let month = month(monthWord), let day = dayOfMonth(dayWord) else { continue }
                let name = CalendarDay.monthNames[month - 1].withCapital
                if let year, day > CalendarDay.length(ofMonth: month, in: year) {
                    return "\(name) \(year) has \(CalendarDay.length(ofMonth: month, in: year)) days"
                }
                if day > CalendarDay.length(ofMonth: month, in: 2028) {
                    return "\(name) has at most \(CalendarDay.length(ofMonth: month, in: 2028)) days"
                }
            }
        }
        return nil
    }
}

extension String {
    /// The string with its first letter upper-cased (month names in messages).
    fileprivate var withCapital: String {
        prefix(1).uppercased() + dropFirst()
    }
}
