/// Tab-completion candidates for a partly typed command line.
///
/// The first word completes to command names; after `use`, `show` and `drop` to checklist
/// names; after `icon` to icon names; after `help` to command names. Matching ignores case.
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
        default:
            pool = []
        }
        return pool.filter { $0.lowercased().hasPrefix(partial) }
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
