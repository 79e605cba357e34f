import KeyedArchive
import Testing

/// `JSONValue`'s text, indented (`rendered`) and on one line (through `JSONWriter`).
struct JSONValueTests {
    /// `value` on one line.
    private func compactText(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private let value = JSONValue.object([
        (key: "text", value: .string("Say \"hi\"\\\n\t\u{01}é☕")),
        (key: "tags", value: .array([.string("a"), .string("b")])),
        (key: "empty", value: .array([])),
        (key: "none", value: .object([])),
        (key: "n", value: .number("5")),
        (key: "due", value: .null),
        (key: "done", value: .bool(true)),
    ])

    @Test func compactTextIsOneLineWithEveryEscape() {
        #expect(
            compactText(value)
                == #"{"text":"Say \"hi\"\\\n\t\u0001é☕","tags":["a","b"],"empty":[],"none":{},"n":5,"due":null,"done":true}"#
        )
    }

    @Test func indentedTextIndentsEachLevel() {
        let text = JSONValue.object([(key: "a", value: .array([.number("1")]))]).rendered(indent: 2)
        #expect(text == "{\n  \"a\": [\n    1\n  ]\n}")
    }

    @Test func aStringWithoutEscapesIsCopiedWhole() {
        #expect(compactText(.string("plain text, 日本")) == "\"plain text, 日本\"")
    }
}
