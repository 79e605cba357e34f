extension RepeatPattern {
    /// The RULE forms `repeat` takes, for its error message and help.
    public static let forms =
        "daily, weekly, monthly, yearly, weekdays, every N days|weeks|months|years, every mon,thu (any weekdays),"
        + " every N weeks on fri, monthly on the last day"

    /// The first words of a RULE, for Tab completion.
    public static let firstWords = ["daily", "weekly", "monthly", "yearly", "weekdays", "every"]

    /// The units after `every N`, for Tab completion.
    public static let unitWords = ["days", "weeks", "months", "years"]

    /// Reads RULE words, ignoring case: `daily`, `weekly`, `monthly`, `yearly`, `weekdays`,
    /// `every N days|weeks|months|years` (`every week` too), `every mon,thu` (weekday names, whole
    /// or from three letters, separated by commas, spaces or `and`), `every N weeks on fri`,
    /// `every weekday`, `monthly on the last day` (`every N months on the last day`); what
    /// `words` writes reads back. An RRULE in the subset is accepted too.
    /// `nil` when the text is none of these.
    public init?(words text: String) {
        if text.contains("=") {
            guard let pattern = RepeatPattern(rrule: String(text.trimmingSpaces)) else { return nil }
            self = pattern
            return
        }
        var tokens = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        let onLastDay = tokens.count > 4 && tokens.suffix(4) == ["on", "the", "last", "day"]
        if onLastDay {
            tokens.removeLast(4)
            let rest = tokens.joined(separator: " ")
            guard let pattern = RepeatPattern(words: rest), pattern.frequency == .monthly, !pattern.onLastDay else {
                return nil
            }
            self.init(.monthly, interval: pattern.interval, onLastDay: true)
            return
        }
        guard let first = tokens.first else { return nil }
        if tokens.count == 1 {
            switch first {
            case "daily": self.init(.daily)
            case "weekly": self.init(.weekly)
            case "monthly": self.init(.monthly)
            case "yearly", "annually": self.init(.yearly)
            case "weekdays": self = .weekdaysOnly
            default: return nil
            }
            return
        }
        guard first == "every" else { return nil }
        var rest = tokens.dropFirst()
        var interval = 1
        if let word = rest.first, let number = Self.number(word) {
            interval = number
            rest.removeFirst()
        }
        guard let word = rest.popFirst() else { return nil }
        if let frequency = Self.frequency(word) {
            if rest.isEmpty {
                self.init(frequency, interval: interval)
                return
            }
            guard frequency == .weekly, rest.popFirst() == "on", let days = Self.weekdays(rest) else { return nil }
            self.init(.weekly, interval: interval, on: days)
            return
        }
        if (word == "weekday" || word == "weekdays") && interval == 1 && rest.isEmpty {
            self = .weekdaysOnly
            return
        }
        guard interval == 1, let days = Self.weekdays([word] + rest) else { return nil }
        self.init(.weekly, on: days)
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

    /// Weekday names (`monday`, `mon`, `tues`, `thurs`, `mondays`), `and` between them; at least one.
    private static func weekdays(_ words: some Collection<Substring>) -> [Weekday]? {
        var days: [Weekday] = []
        for word in words where word != "and" {
            let name = word.hasSuffix("days") ? word.dropLast() : word
            guard name.count >= 3,
                let day = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(name) })
            else { return nil }
            days.append(day)
        }
        return days.isEmpty ? nil : days
    }
}
