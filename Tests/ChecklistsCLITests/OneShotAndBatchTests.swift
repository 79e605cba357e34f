import Foundation
import Testing

struct OneShotAndBatchTests {
    @Test func oneShotCommandsAddAndShowItems() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let added = try cli.run(["add", "Buy", "milk"])
        #expect(added.status == 0)
        #expect(added.stdout.contains("Buy milk"))
        #expect(added.stdout.contains("#0"))
        let shown = try cli.run(["show"])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("1 [ ] Buy milk"))
        #expect(FileManager.default.fileExists(atPath: cli.dataFile))
    }

    @Test func batchReportsFailingLinesByNumberAndGoesOn() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("add one\n\n# a comment\nbogus\ncheck 7\nadd two\nshow\n")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("line 4: unknown command \"bogus\""))
        #expect(outcome.stderr.contains("line 5: no item 7"))
        #expect(outcome.stdout.contains("2 [ ] two"))
    }

    @Test func bailStopsAtTheFirstFailure() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("add one\nbogus\nadd two\n", arguments: ["--bail"])
        #expect(outcome.status == 1)
        let shown = try cli.run(["show"])
        #expect(shown.stdout.contains("one"))
        #expect(!shown.stdout.contains("two"))
    }

    @Test func inspectRejectsAFileThatIsNotAPropertyList() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let path = cli.folder.appending(path: "junk.plist").path
        try Data("hello".utf8).write(to: URL(filePath: path))
        let outcome = try cli.run(["inspect", path])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("junk.plist"))
    }
}
