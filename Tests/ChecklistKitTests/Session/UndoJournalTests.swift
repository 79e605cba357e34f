import Foundation
import TestSupport
import Testing

@testable import ChecklistKit

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
            store: fixture.store, clock: fixture.clock.function, journal: UndoJournal(path: path, byteLimit: 10_000))
        for index in 0..<40 {
            #expect(session.run("add item number \(index)").succeeded)
        }
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size <= 10_000)
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

    /// Records the change from `before` to `after` of the one checklist named `Big`.
    private func record(_ summary: String, _ before: Checklist, _ after: Checklist, in journal: UndoJournal) {
        journal.recordChange(
            UndoJournal.Entry(
                summary: summary, removed: [before], added: [after], currentBefore: "Big", currentAfter: "Big"))
    }

    @Test func aChangeToA20000ItemChecklistTakesAFewHundredBytes() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("journal")
        let journal = UndoJournal(path: path)
        let edits: [(String, (inout Checklist) -> Void)] = [
            ("add", { $0.items.append(ChecklistItem(text: "new", itemID: 20_000, created: 0)) }),
            ("check", { $0.items[10_000].checked = true }),
            ("edit", { $0.items[5].text = "edited" }),
            ("due", { $0.items[19_999].dueDate = 800_000_000 }),
            ("delete", { $0.items.remove(at: 3) }),
            ("move", { $0.items.append($0.items.removeFirst()) }),
            ("rename", { $0.name = "Bigger" }),
        ]
        var list = ChecklistDeltaTests.big(20_000)
        var size = 0
        for (summary, edit) in edits {
            var after = list
            edit(&after)
            record(summary, list, after, in: journal)
            let grown = (TemporaryFolder.bytes(path)?.count ?? 0) - size
            // The whole checklist as a keyed archive would be about 3.4 MB (twice, before and after).
            #expect(grown > 0 && grown <= 2_000, "\(summary): \(grown) bytes")
            size += grown
            list = after
        }
    }

    @Test func theLastHundredChangesOfA20000ItemChecklistAreKept() throws {
        let folder = try TemporaryFolder()
        let journal = UndoJournal(path: folder.file("journal"))
        var list = ChecklistDeltaTests.big(20_000)
        for index in 0..<105 {
            var after = list
            after.items.append(ChecklistItem(text: "added \(index)", itemID: 20_000 + index, created: 0))
            record("add \(index)", list, after, in: journal)
            list = after
        }
        var undone = 0
        while undone <= 105, let entry = journal.next().undo {
            let exchange = try #require(entry.exchange(undoing: true, in: [list]))
            list = try #require(exchange.new.first)
            journal.recordUndo()
            undone += 1
        }
        #expect(undone == 100)
        #expect(list.items.count == 20_005)
        #expect(list.items.last?.text == "added 4")
    }

    @Test func aJournalOfThePreviousReleaseIsUndoneAndGrowsInTheNewForm() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        let path = fixture.folder.file("journal")
        let payload = UndoJournalEntryTests.previousReleasePayload(
            summary: "add \"Milk\"", currentBefore: "List", currentAfter: "List", removed: [Checklist(name: "List")],
            added: fixture.session.book.checklists)
        try TemporaryFolder.write(
            UndoJournal.header + UndoJournal.record(kind: UInt8(ascii: "c"), payload: payload), to: path)
        let session = Session(store: fixture.store, clock: fixture.clock.function, journal: UndoJournal(path: path))
        #expect(session.run("add Eggs").succeeded)
        #expect(session.run("undo").lines.map(\.text) == ["undid add \"Eggs\""])
        #expect(session.run("undo").lines.map(\.text) == ["undid add \"Milk\""])
        #expect(fixture.texts.isEmpty)
        #expect(session.run("redo").lines.map(\.text) == ["redid add \"Milk\""])
        #expect(fixture.texts == ["Milk"])
    }
}
