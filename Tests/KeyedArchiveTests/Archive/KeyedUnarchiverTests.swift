import KeyedArchive
import TestSupport
import Testing

/// `KeyedUnarchiver.reading`, which reads a binary file in place, decodes what an unarchiver with
/// its own copy decodes, and rejects what it rejects.
struct KeyedUnarchiverTests {
    /// The checklists of `bytes` decoded through `reading`; `nil` where it threw.
    static func readInPlace(_ bytes: [UInt8]) -> [SkimmableChecklist]? {
        try? KeyedUnarchiver.reading(bytes) { unarchiver in
            try unarchiver.topLevel.decode([SkimmableChecklist].self, forKey: "Checklists")
        }
    }

    /// The checklists of `bytes` decoded by an unarchiver that copies them; `nil` where it threw.
    static func readFromCopy(_ bytes: [UInt8]) -> [SkimmableChecklist]? {
        try? KeyedUnarchiver(bytes: bytes).topLevel.decode([SkimmableChecklist].self, forKey: "Checklists")
    }

    @Test(arguments: [false, true])
    func readingInPlaceDecodesWhatACopyDecodes(xml: Bool) throws {
        var random = SplitMix64(seed: xml ? 0x1A7E : 0x1A7F)
        for _ in 0..<20 {
            let (checklists, bytes) = try KeyedUnarchiverSkimTests.randomFile(xml: xml, using: &random)
            #expect(Self.readInPlace(bytes) == checklists)
            #expect(Self.readFromCopy(bytes) == checklists)
        }
    }

    @Test func damagedFilesAreRejectedInPlaceWhereACopyIsRejected() {
        var random = SplitMix64(seed: 0xDA7A)
        let bytes = SkimmableChecklist.archive(SkimmableChecklist.randomFile(using: &random, maximumItems: 6))
        var rejected = 0
        for number in 0..<300 {
            let (description, mutant) = Mutator.mutate(bytes, using: &random)
            let copied = Self.readFromCopy(mutant)
            if copied == nil { rejected += 1 }
            #expect(Self.readInPlace(mutant) == copied, "mutant \(number) (\(description))")
        }
        #expect(rejected > 50)
    }

    @Test func anErrorOfTheBodyIsPassedOn() {
        struct Refused: Error {}
        let bytes = SkimmableChecklist.archive([SkimmableChecklist(name: "n", items: [], iconName: "i")])
        #expect(throws: Refused.self) { try KeyedUnarchiver.reading(bytes) { _ in throw Refused() } }
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver.reading(Array(bytes.prefix(20))) { _ in 1 } }
    }
}
