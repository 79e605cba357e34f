/// A RULE as a person types it (SPEC §12): the rule, and the time of day its dates are due at
/// when the words end with one (`every 2nd tuesday at 7pm`, `every 1st 9am`).
public struct RepeatPhrase: Sendable, Equatable {
    /// The rule.
    public var rule: RepeatRule
    /// The time of day the item is due at, `nil` when the words name none.
    public var time: DateExpression.Clock?

    /// A phrase with this rule and time.
    public init(rule: RepeatRule, time: DateExpression.Clock? = nil) {
        self.rule = rule
        self.time = time
    }

    /// Reads RULE words (`RepeatRule(words:)`), a TIME after them allowed (`at 7pm`, `19:00`);
    /// `nil` when the text is no rule.
    public init?(_ text: String) {
        if let rule = RepeatRule(words: text) {
            self.init(rule: rule)
            return
        }
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        // A TIME is one or two words (`7pm`, `7 pm`); a rule comes before it.
        for cut in stride(from: words.count - 1, through: max(words.count - 2, 1), by: -1) {
            guard let (clock, rest) = DateGrammar.clock(words[cut...]), rest.isEmpty else { continue }
            let ruleWords = words[..<cut].last == "at" ? words[..<cut].dropLast() : words[..<cut]
            guard let rule = RepeatRule(words: ruleWords.spaced) else { continue }
            self.init(rule: rule, time: clock)
            return
        }
        return nil
    }

    /// The known phrase nearest to `text`, which is none: each word that is not a RULE word
    /// taken as the RULE word it is closest to (one letter wrong in four at most), when that
    /// reads (`every 2nd tusday` → `every 2nd tuesday`); `nil` when none does.
    public static func nearest(to text: String) -> String? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        guard !words.isEmpty, words.count <= 16 else { return nil }
        var changed = false
        let fixed = words.map { word -> Substring in
            guard !vocabulary.contains(word), !(word.first?.isNumber ?? true), word.count >= 3,
                let near = closestWord(to: word)
            else { return word }
            changed = true
            return near
        }
        let phrase = fixed.spaced
        guard changed, RepeatPhrase(phrase) != nil else { return nil }
        return phrase
    }

    /// The words of RULE phrases, whole.
    static let vocabulary: Set<Substring> = {
        var words: Set<Substring> = [
            "every", "other", "day", "days", "week", "weeks", "month", "months", "year", "years", "on", "the", "of",
            "and", "weekday", "weekdays", "weekend", "weekends", "quarter", "quarters", "daily", "weekly", "monthly",
            "yearly", "annually", "quarterly", "at", "each", "in", "noon", "midnight",
        ]
        words.formUnion(RepeatPattern.dayWords.keys)
        for day in RepeatPattern.Weekday.allCases {
            words.insert(Substring(day.name.lowercased()))
            words.insert(Substring(day.name.lowercased().prefix(3)))
        }
        for month in CalendarDay.monthNames {
            words.insert(Substring(month))
            words.insert(Substring(month.prefix(3)))
        }
        return words
    }()

    /// The word of `vocabulary` fewest edits away from `word`, when that is at most one in four
    /// letters (at least one); the first in alphabetical order of equally near ones.
    private static func closestWord(to word: Substring) -> Substring? {
        let limit = max(1, word.count / 4)
        var best: (word: Substring, distance: Int)?
        for candidate in vocabulary.sorted() {
            let distance = editDistance(Array(word), Array(candidate))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The fewest letters to insert, delete, change or swap with the next to make one word the
    /// other (Damerau and Levenshtein's distance, each letter edited once: `fridya` is one from
    /// `friday`).
    static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        var before = [Int]()
        var previous = Array(0...right.count)
        for row in left.indices {
            var current = [row + 1]
            for column in right.indices {
                var distance = min(
                    previous[column + 1] + 1, current[column] + 1,
                    previous[column] + (left[row] == right[column] ? 0 : 1))
                if row > 0, column > 0, left[row] == right[column - 1], left[row - 1] == right[column] {
                    distance = min(distance, before[column - 1] + 1)
                }
                current.append(distance)
            }
            before = previous
            previous = current
        }
        return previous[right.count]
    }
}
