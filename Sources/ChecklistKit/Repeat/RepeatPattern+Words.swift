extension RepeatPattern {
    /// The RULE forms `repeat` takes, for its error message and help.
    public static let forms =
        "daily, weekly, monthly, yearly, weekdays, every N days|weeks|months|years, every other week,"
        + " every mon,thu (any weekdays), every weekend, every N weeks on mon,wed, every 2nd tuesday,"
        + " every last friday, every last weekday of the month, every 15th, every 1st and 15th,"
        + " monthly on the last day, every 3 months on the 1st, every quarter, every dec 25,"
        + " yearly on march 3, an RRULE (FREQ=MONTHLY;BYDAY=-2WE); then at TIME (every 2nd tuesday at 7pm)"

    /// The first words of a RULE, for Tab completion.
    public static let firstWords = ["daily", "weekly", "monthly", "yearly", "weekdays", "every"]

    /// The units after `every N`, for Tab completion.
    public static let unitWords = ["days", "weeks", "months", "years"]

    /// The words a weekday's place in the month is written with besides digits (`2nd`).
    static let placeWords: [Substring: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1,
    ]

    /// The words of a day of the month besides digits (`15th`): the first ten, and `last`.
    static let dayWords: [Substring: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10, "last": -1,
    ]

    /// The words after a monthly rule's days that say the same again (`of the month`).
    static let ofTheMonth: [[Substring]] = [
        ["of", "the", "month"], ["of", "each", "month"], ["of", "every", "month"], ["each", "month"],
        ["every", "month"], ["a", "month"], ["in", "the", "month"],
    ]

    /// Reads RULE words (SPEC §12), ignoring case: `daily`, `weekly`, `monthly`, `yearly`,
    /// `weekdays`, `every N days|weeks|months|years`, `every other …`, `every quarter`, `every
    /// weekend`, weekday names (`every mon,thu`), `every N weeks on fri`, a weekday's place in
    /// the month (`every 2nd tuesday`, `every last friday of the month`, `every last weekday of
    /// the month`), days of the month (`every 15th`, `monthly on the 1st and 15th`, `every 3
    /// months on the last day`), a day of the year (`every dec 25`, `yearly on march 3`, `every
    /// 4th thursday of november`); what `words` writes reads back. An RRULE the words can say
    /// is accepted too. `nil` when the text is none of these.
    public init?(words text: String) {
        if text.contains("=") {
            guard let pattern = RepeatPattern(rrule: String(text.trimmingSpaces)) else { return nil }
            self = pattern
            return
        }
        let tokens = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard let first = tokens.first else { return nil }
        let rest = tokens.dropFirst()
        if first == "quarterly" && rest.isEmpty {
            self.init(.monthly, interval: 3)
            return
        }
        if let frequency = Self.adverbs[first] {
            if rest.isEmpty {
                self.init(frequency)
                return
            }
            guard rest.first == "on", let pattern = Self.on(rest.dropFirst(), frequency, interval: 1) else {
                return nil
            }
            self = pattern
            return
        }
        if first == "weekdays" && rest.isEmpty {
            self = .weekdaysOnly
            return
        }
        guard first == "every", let pattern = Self.every(rest) else { return nil }
        self = pattern
    }

    /// The single words that name a frequency.
    private static let adverbs: [Substring: Frequency] = [
        "daily": .daily, "weekly": .weekly, "monthly": .monthly, "yearly": .yearly, "annually": .yearly,
    ]

    /// What follows `every`.
    private static func every(_ words: ArraySlice<Substring>) -> RepeatPattern? {
        // `every 25 dec`: a day of the year, whose number is no count of periods.
        if let pattern = yearly(words, interval: 1) { return pattern }
        var rest = words
        var interval = 1
        var counted = false
        if rest.first == "other" {
            interval = 2
            rest.removeFirst()
        } else if let word = rest.first, let number = number(word) {
            interval = number
            counted = true
            rest.removeFirst()
        }
        guard let word = rest.popFirst() else { return nil }
        var frequency = frequency(word)
        if word == "quarter" || word == "quarters" {
            frequency = .monthly
            interval *= 3
        }
        if let frequency {
            if rest.isEmpty { return RepeatPattern(frequency, interval: interval) }
            guard rest.popFirst() == "on" else { return nil }
            return on(rest, frequency, interval: interval)
        }
        let all = [word] + rest
        if all == ["weekday"] || all == ["weekdays"] {
            return interval == 1 ? .weekdaysOnly : nil
        }
        if all == ["weekend"] || all == ["weekends"] {
            return counted ? nil : RepeatPattern(.weekly, interval: interval, on: weekendOnly.weekdays)
        }
        // `every 2 mon` is no rule: a number is a count of periods, and needs its unit.
        guard !counted else { return nil }
        if let days = weekdays(all) { return RepeatPattern(.weekly, interval: interval, on: days) }
        return monthly(all[...], interval: interval, bare: true) ?? yearly(all[...], interval: interval)
    }

    /// What follows `on` after a frequency (`every 2 weeks on fri`, `monthly on the 15th`,
    /// `yearly on march 3`).
    private static func on(_ words: ArraySlice<Substring>, _ frequency: Frequency, interval: Int) -> RepeatPattern? {
        switch frequency {
        case .daily:
            return nil
        case .weekly:
            guard let days = weekdays(words) else { return nil }
            return RepeatPattern(.weekly, interval: interval, on: days)
        case .monthly:
            return monthly(words.first == "the" ? words.dropFirst() : words, interval: interval, bare: false)
        case .yearly:
            return yearly(words.first == "the" ? words.dropFirst() : words, interval: interval)
        }
    }

    /// Days of the month (`15th`, `1st and 15th`, `last day`), weekdays by their place (`2nd
    /// tuesday`, `1st and 3rd tue`, `last friday`) or a working day by its place (`last weekday`),
    /// `of the month` after them allowed. A `bare` day of the month (after `every` alone) needs
    /// an ordinal suffix or word (`every 15` is no rule).
    private static func monthly(_ words: ArraySlice<Substring>, interval: Int, bare: Bool) -> RepeatPattern? {
        var words = words
        for tail in ofTheMonth where words.count > tail.count && words.suffix(tail.count).elementsEqual(tail) {
            words.removeLast(tail.count)
            break
        }
        if words.count == 2, let place = words.first.flatMap(weekdayPlace), words.last == "weekday" {
            return RepeatPattern(.monthly, interval: interval, days: .workday(place))
        }
        if let entries = placedWeekdays(words) {
            return RepeatPattern(.monthly, interval: interval, days: .ordinals(entries))
        }
        guard let days = monthDays(words, bare: bare) else { return nil }
        return RepeatPattern(.monthly, interval: interval, days: .monthDays(days))
    }

    /// A day of the year: `dec 25`, `25 december`, `march 3rd`, or a weekday's place in a month
    /// (`4th thursday of november`).
    private static func yearly(_ words: ArraySlice<Substring>, interval: Int) -> RepeatPattern? {
        if words.count == 2, let first = words.first, let last = words.last,
            let (month, day) = DateGrammar.monthAndDay(first, last),
            day <= CalendarDay.length(ofMonth: month, in: 2000)
        {
            return RepeatPattern(.yearly, interval: interval, days: .date(month: month, day: day))
        }
        guard words.count == 4, let connector = words.dropFirst(2).first, connector == "of" || connector == "in",
            let month = words.last.flatMap(DateGrammar.month),
            let entries = placedWeekdays(words.prefix(2)), entries.count == 1, let entry = entries.first
        else { return nil }
        return RepeatPattern(.yearly, interval: interval, days: .monthOrdinal(month: month, entry))
    }

    /// Weekdays by their place in the month: `2nd tuesday`, `1st and 3rd tuesday`, `2nd tue and
    /// last fri`; each place needs a weekday after it.
    private static func placedWeekdays(_ words: some Collection<Substring>) -> [Recurrence.WeekdayEntry]? {
        var entries: [Recurrence.WeekdayEntry] = []
        var waiting: [Int] = []
        for word in words where word != "and" {
            if let place = weekdayPlace(word) {
                waiting.append(place)
            } else if let day = weekday(word), !waiting.isEmpty {
                entries += waiting.map { Recurrence.WeekdayEntry(weekday: day, ordinal: $0) }
                waiting = []
            } else {
                return nil
            }
        }
        return entries.isEmpty || !waiting.isEmpty ? nil : entries
    }

    /// A weekday's place in the month: `1st` to `5th`, `first` to `fifth`, `last`.
    private static func weekdayPlace(_ word: Substring) -> Int? {
        let place = placeWords[word] ?? ordinalNumber(word)
        return place.flatMap { weekdayPlaces.contains($0) ? $0 : nil }
    }

    /// Days of the month: `15th`, `1st and 15th`, `first`, `last day`, `last`; plain numbers too
    /// unless `bare`.
    private static func monthDays(_ words: ArraySlice<Substring>, bare: Bool) -> [Int]? {
        var days: [Int] = []
        var rest = words
        while let word = rest.popFirst() {
            if word == "and" { continue }
            if word == "last" {
                if rest.first == "day" { rest.removeFirst() }
                days.append(-1)
                continue
            }
            guard let day = dayWords[word] ?? ordinalNumber(word) ?? (bare ? nil : number(word)), (1...31).contains(day)
            else { return nil }
            days.append(day)
        }
        return days.isEmpty ? nil : days
    }

    /// Whether `word` is a day of the month with its ending (`1st`, `15th`), for Tab completion.
    public static func isOrdinal(_ word: String) -> Bool {
        ordinalNumber(Substring(word)) != nil
    }

    /// `1st`, `2nd`, `3rd`, `4th`… as its number (any of the four endings; 1 to 31).
    private static func ordinalNumber(_ word: Substring) -> Int? {
        guard word.count >= 3, ["st", "nd", "rd", "th"].contains(word.suffix(2)) else { return nil }
        return DateGrammar.dayOfMonth(word)
    }

    /// `N` of `every N …`: 1 to `maximumInterval`.
    private static func number(_ word: Substring) -> Int? {
        guard word.count <= 5, word.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(word),
            (1...maximumInterval).contains(number)
        else { return nil }
        return number
    }

    /// The frequency a unit names: `day`/`days` … `year`/`years`.
    private static func frequency(_ word: Substring) -> Frequency? {
        Frequency.allCases.first { word == $0.unit || word == $0.unit + "s" }
    }

    /// A weekday name (`monday`, `mon`, `tues`, `thurs`, `mondays`).
    private static func weekday(_ word: Substring) -> Weekday? {
        let name = word.hasSuffix("days") ? word.dropLast() : word
        guard name.count >= 3 else { return nil }
        return Weekday.allCases.first { $0.name.lowercased().hasPrefix(name) }
    }

    /// Weekday names, `and` between them; at least one.
    private static func weekdays(_ words: some Collection<Substring>) -> [Weekday]? {
        var days: [Weekday] = []
        for word in words where word != "and" {
            guard let day = weekday(word) else { return nil }
            days.append(day)
        }
        return days.isEmpty ? nil : days
    }

    /// `A`, `A and B`, `A, B and C`.
    static func sentence(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }
}
