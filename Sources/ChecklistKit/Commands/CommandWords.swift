/// Splits a command line into words: spaces separate, quotes group, a backslash escapes.
///
/// `add Buy  milk` gives `add`, `Buy`, `milk`; `add "two  spaces"` gives `add`, `two  spaces`.
/// A quote opens a quoted run only where a word starts, or right after a quoted run or escape
/// that started it (`'it'\''s'` gives `it's`); after a plain character it is one itself, so
/// `Don't`, `Mum's` and `l'hôtel` are words as typed. An unterminated quote or a trailing
/// backslash is an error.
public enum CommandWords {
    /// The words of `line`.
    public static func split(_ line: String) throws(CommandError) -> [String] {
        try marked(line).map(\.text)
    }

    /// The words of `line`, each marked with whether any of it was quoted or escaped.
    public static func marked(_ line: String) throws(CommandError) -> [CommandWord] {
        var words: [CommandWord] = []
        var word = ""
        var inWord = false
        var wordQuoted = false
        // Whether the word has a character typed outside quotes and escapes: a quote after one is
        // an apostrophe (`Don't`), not the start of a quoted run.
        var wordHasPlain = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if character == "\\", quote != "'" {
                escaped = true
                inWord = true
                wordQuoted = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            if character == "\"" || character == "'", !wordHasPlain {
                quote = character
                inWord = true
                wordQuoted = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(CommandWord(word, quoted: wordQuoted)) }
                word = ""
                inWord = false
                wordQuoted = false
                wordHasPlain = false
            } else {
                word.append(character)
                inWord = true
                wordHasPlain = true
            }
        }
        if escaped { throw .syntax("the line ends with a backslash; add the character it should escape") }
        if let open = quote { throw .syntax("unterminated \(open) quote; close it with \(open)") }
        if inWord { words.append(CommandWord(word, quoted: wordQuoted)) }
        return words
    }

    /// Quotes `word` so that `split` gives it back unchanged (for completion and export of commands).
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && !word.contains { " \t\"'\\".contains($0) }
        if plain { return word }
        var out = "\""
        for character in word {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out + "\""
    }
}
