/// Writes JSON text as UTF-8, value by value, without building a `JSONValue` tree first.
///
/// A tree of a thousand items is half a megabyte of small arrays, whose first touch of fresh
/// memory costs a `show --json` more than writing its text does. Keys and values are written in
/// the order they are given; the writer puts the commas, and with `indent` the line breaks and
/// indentation Python's `json.dump(indent=…)` puts.
public struct JSONWriter {
    /// The text so far.
    public private(set) var bytes: [UInt8] = []
    /// Spaces a level, or `nil` for one line without spaces between tokens.
    private let indent: Int?
    /// How deep in objects and arrays the next value goes.
    private var level = 0
    /// Whether a value was written in the open object or array, so the next one needs a comma.
    private var needsComma = false
    /// Whether a key was just written, so the next value is its value: no comma, no line break.
    private var afterKey = false

    /// A writer of indented text (`indent` spaces a level), or of one line when `indent` is `nil`.
    public init(indent: Int? = nil) {
        self.indent = indent
    }

    /// Opens an object: `key` and a value, pair after pair, then `endObject`.
    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    /// Closes the object last opened.
    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    /// Opens an array: its values, then `endArray`.
    public mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    /// Closes the array last opened.
    public mutating func endArray() {
        close(UInt8(ascii: "]"))
    }

    /// Writes an object member's key; its value comes next.
    public mutating func key(_ name: String) {
        startValue()
        Self.writeString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        if indent != nil { bytes.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Writes an object member whose value is a string.
    public mutating func member(_ name: String, _ text: String) {
        key(name)
        string(text)
    }

    /// Writes an object member whose value is an integer.
    public mutating func member(_ name: String, _ value: Int) {
        key(name)
        number(value)
    }

    /// Writes an object member whose value is `true` or `false`.
    public mutating func member(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// Writes a string.
    public mutating func string(_ text: String) {
        startValue()
        Self.writeString(text, to: &bytes)
        needsComma = true
    }

    /// Writes a number already in its JSON form (`5`, `-1.5`).
    public mutating func number(_ text: String) {
        startValue()
        bytes += text.utf8
        needsComma = true
    }

    /// Writes an integer.
    public mutating func number(_ value: Int) {
        number(String(value))
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        startValue()
        bytes += (value ? "true" : "false").utf8
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        startValue()
        bytes += "null".utf8
        needsComma = true
    }

    /// Writes a value that is JSON text already (a document written before), as it is.
    public mutating func json(_ text: [UInt8]) {
        startValue()
        bytes += text
        needsComma = true
    }

    /// Writes a whole value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .string(let text): string(text)
        case .number(let text): number(text)
        case .bool(let flag): bool(flag)
        case .null: null()
        }
    }

    private mutating func open(_ bracket: UInt8) {
        startValue()
        bytes.append(bracket)
        level += 1
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        level -= 1
        // An empty object or array stays `{}` or `[]`, on its line.
        if needsComma { newLine() }
        bytes.append(bracket)
        needsComma = true
    }

    /// The comma after the value before, and the line break before a value in an object or
    /// array; nothing before a key's value.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard level > 0 else { return }
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        newLine()
    }

    private mutating func newLine() {
        guard let indent else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// Writes a quoted, escaped JSON string: quotes, backslashes and control characters escaped,
    /// everything else (non-ASCII too) as it is.
    ///
    /// Every byte to escape is ASCII, and no byte of a longer UTF-8 sequence is: the bytes
    /// between escapes are copied as they are.
    static func writeString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var copied = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                copied = index + 1
                switch byte {
                case 0x22: out += #"\""#.utf8
                case 0x5C: out += #"\\"#.utf8
                case 0x0A: out += #"\n"#.utf8
                case 0x0D: out += #"\r"#.utf8
                case 0x09: out += #"\t"#.utf8
                case 0x08: out += #"\b"#.utf8
                case 0x0C: out += #"\f"#.utf8
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    out += #"\u00"#.utf8
                    out.append(digits[Int(byte >> 4)])
                    out.append(digits[Int(byte & 0x0F)])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
        out.append(UInt8(ascii: "\""))
    }
}
