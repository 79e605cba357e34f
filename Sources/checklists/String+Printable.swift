import ChecklistKit

extension String {
    /// The text with the control characters of `printable` replaced, except line breaks and
    /// the colour sequences (`ESC [ … m`) this program writes itself: for messages whose lines
    /// and colours are ours but whose words may come from elsewhere.
    var printableKeepingLinesAndColours: String {
        guard hasControlCharacter else { return self }
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
            result.append(scalar == "\n" || !scalar.isControlCharacter ? scalar : (scalar == "\t" ? " " : "\u{FFFD}"))
            index += 1
        }
        return String(result)
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
