// The multistatus XML reader (CalDAV's answers), fuzzed with the other readers by
// Fuzz/FuzzTarget.swift's entry point (built by Scripts/fuzz.sh).

/// The XML reader: whatever it reads must, written back with every namespace declared where it
/// is used, read again to the same tree; walking the tree as a sync does must not trap.
func fuzzXML(_ bytes: [UInt8]) {
    guard let tree = try? XMLReader.read(bytes) else { return }
    // What a sync looks at: responses, hrefs, propstats, and any element at any depth.
    for response in tree.children("DAV:", "response") {
        _ = response.child("DAV:", "href")?.text
        for propstat in response.children("DAV:", "propstat") {
            _ = propstat.child("DAV:", "prop")?.children.count
        }
    }
    _ = tree.descendant("urn:ietf:params:xml:ns:caldav", "calendar-data")
    guard tree.writable else { return }
    let written = Array(tree.xml.utf8)
    guard let again = try? XMLReader.read(written) else {
        preconditionFailure("the written tree does not read back: \(tree.xml.prefix(500))")
    }
    precondition(again == tree, "an XML round trip changed the tree")
}

extension XMLTree {
    /// The element as XML text: its namespace as the default one, its text before its children.
    fileprivate var xml: String {
        var out = "<\(name) xmlns=\"\(Self.escaped(namespace))\""
        for (key, value) in attributes.sorted(by: { $0.key < $1.key }) { out += " \(key)=\"\(Self.escaped(value))\"" }
        out += ">" + Self.escaped(text)
        for child in children { out += child.xml }
        return out + "</\(name)>"
    }

    /// Whether `xml` can say this tree: every name a plain name (a local name with a `:`, or
    /// an attribute named like a namespace declaration, reads back as something else).
    fileprivate var writable: Bool {
        !name.contains(":") && !attributes.keys.contains { $0 == "xmlns" || $0.hasPrefix("xmlns:") }
            && children.allSatisfy(\.writable)
    }

    fileprivate static func escaped(_ text: String) -> String {
        // By scalar: `&` with a combining mark after it is one Character, but still a reference.
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
