import ChecklistKit
import Foundation
import Testing

/// The undo journal shared by the processes that change one data file (SPEC §6).
struct UndoJournalTests {
    @Test func sessionsSharingAJournalUndoEachOthersChanges() throws {
        let fixture = try SessionFixture()
        let journal = UndoJournal(path: fixture.folder.file("state/undo/journal"))
        let first = Session(store: fixture.store, clock: fixture.clock.function, journal: journal)
        #expect(first.run("add Milk").succeeded)
        let second = Session(
            store: try ChecklistStore(path: fixture.path), clock: fixture.clock.function,
            journal: UndoJournal(path: fixture.folder.file("state/undo/journal")))
        #expect(second.run("undo").lines.map(\.text) == ["undid add \"Milk\""])
        #expect(first.run("redo").lines.map(\.text) == ["redid add \"Milk\""])
        #expect(first.book.checklists.first?.items.map(\.text) == ["Milk"])
    }

    @Test func aJournalPastItsLimitDropsItsOldestChangesAndKeepsTheNewest() throws {
        let fixture = try SessionFixture()
        let path = fixture.folder.file("journal")
        let session = Session(
            store: fixture.store, clock: fixture.clock.function, journal: UndoJournal(path: path, byteLimit: 40_000))
        for index in 0..<40 {
            #expect(session.run("add item number \(index)").succeeded)
        }
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size <= 40_000)
        // The newest changes are still there, the oldest are gone.
        #expect(session.run("undo").lines.map(\.text) == ["undid add \"item number 39\""])
        var undone = 1
        while session.run("undo").succeeded { undone += 1 }
        #expect(undone > 1 && undone < 40)
        #expect(fixture.texts.count == 40 - undone)
    }

    @Test func theLastHundredChangesAreKept() throws {
        let fixture = try SessionFixture()
        for index in 0..<105 { fixture.run("add \(index)") }
        var undone = 0
        while fixture.session.run("undo").succeeded { undone += 1 }
        #expect(undone == 100)
        #expect(fixture.texts == ["0", "1", "2", "3", "4"])
    }

    @Test func aForeignFileLargerThanTheLimitIsReplacedByAFreshJournal() throws {
        let fixture = try SessionFixture()
        let path = fixture.folder.file("journal")
        // Something else at the journal's place, past the limit: the change must not trust it.
        try Data(repeating: 7, count: 50_000).write(to: URL(fileURLWithPath: path))
        let session = Session(
            store: fixture.store, clock: fixture.clock.function, journal: UndoJournal(path: path, byteLimit: 40_000))
        #expect(session.run("add Milk").succeeded)
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size < 40_000)
        #expect(session.run("undo").lines.map(\.text) == ["undid add \"Milk\""])
        #expect(fixture.texts.isEmpty)
    }

    @Test func aFolderAtTheJournalsPlaceDoesNotStopAChange() throws {
        let fixture = try SessionFixture()
        let path = fixture.folder.file("journal")
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        // A folder's size (4 KiB on most file systems) is past this limit: the journal is compacted,
        // and reading it fails.
        let session = Session(
            store: fixture.store, clock: fixture.clock.function, journal: UndoJournal(path: path, byteLimit: 100))
        #expect(session.run("add Milk").succeeded)
        #expect(fixture.texts == ["Milk"])
    }
}
