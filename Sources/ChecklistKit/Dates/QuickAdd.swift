/// What quick add (SPEC §14) reads in the words typed after `add`: the text left, a due DATE at
/// its end, a repeat RULE before or after that DATE, `+WORD` tags and a `!`/`!!`/`!!!` priority.
///
/// Pure: no clock and no time zone. The DATE is kept as the expression typed; the command
/// evaluates it when it runs. The rules, in order:
/// - A word that was quoted or escaped is text, always.
/// - Anywhere, a word `!`, `!!` or `!!!` is the priority (the last one counts), and a word `+WORD`
///   with a letter in it that is not a DATE by itself (`+3d`, `+2h` are) is a tag (each tag once,
///   compared ignoring case and accents, kept as first typed).
/// - At the end of what is left, the longest run of words that reads as `[CONNECTOR] DATE`,
///   `RULE`, `[CONNECTOR] DATE RULE` or `RULE [CONNECTOR] DATE` (CONNECTOR: `on`, `at`, `by`,
///   `due`) is the due date and the rule, unless it reads as part of a title instead
///   (`readsAsText`): `Back up now`, `Feed the sow`, `Print model in 3d`, `Watch Black Friday`.
/// - When that would leave no text, nothing is read: the words are the text as typed, so
///   `add tomorrow` adds "tomorrow" and `add +work` adds "+work".
public struct QuickAdd: Sendable, Equatable {
    /// The item's text: the words not read, joined by single spaces.
    public var text: String
    /// The due date as typed (without its connector), `nil` for none.
    public var due: TypedDate?
    /// The repeat rule, `nil` for none.
    public var rule: RepeatRule?
    /// The tags, without their `+`, as first typed.
    public var tags: [String]
    /// The priority (RFC 5545: 1 high, 5 medium, 9 low), `nil` for none.
    public var priority: Int?

    /// A DATE as quick add found it: what it says, and its words for messages.
    public struct TypedDate: Sendable, Equatable {
        /// The expression, evaluated when the command runs.
        public var expression: DateExpression
        /// The words as typed, joined by spaces (`sunday 6pm`).
        public var words: String
    }

    /// A reading with these parts; by default nothing but the text.
    public init(
        text: String, due: TypedDate? = nil, rule: RepeatRule? = nil, tags: [String] = [], priority: Int? = nil
    ) {
        self.text = text
        self.due = due
        self.rule = rule
        self.tags = tags
        self.priority = priority
    }

    /// The due date the item gets at `now`, in the local time zone: the DATE's, else today when
    /// there is a rule; a rule then moves it to its first date, as `repeat` does (SPEC §12).
    public func dueDate(now: Double) throws(DateExpressionError) -> Due? {
        let date = try due.map { typed throws(DateExpressionError) in
            try typed.expression.evaluate(now: now, text: typed.words)
        }
        guard let rule else { return date }
        let start = date ?? .day(LocalTime.day(now))
        return rule.firstOccurrence(from: start) ?? start
    }

    /// The words a DATE may follow; they go with it.
    static let connectors: Set<Substring> = ["on", "at", "by", "due"]

    /// The most words a trailing DATE and RULE take together: `in 2 hours and 15 minutes` is 6,
    /// `every 2 weeks on mon and thu and sat` 9. Bounds the search on a long text.
    static let longestRun = 16

    /// Reads `words` (the words after `add`, as the command line split them).
    public static func read(_ words: [CommandWord]) -> QuickAdd {
        let plain = QuickAdd(text: words.lazy.map(\.text).spaced)
        var kept: [CommandWord] = []
        var tags: [String] = []
        var tagKeys = Set<String>()
        var priority: Int?
        for word in words {
            if !word.quoted, let level = priorityLevel(word.text) {
                priority = level
            } else if !word.quoted, let tag = tag(word.text) {
                if tagKeys.insert(SearchFolding.key(tag)).inserted { tags.append(tag) }
            } else {
                kept.append(word)
            }
        }
        var reading = QuickAdd(text: kept.lazy.map(\.text).spaced, tags: tags, priority: priority)
        if let (start, due, rule) = trailingRun(kept) {
            reading = QuickAdd(
                text: kept[..<start].lazy.map(\.text).spaced, due: due, rule: rule, tags: tags, priority: priority)
        }
        guard !reading.text.trimmingSpaces.isEmpty else { return plain }
        return reading
    }

    /// The priority a word names: `!!!` 1 (high), `!!` 5 (medium), `!` 9 (low), as SPEC §13's
    /// `priority` command sets them.
    static func priorityLevel(_ word: String) -> Int? {
        switch word {
        case "!!!": 1
        case "!!": 5
        case "!": 9
        default: nil
        }
    }

    /// The tag a word `+WORD` names: one with a letter in it (`+1` and `+++` are text) that is
    /// not a DATE by itself (`+3d` is one).
    static func tag(_ word: String) -> String? {
        guard word.hasPrefix("+") else { return nil }
        let tag = word.dropFirst()
        guard tag.contains(where: \.isLetter), date([foldedWord(word)][...]) == nil else { return nil }
        return String(tag)
    }

    /// The longest run at the end of `words` that reads as a DATE and/or RULE: where it starts,
    /// and what it says. Quoted words never belong to it.
    static func trailingRun(_ words: [CommandWord]) -> (start: Int, due: TypedDate?, rule: RepeatRule?)? {
        let unquoted = words.lastIndex(where: \.quoted).map { $0 + 1 } ?? 0
        let first = max(unquoted, words.count - longestRun)
        guard first < words.count else { return nil }
        let folded = words.map { foldedWord($0.text) }
        for start in first..<words.count {
            guard let (range, rule) = dateAndRule(folded[start...]), !readsAsText(folded, from: start) else {
                continue
            }
            let due = range.flatMap { range in
                date(folded[range]).map {
                    TypedDate(expression: DateExpression($0), words: words[range].lazy.map(\.text).spaced)
                }
            }
            return (start, due, rule)
        }
        return nil
    }

