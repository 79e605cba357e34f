extension String {
    /// The string with `"`, `\`, `$` and `` ` `` escaped, to stand inside double quotes in `sh`.
    var shellEscapedInDoubleQuotes: String {
        var result = ""
        for character in self {
            if "\"\\$`".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The path as a gitattributes/gitignore pattern matching only itself: glob characters,
    /// spaces and backslashes bracketed (`#` and `!` are special only at the start of a line,
    /// where the leading `/` the callers add stands).
    var gitPattern: String {
        var result = ""
        for character in self {
            if "*?[] \\".contains(character) {
                result += "[" + (character == "\\" ? "\\\\" : String(character)) + "]"
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// The path a pattern `gitPattern` wrote matches; `nil` for a pattern it does not write.
    var gitPatternPath: String? {
        var result = ""
        var rest = Substring(self)
        while let character = rest.popFirst() {
            guard character == "[" else {
                if "*?] \\".contains(character) { return nil }
                result.append(character)
                continue
            }
            guard let inner = rest.popFirst(), inner != "\\" || rest.popFirst() == "\\", rest.popFirst() == "]"
            else { return nil }
            result.append(inner)
        }
        return result
    }

    /// The string without leading and trailing newlines.
    var trimmingNewlines: String {
        var text = Substring(self)
        while text.first == "\n" { text.removeFirst() }
        while text.last == "\n" { text.removeLast() }
        return String(text)
    }
}
