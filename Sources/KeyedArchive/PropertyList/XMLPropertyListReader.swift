/// Reads XML property lists as Apple's tools and NSKeyedArchiver's XML output write them.
///
/// `CF$UID` dictionaries stay dictionaries here, as in the file; the keyed-archive layer
/// reads them as UIDs. Nesting is bounded, entities and CDATA are decoded.
public enum XMLPropertyListReader {
    /// Whether `bytes` look like an XML property list (an XML declaration, doctype or `<plist`).
    public static func isXMLPropertyList(_ bytes: [UInt8]) -> Bool {
        var scanner = XMLScanner(bytes: bytes[...])
        scanner.skipByteOrderMarkAndSpace()
        return scanner.hasPrefix("<?xml") || scanner.hasPrefix("<!DOCTYPE") || scanner.hasPrefix("<plist")
    }

    /// Decodes the document's single top value.
    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        var scanner = XMLScanner(bytes: bytes[...])
        scanner.skipByteOrderMarkAndSpace()
        try scanner.skipMarkup()
        var tag = try scanner.openingTag()
        var wrapped = false
        if tag.name == "plist" {
            wrapped = true
            if tag.isEmpty { throw scanner.error("empty <plist> element") }
            try scanner.skipMarkup()
            tag = try scanner.openingTag()
        }
        let value = try scanner.value(for: tag, depth: 0)
        try scanner.skipMarkup()
        if wrapped { try scanner.closingTag("plist") }
        try scanner.skipMarkup()
        guard scanner.atEnd else { throw scanner.error("unexpected content after the top value") }
        return value
    }
}

/// A start or empty-element tag.
private struct XMLTag {
    var name: String
    var isEmpty: Bool
}

/// A cursor over the XML bytes with the parsing steps the reader needs.
private struct XMLScanner {
    var bytes: ArraySlice<UInt8>
    var position: Int
    var line = 1

