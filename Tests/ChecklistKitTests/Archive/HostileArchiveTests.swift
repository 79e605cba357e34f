import ChecklistKit
import Foundation
import KeyedArchive
import TestSupport
import Testing

/// Files written by something else, damaged or hostile: loading and then using them never traps.
struct HostileArchiveTests {
    /// A data file whose only item has `dueDate` as its due date, and a session on it.
    private func session(withDueDate dueDate: Double) throws -> SessionFixture {
        let fixture = try SessionFixture()
        let book = ChecklistBook(
            checklists: [
                Checklist(name: "List", items: [ChecklistItem(text: "odd", itemID: 0, created: 0, dueDate: dueDate)])
            ],
            currentIndex: 0, nextItemID: 1)
        try TemporaryFolder.write(book.archived(), to: fixture.path)
        return fixture
    }

    @Test(arguments: [1e300, -1e300, Double.infinity, -Double.infinity, 9e18])
    func absurdDueDatesAreShownWithoutCrashing(dueDate: Double) throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try session(withDueDate: dueDate)
            for line in ["show", "upcoming", "find odd", "export json", "check 1"] {
                let result = fixture.session.run(line)
                #expect(result.succeeded, "\(line)")
            }
            _ = fixture.session.dueReminders()
        }
    }

    @Test func hugeItemIDsInAFileDoNotOverflowTheCounter() throws {
        let bytes = TestArchive.checklists(
            [
                TestArchivedList<IOSAppModule>(
                    "A", [TestArchivedItem("max", itemID: Int.max), TestArchivedItem("dup", itemID: Int.max)])
            ],
            index: 0, nextItemID: Int.max)
        let fixture = try SessionFixture()
        try TemporaryFolder.write(bytes, to: fixture.path)
        let result = fixture.session.run("add one more")
        #expect(result.succeeded)
        #expect(fixture.session.book.checklists.flatMap(\.items).map(\.itemID) == [0, 1, 2], "fresh, unique IDs")
    }

    @Test func aHugeNextItemIDAloneDoesNotOverflow() throws {
        let bytes = TestArchive.checklists(
            [TestArchivedList<IOSAppModule>("A", [TestArchivedItem("no id")])], index: 0, nextItemID: Int.max)
        let fixture = try SessionFixture()
        try TemporaryFolder.write(bytes, to: fixture.path)
        #expect(fixture.session.run("add next").succeeded)
        #expect(fixture.session.book.checklists.flatMap(\.items).map(\.itemID) == [0, 1])
    }

    @Test func anImportedPlistWithAnAbsurdDateDoesNotCrash() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try SessionFixture()
            let file = fixture.folder.file("odd.plist")
            let lists = [
                CodableChecklist(
                    name: "Odd",
                    items: [
                        CodableChecklistItem(
                            text: "far", checked: false, dueDate: Date(timeIntervalSinceReferenceDate: 1e300),
                            shouldRemind: true, itemID: 0)
                    ],
                    iconName: "No Icon")
            ]
            try TemporaryFolder.write(try lists.encoded(as: .binary), to: file)
            #expect(fixture.session.run("import \(file)").succeeded)
            #expect(fixture.session.run("show Odd").succeeded)
            #expect(fixture.session.run("upcoming").succeeded)
        }
    }
}
