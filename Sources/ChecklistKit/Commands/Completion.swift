/// Tab-completion candidates for a partly typed command line, for the REPL and the shells alike.
///
/// The first word completes to command names; then each command's arguments: checklist names for
/// LIST (`use`, `show`, `drop`, and `move ITEM to`), command names after `help`, icon names after `icon`, `on`/`off`
/// after `remind ITEM`, the formats after `export`, `init` after `sync`, the options of `watch`
/// and `inspect`, a few day words after `due ITEM` and `start ITEM`, the words of a RULE after `repeat ITEM`,
/// `init`/`off` after `caldav`, `none` after `note ITEM`, the levels after `priority ITEM`, the tags in use
/// after `+` in `tag` and `untag`, and file names where a FILE is expected.
/// Matching ignores case.
public enum Completion {
    /// What may replace the word being completed.
    public enum Candidates: Sendable, Equatable {
        /// These full words.
        case words([String])
        /// File names (the caller lists them: this enum reads no folder).
        case files
    }

    /// The words `due ITEM` completes to: the single-word DATEs and the start of a few others.
    static let dueWords = [
        "none", "today", "tomorrow", "yesterday", "now", "noon", "midnight", "next", "in", "eod", "eow", "eom", "eoy",
        "sow", "som", "soy",
    ]

    /// The full words that can replace the last word of `lineBeforeCursor` (none where a file name
    /// goes: see `complete`).
    public static func candidates(
        lineBeforeCursor line: String, checklistNames: [String], tags: [String] = []
    ) -> [String] {
        guard case .words(let words) = complete(lineBeforeCursor: line, checklistNames: checklistNames, tags: tags)
        else {
            return []
        }
        return words
    }

    /// What the shells' completion (swift-argument-parser's custom completion, which runs the
    /// program) offers: `words` are the command and its arguments as the shell split them, quotes
    /// and escapes still in them, the last one cut at the cursor. A checklist name typed over
    /// several unquoted words completes in its last word (`use My L` → `List`), since the shell
    /// replaces only that one. `checklistNames` is read only for a LIST, `tags` (the tags in use)
    /// only for a tag.
    public static func complete(
        shellWords words: [String], checklistNames: () -> [String], tags: () -> [String] = { [] }
    ) -> Candidates {
        let line = words.joined(separator: " ")
        if words.count <= 1 {
            // The commands that make sense only in the interactive mode are left out.
            guard case .words(let names) = complete(lineBeforeCursor: line, checklistNames: []) else {
                return .words([])
            }
            return .words(names.filter { CommandName(rawValue: $0)?.declaration.isInteractiveOnly != true })
        }
        let command = words.first.flatMap { try? CommandName.resolve($0) }
        let listStart: Int
        switch command {
        case .show? where (words.last ?? "").hasPrefix("+") || (words.last ?? "").hasPrefix("-+"):
            return complete(lineBeforeCursor: line, checklistNames: [], tags: tags())
        case .use?, .show?, .drop?: listStart = 1
        case .move? where words.count >= 4 && words[2].lowercased() == "to": listStart = 3
        case .tag?, .untag?, .find?, .upcoming?, .agenda?:
            let typed = words.last ?? ""
            let wantsTags = typed.hasPrefix("+") || typed.hasPrefix("-+")
            return complete(lineBeforeCursor: line, checklistNames: [], tags: wantsTags ? tags() : [])
        default: return complete(lineBeforeCursor: line, checklistNames: [])
        }
        let result = complete(lineBeforeCursor: line, checklistNames: checklistNames())
        let typed = lenientWords(words.dropFirst(listStart).dropLast().joined(separator: " "))
        guard case .words(let names) = result, !typed.isEmpty else { return result }
        let before = typed.joined(separator: " ") + " "
        return .words(names.map { String($0.dropFirst(before.count)) })
    }

