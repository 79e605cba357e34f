/// The closest DATE to words that make none, for "did you mean" (SPEC §6).
///
/// Candidates are made by small repairs — one word at a time (a bare hour, a misspelt name, a
/// date written with slashes), two words joined, a missing `in` or unit, then every word repaired
/// at once — and the first that the grammar accepts is the suggestion. No repair knows a form the
/// grammar does not: the grammar decides.
enum DateSuggestion {
    /// The words the grammar knows, for misspellings.
    static let vocabulary: [Substring] =
        [
            "today", "tomorrow", "yesterday", "next", "week", "weeks", "day", "days", "in", "at", "on", "noon",
            "midnight", "now", "minutes", "hours", "eod", "eow", "eom", "eoy", "sow", "som", "soy", "am", "pm",
            "this", "and", "an",
        ] + DateExpression.weekdays.map { Substring($0) } + CalendarDay.monthNames.map { Substring($0) }

    /// Whole phrases people type for forms the grammar has under another name.
    static let phrases: [String: String] = [
        "end of day": "eod", "end of week": "eow", "end of month": "eom", "end of year": "eoy",
        "next month": "som", "next year": "soy", "this week": "eow", "tonight": "today 20:00",
        "day after tomorrow": "in 2 days", "this month": "eom", "this year": "eoy", "this weekend": "sat",
        "in half an hour": "+30m", "half an hour": "+30m", "in a fortnight": "in 2 weeks",
        "a week from now": "in 1 week", "a week from today": "in 1 week",
    ]

    /// The closest texts to `words` that are a DATE: none when no repair gives one, two when a
    /// date written with its year last reads both ways (`03/04/2026`), else one.
    static func closest(to words: [Substring]) -> [String] {
        guard !words.isEmpty, words.count <= 6 else { return [] }
        for (index, word) in words.enumerated() {
            // Day and month in either order: each reading that is a day, in ISO form.
            let readings = yearLast(word).map { reading in
                var candidate = words
                candidate[index] = reading
                return candidate
            }
            let accepted = readings.filter(isADate)
            if !accepted.isEmpty { return accepted.map { $0.joined(separator: " ") } }
        }
        var candidates: [[Substring]] = []
        if let phrase = phrases[words.joined(separator: " ")] {
            candidates.append(phrase.split(separator: " "))
        }
        let repaired = words.map(repairs)
        for index in words.indices {
            for repair in repaired[index] {
                var candidate = words
                candidate[index] = repair
                candidates.append(candidate)
            }
        }
        for index in words.indices.dropLast() {
            var candidate = words
            candidate[index] = words[index] + words[index + 1]
            candidate.remove(at: index + 1)
            candidates.append(candidate)
        }
        candidates.append(["in"] + words)
        if let last = words.last, DateGrammar.number(last) != nil { candidates.append(words + ["days"]) }
        candidates.append(words.indices.map { repaired[$0].first ?? words[$0] })
        guard let accepted = candidates.first(where: isADate) else { return [] }
        return [accepted.joined(separator: " ")]
    }

    /// Whether `words` make a DATE of a day that exists.
    private static func isADate(_ words: [Substring]) -> Bool {
        DateGrammar.form(words) != nil && DateGrammar.impossibleDay(in: words) == nil
    }

    /// `12/25/2026`, `25.12.2026` or `3-4-2026` (year last) as the ISO days it may mean: month
    /// first, then day first, each only when it is a day, once when both are the same day.
    static func yearLast(_ word: Substring) -> [Substring] {
        for separator: Character in ["/", ".", "-"] {
            guard let parts = split(word, at: separator), parts.count == 3, parts[2].count == 4,
                parts.dropLast().allSatisfy({ $0.count <= 2 }), let first = Int(parts[0]),
                let second = Int(parts[1]), let year = Int(parts[2])
            else { continue }
            let days = [
                CalendarDay(year: year, month: first, day: second), CalendarDay(year: year, month: second, day: first),
            ]
            var readings: [Substring] = []
            for case let day? in days where !readings.contains(Substring(day.description)) {
                readings.append(Substring(day.description))
            }
            return readings
        }
        return []
    }

    /// Other words `word` may have been meant as, the likeliest first (none for a word the grammar knows).
    static func repairs(_ word: Substring) -> [Substring] {
        if vocabulary.contains(word) || DateGrammar.form([word]) != nil { return [] }
        var result: [Substring] = []
        let digits = word.filter { $0.isASCII && $0.isNumber }
        let separators = word.filter { !($0.isASCII && $0.isNumber) }
        if separators.isEmpty, let value = DateGrammar.number(word) {
            // `9` or `18`: an hour; `930` or `1830`: hours and minutes; `+3`: days.
            if word.count <= 2, value <= 23 { result.append(clock(value, 0)) }
            if (3...4).contains(word.count), value / 100 <= 23, value % 100 <= 59 {
                result.append(clock(value / 100, value % 100))
            }
        } else if word.hasPrefix("+"), let count = DateGrammar.number(word.dropFirst()) {
            result.append("+\(count)d")
        } else if word.hasPrefix("+"), word.last?.isNumber == true, DateGrammar.form([word + "m"]) != nil {
            // `+1h30`: the minutes' unit left off.
            result.append(word + "m")
        } else if ["h", ".", ",", ":"].contains(separators), (2...4).contains(digits.count),
            let parts = split(word, at: separators.first ?? ":"), parts.count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]), (1...2).contains(parts[0].count), hour <= 23,
            minute <= 59
        {
            // `9.30`, `9h30`, `9:5`: hours and minutes.
            result.append(clock(hour, minute))
        } else if let date = slashedDate(word) {
            result.append(date)
        } else if let twelve = overTwelve(word) {
            result.append(twelve)
        }
        if word.count <= 12, word.allSatisfy({ $0.isLetter }) {
            let limit = word.count <= 4 ? 1 : 2
            let near = vocabulary.map { ($0, distance(word, $0)) }.filter { $0.1 <= limit }
            result += near.sorted { $0.1 < $1.1 }.map(\.0)
        }
        return result
    }

    /// `HH:MM`.
    private static func clock(_ hour: Int, _ minute: Int) -> Substring {
        Substring((hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)")
    }

    /// The digit groups of `word` on either side of `separator`, `nil` if anything else is in it.
    private static func split(_ word: Substring, at separator: Character) -> [Substring]? {
        let parts = word.split(separator: separator, omittingEmptySubsequences: false)
        return parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) ? parts : nil
    }

    /// `2026/7/1`, `2026.07.01` or `2026-7-1` as `2026-07-01`.
    private static func slashedDate(_ word: Substring) -> Substring? {
        for separator: Character in ["/", ".", "-"] {
            guard let parts = split(word, at: separator), parts.count == 3, parts[0].count == 4,
                parts.dropFirst().allSatisfy({ $0.count <= 2 }), let year = Int(parts[0]), let month = Int(parts[1]),
                let day = Int(parts[2]), let date = CalendarDay(year: year, month: month, day: day)
            else { continue }
            return Substring(date.description)
        }
        return nil
    }

    /// `13pm` or `18am` (past twelve, so no twelve-hour time): the 24-hour `HH:00`.
    private static func overTwelve(_ word: Substring) -> Substring? {
        guard word.hasSuffix("am") || word.hasSuffix("pm"), let hour = DateGrammar.number(word.dropLast(2)),
            (13...23).contains(hour)
        else { return nil }
        return clock(hour, 0)
    }

    /// The edit distance of `a` and `b` with adjacent transpositions (optimal string alignment).
    static func distance(_ a: Substring, _ b: Substring) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
