import TestSupport
import Testing

@testable import KeyedArchive

struct KeyedArchiverTests {
    /// The file a streamed archive makes: each piece written at its offset, then cut at the length.
    private struct StreamedFile {
        var bytes: [UInt8] = []
        var pieces = 0
        var restarts = 0

        mutating func write(_ piece: UnsafeRawBufferPointer, at offset: Int) {
            if offset < bytes.count, pieces > 0, offset == 0 { restarts += 1 }
            let end = offset + piece.count
            if bytes.count < end { bytes += repeatElement(0, count: end - bytes.count) }
            bytes.replaceSubrange(offset..<end, with: piece)
            pieces += 1
        }
    }

    private func streamed(
        _ file: ArchivableChecklistFile, expectedObjects: Int = 64, pieceSize: Int
    ) -> StreamedFile {
        var streamed = StreamedFile()
        let length = KeyedArchiver.archive(
            expectedObjects: expectedObjects, pieceSize: pieceSize, write: { streamed.write($0, at: $1) },
            file.encodeTop)
        streamed.bytes.removeSubrange(min(length, streamed.bytes.count)...)
        return streamed
    }

    @Test(arguments: [1, 100, 4096, 1 << 30])
    func aStreamedArchiveIsTheArchiveWhateverThePieceSize(pieceSize: Int) {
        for seed in UInt64(1)...40 {
            var random = SplitMix64(seed: seed)
            let file = RandomChecklists.file(using: &random)
            #expect(streamed(file, pieceSize: pieceSize).bytes == file.archived(), "seed \(seed)")
        }
    }

    @Test func piecesAreHandedOverWhileTheArchiveIsMade() {
        let file = Self.bigFile(items: 300)
        let result = streamed(file, expectedObjects: 1_000, pieceSize: 1_000)
        #expect(result.bytes == file.archived())
        #expect(result.pieces > 5)
        #expect(result.restarts == 0, "a close estimate never makes the pieces start again")
    }

    @Test(arguments: [1, 70_000])
    func anEstimateOffAcrossAReferenceWidthStartsThePiecesAgain(expectedObjects: Int) {
        // 300 items make about 1,000 objects: 2-byte references. An estimate of 1 starts at 1
        // byte and widens after pieces went out; one of 70,000 starts at 4 bytes and
        // narrows at the end, leaving the file shorter than what was handed over.
        let file = Self.bigFile(items: 300)
        let result = streamed(file, expectedObjects: expectedObjects, pieceSize: 500)
        #expect(result.bytes == file.archived())
        #expect(result.restarts >= 1)
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
