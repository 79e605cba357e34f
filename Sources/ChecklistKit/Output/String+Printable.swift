extension String {
    /// The text with every control character replaced: line breaks and tabs by a space, the
    /// others (escape included) by U+FFFD, so that no text from a data file or a server can write
    /// a line of its own or reach the terminal as a control sequence (SPEC §11).
    public var printable: String {
        guard unicodeScalars.contains(where: \.isControlCharacter) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if !scalar.isControlCharacter {
                result.append(scalar)
            } else if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.append(" ")
            } else {
                result.append("\u{FFFD}")
            }
        }
        return String(result)
    }
}

extension Unicode.Scalar {
    /// Whether this is a C0 or C1 control character or DEL.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
