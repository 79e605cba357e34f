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
    /// from its UTF-8 bytes: C0 and DEL are single bytes, C1 is 0xC2 before 0x80-0x9F.
    ///
    /// Every span of every line drawn asks (4,000 calls in a `show` of 1,000 items), so ASCII is
    /// taken eight bytes at a time; a byte-by-byte loop cost 14 instructions a byte, 5 % of a `show`.
    public var hasControlCharacter: Bool {
        if let found = utf8.withContiguousStorageIfAvailable(Self.hasControlCharacter) { return found }
        var text = self
        return text.withUTF8(Self.hasControlCharacter)
    }

    /// `hasControlCharacter` of the UTF-8 bytes `bytes`.
    private static func hasControlCharacter(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var position = 0
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            // Not all ASCII: the bytes from here are looked at one by one.
            if word & highBits != 0 { break }
            // A byte below 0x20, or a byte equal to 0x7F (zero once 0x7F is taken out of it).
            let delete = word ^ (0x7F &* ones)
            if (word &- 0x20 &* ones) & ~word & highBits != 0 || (delete &- ones) & ~delete & highBits != 0 {
                return true
            }
            position += 8
        }
        // The rest, one byte at a time: a byte from 0x20 to 0x7E, the most common, costs one comparison.
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            guard byte &- 0x20 >= 0x5F else { continue }
            if byte < 0x20 || byte == 0x7F { return true }
            if byte == 0xC2, position < bytes.count, (0x80...0x9F).contains(bytes[position]) { return true }
        }
        return false
    }
}

extension Unicode.Scalar {
    /// Whether this is a C0 or C1 control character or DEL.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}
