/// Writes components as iCalendar text: CRLF line ends, lines folded at 75 octets (never inside a
/// UTF-8 character), and every property read from a file and left unchanged written exactly as read.
public enum ICalendarWriter {
    /// The longest physical line written, in octets, without its line end.
    public static let lineLength = 75

    /// The text of `components`, one after the other.
    public static func write(_ components: [CalendarComponent]) -> String {
        var out = ""
        for component in components { write(component, into: &out) }
        return out
    }

    private static func write(_ component: CalendarComponent, into out: inout String) {
        out += "BEGIN:\(component.name)\r\n"
        for property in component.properties { out += text(of: property) }
        for inner in component.components { write(inner, into: &out) }
        out += "END:\(component.name)\r\n"
    }

    /// One property's lines, each ending in CRLF.
    public static func text(of line: ContentLine) -> String {
        if let original = line.original { return original.map { $0 + "\r\n" }.joined() }
        var logical = line.name
        for parameter in line.parameters {
            logical += ";" + parameter.name + "=" + parameter.values.map(quotedIfNeeded).joined(separator: ",")
        }
        logical += ":" + line.value
        return fold(logical)
    }

    /// `logical` folded into lines of at most 75 octets; continuations start with a space.
    public static func fold(_ logical: String) -> String {
        let bytes = Array(logical.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 70 * 3 + 2)
        var start = 0
        var room = lineLength
        while bytes.count - start > room {
            var end = start + room
            // Back up to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
            while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            if end == start { end = start + room }
            out += bytes[start..<end]
            out += [0x0D, 0x0A, 0x20]
            start = end
            room = lineLength - 1
        }
        out += bytes[start...]
        out += [0x0D, 0x0A]
        return String(decoding: out, as: UTF8.self)
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," })
            ? "\"" + value.filter { $0 != "\"" } + "\"" : value
    }
}
