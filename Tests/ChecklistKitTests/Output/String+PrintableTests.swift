import ChecklistKit
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

    @Test func controlCharactersAreReplacedAndOtherTextKept() {
        #expect("a\nb\tc\u{1B}[31md\u{85}".printable == "a b c\u{FFFD}[31md\u{FFFD}")
        #expect("Crème ☕".printable == "Crème ☕")
    }
}
