import Foundation
import KeyedArchive
import TestSupport
import Testing

/// Random property lists and checklist files through our writer and reader, with the writer's
/// layout checked byte by byte and Python's `plistlib` as a second reader.
struct RoundTripPropertyTests {
    /// Seeds for the random trees; every failure message names its seed so it can be replayed.
    static let seeds: [UInt64] = Array(1...300)

    @Test func randomTreesReadBackExactlyAsWritten() {
        var failures = 0
        var deepest = 0
        var kinds = Set<String>()
        for seed in Self.seeds where failures < 5 {
            var random = SplitMix64(seed: seed)
            let tree = RandomPropertyList().tree(using: &random)
            deepest = max(deepest, tree.nestingDepth)
            kinds.formUnion(tree.kindNames)
            let bytes = BinaryPropertyListWriter.write(tree)
            do {
                let read = try PropertyListReader.read(bytes)
                if let difference = tree.firstDifference(from: read) {
                    failures += 1
                    Issue.record("seed \(seed): \(difference)")
                }
            } catch {
                failures += 1
                Issue.record("seed \(seed): our own output was rejected: \(error)")
            }
        }
        // The generator itself must cover what the test claims to.
        #expect(deepest >= 6)
        #expect(kinds == ["dictionary", "array", "string", "integer", "real", "boolean", "date", "data", "UID"])
    }

