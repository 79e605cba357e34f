import Testing

@testable import KeyedArchive

struct KeyedArchiverTests {
    /// The file `archive(expectedObjects:_:use:)` hands over where it was made, copied out.
    private func inPlace(_ file: ArchivableChecklistFile, expectedObjects: Int = 64) -> [UInt8] {
        KeyedArchiver.archive(expectedObjects: expectedObjects, file.encodeTop) { [UInt8]($0) }
    }

    @Test func theFileHandedOverInPlaceIsTheArchive() {
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            let file = RandomChecklists.file(using: &random)
            #expect(inPlace(file) == file.archived(), "seed \(seed)")
        }
    }

    @Test(arguments: [1, 1_000, 70_000])
    func anEstimateOffAcrossAReferenceWidthStillMakesTheArchive(expectedObjects: Int) {
        // 300 items make about 1,000 objects: 2-byte references. An estimate of 1 starts at 1
        // byte and widens as the archive grows; one of 70,000 starts at 4 bytes and narrows at
        // the end.
        let file = Self.bigFile(items: 300)
        #expect(inPlace(file, expectedObjects: expectedObjects) == file.archived())
    }

    private static func bigFile(items: Int) -> ArchivableChecklistFile {
        let list = ArchivableChecklist(
            name: "Big",
            items: (0..<items).map {
                ArchivableChecklistItem(
                    text: "item \($0)", checked: $0 % 3 == 0, dueDate: Double($0), shouldRemind: false, itemID: $0,
                    hasDueDate: $0 % 2 == 0)
            },
            iconName: "Folder")
        return ArchivableChecklistFile(checklists: [list], index: 0, nextItemID: items)
    }
}
