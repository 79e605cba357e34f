extension String {
    /// The text with every control character replaced: line breaks and tabs by a space, the
    /// others (escape included) by U+FFFD, so that no text from a data file or a server can write
    /// a line of its own or reach the terminal as a control sequence (SPEC §11).
    public var printable: String {
        guard hasControlCharacter else { return self }
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

extension String {
    /// Whether the text holds a control character (`Unicode.Scalar.isControlCharacter`), told
    /// from its UTF-8 bytes: C0 and DEL are single bytes, C1 is 0xC2 before 0x80-0x9F. Decoding
    /// scalars to ask each cost a tenth of a `show`, and so did a walk of `utf8`'s iterator: the
    /// bytes are read from the contiguous buffer.
    public var hasControlCharacter: Bool {
        var text = self
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) { return true }
                previous = byte
            }
            return false
        }
    }
}

extension Unicode.Scalar {
    /// Whether this is a C0 or C1 control character or DEL.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