    @Test func integersTakeTheFewestBytesAndNegativesEight() throws {
        let cases: [(Int64, [UInt8])] = [
            (0, [0x10, 0x00]), (255, [0x10, 0xFF]), (256, [0x11, 0x01, 0x00]), (65_535, [0x11, 0xFF, 0xFF]),
            (65_536, [0x12, 0x00, 0x01, 0x00, 0x00]), (0xFFFF_FFFF, [0x12, 0xFF, 0xFF, 0xFF, 0xFF]),
            (0x1_0000_0000, [0x13, 0, 0, 0, 1, 0, 0, 0, 0]),
            (Int64.max, [0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
            (-1, [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
            (Int64.min, [0x13, 0x80, 0, 0, 0, 0, 0, 0, 0]),
        ]
        for (value, expected) in cases {
            let bytes = BinaryPropertyListWriter.write(.integer(value))
            #expect(Array(bytes[8..<(8 + expected.count)]) == expected, "\(value)")
            #expect(try PropertyListReader.read(bytes) == .integer(value))
        }
        let unsigned = BinaryPropertyListWriter.write(.unsignedInteger(UInt64.max))
        #expect(
            Array(unsigned[8..<25]) == [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8))
    }

    @Test func everyIntegerInRandomTreesHasItsMinimalWidth() throws {
        for seed in Self.seeds.prefix(100) {
            var random = SplitMix64(seed: seed)
            let bytes = BinaryPropertyListWriter.write(RandomPropertyList().tree(using: &random))
            let layout = try #require(BinaryPropertyListLayout(bytes), "seed \(seed)")
            for object in layout.objects where object.marker >> 4 == 0x1 {
                let payload = layout.integerPayload(of: object)
                let value = payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                switch object.marker {
                case 0x13 where Int64(bitPattern: value) < 0:
                    continue
                case 0x14:
                    #expect(
                        payload.prefix(8).allSatisfy { $0 == 0 } && (payload.suffix(8).first ?? 0) >= 0x80,
                        "seed \(seed)")
                default:
                    #expect(payload.count == BinaryPropertyListLayout.minimalWidth(value), "seed \(seed): \(value)")
                }
            }
        }
    }

    @Test func asciiStringsTakeOneByteAndOthersUTF16BigEndian() throws {
        let cases: [(String, [UInt8])] = [
            ("", [0x50]), ("abc", [0x53, 0x61, 0x62, 0x63]), ("\u{7F}", [0x51, 0x7F]), ("é", [0x61, 0x00, 0xE9]),
            ("e\u{301}", [0x62, 0x00, 0x65, 0x03, 0x01]), ("😀", [0x62, 0xD8, 0x3D, 0xDE, 0x00]),
            ("中", [0x61, 0x4E, 0x2D]), ("fifteen chars!!", [0x5F, 0x10, 0x0F] + Array("fifteen chars!!".utf8)),
        ]
        for (string, expected) in cases {
            let bytes = BinaryPropertyListWriter.write(.string(string))
            #expect(Array(bytes[8..<(8 + expected.count)]) == expected, "\(string.debugDescription)")
        }
        for seed in Self.seeds.prefix(100) {
            var random = SplitMix64(seed: seed)
            let bytes = BinaryPropertyListWriter.write(RandomPropertyList().tree(using: &random))
            let layout = try #require(BinaryPropertyListLayout(bytes), "seed \(seed)")
            for object in layout.objects {
                guard let string = layout.string(of: object) else { continue }
                let isASCII = string.unicodeScalars.allSatisfy(\.isASCII)
                #expect((object.marker >> 4 == 0x5) == isASCII, "seed \(seed): \(string.debugDescription)")
                if object.marker >> 4 == 0x6 {
                    #expect(layout.length(of: object).count == string.utf16.count, "seed \(seed)")
                }
            }
        }
    }

    @Test func trailerUsesTheSmallestOffsetAndReferenceSizes() throws {
        func layout(_ tree: PropertyList) throws -> BinaryPropertyListLayout {
            try #require(BinaryPropertyListLayout(BinaryPropertyListWriter.write(tree)))
        }
        // 255 objects (an array and 254 distinct integers) take one-byte references; 256 take two,
        // as CoreFoundation requires the count itself, not only the largest reference, to fit.
        let small = try layout(.array((1...254).map { .integer(Int64($0)) }))
        #expect(small.objectCount == 255 && small.referenceSize == 1)
        let larger = try layout(.array((1...255).map { .integer(Int64($0)) }))
        #expect(larger.objectCount == 256 && larger.referenceSize == 2)
        let many = try layout(.array((1...70_000).map { .integer(Int64($0)) }))
        #expect(many.referenceSize == 4)
        // Offsets: the table's own offset decides the width, as in CoreFoundation.
        #expect(try layout(.data([UInt8](repeating: 1, count: 200))).offsetSize == 1)
        #expect(try layout(.data([UInt8](repeating: 1, count: 300))).offsetSize == 2)
        #expect(try layout(.data([UInt8](repeating: 1, count: 70_000))).offsetSize == 4)
        for seed in Self.seeds.prefix(100) {
            var random = SplitMix64(seed: seed)
            let file = try layout(RandomPropertyList().tree(using: &random))
            let width = { (value: Int) in BinaryPropertyListLayout.minimalWidth(UInt64(value)) }
            // References wide enough for the count itself, as CoreFoundation requires.
            #expect(file.referenceSize == width(file.objectCount), "seed \(seed)")
            #expect(file.offsetSize == width(file.offsetTableStart), "seed \(seed)")
            #expect(file.topObject == file.objectCount - 1, "seed \(seed): the root is written last")
        }
    }

    @Test func equalStringsAreStoredOnceAndEquivalentOnesApart() throws {
        let tree = PropertyList.array([
            .string("é"), .string("e\u{301}"), .string("é"), .string("shared"),
            .dictionary(PropertyListDictionary([("shared", .string("shared")), ("é", .string("e\u{301}"))])),
        ])
        let bytes = BinaryPropertyListWriter.write(tree)
        let layout = try #require(BinaryPropertyListLayout(bytes))
        let strings = layout.objects.compactMap { layout.string(of: $0) }.map { Array($0.unicodeScalars) }
        #expect(strings.count == 3)
        #expect(Set(strings) == [["é"], ["e", "\u{301}"], Array("shared".unicodeScalars)])
        #expect(try PropertyListReader.read(bytes).isIdentical(to: tree))
        for seed in Self.seeds.prefix(100) {
            var random = SplitMix64(seed: seed)
            let file = try #require(
                BinaryPropertyListLayout(BinaryPropertyListWriter.write(RandomPropertyList().tree(using: &random))))
            let all = file.objects.compactMap { file.string(of: $0) }.map { Array($0.unicodeScalars) }
            #expect(all.count == Set(all).count, "seed \(seed): a string is stored twice")
        }
    }

    @Test func randomChecklistFilesUnarchiveExactlyAsArchived() throws {
        for seed in Self.seeds.prefix(200) {
            var random = SplitMix64(seed: seed)
            let file = RandomChecklists.file(using: &random)
            let decoded = try ArchivableChecklistFile(archive: file.archived())
            #expect(decoded == file, "seed \(seed): \(file.firstDifference(from: decoded) ?? "")")
        }
    }

    @Test(.enabled(if: Python.available, "python3 is not installed; plistlib cannot be the oracle"))
    func plistlibReadsOurFilesAsOurReaderDoes() throws {
        let scratch = try TemporaryFolder(prefix: "plistlib-oracle")
        let folder = URL(filePath: scratch.path)
        let seeds = Self.seeds.prefix(40)
        var trees: [UInt64: PropertyList] = [:]
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let tree = RandomPropertyList(maximumDepth: 5, pythonCompatibleDates: true).tree(using: &random)
            trees[seed] = tree
            try Data(BinaryPropertyListWriter.write(tree)).write(to: folder.appending(path: "\(seed).plist"))
        }
        try Python.writeCanonicalJSON(forPropertyListsIn: folder)
        for seed in seeds {
            let expected = try String(contentsOf: folder.appending(path: "\(seed).json"), encoding: .utf8)
            let ours = try #require(trees[seed]).canonicalJSON.rendered(indent: 1)
            #expect(ours == expected, "seed \(seed): \(Self.firstDifferentLine(ours, expected))")
        }
    }

    private static func firstDifferentLine(_ left: String, _ right: String) -> String {
        let leftLines = left.split(separator: "\n", omittingEmptySubsequences: false)
        let rightLines = right.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, (ours, theirs)) in zip(leftLines, rightLines).enumerated() where ours != theirs {
            return "line \(number + 1): ours \(ours) vs plistlib \(theirs)"
        }
        return "line counts \(leftLines.count) vs \(rightLines.count)"
    }
}
