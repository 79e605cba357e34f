/// TEXT values (RFC 5545 §3.3.11): backslash escapes for backslash, semicolon, comma and newline.
public enum CalendarText {
    /// `text` escaped for a TEXT value.
    public static func escaped(_ text: String) -> String {
        text.escaping(escapes)
    }

    /// The characters a TEXT value escapes, and how (every line break as `\n`).
    private static let escapes: [Character: String] = [
        "\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n", "\r\n": "\\n", "\r": "\\n",
    ]

    /// The text a TEXT value says: `\n` or `\N` a newline, `\\`, `\;`, `\,` the character; any
    /// other escaped character stands for itself.
    public static func unescaped(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var out = ""
        var escaping = false
        for character in value {
            if escaping {
                out.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// `value` without leading and trailing spaces and tabs (servers pad some values).
    static func trimmed(_ value: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = value.firstIndex(where: { !isSpace($0) }), let last = value.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return value[first...last]
    }

    /// The values of a multi-valued TEXT property (`CATEGORIES:a,b\,c`), split at unescaped commas.
    public static func list(_ value: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in value {
            if escaping {
                current.append("\\")
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                parts.append(unescaped(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(unescaped(current))
        return parts
    }
}
