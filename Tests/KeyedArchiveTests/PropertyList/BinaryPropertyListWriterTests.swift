import Foundation
import KeyedArchive
import Testing

/// The writer's choices that random round trips rarely reach: reference widths that change while
/// objects are being added, estimates far off, copies of a writer, and the byte forms of strings.
struct BinaryPropertyListWriterTests {
    /// Adds `count` distinct integers (none below 256, so none shared) and returns their references.
    private func addIntegers(_ count: Int, to writer: inout BinaryPropertyListWriter) -> [Int] {
        (0..<count).map { writer.add(integer: Int64(1_000 + $0)) }
    }

    @Test(arguments: [255, 256, 257, 65_535, 65_536])
    func aFileOfExactly256Or65536ObjectsHasReferencesWideEnoughForFoundation(objects: Int) throws {
        // CoreFoundation and swift-foundation refuse a file whose object count does not fit its
        // reference width (256 objects with 1-byte references), though every reference would.
        let bytes = BinaryPropertyListWriter.write(.array((1..<objects).map { .integer(Int64(1_000 + $0)) }))
        // The trailer: reference size at 25 bytes from the end, the object count in the next eight.
        let referenceSize = Int(bytes[bytes.count - 25])
        let count = bytes[(bytes.count - 24)..<(bytes.count - 16)].reduce(0) { $0 << 8 | Int($1) }
        #expect(count == objects)
        #expect(1 << (8 * referenceSize) > objects)
        let read = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        #expect((read as? [Any])?.count == objects - 1)
    }

    @Test(arguments: [300, 70_000])
    func containersWrittenBeforeTheCountOutgrowsTheirWidthStillReadBack(objects: Int) throws {
        // An estimate of 16 objects starts references one byte wide; both arrays below are written
        // before the count passes 256 (and, for 70,000, 65,536), so they are rewritten wider.
        var writer = BinaryPropertyListWriter()
        let early = writer.add(array: [writer.add(string: "first"), writer.add(integer: 7)])
        let earlyDictionary = writer.add(dictionaryPairs: [writer.add(string: "key"), early])
        let numbers = addIntegers(objects, to: &writer)
        let top = writer.add(array: [earlyDictionary] + numbers)
        let bytes = writer.finish(top: top)

        let layout = try #require(BinaryPropertyListLayout(bytes))
        #expect(layout.referenceSize == BinaryPropertyListLayout.minimalWidth(UInt64(layout.objectCount)))
        let earlyTree = PropertyList.dictionary(
            PropertyListDictionary([("key", .array([.string("first"), .integer(7)]))]))
        let numberTrees: [PropertyList] = (0..<objects).map { .integer(Int64(1_000 + $0)) }
        let expected = PropertyList.array([earlyTree] + numberTrees)
        #expect(try PropertyListReader.read(bytes) == expected)
    }

    @Test func anEstimateFarTooHighStillGivesTheSmallestWidths() throws {
        var writer = BinaryPropertyListWriter(reservingObjects: 1_000_000, bytes: 16)
        let top = writer.add(dictionaryPairs: [writer.add(string: "a"), writer.add(bool: true)])
        let bytes = writer.finish(top: top)
        let layout = try #require(BinaryPropertyListLayout(bytes))
        #expect(layout.referenceSize == 1)
        #expect(layout.offsetSize == 1)
        #expect(try PropertyListReader.read(bytes) == .dictionary(PropertyListDictionary([("a", .bool(true))])))
    }

    @Test func aCopyOfAWriterChangesIndependently() throws {
        var original = BinaryPropertyListWriter()
        let shared = original.add(string: "shared")
        var copy = original
        let mine = original.add(array: [shared, original.add(integer: 1)])
        let theirs = copy.add(array: [shared, copy.add(string: "copy only")])
        #expect(try PropertyListReader.read(original.finish(top: mine)) == .array([.string("shared"), .integer(1)]))
        #expect(
            try PropertyListReader.read(copy.finish(top: theirs)) == .array([.string("shared"), .string("copy only")]))
        #expect(original.objectCount == 3)
        #expect(copy.objectCount == 3)
    }

    @Test func finishingTwiceGivesTheSameFile() {
        var writer = BinaryPropertyListWriter()
        let top = writer.add(array: addIntegers(400, to: &writer))
        #expect(writer.finish(top: top) == writer.finish(top: top))
    }

    @Test func nonASCIIStringsAreUTF16BigEndianWithSurrogatePairs() throws {
        let bytes = BinaryPropertyListWriter.write(.string("é😀中"))
        let layout = try #require(BinaryPropertyListLayout(bytes))
        let object = layout.objects[layout.topObject]
        // Four UTF-16 units: é, the two halves of 😀 (U+1F600), 中.
        #expect(object.marker == 0x64)
        let units = Array(bytes[(object.offset + 1)..<(object.offset + 9)])
        #expect(units == [0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00, 0x4E, 0x2D])
        #expect(try PropertyListReader.read(bytes) == .string("é😀中"))
    }

    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 40])
    func aSingleNonASCIICharacterAnywhereMakesTheStringUTF16(length: Int) throws {
        for position in 0..<length {
            var characters = [Character](repeating: "a", count: length)
            characters[position] = "ü"
            let text = String(characters)
            let bytes = BinaryPropertyListWriter.write(.string(text))
            let layout = try #require(BinaryPropertyListLayout(bytes))
            #expect(layout.objects[layout.topObject].marker >> 4 == 0x6, "ü at \(position) of \(length)")
            #expect(try PropertyListReader.read(bytes) == .string(text))
        }
        let ascii = BinaryPropertyListWriter.write(.string(String(repeating: "a", count: length)))
        let layout = try #require(BinaryPropertyListLayout(ascii))
        #expect(layout.objects[layout.topObject].marker >> 4 == 0x5)
    }
}
