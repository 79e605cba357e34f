import KeyedArchive
import Testing

/// `JSONWriter`: commas, nesting and indentation, written value by value.
struct JSONWriterTests {
    /// `{"a": [1, {}, []], "b": {"c": null}, "d": "x"}` written piece by piece.
    private func written(indent: Int?) -> String {
        var writer = JSONWriter(indent: indent)
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.number(1)
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.endArray()
        writer.key("b")
        writer.beginObject()
        writer.key("c")
        writer.null()
        writer.endObject()
        writer.key("d")
        writer.string("x")
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func oneLineHasNoSpaces() {
        #expect(written(indent: nil) == #"{"a":[1,{},[]],"b":{"c":null},"d":"x"}"#)
    }

    @Test func indentedTextBreaksAndIndentsAsPythonDoes() {
        #expect(
            written(indent: 2)
                == "{\n  \"a\": [\n    1,\n    {},\n    []\n  ],\n  \"b\": {\n    \"c\": null\n  },\n  \"d\": \"x\"\n}")
    }

    @Test func stringsEscapeOnlyQuotesBackslashesAndControlCharacters() {
        var writer = JSONWriter()
        writer.string("a\"b\\c\nd\re\tf\u{08}\u{0C}\u{01}\u{1F}é☕\u{7F}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\"b\\c\nd\re\tf\b\f\u0001\u001fé☕"# + "\u{7F}\"")
    }
}
