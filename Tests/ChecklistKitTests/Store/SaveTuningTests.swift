import Foundation
import TestSupport
import Testing

@testable import ChecklistKit

/// The save path's switchable mechanisms.
struct SaveTuningTests {
    @Test func theProgramShipsWithEveryMechanismOn() {
        #expect(SaveTuning.current == .standard)
        #expect(SaveTuning.standard == SaveTuning(switches: "allocator,pieces,writeback,close"))
        #expect(SaveTuning.standard.pieceSize == 512 << 10)
    }

    @Test func theSwitchesNameTheMechanismsLeftOnAndAnUnknownNameIsRefused() throws {
        let plain = try #require(SaveTuning(switches: ""))
        #expect(!plain.setsUpAllocator && !plain.streamsPieces && !plain.startsWriteback)
        #expect(!plain.closesReplacedInBackground)
        #expect(plain.pieceSize > 1 << 30, "the whole file is encoded before it is written")
        let pair = try #require(SaveTuning(switches: "pieces,writeback"))
        #expect(pair.streamsPieces && pair.startsWriteback && !pair.setsUpAllocator && !pair.closesReplacedInBackground)
        #expect(SaveTuning(switches: "pieces,fast") == nil)
    }

    @Test(arguments: ["", "pieces", "pieces,writeback", "pieces,close", "allocator,pieces,writeback,close"])
    func everyTuningSavesTheSameFile(switches: String) throws {
        let folder = try TemporaryFolder()
        let standard = try ChecklistStore(path: folder.file("standard.plist"), clock: { 0 })
        let tuned = try ChecklistStore(path: folder.file("tuned.plist"), clock: { 0 })
        tuned.tuning = try #require(SaveTuning(switches: switches))
        for store in [standard, tuned] {
            // About 750 KB: more than one 512 KiB piece.
            let items = (0..<5_000).map { ChecklistItem(text: "item \($0)", itemID: $0, created: 0) }
            _ = try store.modify { book in
                book = ChecklistBook(
                    checklists: [Checklist(name: "Groceries", items: items)], currentIndex: 0, nextItemID: 5_000)
            }
        }
        let bytes = try #require(TemporaryFolder.bytes(tuned.path))
        #expect(bytes == TemporaryFolder.bytes(standard.path))
        #expect(try ChecklistStore(path: tuned.path).book == tuned.book)
    }
}
