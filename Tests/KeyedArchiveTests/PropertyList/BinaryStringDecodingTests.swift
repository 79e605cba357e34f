import KeyedArchive
import Testing

/// Strings of binary property lists read in one pass: ASCII checked eight bytes at a time, and
/// UTF-16BE transcoded straight into the string, lone surrogates repaired as Swift repairs them.
struct BinaryStringDecodingTests {
    /// Two code units no other string of the archive holds, patched afterwards.
    private static let placeholder = "\u{2603}\u{2604}"

    /// An archive whose root note's title is `placeholder` with its two UTF-16 units replaced by `units`.
    private static func archive(titleUnits units: [UInt16]) throws -> [UInt8] {
        var bytes = KeyedArchiver.archive { $0.encode(ArchivableNote(title: placeholder), forKey: "root") }
        let pattern: [UInt8] = [0x62, 0x26, 0x03, 0x26, 0x04]
        let start = try #require(
            (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) })
        let patch: [UInt8] = [0x62] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        bytes.replaceSubrange(start..<(start + pattern.count), with: patch)
        return bytes
    }

    @Test(
        arguments: [
            [0xD800, 0x0041], [0xDC00, 0x0041], [0x0041, 0xD83D], [0xD83D, 0xDE00], [0x00E9, 0x4E2D], [0xDBFF, 0xDFFF],
            [0xDFFF, 0xD800], [0x007F, 0x0080],
        ] as [[UInt16]])
    func utf16StringsDecodeAsSwiftDecodesTheirUnits(_ units: [UInt16]) throws {
        let bytes = try Self.archive(titleUnits: units)
        let expected = String(decoding: units, as: UTF16.self)
        let note = try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableNote.self, forKey: "root")
        #expect(note.title == expected)
        #expect(note.title.unicodeScalars.elementsEqual(expected.unicodeScalars))
        // The whole-tree reader shares the transcoder.
        let tree = try PropertyListReader.read(bytes)
        let objects = tree.dictionaryValue?["$objects"]?.arrayValue ?? []
        #expect(objects.contains { $0.stringValue == expected })
    }

    @Test func asciiStringsOfEveryLengthAroundAWordDecode() throws {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 200] {
            let title = String((0..<length).map { Character(Unicode.Scalar(UInt8(32 + $0 % 95))) })
            let bytes = KeyedArchiver.archive { $0.encode(ArchivableNote(title: title), forKey: "root") }
            let note = try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableNote.self, forKey: "root")
            #expect(note.title == title, "length \(length)")
        }
    }

    @Test func aByteAbove127InAnASCIIStringIsRejectedInEveryPosition() throws {
        // A high bit in each position of a 20-byte ASCII title, including past the first word.
        let title = "abcdefghijklmnopqrst"
        let valid = KeyedArchiver.archive { $0.encode(ArchivableNote(title: title), forKey: "root") }
        let start = try #require(
            (0...(valid.count - 21)).first {
                valid[$0] == 0x5F && valid[($0 + 3)..<($0 + 23)].elementsEqual(title.utf8)
            })
        for offset in 0..<20 {
            var bytes = valid
            bytes[start + 3 + offset] |= 0x80
            let error = #expect(throws: KeyedArchiveError.self) {
                try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableNote.self, forKey: "root")
            }
            guard case .notAPropertyList(.invalidObject(_, let reason))? = error else {
                Issue.record("offset \(offset): \(String(describing: error))")
                continue
            }
            #expect(reason == "ASCII string holds a byte above 127")
        }
    }
}
