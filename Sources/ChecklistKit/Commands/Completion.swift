/// Tab-completion candidates for a partly typed command line.
///
/// The first word completes to command names; after `use`, `show` and `drop` to checklist
/// names; after `icon` to icon names; after `help` to command names; after `repeat ITEM` to the
/// words of a RULE. Matching ignores case.
public enum Completion {
    /// The full words that can replace the last word of `lineBeforeCursor`.
    public static func candidates(lineBeforeCursor line: String, checklistNames: [String]) -> [String] {
        var words = lenientWords(line)
        let endsWithSpace = line.last == " " || line.last == "\t"
        if endsWithSpace || words.isEmpty { words.append("") }
        let partial = words.removeLast().lowercased()
        guard let first = words.first else {
            return CommandName.allCases.map(\.rawValue).filter { $0.hasPrefix(partial) }
        }
        let pool: [String]
        switch try? CommandName.resolve(first) {
        case .use, .show, .drop:
            // A name with spaces is completed from everything typed after the command.
            let typed = words.dropFirst().map { $0.lowercased() + " " }.joined() + partial
            return checklistNames.filter { $0.lowercased().hasPrefix(typed) }.sorted(by: NaturalOrder.precedes)
        case .icon where words.count == 1:
            pool = Checklist.iconNames
        case .help where words.count == 1:
            pool = CommandName.allCases.map(\.rawValue)
        case .repeat where words.count >= 2:
            return ruleCandidates(after: words.dropFirst(2).map { $0.lowercased() }, partial: partial)
        default:
            pool = []
        }
        return pool.filter { $0.lowercased().hasPrefix(partial) }
    }

    /// The words that can come next in a RULE typed so far (`every 2 weeks on fri,th`).
    private static func ruleCandidates(after typed: [String], partial: String) -> [String] {
        let days = RepeatPattern.Weekday.allCases.map { $0.name.lowercased() }
        let pool: [String]
        switch typed.last {
        case nil: pool = RepeatPattern.firstWords + ["none"]
        case "every" where typed.count == 1: pool = ["day", "week", "month", "year", "weekday"] + days
        case let word? where typed.first == "every" && typed.count == 2 && Int(word) != nil:
            pool = RepeatPattern.unitWords
        case "week", "weeks": pool = ["on"]
        case "on", "and": pool = days
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
