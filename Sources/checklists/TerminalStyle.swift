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
        }
    }

    /// `text` in the colour of `style`.
    func paint(_ text: String, _ style: OutputLine.Style) -> String {
        guard enabled, let parameters = Self.parameters(style), !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }

    /// A whole line.
    func render(_ line: OutputLine) -> String {
        enabled ? line.spans.map { paint($0.text, $0.style) }.joined() : line.text
    }
}
