/// Splits a command line into words: spaces separate, quotes group, a backslash escapes.
///
/// `add Buy  milk` gives `add`, `Buy`, `milk`; `add "two  spaces"` gives `add`, `two  spaces`;
/// `'it'\''s'` gives `it's`. An unterminated quote or a trailing backslash is an error.
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
            if character == "\"" || character == "'" {
                quote = character
                inWord = true
                wordQuoted = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(CommandWord(word, quoted: wordQuoted)) }
                word = ""
                inWord = false
                wordQuoted = false
            } else {
                word.append(character)
                inWord = true
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
