extension Collection where Element: StringProtocol {
    /// The words with a space between each two: how a command's words become its text.
    ///
    /// Not `joined(separator:)`: the standard library's generic one looks its types up by name at
    /// its first call, 170,000 instructions of every one-shot command (callgrind).
    var spaced: String {
        var text = ""
        var first = true
        for word in self {
            if !first { text += " " }
            text += word
            first = false
        }
        return text
    }
}
