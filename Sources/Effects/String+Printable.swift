extension String {
    /// The text with every control character (C0, DEL, C1) written as a space, for text a server
    /// sent that reaches the terminal: no escape sequence (a title set, a cleared screen) and no
    /// line of its own can come through (SPEC §11).
    var printable: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.map { scalar in
                    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? " " : scalar
                }))
    }
}
