extension String {
    /// The text with every control character replaced: line breaks and tabs by a space, the
    /// others (escape included) by U+FFFD, so that no text from a data file or a server can write
    /// a line of its own or reach the terminal as a control sequence (SPEC §11).
    var printable: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if !Self.isControl(scalar) {
                result.append(scalar)
            } else if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.append(" ")
            } else {
                result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    /// The text with the control characters of `printable` replaced, except line breaks and
    /// the colour sequences (`ESC [ … m`) this program writes itself: for messages whose lines
    /// and colours are ours but whose words may come from elsewhere.
    var printableKeepingLinesAndColours: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var result = String.UnicodeScalarView()
        let scalars = Array(unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = Self.colourEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            result.append(scalar == "\n" || !Self.isControl(scalar) ? scalar : (scalar == "\t" ? " " : "\u{FFFD}"))
            index += 1
        }
        return String(result)
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The index of the `m` ending a colour sequence (`ESC [` digits and semicolons `m`) that
    /// starts at `start`, if one does.
    private static func colourEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]) { index += 1 }
        return index < scalars.count && scalars[index] == "m" ? index : nil
    }
}
