import ChecklistKit

/// Turns output styles into ANSI SGR colours, or into nothing when colour is off.
struct TerminalStyle {
    /// Whether escape sequences are written at all.
    var enabled: Bool

    /// The SGR parameters of each style.
    static func parameters(_ style: OutputLine.Style) -> String? {
        switch style {
        case .plain: nil
        case .heading: "1"
        case .dim, .identifier: "2"
        case .checked, .success: "32"
        case .current: "1;36"
        case .overdue: "1;31"
        case .due, .warning: "33"
        case .reminder: "35"
        case .tag: "36"
        case .priority: "1;31"
        case .verbatim: nil
        }
    }

    /// The style of the REPL's prompt: the current checklist's, which it names.
    static let promptStyle = OutputLine.Style.current

    /// The SGR escape sequence that starts the prompt's colour, for the line editor to bracket
    /// the prompt with; nil when colour is off.
    var promptColor: String? {
        guard enabled, let parameters = Self.parameters(Self.promptStyle) else { return nil }
        return "\u{1B}[\(parameters)m"
    }

    /// `text` in the colour of `style`.
    func paint(_ text: String, _ style: OutputLine.Style) -> String {
        render(OutputLine(text, style))
    }

    /// A whole line.
    func render(_ line: OutputLine) -> String {
        var bytes: [UInt8] = []
        render(line, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of `line`, as `render` makes it, to `bytes`: a `show` of 1,000
    /// items built as strings spent a fifth of its instructions appending them.
    func render(_ line: OutputLine, into bytes: inout [UInt8]) {
        for span in line.spans {
            let text = span.style == .verbatim ? span.text : span.text.printable
            let parameters = span.style == .verbatim || text.isEmpty || !enabled ? nil : Self.parameters(span.style)
            if let parameters {
                bytes.append(contentsOf: [0x1B, UInt8(ascii: "[")])
                Self.append(parameters, to: &bytes)
                bytes.append(UInt8(ascii: "m"))
            }
            Self.append(text, to: &bytes)
            if parameters != nil {
                bytes.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")])
            }
        }
    }

    /// Appends the UTF-8 bytes of `text` to `bytes`, copied at once where they are contiguous
    /// (`append(contentsOf: text.utf8)` took them one by one).
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }
}
