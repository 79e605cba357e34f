/// Reads an XML document into an `XMLTree`, resolving namespaces (WebDAV's multistatus answers).
///
/// Enough of XML 1.0 for what servers send: the declaration, comments, processing
/// instructions, CDATA, character and the five predefined entity references, attributes in
/// either quote. A document type declaration is refused (no entity a server defines is ever
/// expanded), and the size, the nesting, the namespaces in scope and the work are bounded, so
/// hostile input can only fail, never hang or grow without bound.
public enum XMLReader {
    /// The largest document read (bytes).
    public static let maximumSize = 64 << 20
    /// The deepest nesting of elements.
    public static let maximumDepth = 64
    /// The most namespace prefixes in scope at once (each element copies the scope it changes,
    /// so without a bound, many declarations above many declaring elements would take quadratic time).
    public static let maximumNamespaces = 64

    /// Why a document could not be read.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, and where (byte offset).
        public var reason: String
        public var description: String { "not XML: \(reason)" }
    }

    /// The document element of `bytes`.
    public static func read(_ bytes: [UInt8]) throws(Failure) -> XMLTree {
        guard bytes.count <= maximumSize else { throw Failure(reason: "larger than \(maximumSize >> 20) MiB") }
        var parser = Parser(bytes: bytes)
        return try parser.document()
    }

    private struct Open {
        var tree: XMLTree
        var qualified: String
        var scope: [String: String]
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func fail(_ reason: String) -> Failure { Failure(reason: "\(reason) at byte \(index)") }

        func starts(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { bytes[index..<(index + count)].elementsEqual($0) }
        }

        mutating func skip(past terminator: String) throws(Failure) {
            let utf8 = Array(terminator.utf8)
            while index + utf8.count <= bytes.count {
                if bytes[index..<(index + utf8.count)].elementsEqual(utf8) {
                    index += utf8.count
                    return
                }
                index += 1
            }
            throw fail("\(terminator) is missing")
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        mutating func skipSpace() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        mutating func name() throws(Failure) -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
                    || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<")
                {
                    break
                }
                index += 1
            }
            guard index > start else { throw fail("a name is missing") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Text up to `<`, or an attribute value up to `quote`, with references resolved.
        mutating func characters(until stop: UInt8) throws(Failure) -> String {
            var out: [UInt8] = []
            while index < bytes.count, bytes[index] != stop {
                if bytes[index] == UInt8(ascii: "&") {
                    try reference(into: &out)
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        mutating func reference(into out: inout [UInt8]) throws(Failure) {
            let start = index + 1
            guard let end = bytes[start...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw fail("an unfinished entity reference")
            }
            let name = String(decoding: bytes[start..<end], as: UTF8.self)
            index = end + 1
            switch name {
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "amp": out.append(UInt8(ascii: "&"))
            case "quot": out.append(UInt8(ascii: "\""))
            case "apos": out.append(UInt8(ascii: "'"))
            default:
                let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
                guard name.hasPrefix("#"), let value = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
                    let scalar = Unicode.Scalar(value)
                else { throw fail("an unknown entity &\(name);") }
                out += Array(String(Character(scalar)).utf8)
            }
        }

        /// Skips the prolog and misc: declaration, comments, processing instructions, space.
        mutating func skipMisc() throws(Failure) {
            while true {
                skipSpace()
                if starts("<?") {
                    try skip(past: "?>")
                } else if starts("<!--") {
                    try skip(past: "-->")
                } else if starts("<!DOCTYPE") || starts("<!doctype") {
                    throw fail("a document type declaration (refused)")
                } else {
                    return
                }
            }
        }

        mutating func document() throws(Failure) -> XMLTree {
            try skipMisc()
            guard starts("<") else { throw fail("no document element") }
            var stack: [Open] = []
            var root: XMLTree?
            while root == nil {
                guard index < bytes.count else { throw fail("the document ends inside an element") }
                if starts("<!--") {
                    try skip(past: "-->")
                } else if starts("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>")
                    if !stack.isEmpty {
                        stack[stack.count - 1].tree.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
                    }
                } else if starts("<?") {
                    try skip(past: "?>")
                } else if starts("</") {
                    index += 2
                    let qualified = try name()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                        throw fail("a malformed end tag")
                    }
                    index += 1
                    guard let open = stack.popLast(), open.qualified == qualified else {
                        throw fail("</\(qualified)> closes no open element")
                    }
                    if stack.isEmpty {
                        root = open.tree
                    } else {
                        stack[stack.count - 1].tree.children.append(open.tree)
                    }
                } else if starts("<") {
                    index += 1
                    guard stack.count < maximumDepth else { throw fail("elements nested too deep") }
                    let element = try startTag(scope: stack.last?.scope ?? [:])
                    if element.closed {
                        if stack.isEmpty {
                            root = element.open.tree
                        } else {
                            stack[stack.count - 1].tree.children.append(element.open.tree)
                        }
                    } else {
                        stack.append(element.open)
                    }
                } else {
                    let text = try characters(until: UInt8(ascii: "<"))
                    guard !stack.isEmpty else { throw fail("text outside the document element") }
                    stack[stack.count - 1].tree.text += text
                }
            }
            try skipMisc()
            guard index >= bytes.count else { throw fail("content after the document element") }
            return root ?? XMLTree("", "")
        }

        /// A start tag after its `<`: the element (namespace resolved) and whether it closed itself.
        mutating func startTag(scope inherited: [String: String]) throws(Failure) -> (open: Open, closed: Bool) {
            let qualified = try name()
            var scope = inherited
            var attributes: [String: String] = [:]
            while true {
                skipSpace()
                guard index < bytes.count else { throw fail("an unfinished start tag") }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    return (try open(qualified, attributes, scope), false)
                }
                if starts("/>") {
                    index += 2
                    return (try open(qualified, attributes, scope), true)
                }
                let attribute = try name()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                    throw fail("an attribute without a value")
                }
                index += 1
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
                else {
                    throw fail("an unquoted attribute value")
                }
                let quote = bytes[index]
                index += 1
                let value = try characters(until: quote)
                guard index < bytes.count else { throw fail("an unfinished attribute value") }
                index += 1
                if attribute == "xmlns" || attribute.hasPrefix("xmlns:") {
                    let prefix = attribute == "xmlns" ? "" : String(attribute.dropFirst(6))
                    guard scope[prefix] != nil || scope.count < maximumNamespaces else {
                        throw fail("more than \(maximumNamespaces) namespace declarations in scope")
                    }
                    scope[prefix] = value
                } else {
                    attributes[attribute] = value
                }
            }
        }

        func open(
            _ qualified: String, _ attributes: [String: String], _ scope: [String: String]
        ) throws(Failure) -> Open {
            let parts = qualified.split(separator: ":", maxSplits: 1)
            let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", qualified)
            guard let namespace = scope[prefix] ?? (prefix.isEmpty ? "" : nil) else {
                throw fail("the prefix \(prefix) is not declared")
            }
            return Open(tree: XMLTree(namespace, local, attributes: attributes), qualified: qualified, scope: scope)
        }
    }
}
