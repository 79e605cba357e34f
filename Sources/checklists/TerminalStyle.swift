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

    /// `text` in the colour of `style`.
    func paint(_ text: String, _ style: OutputLine.Style) -> String {
        if style == .verbatim { return text }
        let text = text.printable
        guard enabled, let parameters = Self.parameters(style), !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }

    /// A whole line.
    func render(_ line: OutputLine) -> String {
        // `append`, not `joined()`, whose first call looks its generic types up by name.
        line.spans.reduce(into: "") { $0.append(paint($1.text, $1.style)) }
    }
}
