import Foundation
import Testing

/// One-shot mode: `checklists COMMAND ARGUMENT...` runs one command and exits (SPEC §2, §6).
struct OneShotTests {
    @Test func addPrintsThePositionTextAndIDAndSavesTheFile() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let added = try cli.run(["add", "Buy", "milk"])
        #expect(added.status == 0)
        #expect(added.stdout == "added 1 [ ] Buy milk  #0\n")
        #expect(added.stderr.isEmpty)
        let shown = try cli.run(["show"])
        #expect(shown.status == 0)
        #expect(shown.stdout == "List  1 Remaining\n1 [ ] Buy milk  #0\n")
        #expect(FileManager.default.fileExists(atPath: cli.dataFile))
    }

    @Test func aNewChecklistBecomesCurrentForLaterOneShotCommands() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["new", "Groceries"]).stdout == "created Groceries, now current\n")
        #expect(try cli.run(["add", "Eggs"]).stdout == "added 1 [ ] Eggs  #0\n")
        let lists = try cli.run(["lists"])
        #expect(lists.status == 0)
        #expect(lists.stdout.contains("* 1  Groceries"))
        #expect(lists.stdout.contains("  2  List"))
        #expect(try cli.run(["use", "List"]).status == 0)
        #expect(try cli.run(["add", "Stamps"]).stdout == "added 1 [ ] Stamps  #1\n")
        let data = try cli.exported()
        #expect(data.list("Groceries")?.items.map(\.text) == ["Eggs"])
        #expect(data.list("List")?.items.map(\.text) == ["Stamps"])
    }

    @Test func checkMarksAreSavedAndShown() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add one\nadd two\nadd three\n")
        let checked = try cli.run(["check", "1", "#2"])
        #expect(checked.status == 0)
        #expect(checked.stdout == "checked 1 [x] one  #0\nchecked 3 [x] three  #2\n")
        let toggled = try cli.run(["toggle", "1-2"])
        #expect(toggled.stdout == "toggled 1 [ ] one  #0\ntoggled 2 [x] two  #1\n")
        let shown = try cli.run(["sh"])
        #expect(shown.stdout == "List  1 Remaining\n1 [ ] one  #0\n2 [x] two  #1\n3 [x] three  #2\n")
    }

    @Test func argumentsAreTakenAsTheShellSplitThem() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "two  spaces"]).status == 0)
        #expect(try cli.run(["add", "Crème", "fraîche", "🍰", "中文"]).status == 0)
        #expect(try cli.run(["add", "say \"hi\""]).status == 0)
        let texts = try cli.exported().allItems.map(\.text)
        #expect(texts == ["two  spaces", "Crème fraîche 🍰 中文", "say \"hi\""])
    }

    @Test func aFailingCommandExitsOneWithTheReasonAndSavesNothing() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let failed = try cli.run(["check", "9"])
        #expect(failed.status == 1)
        #expect(failed.stdout.isEmpty)
        #expect(failed.stderr == "checklists: no item 9: \"List\" has no items\n")
        #expect(!FileManager.default.fileExists(atPath: cli.dataFile))
        _ = try cli.run(["add", "one"])
        let before = cli.bytes(cli.dataFile)
        let usage = try cli.run(["add"])
        #expect(usage.status == 1)
        #expect(usage.stderr.contains("usage: add TEXT"))
        #expect(cli.bytes(cli.dataFile) == before)
    }

    @Test func exportWritesJSONAndMarkdownToStandardOutput() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Buy milk\ncheck 1\nadd Eggs\n")
        let markdown = try cli.run(["export", "markdown"])
        #expect(markdown.status == 0)
        #expect(markdown.stdout == "## List\n\n- [x] Buy milk\n- [ ] Eggs\n")
        let data = try cli.exported()
        #expect(
            data.lists == [
                .init(
                    name: "List",
                    items: [
                        .init(itemID: 0, text: "Buy milk", checked: true),
                        .init(itemID: 1, text: "Eggs", checked: false),
                    ])
            ])
    }

    @Test func inspectShowsTheDataFileAsAKeyedArchive() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.run(["add", "Buy milk"])
        let inspected = try cli.run(["inspect", cli.dataFile])
        #expect(inspected.status == 0)
        #expect(inspected.stdout.contains("\"$class\": \"Checklists.ChecklistItem\""))
        #expect(inspected.stdout.contains("\"Text\": \"Buy milk\""))
        let raw = try cli.run(["inspect", "--raw", cli.dataFile])
        #expect(raw.status == 0)
        #expect(raw.stdout.contains("NSKeyedArchiver"))
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

    @Test func theFileIsReadBackAfterEveryCommand() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        for index in 0..<5 {
            #expect(
                try cli.run(["add", "item \(index)"]).stdout == "added \(index + 1) [ ] item \(index)  #\(index)\n")
        }
        #expect(try cli.exported().allItems.map(\.itemID) == [0, 1, 2, 3, 4])
    }
}
