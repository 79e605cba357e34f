import TestSupport

/// Random strings that exercise every encoding path: ASCII, control characters, accents (precomposed
/// and combining), CJK, emoji with ZWJ sequences and flags, and arbitrary scalars from every plane.
enum RandomText {
    /// Whole fragments that are easy to get wrong.
    static let fragments: [String] = [
        "", "a", "Z", " ", "\0", "\t", "\n", "\r\n", "\u{7F}", "\"", "\\", "<", "&", "$null", "$class",
        "中文", "清单", "買い物", "한국어", "é", "e\u{301}", "ñ", "n\u{303}", "Å", "A\u{30A}", "ﬁ", "ß",
        "\u{1E9B}\u{323}", "😀", "👍🏽", "👩‍👩‍👧‍👦", "🧑🏻‍💻", "🇫🇷", "🇯🇵", "🏳️‍🌈", "\u{FEFF}", "\u{FFFD}",
        "\u{10FFFF}", "\u{E000}", "\u{200B}", "𝄞", "Ω", "ا", "עברית", "\u{0}\u{1}\u{1F}",
    ]

    /// A random Unicode scalar from anywhere in the code space (surrogates excluded by construction).
    static func scalar(using random: inout SplitMix64) -> Unicode.Scalar {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))
        case 1: return Unicode.Scalar(UInt8.random(in: 0x00...0x7F, using: &random))
        case 2: return Unicode.Scalar(UInt32.random(in: 0x80...0x7FF, using: &random)) ?? "x"
        case 3: return Unicode.Scalar(UInt32.random(in: 0x800...0xD7FF, using: &random)) ?? "x"
        case 4: return Unicode.Scalar(UInt32.random(in: 0xE000...0xFFFF, using: &random)) ?? "x"
        default: return Unicode.Scalar(UInt32.random(in: 0x1_0000...0x10_FFFF, using: &random)) ?? "x"
        }
    }

    /// A random string: often short, sometimes longer than 15 UTF-16 units, now and then hundreds long.
    static func string(using random: inout SplitMix64, asciiOnly: Bool = false) -> String {
        let length: Int
        switch Int.random(in: 0..<20, using: &random) {
        case 0, 1: length = 0
        case 2...11: length = Int.random(in: 1...14, using: &random)
        case 12...18: length = Int.random(in: 15...40, using: &random)
        default: length = Int.random(in: 41...300, using: &random)
        }
        var scalars = String.UnicodeScalarView()
        while scalars.count < length {
            if asciiOnly {
                scalars.append(Unicode.Scalar(UInt8.random(in: 0x00...0x7F, using: &random)))
            } else if random.chance(1, in: 4) {
                scalars.append(contentsOf: random.pick(fragments).unicodeScalars)
            } else {
                scalars.append(scalar(using: &random))
            }
        }
        return String(scalars)
    }
}

extension String {
    /// Whether two strings hold exactly the same scalars (`==` only checks canonical equivalence).
    func isIdentical(to other: String) -> Bool {
        unicodeScalars.elementsEqual(other.unicodeScalars)
    }
}