    init(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var atEnd: Bool { position >= bytes.endIndex }

    func error(_ reason: String) -> PropertyListError {
        .invalidXML(line: line, reason: reason)
    }

    func hasPrefix(_ text: String) -> Bool {
        var index = position
        for byte in text.utf8 {
            guard index < bytes.endIndex, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where position < bytes.endIndex {
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
    }

    mutating func skipByteOrderMarkAndSpace() {
        if hasPrefix("\u{FEFF}") { advance(3) }
        skipSpace()
    }

    mutating func skipSpace() {
        while position < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
            advance()
        }
    }

    /// Skips `text`'s terminator search: moves past the next occurrence of `terminator`.
    mutating func skip(past terminator: String) throws(PropertyListError) {
        while !atEnd {
            if hasPrefix(terminator) {
                advance(terminator.utf8.count)
                return
            }
            advance()
        }
        throw error("missing '\(terminator)'")
    }

    /// Skips white space, comments, processing instructions and the doctype.
    mutating func skipMarkup() throws(PropertyListError) {
        while true {
            skipSpace()
            if hasPrefix("<!--") {
                try skip(past: "-->")
            } else if hasPrefix("<?") {
                try skip(past: "?>")
            } else if hasPrefix("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    mutating func skipDoctype() throws(PropertyListError) {
        var depth = 0
        while !atEnd {
            let byte = bytes[position]
            advance()
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">"), depth <= 0 { return }
        }
        throw error("unterminated doctype")
    }

    mutating func name() -> String {
        let start = position
        while position < bytes.endIndex {
            let byte = bytes[position]
            let isNameByte =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: ".")
            guard isNameByte else { break }
            advance()
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func openingTag() throws(PropertyListError) -> XMLTag {
        guard hasPrefix("<"), !hasPrefix("</") else { throw error("expected an element") }
        advance()
        let tagName = name()
        guard !tagName.isEmpty else { throw error("expected an element name") }
        var quote: UInt8?
        while !atEnd {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                advance()
                return XMLTag(name: tagName, isEmpty: false)
            } else if byte == UInt8(ascii: "/"), hasPrefix("/>") {
                advance(2)
                return XMLTag(name: tagName, isEmpty: true)
            }
            advance()
        }
        throw error("unterminated <\(tagName)> tag")
    }

    mutating func closingTag(_ expected: String) throws(PropertyListError) {
        guard hasPrefix("</") else { throw error("expected </\(expected)>") }
        advance(2)
        let found = name()
        skipSpace()
        guard found == expected, hasPrefix(">") else { throw error("expected </\(expected)>, found </\(found)>") }
        advance()
    }

    /// Reads character data up to the next tag, decoding entities and CDATA sections.
    mutating func text() throws(PropertyListError) -> String {
        var out = [UInt8]()
        while !atEnd {
            if hasPrefix("<![CDATA[") {
                advance(9)
                let start = position
                while !atEnd, !hasPrefix("]]>") { advance() }
                guard !atEnd else { throw error("unterminated CDATA section") }
                out.append(contentsOf: bytes[start..<position])
                advance(3)
                continue
            }
            if hasPrefix("<!--") {
                try skip(past: "-->")
                continue
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") { break }
            if byte == UInt8(ascii: "&") {
                try entity(into: &out)
                continue
            }
            out.append(byte)
            advance()
        }
        guard let string = String(validating: out, as: UTF8.self) else { throw error("text is not valid UTF-8") }
        return string
    }

    mutating func entity(into out: inout [UInt8]) throws(PropertyListError) {
        advance()
        let start = position
        while !atEnd, bytes[position] != UInt8(ascii: ";"), position - start < 12 { advance() }
        guard !atEnd, bytes[position] == UInt8(ascii: ";") else { throw error("unterminated entity") }
        let body = String(decoding: bytes[start..<position], as: UTF8.self)
        advance()
        let named: [String: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
        if let replacement = named[body] {
            out.append(contentsOf: replacement.utf8)
            return
        }
        var code: UInt32?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            code = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            code = UInt32(body.dropFirst(), radix: 10)
        }
        guard let code, let scalar = Unicode.Scalar(code) else { throw error("unknown entity &\(body);") }
        out.append(contentsOf: String(Character(scalar)).utf8)
    }

    /// Reads the text of an element whose start tag was just read, and its end tag.
    mutating func elementText(_ tag: XMLTag) throws(PropertyListError) -> String {
        if tag.isEmpty { return "" }
        let content = try text()
        try closingTag(tag.name)
        return content
    }

    mutating func value(for tag: XMLTag, depth: Int) throws(PropertyListError) -> PropertyList {
        guard depth <= PropertyListLimits.maximumDepth else { throw .tooDeep(limit: PropertyListLimits.maximumDepth) }
        switch tag.name {
        case "dict":
            return .dictionary(try dictionary(tag, depth: depth))
        case "array":
            var elements = [PropertyList]()
            if tag.isEmpty { return .array(elements) }
            while true {
                try skipMarkup()
                if hasPrefix("</") {
                    try closingTag("array")
                    return .array(elements)
                }
                elements.append(try value(for: try openingTag(), depth: depth + 1))
            }
        case "string":
            return .string(try elementText(tag))
        case "integer":
            return try integer(try elementText(tag))
        case "real":
            let text = try elementText(tag).trimmingXMLSpace()
            guard let real = Double(text) else { throw error("'\(text)' is not a real number") }
            return .real(real)
        case "true", "false":
            if !tag.isEmpty {
                skipSpace()
                try closingTag(tag.name)
            }
            return .bool(tag.name == "true")
        case "date":
            let text = try elementText(tag).trimmingXMLSpace()
            guard let seconds = CivilTime.referenceSeconds(iso8601: text) else {
                throw error("'\(text)' is not a date")
            }
            return .date(seconds)
        case "data":
            guard let data = Base64.decode(try elementText(tag)) else { throw error("<data> is not valid base64") }
            return .data(data)
        default:
            throw error("unknown element <\(tag.name)>")
        }
    }

    mutating func dictionary(_ tag: XMLTag, depth: Int) throws(PropertyListError) -> PropertyListDictionary {
        var result = PropertyListDictionary()
        if tag.isEmpty { return result }
        while true {
            try skipMarkup()
            if hasPrefix("</") {
                try closingTag("dict")
                return result
            }
            let keyTag = try openingTag()
            guard keyTag.name == "key" else { throw error("expected <key> in <dict>, found <\(keyTag.name)>") }
            let key = try elementText(keyTag)
            try skipMarkup()
            result[key] = try value(for: try openingTag(), depth: depth + 1)
        }
    }

    func integer(_ raw: String) throws(PropertyListError) -> PropertyList {
        let text = raw.trimmingXMLSpace()
        var digits = Substring(text)
        var negative = false
        if digits.hasPrefix("-") {
            negative = true
            digits = digits.dropFirst()
        } else if digits.hasPrefix("+") {
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard let magnitude = UInt64(digits, radix: radix) else { throw error("'\(text)' is not an integer") }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw error("'\(text)' is out of range") }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
    }
}

extension String {
    /// The string without leading and trailing XML white space.
    fileprivate func trimmingXMLSpace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
