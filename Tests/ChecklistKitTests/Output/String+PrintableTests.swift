import ChecklistKit
import TestSupport
import Testing

/// `printable` and `hasControlCharacter`: no text from elsewhere reaches the terminal as a
/// control sequence, and a text without one is left as it is.
struct StringPrintableTests {
    @Test func everyControlCharacterIsFoundFromTheBytes() {
        for value in Array(0x00...0x1F) + Array(0x7F...0x9F) {
            let scalar = Unicode.Scalar(UInt32(value)).map(String.init) ?? ""
            #expect(("a" + scalar + "b").hasControlCharacter, "U+\(String(value, radix: 16))")
        }
        for text in ["plain", "Crème brûlée ☕ 日本", "\u{A0}\u{C2}\u{100}\u{2028}", ""] {
            #expect(!text.hasControlCharacter, "\(text)")
        }
    }

    /// The bytes are read eight at a time while they are ASCII: a control character is found at
    /// every position, in a word or in the tail, after ASCII or after other text.
    @Test func aControlCharacterIsFoundAtEveryPosition() {
        let filler = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        for value in [0x00, 0x09, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9F] {
            let scalar = Unicode.Scalar(UInt32(value)).map(String.init) ?? ""
            for length in 0..<filler.count {
                for position in 0...length {
                    let text = String(filler[..<position]) + scalar + String(filler[position..<length])
                    #expect(text.hasControlCharacter, "U+\(String(value, radix: 16)) at \(position) of \(length)")
                    #expect(("é" + text).hasControlCharacter && (text + "日本").hasControlCharacter)
                }
            }
        }
        // Random texts of ASCII, other scalars and control characters, against the scalars' own answer.
        let pool: [Unicode.Scalar] = [
            "a", " ", "~", "\u{7F}", "\u{1F}", "\u{20}", "\u{A0}", "\u{C2}", "\u{85}", "é", "☕", "\u{1F600}",
        ]
        var random = SplitMix64(seed: 38)
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 40) { scalars.append(pool[Int(random.next() % UInt64(pool.count))]) }
            let text = String(scalars)
            #expect(
                text.hasControlCharacter == text.unicodeScalars.contains(where: \.isControlCharacter),
                "\(text.debugDescription)")
        }
    }

    @Test func controlCharactersAreReplacedAndOtherTextKept() {
        #expect("a\nb\tc\u{1B}[31md\u{85}".printable == "a b c\u{FFFD}[31md\u{FFFD}")
        #expect("Crème ☕".printable == "Crème ☕")
    }
}
