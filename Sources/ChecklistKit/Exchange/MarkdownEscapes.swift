/// What the Markdown export writes in another form so that Markdown keeps it and the import reads
/// it back as it was: a text's leading blanks, and a tag of digits.
enum MarkdownEscapes {
    /// The character reference each leading blank is written as: Markdown drops the blanks that
    /// start a line, but keeps these, and shows each as the blank it stands for.
    private static let references: [(blank: Character, reference: String)] = [(" ", "&#32;"), ("\t", "&#9;")]

    /// The leading spaces and tabs of `line` as character references, and the rest of it.
    static func writingBlanks(_ line: Substring) -> (blanks: String, rest: Substring) {
        var blanks = ""
        var rest = line
        while let first = rest.first, let reference = references.first(where: { $0.blank == first })?.reference {
            blanks += reference
            rest = rest.dropFirst()
        }
        return (blanks, rest)
    }

    /// The blanks the character references that start `line` stand for, and the rest of it.
    static func readingBlanks(_ line: Substring) -> (blanks: String, rest: Substring) {
        var blanks = ""
        var rest = line
        while let found = references.first(where: { rest.hasPrefix($0.reference) }) {
            blanks.append(found.blank)
            rest = rest.dropFirst(found.reference.count)
        }
        return (blanks, rest)
    }

    /// Whether `text` starts with a reference that `readingBlanks` reads as a blank.
    static func startsWithBlank(_ text: Substring) -> Bool {
        references.contains { text.hasPrefix($0.reference) }
    }

    /// A task's text as its task line holds it: leading blanks as references (the import drops
    /// the spaces after `[ ]`), and a `\` before a text that, after its own `\`s, starts with such a
    /// reference, so that it reads as itself.
    static func writtenText(_ text: String) -> String {
        let (blanks, rest) = writingBlanks(text[...])
        return blanks + (startsWithBlank(rest.drop { $0 == "\\" }) ? "\\" : "") + rest
    }

    /// The text a task line's text stands for: `writtenText` undone.
    static func readText(_ written: String) -> String {
        let (blanks, rest) = readingBlanks(written[...])
        let escaped = rest.first == "\\" && startsWithBlank(rest.drop { $0 == "\\" })
        return blanks + (escaped ? rest.dropFirst() : rest)
    }

    /// A tag as its `#` word holds it. Obsidian (and the import) reads a `#` word of digits as
    /// text, so a tag of digits is written after an underscore (`#_2026`, a tag to Obsidian as
    /// well), and so is a tag of underscores and digits, which then reads back as itself.
    static func writtenTag(_ tag: String) -> String {
        isDigitsAfterUnderscores(tag[...]) ? "_" + tag : tag
    }

    /// The tag a `#` word (without its `#`) stands for: `writtenTag` undone.
    static func readTag(_ word: Substring) -> String {
        word.first == "_" && isDigitsAfterUnderscores(word.dropFirst()) ? String(word.dropFirst()) : String(word)
    }

    /// Whether `tag` is, after any underscores, characters the import would read as text after a
    /// `#`: digits, and the `#`s it skips as it skips digits.
    private static func isDigitsAfterUnderscores(_ tag: Substring) -> Bool {
        let rest = tag.drop { $0 == "_" }
        return !rest.isEmpty && rest.allSatisfy { $0.isNumber || $0 == "#" }
    }
}
