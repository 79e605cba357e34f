import ChecklistKit
import Foundation
import TestSupport
import Testing

/// `merge BASE OURS THEIRS` and `cat FILE` on archive files (SPEC §8).
struct ArchiveFileTests {
    private typealias Item = TestArchivedItem<IOSAppModule>
    private typealias List = TestArchivedList<IOSAppModule>

    /// An archive as the iOS app writes it: no `HasDueDate`.
    private func iOSFile(_ items: [Item]) -> [UInt8] {
        TestArchive.checklists([List("Groceries", items, iconName: "Groceries")], index: 0, nextItemID: 3)
    }

    private func iOSItem(_ text: String, _ id: Int, checked: Bool = false) -> Item {
        Item(text, checked: checked, dueDate: 600_000_000, shouldRemind: false, itemID: id)
    }

    private func merge(
        _ folder: TemporaryFolder, base: [UInt8], ours: [UInt8], theirs: [UInt8]
    ) throws
        -> CommandResult
    {
        try TemporaryFolder.write(base, to: folder.file("base"))
        try TemporaryFolder.write(ours, to: folder.file("ours"))
        try TemporaryFolder.write(theirs, to: folder.file("theirs"))
        let command = Command.merge(base: folder.file("base"), ours: folder.file("ours"), theirs: folder.file("theirs"))
        return try #require(Session.runStandalone(command, now: 0))
    }

    @Test func filesFromTheIOSAppMergeFieldByField() throws {
        let folder = try TemporaryFolder()
        let base = iOSFile([iOSItem("Milk", 0), iOSItem("Eggs", 1)])
        let ours = iOSFile([iOSItem("Milk", 0, checked: true), iOSItem("Eggs", 1)])
        let theirs = iOSFile([iOSItem("Whole milk", 0), iOSItem("Eggs", 1), iOSItem("Bread", 2)])
        let result = try merge(folder, base: base, ours: ours, theirs: theirs)
        #expect(result.succeeded)
        #expect(result.notices.isEmpty)
        let merged = try TestArchive.read(try #require(TemporaryFolder.bytes(folder.file("ours"))))
        #expect(merged.map(\.name) == ["Groceries"])
        #expect(merged.first?.items.map(\.text) == ["Whole milk", "Eggs", "Bread"])
        #expect(merged.first?.items.map(\.checked) == [true, false, false])
        #expect(merged.first?.items.map(\.dueDate) == [600_000_000, 600_000_000, 600_000_000])
    }

    @Test func anEmptyBaseMeansNoCommonVersion() throws {
        let folder = try TemporaryFolder()
        let ours = iOSFile([iOSItem("Milk", 0)])
        let theirs = iOSFile([iOSItem("Milk", 0), iOSItem("Bread", 1)])
        let result = try merge(folder, base: [], ours: ours, theirs: theirs)
        #expect(result.succeeded)
        let merged = try TestArchive.read(try #require(TemporaryFolder.bytes(folder.file("ours"))))
        #expect(merged.first?.items.map(\.text).sorted() == ["Bread", "Milk"])
    }

    @Test func aDamagedInputFailsWithSixtyFiveAndLeavesOursUntouched() throws {
        let folder = try TemporaryFolder()
        let good = iOSFile([iOSItem("Milk", 0)])
        for damaged in ["base", "ours", "theirs"] {
            var files = ["base": good, "ours": good, "theirs": good]
            files[damaged] = Array(good.prefix(40))
            let result = try merge(
                folder, base: files["base"] ?? [], ours: files["ours"] ?? [], theirs: files["theirs"] ?? [])
            #expect(result.exitStatus == .dataError)
            #expect(result.error?.contains(folder.file(damaged)) == true)
            #expect(TemporaryFolder.bytes(folder.file("ours")) == files["ours"])
        }
    }

    @Test func aMissingInputFailsWithSixtyFive() throws {
        let folder = try TemporaryFolder()
        let command = Command.merge(base: folder.file("a"), ours: folder.file("b"), theirs: folder.file("c"))
        let result = try #require(Session.runStandalone(command, now: 0))
        #expect(result.exitStatus == .dataError)
        #expect(!FileManager.default.fileExists(atPath: folder.file("b")))
    }

    @Test func catPrintsTheChecklistsAsMarkdownWithIconsDueDatesAndReminders() throws {
        let folder = try TemporaryFolder()
        try TemporaryFolder.write(
            iOSFile([iOSItem("Milk", 0, checked: true), iOSItem("Eggs", 1)]), to: folder.file("f"))
        let result = try #require(Session.runStandalone(.cat(folder.file("f")), now: 0))
        // The iOS file's items have due dates (not set), which the text view leaves out.
        #expect(result.lines.map(\.text) == ["## Groceries", "icon: Groceries", "", "- [x] Milk", "- [ ] Eggs"])
        try TemporaryFolder.write("not an archive", to: folder.file("g"))
        #expect(Session.runStandalone(.cat(folder.file("g")), now: 0)?.exitStatus == .dataError)
    }

    @Test func otherCommandsAreNotStandalone() {
        #expect(Session.runStandalone(.lists, now: 0) == nil)
    }
}