    /// Whether the run of `words` (folded) from `start` to the end, which reads as a DATE or RULE,
    /// is text: the end of a title or a noun, as in most of the texts people type that end so
    /// (`QuickAddTests.realTexts`). It is when it is
    /// - one of `loneWords` alone: `Back up now`, `Watch High Noon` (`by noon`, `tomorrow noon` are read);
    /// - after an article: `Feed the sow`, `Read The Daily`, `Enjoy the sun`, `Cancel the 3pm`;
    /// - `3d` (a count of days without `+`) after `in`: `Print model in 3d`;
    /// - a weekday, first, after a word that names it: `Watch Black Friday`, `Sing Ruby Tuesday`.
    ///
    /// A shorter run after it may still be read: `Feed the sow at 5pm` is due at 17:00.
    static func readsAsText(_ words: [Substring], from start: Int) -> Bool {
        guard start < words.count else { return false }
        let first = words[start]
        if start == words.count - 1, loneWords.contains(first) { return true }
        guard start > 0 else { return false }
        let before = words[start - 1]
        if articles.contains(before) { return true }
        if before == "in", start == words.count - 1, !first.hasPrefix("+"), DateGrammar.dayCount(first) != nil {
            return true
        }
        return namingWords.contains(before) && DateGrammar.weekday(first) != nil
    }

    /// Words that are a DATE alone but at the end of a text mostly mean something else.
    static let loneWords: Set<Substring> = ["now", "noon", "sow", "soy"]

    /// The articles: a DATE or RULE right after one is a noun (`the sow`, `The Daily`, `a sat`).
    static let articles: Set<Substring> = ["the", "a", "an"]

    /// Words that make a name of the weekday after them: holidays, shopping days, songs and films.
    static let namingWords: Set<Substring> = [
        "ash", "black", "bloody", "blue", "cyber", "easter", "fat", "freaky", "giving", "girl", "good", "holy",
        "lazy", "manic", "maundy", "palm", "ruby", "shrove", "super",
    ]

    /// What `run` says as `[CONNECTOR] DATE`, `RULE`, or the two in either order: the range of
    /// the DATE's words (without the connector) and the rule; `nil` when it is none of these.
    static func dateAndRule(_ run: ArraySlice<Substring>) -> (date: Range<Int>?, rule: RepeatRule?)? {
        guard !run.isEmpty else { return nil }
        if let rule = rule(run) { return (nil, rule) }
        if let range = dateRange(run) { return (range, nil) }
        let splits = (run.startIndex + 1)..<run.endIndex
        // The longest RULE before a DATE: `every 2nd tuesday at 7pm` is not `every 2nd` + `tuesday at 7pm`.
        for split in splits.reversed() {
            if let rule = rule(run[..<split]), let range = dateRange(run[split...]) { return (range, rule) }
        }
        for split in splits {
            if let range = dateRange(run[..<split]), let rule = rule(run[split...]) { return (range, rule) }
        }
        return nil
    }

    /// The range of the DATE in `words`, past a connector before it; `nil` when they are no DATE.
    static func dateRange(_ words: ArraySlice<Substring>) -> Range<Int>? {
        guard let first = words.first else { return nil }
        let date = connectors.contains(first) ? words.dropFirst() : words
        guard let start = date.first, mayStartDate(start), Self.date(date) != nil else { return nil }
        return date.startIndex..<date.endIndex
    }

    /// The DATE `words` make (lower case, commas taken off), `nil` when they make none or name a
    /// day that does not exist (`feb 30` stays text).
    static func date(_ words: ArraySlice<Substring>) -> DateExpression.Form? {
        let array = Array(words)
        guard !array.isEmpty, DateGrammar.impossibleDay(in: array) == nil else { return nil }
        return DateGrammar.form(array)
    }

    /// The RULE `words` make; never an RRULE (`FREQ=DAILY` is text).
    static func rule(_ words: ArraySlice<Substring>) -> RepeatRule? {
        guard let first = words.first, ruleStarts.contains(first), !words.contains(where: { $0.contains("=") })
        else { return nil }
        return RepeatRule(words: words.spaced)
    }

    /// The words a RULE starts with (`RepeatPattern(words:)`).
    static let ruleStarts: Set<Substring> = [
        "daily", "weekly", "monthly", "yearly", "annually", "quarterly", "weekdays", "every", "every!",
    ]

    /// The words besides day words, weekdays and months that a DATE starts with (`DateGrammar`).
    static let dateStarts: Set<Substring> = ["now", "noon", "midnight", "next", "this", "in"]

    /// Whether a DATE may start with `word`: a cheap test that spares the grammar most words of
    /// a text (a number, `+…`, a day word, weekday or month name, or one of `dateStarts`).
    static func mayStartDate(_ word: Substring) -> Bool {
        guard let first = word.first else { return false }
        if first == "+" || (first.isASCII && first.isNumber) { return true }
        return dateStarts.contains(word) || DateGrammar.dayWords[word] != nil || DateGrammar.weekday(word) != nil
            || DateGrammar.month(word) != nil
    }

    /// A word as the DATE grammar reads it: lower case, a comma after it taken off (`25,`).
    static func foldedWord(_ word: String) -> Substring {
        let lower = word.lowercased()[...]
        return lower.hasSuffix(",") ? lower.dropLast() : lower
    }
}
