/// A JSON value with object keys kept in insertion order, and its text form.
public enum JSONValue: Sendable, Equatable {
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
        var writer = JSONWriter(indent: indent)
        writer.value(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