    /// What can replace the last word of `lineBeforeCursor`; `tags` are the tags in use, without `+`.
    public static func complete(
        lineBeforeCursor line: String, checklistNames: [String], tags: [String] = []
    ) -> Candidates {
        var words = lenientWords(line)
        let endsWithSpace = line.last == " " || line.last == "\t"
        if endsWithSpace || words.isEmpty { words.append("") }
        let partial = words.removeLast().lowercased()
        guard let first = words.first else {
            return .words(CommandName.allCases.map(\.rawValue).filter { $0.hasPrefix(partial) })
        }
        let arguments = Array(words.dropFirst())
        func matching(_ pool: [String]) -> Candidates {
            .words(pool.filter { $0.lowercased().hasPrefix(partial) })
        }
        let command = try? CommandName.resolve(first)
        switch command {
        case .show?, .find?, .upcoming?, .agenda?:
            // Filter words (SPEC §14), the tags in use after + or -+, and for show a LIST.
            if partial.hasPrefix("-+") || partial.hasPrefix("+") {
                let sign = partial.hasPrefix("-+") ? "-+" : "+"
                let typed = String(partial.dropFirst(sign.count)).tagKey
                return .words(
                    tags.filter { $0.tagKey.hasPrefix(typed) }.sorted(by: NaturalOrder.precedes).map { sign + $0 })
            }
            let filters = ItemFilter.words.filter { $0.hasPrefix(partial) && !partial.isEmpty }
            guard command == .show, !arguments.contains(where: { !ItemFilter.split([CommandWord($0)]).filter.isEmpty })
            else { return .words(filters) }
            let typed = arguments.map { $0.lowercased() + " " }.joined() + partial
            let names = checklistNames.filter { $0.lowercased().hasPrefix(typed) }.sorted(by: NaturalOrder.precedes)
            return .words(names + filters.filter { !names.contains($0) })
        case .use?, .drop?:
            // A name with spaces is completed from everything typed after the command.
            let typed = arguments.map { $0.lowercased() + " " }.joined() + partial
            return .words(checklistNames.filter { $0.lowercased().hasPrefix(typed) }.sorted(by: NaturalOrder.precedes))
        case .move? where arguments.count >= 2 && arguments[1].lowercased() == "to":
            let typed = arguments.dropFirst(2).map { $0.lowercased() + " " }.joined() + partial
            return .words(checklistNames.filter { $0.lowercased().hasPrefix(typed) }.sorted(by: NaturalOrder.precedes))
        case .tag? where !arguments.isEmpty && partial.hasPrefix("+"),
            .untag? where !arguments.isEmpty && partial.hasPrefix("+"):
            let typed = String(partial.dropFirst()).tagKey
            return .words(tags.filter { $0.tagKey.hasPrefix(typed) }.sorted(by: NaturalOrder.precedes).map { "+" + $0 })
        case .inspect?:
            // FILE comes first or after --raw, which only a word starting with - completes to.
            if arguments.isEmpty { return partial.hasPrefix("-") ? matching(["--raw"]) : .files }
            return arguments == ["--raw"] ? .files : .words([])
        case .import?:
            // FILE comes first or after --dry-run, which only a word starting with - completes to.
            if arguments.isEmpty { return partial.hasPrefix("-") ? matching(["--dry-run"]) : .files }
            return arguments == ["--dry-run"] ? .files : .words([])
        case .watch?:
            guard arguments.last != "--exec" else { return .words([]) }
            return matching(["--once", "--exec"].filter { !arguments.contains($0) })
        case let command?:
            return complete(argument: arguments, of: command.declaration, partial: partial)
        case nil:
            return .words([])
        }
    }

    /// What the declared argument after `arguments` completes to; a RULE, the last argument, runs
    /// to the end of the line.
    private static func complete(
        argument arguments: [String], of declaration: CommandDeclaration, partial: String
    ) -> Candidates {
        let grammar = declaration.arguments
        var index = arguments.count
        if let rule = grammar.indices.last, grammar[rule].completion == .ruleWords, index > rule { index = rule }
        guard grammar.indices.contains(index) else { return .words([]) }
        func matching(_ pool: [String]) -> Candidates {
            .words(pool.filter { $0.lowercased().hasPrefix(partial) })
        }
        switch grammar[index].completion {
        case .words(let words): return matching(words)
        case .commandNames: return matching(CommandName.allCases.map(\.rawValue))
        case .iconNames: return matching(Checklist.iconNames)
        case .dateWords: return matching(dueWords + DateExpression.weekdays)
        case .ruleWords:
            return .words(ruleCandidates(after: arguments.dropFirst(index).map { $0.lowercased() }, partial: partial))
        case .files: return .files
        case .nothing, .checklistNames, .tags: return .words([])
        }
    }

    /// The words that can come next in a RULE typed so far (`every 2 weeks on fri,th`,
    /// `monthly on the last day`).
    private static func ruleCandidates(after typed: [String], partial: String) -> [String] {
        let days = RepeatPattern.Weekday.allCases.map { $0.name.lowercased() }
        let places = ["first", "second", "third", "fourth", "last"]
        let months = CalendarDay.monthNames
        let pool: [String]
        switch typed.last {
        case nil: pool = RepeatPattern.firstWords + ["none"]
        case "every" where typed.count == 1:
            pool = ["day", "week", "month", "year", "weekday", "weekend", "other", "quarter"] + places + days + months
        case "other": pool = ["day", "week", "month", "year", "weekend"] + days
        case let word? where places.contains(word) || RepeatPattern.isOrdinal(word): pool = days + ["weekday", "day"]
        case "of": pool = ["the"] + months
        case let word? where typed.first == "every" && typed.count == 2 && Int(word) != nil:
            pool = RepeatPattern.unitWords
        case "week", "weeks", "month", "months", "monthly": pool = ["on"]
        case "on" where typed.contains(where: { $0.hasPrefix("month") }): pool = ["the"]
        case "on", "and": pool = days
        case "the": pool = ["last"] + places.filter { $0 != "last" }
        case "last": pool = ["day"]
        default: pool = []
        }
        // Several days typed as one word (`mon,th`): complete the one after the last comma.
        if let comma = partial.lastIndex(of: ","), typed == ["every"] || typed.last == "on" {
            let head = partial[...comma]
            let tail = partial[partial.index(after: comma)...]
            return days.filter { $0.hasPrefix(tail) }.map { head + $0 }
        }
        return pool.filter { $0.hasPrefix(partial) }
    }

    /// Splits like `CommandWords.split` but tolerates an unfinished quote or escape.
    private static func lenientWords(_ line: String) -> [String] {
        if let words = try? CommandWords.split(line) { return words }
        for closing in ["\"", "'", "\\ "] {
            if let words = try? CommandWords.split(line + closing) { return words }
        }
        return line.split(separator: " ").map(String.init)
    }
}
