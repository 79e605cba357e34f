import TestSupport
import Testing

@testable import KeyedArchive

/// The layout's peeks, which a skim trusts in place of the parser's checked reads: whatever a
/// peek returns, the parser reads alike, and on well-formed files a peek reads every object of
/// its kind.
struct BinaryPropertyListReaderPeekTests {
    /// What the peeks of object `index` of `layout` return, each `nil` where it declines.
    struct Peeks: Equatable {
        var bool: Bool?
        var integer: Int64?
        var realBits: UInt64?
        var uid: UInt64?
        var dictionaryCount: Int?

        init(_ layout: BinaryPropertyListReader.Layout, _ index: Int) {
            bool = layout.peekBool(index)
            integer = layout.peekInteger(index)
            realBits = layout.peekReal(index)?.bitPattern
            uid = layout.peekUID(index)
            dictionaryCount = layout.peekDictionary(index)?.count
        }

        /// What the peeks would return for `value`, the parser's read of an object, when they
        /// read it (a well-formed object of an ordinary width).
        init(reading value: PropertyList?) {
            switch value {
            case .bool(let read): bool = read
            case .integer(let read): integer = read
            case .real(let read): realBits = read.bitPattern
            case .uid(let read): uid = read
            case .dictionary(let read): dictionaryCount = read.count
            default: break
            }
        }
    }

    /// Checks every object of `bytes` (and indices past them): a peek that reads a value agrees
    /// with the parser; with `wellFormed`, every object the parser reads is read by its peek.
    static func check(_ bytes: [UInt8], wellFormed: Bool, _ comment: Comment) throws {
        try bytes.withUnsafeBytes { raw in
            guard var parser = try? BinaryPropertyListReader.Parser(raw, denseStrings: false) else { return }
            // Every object is read on its own: shared ones many times over.
            parser.budget = Int.max
            let layout = parser.layout
            for index in -1...(layout.objectCount + 1) {
                let peeks = Peeks(layout, index)
                let read = index >= 0 && index < layout.objectCount ? try? parser.value(at: index, depth: 0) : nil
                let expected = Peeks(reading: read)
                if wellFormed {
                    #expect(peeks == expected, "\(comment), object \(index)")
                    continue
                }
                // Damaged: a peek may decline what the parser reads, never read what it does not.
                if let bool = peeks.bool { #expect(expected.bool == bool, "\(comment), object \(index)") }
                if let integer = peeks.integer { #expect(expected.integer == integer, "\(comment), object \(index)") }
                if let real = peeks.realBits { #expect(expected.realBits == real, "\(comment), object \(index)") }
                if let uid = peeks.uid { #expect(expected.uid == uid, "\(comment), object \(index)") }
                // A dictionary the parser reads has its entries in the file (fewer when a key repeats).
                if let count = expected.dictionaryCount {
                    #expect((peeks.dictionaryCount ?? -1) >= count, "\(comment), object \(index)")
                }
            }
        }
    }

    @Test func onWellFormedFilesEveryPeekReadsWhatTheParserReads() throws {
        var random = SplitMix64(seed: 0x9EE4)
        for number in 0..<20 {
            let (_, bytes) = try KeyedUnarchiverSkimTests.randomFile(xml: false, using: &random)
            try Self.check(bytes, wellFormed: true, "file \(number)")
        }
    }

    @Test func onDamagedFilesAPeekNeverReadsWhatTheParserRefuses() throws {
        var random = SplitMix64(seed: 0x9EE5)
        let bytes = SkimmableChecklist.archive(SkimmableChecklist.randomFile(using: &random, maximumItems: 6))
        for number in 0..<300 {
            let (description, mutant) = Mutator.mutate(bytes, using: &random)
            try Self.check(mutant, wellFormed: false, "mutant \(number) (\(description))")
        }
    }

    /// A file of one object, `object`, right before the offset table: any of its contents
    /// cut short run into the table.
    static func oneObject(_ object: [UInt8]) -> [UInt8] {
        let tableStart = UInt8(8 + object.count)
        let trailer: [UInt8] = [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)
        return Array("bplist00".utf8) + object + [8] + trailer + [0, 0, 0, 0, 0, 0, 0, tableStart]
    }

    @Test(
        arguments: [
            [0x13, 1, 2, 3, 4, 5, 6, 7],  // an integer of 8 bytes, one short
            [0x23, 1, 2, 3, 4, 5, 6, 7],  // a real of 8 bytes, one short
            [0x83, 1, 2, 3],  // a UID of 4 bytes, one short
            [0xD1, 0],  // a dictionary of one entry, its value reference missing
        ] as [[UInt8]])
    func contentsRunningIntoTheOffsetTableAreNotRead(object: [UInt8]) throws {
        let whole = Self.oneObject(object + [0])
        let cut = Self.oneObject(object)
        try cut.withUnsafeBytes { raw in
            var parser = try BinaryPropertyListReader.Parser(raw)
            #expect(throws: PropertyListError.self) { try parser.value(at: 0, depth: 0) }
            #expect(Peeks(parser.layout, 0) == Peeks(reading: nil))
        }
        // The same object with its last byte there is read (a dictionary's reference then
        // points at itself: the parser refuses the cycle, the peek reads its extent).
        try whole.withUnsafeBytes { raw in
            let peeks = Peeks(try BinaryPropertyListReader.Layout(raw), 0)
            #expect(peeks != Peeks(reading: nil))
        }
    }

    @Test func keysAreTheSameExactlyWhenTheirReferencesAre() throws {
        var random = SplitMix64(seed: 0x9EE6)
        let (_, bytes) = try KeyedUnarchiverSkimTests.randomFile(xml: false, using: &random)
        bytes.withUnsafeBytes { raw in
            guard let layout = try? BinaryPropertyListReader.Layout(raw) else {
                Issue.record("the file does not read")
                return
            }
            let dictionaries = (0..<layout.objectCount).compactMap { layout.peekDictionary($0) }
            #expect(dictionaries.count > 10)
            var same = 0
            for first in dictionaries.prefix(40) {
                for second in dictionaries.prefix(40) where first.count == second.count {
                    let span = first.count * layout.referenceSize
                    let equal = raw[first.keysStart..<(first.keysStart + span)]
                        .elementsEqual(raw[second.keysStart..<(second.keysStart + span)])
                    #expect(layout.sameKeys(first.keysStart, second.keysStart, count: first.count) == equal)
                    if equal, first.keysStart != second.keysStart { same += 1 }
                }
            }
            // Items share their keys: the comparison was made both ways.
            #expect(same > 0)
        }
    }
}
