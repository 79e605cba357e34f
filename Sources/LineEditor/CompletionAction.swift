/// What Tab completion does to the line, worked out from the text before the cursor and the candidates.
///
/// The word being completed is the last word of the line before the cursor, split on unquoted spaces;
/// its quotes and backslash escapes are understood, so `show "Grocery L` completes the word `Grocery L`.
/// Candidates that need quoting (spaces, quotes, backslashes) are inserted in double quotes, or with
/// backslash escapes when they contain double quotes or backslashes themselves.
enum CompletionAction: Equatable {
    /// Delete `deleteCount` characters (Unicode scalars) before the cursor, then insert `text`.
    case edit(deleteCount: Int, text: String)
    /// Several candidates share nothing more than what was typed: show them.
    case list([String])
    /// Nothing to complete.
    case none

    /// Works out the completion of the last word of `lineBeforeCursor` among `candidates`.
    static func forLine(_ lineBeforeCursor: String, candidates: [String]) -> CompletionAction {
        var seen = Set<String>()
        let unique = candidates.filter { !$0.isEmpty && seen.insert($0).inserted }
        guard let first = unique.first else {
            return .none
        }
        let word = TypedWord(lineBeforeCursor: lineBeforeCursor)
        if unique.count == 1 {
            return edit(replacing: word, with: render(first, openingQuote: word.openingQuote, isComplete: true) + " ")
        }
        let prefix = unique.dropFirst().reduce(first) { commonPrefix($0, $1) }
        if prefix.count > word.value.count {
            return edit(replacing: word, with: render(prefix, openingQuote: word.openingQuote, isComplete: false))
        }
        return .list(unique)
    }

    /// The complete words before the word being completed and that word's value (see ``TypedWord``).
    static func words(_ lineBeforeCursor: String) -> (previous: [String], current: String) {
        let word = TypedWord(lineBeforeCursor: lineBeforeCursor)
        return (word.previousWords, word.value)
    }

    /// Lays out `candidates` in columns (filled top to bottom) for a terminal `width` columns wide.
    static func listing(of candidates: [String], width: Int) -> String {
        guard !candidates.isEmpty else {
            return ""
        }
        let widths = candidates.map(displayWidth)
        let cell = (widths.max() ?? 0) + 2
        let columns = max(1, min(candidates.count, max(width, 1) / max(cell, 1)))
        let rows = (candidates.count + columns - 1) / columns
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                let index = column * rows + row
                guard index < candidates.count else {
                    break
                }
                line += candidates[index]
                let isLastInRow = index + rows >= candidates.count || column == columns - 1
                if !isLastInRow {
                    line += String(repeating: " ", count: cell - widths[index])
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The number of terminal columns `text` takes: 2 for wide East Asian characters and emoji,
    /// 0 for combining marks, 1 otherwise (an approximation of wcwidth(3) that needs no locale).
    static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + scalarWidth($1) }
    }

    /// The edit that turns the typed word into `replacement`, touching as little as possible.
    private static func edit(replacing word: TypedWord, with replacement: String) -> CompletionAction {
        let typed = Array(word.raw.unicodeScalars)
        let wanted = Array(replacement.unicodeScalars)
        if wanted.starts(with: typed) {
            return .edit(deleteCount: 0, text: String(String.UnicodeScalarView(wanted[typed.count...])))
        }
        return .edit(deleteCount: typed.count, text: replacement)
    }

    /// Writes `word` as the command language reads it back, keeping the user's opening quote.
    private static func render(_ word: String, openingQuote: Character?, isComplete: Bool) -> String {
        if let quote = openingQuote, !word.contains(quote), !word.contains("\\") {
            return String(quote) + word + (isComplete ? String(quote) : "")
        }
        let special: Set<Character> = [" ", "\t", "\"", "'", "\\"]
        guard word.contains(where: special.contains) else {
            return word
        }
        if !word.contains("\""), !word.contains("\\") {
            return "\"" + word + (isComplete ? "\"" : "")
        }
        return word.reduce(into: "") { result, character in
            if special.contains(character) {
                result.append("\\")
            }
            result.append(character)
        }
    }

    /// The longest common prefix of two strings, compared character by character.
    private static func commonPrefix(_ first: String, _ second: String) -> String {
        var end = first.startIndex
        var otherIndex = second.startIndex
        while end < first.endIndex, otherIndex < second.endIndex, first[end] == second[otherIndex] {
            end = first.index(after: end)
            otherIndex = second.index(after: otherIndex)
        }
        return String(first[..<end])
    }

    /// The terminal width of one scalar; see ``displayWidth(_:)``.
    private static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation {
            return 2
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

/// The word under completion: its text as typed and its value once quotes and escapes are removed.
private struct TypedWord {
    /// The word exactly as it appears before the cursor, quotes and backslashes included.
    var raw = ""
    /// The word's value, as the command language would read it.
    var value = ""
    /// The quote the word opens and that is still open at the cursor, if any.
    var openingQuote: Character?
    /// The values of the words before this one.
    var previousWords: [String] = []

    /// Finds the last word of `lineBeforeCursor`, splitting on spaces and tabs outside quotes.
    init(lineBeforeCursor line: String) {
        var wordStart = line.startIndex
        var openQuote: Character?
        var quoteStartsWord = false
        var isEscaped = false
        var value = ""
        var previousWords: [String] = []
        var wordHasQuotes = false
        // As the command language splits words: a quote after a plain character of its word is
        // an apostrophe (`Don't`), not an opening quote.
        var wordHasPlain = false
        for index in line.indices {
            let character = line[index]
            if isEscaped {
                value.append(character)
                isEscaped = false
            } else if character == "\\" {
                isEscaped = true
            } else if let quote = openQuote {
                if character == quote {
                    openQuote = nil
                } else {
                    value.append(character)
                }
            } else if character == "\"" || character == "'", !wordHasPlain {
                openQuote = character
                quoteStartsWord = index == wordStart
                wordHasQuotes = true
            } else if character == " " || character == "\t" {
                if !value.isEmpty || wordHasQuotes {
                    previousWords.append(value)
                }
                wordStart = line.index(after: index)
                value = ""
                wordHasQuotes = false
                wordHasPlain = false
            } else {
                value.append(character)
                wordHasPlain = true
            }
        }
        self.raw = String(line[wordStart...])
        self.value = value
        self.openingQuote = quoteStartsWord ? openQuote : nil
        self.previousWords = previousWords
    }
}
