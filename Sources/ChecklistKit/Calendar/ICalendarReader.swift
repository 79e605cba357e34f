/// Reads iCalendar text (RFC 5545 §3.1) into components: unfolds lines, splits names,
/// parameters and values, and nests `BEGIN`/`END`.
///
/// Strict where it matters (a name of letters, digits and dashes; balanced `BEGIN`/`END`; a
/// colon before every value) and lenient where servers differ (bare LF line ends, a missing
/// final line end, a byte order mark). Bounded on hostile input: the text, a logical line and
/// the nesting have limits, and the work is linear in the text.
public enum ICalendarReader {
    /// The longest text read (bytes).
    public static let maximumSize = 64 << 20
    /// The longest logical line, once unfolded (bytes).
    public static let maximumLineLength = 32 << 20
    /// The deepest nesting of components.
    public static let maximumDepth = 16

    /// The top-level components of `bytes` (usually one `VCALENDAR`).
    public static func read(_ bytes: [UInt8]) throws(ICalendarError) -> [CalendarComponent] {
        guard bytes.count <= maximumSize else { throw ICalendarError(line: 0, "larger than \(maximumSize >> 20) MiB") }
        var stack: [CalendarComponent] = []
        var top: [CalendarComponent] = []
        var number = 0
        for logical in try logicalLines(bytes) {
            number += 1
            let line = try parse(logical.text, physical: logical.physical, number: number)
            if line.name == "BEGIN" {
                guard stack.count < maximumDepth else {
                    throw ICalendarError(line: number, "components nested too deep")
                }
                let name = line.value.uppercased()
                guard isName(name) else { throw ICalendarError(line: number, "BEGIN names no component") }
                stack.append(CalendarComponent(name))
            } else if line.name == "END" {
                guard let open = stack.popLast() else { throw ICalendarError(line: number, "END without BEGIN") }
                guard open.name == line.value.uppercased() else {
                    throw ICalendarError(line: number, "END:\(line.value) closes \(open.name)")
                }
                if stack.isEmpty {
                    top.append(open)
                } else {
                    stack[stack.count - 1].components.append(open)
                }
            } else {
                guard !stack.isEmpty else { throw ICalendarError(line: number, "a property outside any component") }
                stack[stack.count - 1].properties.append(line)
            }
        }
        if let open = stack.last { throw ICalendarError(line: number, "\(open.name) is not closed") }
        guard !top.isEmpty else { throw ICalendarError(line: 0, "no component") }
        return top
    }

    /// A logical line: its text once unfolded, and the physical lines it came from.
    struct Logical {
        var text: [UInt8]
        var physical: [String]
    }

    /// Splits `bytes` into lines (CRLF or LF) and joins each continuation (a line starting with a
    /// space or a tab) to the line before it, without that first character.
    static func logicalLines(_ bytes: [UInt8]) throws(ICalendarError) -> [Logical] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var lines: [Logical] = []
        var index = start
        var physical = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > index, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let slice = bytes[index..<lineEnd]
            physical += 1
            if let first = slice.first, first == 0x20 || first == 0x09 {
                guard !lines.isEmpty else { throw ICalendarError(line: 1, "the text starts with a continuation") }
                let last = lines.count - 1
                lines[last].text += slice.dropFirst()
                lines[last].physical.append(String(decoding: slice, as: UTF8.self))
                guard lines[last].text.count <= maximumLineLength else {
                    throw ICalendarError(line: lines.count, "a line longer than \(maximumLineLength) bytes")
                }
            } else if !slice.isEmpty {
                guard slice.count <= maximumLineLength else {
                    throw ICalendarError(line: lines.count + 1, "a line longer than \(maximumLineLength) bytes")
                }
                lines.append(Logical(text: Array(slice), physical: [String(decoding: slice, as: UTF8.self)]))
            }
            index = end + 1
        }
        return lines
    }

    /// Parses one logical line: `NAME *(;PARAM=VALUE*(,VALUE)) : VALUE`.
    static func parse(_ text: [UInt8], physical: [String], number: Int) throws(ICalendarError) -> ContentLine {
        var index = 0
        func token() -> String {
            let start = index
            while index < text.count, isNameByte(text[index]) { index += 1 }
            return String(decoding: text[start..<index], as: UTF8.self).uppercased()
        }
        let name = token()
        guard !name.isEmpty else { throw ICalendarError(line: number, "a line with no property name") }
        var parameters: [ContentLine.Parameter] = []
        while index < text.count, text[index] == UInt8(ascii: ";") {
            index += 1
            let parameter = token()
            guard !parameter.isEmpty, index < text.count, text[index] == UInt8(ascii: "=") else {
                throw ICalendarError(line: number, "a malformed parameter of \(name)")
            }
            index += 1
            var values: [String] = []
            while true {
                if index < text.count, text[index] == UInt8(ascii: "\"") {
                    let start = index + 1
                    guard let close = text[start...].firstIndex(of: UInt8(ascii: "\"")) else {
                        throw ICalendarError(line: number, "an unclosed quote in a parameter of \(name)")
                    }
                    values.append(String(decoding: text[start..<close], as: UTF8.self))
                    index = close + 1
                } else {
                    let start = index
                    while index < text.count,
                        ![UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(text[index])
                    {
                        index += 1
                    }
                    values.append(String(decoding: text[start..<index], as: UTF8.self))
                }
                guard index < text.count, text[index] == UInt8(ascii: ",") else { break }
                index += 1
            }
            parameters.append(ContentLine.Parameter(parameter, values))
        }
        guard index < text.count, text[index] == UInt8(ascii: ":") else {
            throw ICalendarError(line: number, "\(name) has no value (a colon is missing)")
        }
        var line = ContentLine(
            name, parameters: parameters, value: String(decoding: text[(index + 1)...], as: UTF8.self))
        line.original = physical
        return line
    }

    /// Whether `name` is a component or property name: letters, digits and dashes.
    static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isNameByte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D
    }
}
