import KeyedArchive

/// A strict JSON reader (RFC 8259) producing `JSONValue`, bounded in depth.
enum JSONParser {
    /// Why text is not JSON.
    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    /// Parses a whole document.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw Failure(offset: parser.position, reason: "trailing content") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        func fail(_ reason: String) -> Failure { Failure(offset: position, reason: reason) }

        mutating func expect(_ literal: String) throws(Failure) {
            for byte in literal.utf8 {
                guard position < bytes.count, bytes[position] == byte else { throw fail("expected \(literal)") }
                position += 1
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < 256 else { throw fail("nested too deeply") }
            guard position < bytes.count else { throw fail("unexpected end") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(key: String, value: JSONValue)] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard position < bytes.count else { throw fail("unterminated object") }
                    if bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        return .object(members)
                    }
                    try expect(",")
                }
            case UInt8(ascii: "["):
                position += 1
                var elements: [JSONValue] = []
                skipSpace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    guard position < bytes.count else { throw fail("unterminated array") }
                    if bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        return .array(elements)
                    }
                    try expect(",")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            default:
                return try number()
            }
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = position
            let allowed = Set("+-0123456789.eE".utf8)
            while position < bytes.count, allowed.contains(bytes[position]) { position += 1 }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard !text.isEmpty, Double(text) != nil else { throw Failure(offset: start, reason: "not a value") }
            return .number(text)
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard position + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[position..<(position + 4)], as: UTF8.self), radix: 16)
            else { throw fail("bad \\u escape") }
            position += 4
            return value
        }

        mutating func string() throws(Failure) -> String {
            try expect("\"")
            var out: [UInt8] = []
            while true {
                guard position < bytes.count else { throw fail("unterminated string") }
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") { break }
                guard byte >= 0x20 else { throw fail("control character in string") }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    continue
                }
                guard position < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
                        bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = try hex4()
                        code =
                            (0xDC00..<0xE000).contains(low) ? 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00) : 0xFFFD
                    }
                    out.append(contentsOf: String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
                default:
                    throw fail("unknown escape")
                }
            }
            guard let string = String(validating: out, as: UTF8.self) else { throw fail("string is not valid UTF-8") }
            return string
        }
    }
}
