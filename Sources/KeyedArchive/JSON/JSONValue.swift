/// A JSON value with object keys kept in insertion order, and its text form.
public indirect enum JSONValue: Sendable, Equatable {
    /// An object whose members keep their order.
    case object([(key: String, value: JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// A number, already in its JSON text form (so integers and Python-style reals stay exact).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }

    /// The JSON text, indented by `indent` spaces per level as Python's `json.dump(indent=…)` does.
    ///
    /// Non-ASCII characters are written as they are; only quotes, backslashes and control
    /// characters are escaped.
    public func rendered(indent: Int = 1) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    /// The JSON text on one line, without spaces between tokens: a line of JSON Lines.
    public var compactText: String {
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// Writes the value; `indent` `nil` writes it on one line.
    private func write(to out: inout String, indent: Int?, level: Int) {
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.newLine(&out, indent: indent, level: level + 1)
                Self.writeString(member.key, to: &out)
                out += indent == nil ? ":" : ": "
                member.value.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newLine(&out, indent: indent, level: level)
            out += "}"
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                Self.newLine(&out, indent: indent, level: level + 1)
                element.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newLine(&out, indent: indent, level: level)
            out += "]"
        case .string(let string):
            Self.writeString(string, to: &out)
        case .number(let text):
            out += text
        case .bool(let bool):
            out += bool ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    /// Starts a line indented to `level`, when the text is indented at all.
    private static func newLine(_ out: inout String, indent: Int?, level: Int) {
        guard let indent else { return }
        out += "\n" + String(repeating: " ", count: indent * level)
    }

    /// Writes a quoted, escaped JSON string.
    static func writeString(_ string: String, to out: inout String) {
        out += "\""
        // Most texts need no escape: copied whole, not scalar by scalar.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += string
            out += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
