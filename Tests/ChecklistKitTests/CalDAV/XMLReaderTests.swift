import ChecklistKit
import TestSupport
import Testing

/// Reading WebDAV's multistatus XML: namespaces, references, CDATA, and hostile input, which
/// must fail with a clean error, never trap, hang or grow without bound.
struct XMLReaderTests {
    private func read(_ text: String) throws(XMLReader.Failure) -> XMLTree {
        try XMLReader.read(Array(text.utf8))
    }

    /// The reason `text` is refused, or `nil` when it reads.
    private func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try XMLReader.read(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsAMultistatusWithPrefixesDefaultNamespacesReferencesAndCDATA() throws {
        let tree = try read(
            """
            <?xml version='1.0' encoding='utf-8'?>
            <!-- a server's answer -->
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response>\
            <href>/ann/list/a%40b.ics</href><propstat><prop><getetag>"e&amp;1"</getetag>\
            <C:calendar-data><![CDATA[BEGIN:VCALENDAR
            SUMMARY:Milk & <eggs>
            END:VCALENDAR]]></C:calendar-data><x:own xmlns:x="urn:x" x:a='1 &lt; 2'>caf&#xE9; &#233;</x:own>\
            </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """)
        #expect(tree.namespace == "DAV:" && tree.name == "multistatus")
        let response = try #require(tree.child("DAV:", "response"))
        #expect(response.child("DAV:", "href")?.text == "/ann/list/a%40b.ics")
        let prop = try #require(response.descendant("DAV:", "prop"))
        #expect(prop.child("DAV:", "getetag")?.text == "\"e&1\"")
        #expect(
            prop.child("urn:ietf:params:xml:ns:caldav", "calendar-data")?.text
                == "BEGIN:VCALENDAR\nSUMMARY:Milk & <eggs>\nEND:VCALENDAR")
        let own = try #require(prop.child("urn:x", "own"))
        #expect(own.text == "café é")
        #expect(own.attributes == ["x:a": "1 < 2"])
    }

    @Test func malformedDocumentsAreRefusedWithWhereAndWhy() {
        let cases: [(String, String)] = [
            ("", "no document element"),
            ("<a>", "ends inside an element"),
            ("<a></b>", "</b> closes no open element"),
            ("<p:a/>", "the prefix p is not declared"),
            ("<a b=c/>", "an unquoted attribute value"),
            ("<a>x</a><b/>", "content after the document element"),
            ("<a>&bogus;</a>", "an unknown entity &bogus;"),
            ("<a>&#xD800;</a>", "an unknown entity &#xD800;"),
            ("<a>&#x110000;</a>", "an unknown entity"),
            ("<a>&amp</a>", "an unfinished entity reference"),
            ("<a><!-- open</a>", "--> is missing"),
        ]
        for (text, reason) in cases {
            let said = refusal(Array(text.utf8))
            #expect(said?.contains(reason) == true, "\(text): \(said ?? "read")")
        }
    }

    @Test func entityTricksAreRefusedBeforeAnyExpansion() {
        // The billion laughs, an external entity (a file, a URL), a parameter entity.
        let entities = (1...9).map { level in
            "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let laughs =
            "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol0 \"lol\">" + entities.joined()
            + "]><multistatus xmlns=\"DAV:\">&lol9;</multistatus>"
        let external =
            "<!DOCTYPE m [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><multistatus xmlns=\"DAV:\">&x;</multistatus>"
        let remote = "<!doctype m SYSTEM \"http://127.0.0.1:9/evil.dtd\"><multistatus xmlns=\"DAV:\"/>"
        for text in [laughs, external, remote] {
            #expect(refusal(Array(text.utf8))?.contains("document type declaration (refused)") == true)
        }
        // Without a declaration, no entity but the five of XML is known.
        #expect(refusal(Array("<m>&lol9;</m>".utf8))?.contains("unknown entity") == true)
    }

    @Test func deepNestingIsRefusedAtItsBound() throws {
        let depth = XMLReader.maximumDepth
        let fits = String(repeating: "<a>", count: depth) + "x" + String(repeating: "</a>", count: depth)
        var tree = try read(fits)
        for _ in 1..<depth { tree = try #require(tree.children.first) }
        #expect(tree.text == "x")
        // A million levels (as a hostile server might send) fail at the bound, not at the stack.
        let deep = Array(String(repeating: "<a>", count: 1_000_000).utf8)
        #expect(refusal(deep)?.contains("elements nested too deep") == true)
        #expect(refusal(Array(("<a>" + fits + "</a>").utf8))?.contains("nested too deep") == true)
    }

    @Test func tooManyNamespaceDeclarationsAreRefused() {
        let declarations = (0..<(XMLReader.maximumNamespaces + 1)).map { " xmlns:p\($0)=\"urn:\($0)\"" }.joined()
        #expect(refusal(Array("<a\(declarations)/>".utf8))?.contains("namespace declarations") == true)
        // Redeclaring the same prefixes over and over is no growth, and reads.
        let again = String(repeating: "<b xmlns:p=\"urn:1\"/>", count: 10_000)
        #expect(refusal(Array("<a xmlns:p=\"urn:0\">\(again)</a>".utf8)) == nil)
    }

    @Test func tenMegabytesOfHostileInputFailCleanlyOrReadWithinBounds() throws {
        let ten = 10 << 20
        // A huge attribute that never ends.
        let open = Array("<a b=\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: ten)
        #expect(refusal(open)?.contains("unfinished") == true)
        // A huge attribute that ends is read whole (the document is within the size bound).
        let whole = open + Array("\"/>".utf8)
        #expect(try XMLReader.read(whole).attributes["b"]?.utf8.count == ten)
        // Ten megabytes of references, of unclosed comments, of start tags, of binary noise.
        let references = Array("<a>".utf8) + Array(String(repeating: "&amp;", count: ten / 5).utf8)
        #expect(refusal(references)?.contains("ends inside an element") == true)
        #expect(refusal(Array("<a><!--".utf8) + [UInt8](repeating: 0x2D, count: ten))?.contains("missing") == true)
        let siblings = Array("<a>".utf8) + Array(String(repeating: "<b/>", count: ten / 16).utf8)
        #expect(refusal(siblings)?.contains("ends inside an element") == true)
        var generator = SplitMix64(seed: 21)
        let noise = [UInt8(ascii: "<")] + (0..<ten).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(refusal(noise) != nil)
        // Beyond the size bound nothing is parsed at all.
        #expect(
            refusal([UInt8](repeating: 0x20, count: XMLReader.maximumSize + 1))?.contains("larger than 64 MiB") == true)
    }
}
