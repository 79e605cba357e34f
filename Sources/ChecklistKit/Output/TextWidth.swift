/// Terminal column widths of text: wide East Asian characters and emoji take two columns,
/// combining marks and zero-width joiners none.
public enum TextWidth {
    /// The number of terminal columns `text` takes.
    public static func columns(_ text: String) -> Int {
        var total = 0
        for character in text {
            total += columns(character)
        }
        return total
    }

    /// The columns of one grapheme cluster.
    public static func columns(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1,
            character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F })
        {
            return 2
        }
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark {
            return 0
        }
        if first.properties.isEmojiPresentation { return 2 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    /// `text` followed by spaces up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }

    /// `text` cut to at most `width` columns, ending in `…` when it was cut.
    public static func truncated(_ text: String, to width: Int) -> String {
        guard columns(text) > width else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let size = columns(character)
            if used + size > width - 1 { break }
            kept.append(character)
            used += size
        }
        return kept + "…"
    }
}
