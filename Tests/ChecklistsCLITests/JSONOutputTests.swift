import Foundation
import Testing

/// `--json` (SPEC §14) through the built program, read back by Python's `json` as a script
/// would: one document a command, JSON Lines in batch mode, problems as JSON on standard error.
@Suite(.serialized)
struct JSONOutputTests {
    /// Texts a shell script would choke on: quotes, a backslash, a control character, a tab,
    /// non-ASCII letters, and a note of two lines.
    private let setUp = """
        new Café ☕
        add "Say \\"hi\\" to C:\\\\temp\u{01}\tnow" 日本 +étiquette !!
        note 1 'line one\\nline two'
        add Call mum 2046-11-29 6pm
        sub 1 Buy card
        check 3
        new Work

        """

    /// The items of a document's `items`, or none.
    private func items(_ document: [String: Any]) -> [[String: Any]] {
        document["items"] as? [[String: Any]] ?? []
    }

    @Test func readingCommandsGiveOneVersionedDocumentWithTheExportFields() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp, environment: ["TZ": "UTC0"]).status == 0)

        let lists = try PythonJSON.document(try cli.run(["--json", "lists"]).stdout)
        #expect(lists["version"] as? Int == 1)
        #expect(lists["command"] as? String == "lists")
        let summaries = lists["lists"] as? [[String: Any]] ?? []
        #expect(summaries.compactMap { $0["name"] as? String } == ["Café ☕", "List", "Work"])
        #expect(summaries.first?["items"] as? Int == 3 && summaries.first?["open"] as? Int == 2)
        #expect(summaries.last?["current"] as? Bool == true)

        let shown = try cli.run(["--json", "show", "Café"], environment: ["TZ": "UTC0"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let show = try PythonJSON.document(shown.stdout)
        #expect((show["list"] as? [String: Any])?["name"] as? String == "Café ☕")
        let rows = items(show)
        #expect(
            rows.compactMap { $0["text"] as? String } == [
                "Say \"hi\" to C:\\temp\u{01}\tnow 日本", "Buy card", "Call mum",
            ])
        #expect(rows.compactMap { $0["position"] as? Int } == [1, 2, 3])
        let first = rows.first ?? [:]
        #expect(first["note"] as? String == "line one\nline two")
        #expect(first["tags"] as? [String] == ["étiquette"])
        #expect(first["priority"] as? Int == 5)
        #expect(first["dueDate"] is NSNull)
        #expect(first["checked"] as? Bool == false && first["shouldRemind"] as? Bool == false)
        #expect(rows.dropFirst().first?["parent"] as? Int == first["itemID"] as? Int)
        #expect(rows.last?["dueDate"] as? String == "2046-11-29T18:00:00Z" && rows.last?["checked"] as? Bool == true)
        #expect(rows.allSatisfy { ($0["uid"] as? String)?.isEmpty == false })

        let found = try PythonJSON.document(try cli.run(["--json", "find", "+étiquette"]).stdout)
        #expect(items(found).compactMap { $0["list"] as? String } == ["Café ☕"])
        let none = try PythonJSON.document(try cli.run(["--json", "find", "nothing here"]).stdout)
        #expect(none["command"] as? String == "find" && items(none).isEmpty)
        let upcoming = try PythonJSON.document(try cli.run(["--json", "upcoming", "done"]).stdout)
        #expect(items(upcoming).isEmpty, "upcoming lists open items only")
        let tags = try PythonJSON.document(try cli.run(["--json", "tags"]).stdout)
        #expect((tags["tags"] as? [[String: Any]])?.first?["name"] as? String == "étiquette")
        let info = try PythonJSON.document(try cli.run(["--json", "info", "#0"]).stdout)
        let item = info["item"] as? [String: Any] ?? [:]
        #expect(item["list"] as? String == "Café ☕" && item["position"] as? Int == 1 && item["itemID"] as? Int == 0)
    }

    @Test func aChangeSaysWhatItChangedDeletedAndCreated() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp + "use Café\n").status == 0)
        let added = try PythonJSON.document(try cli.run(["--json", "add", "Water", "plants", "+home"]).stdout)
        #expect(added["command"] as? String == "add")
        #expect(items(added).first?["text"] as? String == "Water plants")
        #expect(items(added).first?["tags"] as? [String] == ["home"])
        #expect((added["message"] as? String)?.hasPrefix("added 4 [ ] Water plants") == true)
        #expect(added["current"] as? String == "Café ☕")

        let checked = try PythonJSON.document(try cli.run(["--json", "check", "1-2"]).stdout)
        #expect(items(checked).compactMap { $0["position"] as? Int } == [1, 2])
        #expect(items(checked).allSatisfy { $0["checked"] as? Bool == true })

        let deleted = try PythonJSON.document(try cli.run(["--json", "delete", "1"]).stdout)
        #expect(items(deleted).isEmpty)
        let gone = deleted["deleted"] as? [[String: Any]] ?? []
        #expect(gone.compactMap { $0["text"] as? String }.last == "Buy card", "a parent goes with its sub-items")
        #expect(gone.count == 2)

        let undone = try PythonJSON.document(try cli.run(["--json", "undo"]).stdout)
        #expect(items(undone).count == 2 && (undone["deleted"] as? [Any])?.isEmpty == true)

        let renamed = try PythonJSON.document(try cli.run(["--json", "rename", "Home"]).stdout)
        #expect((renamed["lists"] as? [[String: Any]])?.first?["name"] as? String == "Home")
        #expect(renamed["droppedLists"] as? [String] == ["Café ☕"])

        let moved = try PythonJSON.document(try cli.run(["--json", "move", "3", "1"]).stdout)
        #expect(items(moved).first?["position"] as? Int == 1, "a move reports the item it moved")

        let help = try PythonJSON.document(try cli.run(["--json", "help", "tags"]).stdout)
        #expect((help["lines"] as? [String])?.first == "tags", "a command without a layout gives its lines")
    }

    @Test func exportJSONToStandardOutputIsTheExportItselfOnOneLine() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp).status == 0)
        let outcome = try cli.run(["--json", "export", "json"])
        #expect(outcome.status == 0 && outcome.stderr.isEmpty)
        #expect(outcome.stdout.hasSuffix("}\n") && outcome.stdout.filter { $0 == "\n" }.count == 1)
        let document = try PythonJSON.document(outcome.stdout)
        #expect(document["lines"] == nil)
        let lists = document["checklists"] as? [[String: Any]] ?? []
        #expect(lists.compactMap { $0["name"] as? String } == ["Café ☕", "List", "Work"])
        let plain = try #require(
            try JSONSerialization.jsonObject(with: Data(try cli.run(["export", "json"]).stdout.utf8)) as? [String: Any])
        #expect(NSDictionary(dictionary: document) == NSDictionary(dictionary: plain))
        // Redirected to a file, it is a backup that import reads.
        let file = cli.folder.appending(path: "backup.json")
        try Data(outcome.stdout.utf8).write(to: file)
        let imported = try cli.run(["import", file.path])
        #expect(imported.status == 0 && imported.stdout.hasPrefix("imported 3 checklists (3 items)"))
    }

    @Test func aFailingCommandPrintsItsErrorAndNoDocument() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch("add Milk\n").status == 0)
        for command in ["caldav", "sync"] {
            let outcome = try cli.run(["--json", command])
            #expect(outcome.status != 0, "\(command)")
            #expect(outcome.stdout.isEmpty, "\(command): \(outcome.stdout)")
            let problem = try PythonJSON.document(outcome.stderr)
            #expect(problem["line"] as? Int == 1 && problem["error"] is String, "\(command)")
        }
        let batch = try cli.batch("caldav\nshow\n", arguments: ["--json"])
        #expect(try PythonJSON.documents(batch.stdout).compactMap { $0["command"] as? String } == ["show"])
        #expect(try PythonJSON.documents(batch.stderr).compactMap { $0["line"] as? Int } == [1])
    }

    @Test func infoGivesTheItemsSubItemsAsItems() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp + "use Café\nsub 2 Ribbon\n").status == 0)
        let info = try PythonJSON.document(try cli.run(["--json", "info", "1"]).stdout)
        #expect((info["item"] as? [String: Any])?["text"] as? String == "Say \"hi\" to C:\\temp\u{01}\tnow 日本")
        let subItems = try #require(info["subItems"] as? [[String: Any]])
        #expect(subItems.compactMap { $0["text"] as? String } == ["Buy card", "Ribbon"])
        #expect(subItems.compactMap { $0["position"] as? Int } == [2, 3])
        #expect(subItems.compactMap { $0["list"] as? String } == ["Café ☕", "Café ☕"])
        #expect(subItems.last?["parent"] as? Int == subItems.first?["itemID"] as? Int)
        let leaf = try PythonJSON.document(try cli.run(["--json", "info", "3"]).stdout)
        #expect((leaf["subItems"] as? [Any])?.isEmpty == true)
    }

    @Test func batchPrintsJSONLinesAndProblemsAsJSONWithTheirLine() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch(
            "new Home\nadd Milk\n# a comment\ncheck 7\nshow\nfrobnicate\n", arguments: ["--json"])
        #expect(outcome.status == 1)
        let documents = try PythonJSON.documents(outcome.stdout)
        #expect(documents.compactMap { $0["command"] as? String } == ["new", "add", "show"])
        let problems = try PythonJSON.documents(outcome.stderr)
        #expect(problems.compactMap { $0["line"] as? Int } == [4, 6], "\(outcome.stderr)")
        #expect((problems.first?["error"] as? String)?.contains("no item 7") == true)

        let bailed = try cli.batch("check 9\nadd Eggs\n", arguments: ["--json", "--bail"])
        #expect(bailed.status == 1 && bailed.stdout.isEmpty)
    }

    @Test func oneShotErrorsAreJSONWithTheUsualExitStatus() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let missing = try cli.run(["--json", "check", "3"])
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        let problem = try PythonJSON.document(missing.stderr)
        #expect(problem["line"] as? Int == 1 && problem["error"] != nil)

        for arguments in [
            ["--file", cli.dataFile, "--json"], ["--json", "--file=" + cli.dataFile], ["--color", "never", "--json"],
        ] {
            let lists = try cli.run(arguments + ["lists"])
            #expect(try PythonJSON.document(lists.stdout)["command"] as? String == "lists", "\(arguments)")
        }
        let invalid = try cli.run(["--json", "--colour", "never", "lists"])
        #expect(invalid.status == 2)
        #expect(try PythonJSON.document(invalid.stderr)["line"] as? Int == 0)

        try Data("not an archive".utf8).write(to: URL(filePath: cli.dataFile))
        let damaged = try cli.run(["--json", "lists"])
        #expect(damaged.status == 65)
        let refused = try PythonJSON.document(damaged.stderr)
        #expect(refused["line"] as? Int == 0 && (refused["error"] as? String)?.contains("not a readable") == true)
    }

    @Test func theREPLPrintsADocumentALine() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch("new Home\nadd Milk\n").status == 0)
        let terminal = try cli.onTerminal(arguments: ["--json"])
        defer { terminal.close() }
        let start = try terminal.readUntil("Home (1)>")
        #expect(!start.contains("type help"), "no banner among the documents")
        terminal.send("show\r")
        let shown = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("Home (1)>"))
        let line = shown.split(whereSeparator: \.isNewline).first { $0.hasPrefix("{") }.map(String.init) ?? ""
        let show = try PythonJSON.document(line)
        #expect((show["items"] as? [[String: Any]])?.first?["text"] as? String == "Milk", "\(shown)")
        terminal.send("quit\r")
    }
}
