import Foundation
import Testing

/// Notes, tags, priority, start dates and sub-items end to end (SPEC §13): the built binary in its
/// three modes (one-shot, batch, the REPL on a pseudo-terminal), and `note ITEM` opening an editor.
@Suite(.serialized)
struct ItemDetailsTests {
    /// The commands of every test of the three modes, with what each prints.
    private static let session: [(command: String, output: String)] = [
        ("add Trip", "added 1 [ ] Trip  #0"),
        ("add Milk", "added 2 [ ] Milk  #1"),
        ("sub 1 Pack", "added 2 [ ] Pack  #2"),
        ("sub 2 Socks", "added 3 [ ] Socks  #3"),
        ("note 2 'Big bag\\nand a small one'", "note set: 2 [ ] Pack [note]  #2"),
        ("tag 1 4 +Travel", "tagged: 1 [ ] Trip  +Travel  #0\ntagged: 4 [ ] Milk  +Travel  #1"),
        ("untag 4 +travel", "untagged: 4 [ ] Milk  #1"),
        ("tags", "+Travel  1 open"),
        ("priority 1 high", "priority set: 1 [ ] !!! Trip  +Travel  #0"),
        ("start 3 2099-01-01", "starts: 3 [ ] Socks  starts 2099-01-01  #3"),
        ("nest 4 3", "nested: 4 [ ] Milk  #1"),
        ("unnest 4", "unnested: 4 [ ] Milk  #1"),
        (
            "show",
            """
            List  4 Remaining
            1 [ ] !!! Trip  +Travel  #0
            2   [ ] Pack [note]  #2
            3     [ ] Socks  starts 2099-01-01  #3
            4 [ ] Milk  #1
            """
        ),
        ("note 2", "Big bag\nand a small one"),
        ("info 3", "Socks"),
        ("delete 1", "deleted 1 [ ] !!! Trip  +Travel  #0 and its 2 sub-items"),
        ("undo", "undid delete \"Trip\""),
    ]

    /// What `info 3` prints after the session's commands before it.
    private static let info = [
        "Socks", "  checklist  List", "  position   3", "  state      open", "  due        none", "  reminder   off",
        "  repeat     none", "  start      2099-01-01", "  priority   none", "  tags       none",
        "  parent     2 [ ] Pack  #2", "  sub-items  none", "  note       none",
    ]

    @Test func eachCommandWorksOneShot() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        for (command, output) in Self.session {
            let words = shellWords(command)
            let outcome = try cli.run(words)
            #expect(outcome.status == 0, "\(command): \(outcome.stderr)")
            if command.hasPrefix("info") {
                #expect(Array(outcome.stdout.split(separator: "\n").map(String.init).prefix(13)) == Self.info)
            } else {
                #expect(outcome.stdout == output + "\n", "\(command)")
            }
        }
    }

    @Test func eachCommandWorksInABatch() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch(Self.session.map(\.command).joined(separator: "\n") + "\n")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let expected = Self.session.flatMap { command, output in
            command.hasPrefix("info") ? Self.info + ["  uid", "  id"] : output.split(separator: "\n").map(String.init)
        }
        let printed = outcome.stdout.split(separator: "\n").map(String.init).map { line in
            line.hasPrefix("  uid ") ? "  uid" : line.hasPrefix("  id ") ? "  id" : line
        }
        #expect(printed == expected)
    }

    @Test func errorsNameTheProblemAndChangeNothing() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Trip\nsub 1 Pack\n")
        let before = cli.bytes(cli.dataFile)
        for (arguments, message) in [
            (["note", "9", "x"], "no item 9: \"List\" has 2 items"),
            (["priority", "1", "urgent"], "\"urgent\" is not a priority"),
            (["nest", "1", "2"], "one of its own sub-items"),
            (["tag", "1", "+two words"], "a tag is one word without spaces"),
            (["start", "1", "someday"], "is not a date"),
            (["untag", "1", "+none"], "does not carry +none"),
        ] {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 1, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
        #expect(cli.bytes(cli.dataFile) == before)
    }

    @Test func showDimsAnItemThatStartsLaterOnlyWhenColourIsOn() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Later\nstart 1 2099-01-01\nadd Now\nsub 2 Under\n")
        let coloured = try cli.run(["--color", "always", "show"])
        #expect(coloured.stdout.contains("\u{1B}[2mLater\u{1B}[0m"))
        #expect(coloured.stdout.contains("\u{1B}[2m  starts 2099-01-01\u{1B}[0m"))
        let plain = try cli.run(["--color", "never", "show"])
        #expect(
            plain.stdout == "List  3 Remaining\n1 [ ] Later  starts 2099-01-01  #0\n2 [ ] Now  #1\n3   [ ] Under  #2\n")
    }

    // MARK: the REPL and the editor

    /// An editor script that writes `text` over the file it is given and exits with `status`.
    private func editor(_ cli: ChecklistsProcess, writing text: String?, status: Int = 0) throws -> String {
        let path = cli.folder.appending(path: "editor-\(UUID().uuidString).sh").path
        let write = text.map { "printf '\($0)\\n' > \"$1\"\n" } ?? ""
        let script =
            "#!/bin/sh\n# what the editor was given, for the test to read\ncp \"$1\" \"$0.seen\"\n\(write)exit \(status)\n"
        try Data(script.utf8).write(to: URL(filePath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func eachCommandWorksInTheREPLWithTagsCompletedAfterAPlus() throws {
        // (note ITEM alone, which opens an editor on a terminal, has tests of its own below.)
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // note ITEM alone opens the editor here: one that leaves the note as it is.
        let terminal = try cli.onTerminal(environment: ["VISUAL": try editor(cli, writing: nil)])
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        for (command, output) in Self.session where command != "note 2" {
            terminal.send(command + "\r")
            let screen = PseudoTerminal.removingEscapeSequences(try terminal.readUntil(")>"))
            let firstLine = output.split(separator: "\n").first.map(String.init) ?? ""
            #expect(screen.contains(firstLine), "\(command): \(screen.debugDescription)")
        }
        terminal.send("tag 4 +tr\t\r")
        let tagged = PseudoTerminal.removingEscapeSequences(try terminal.readUntil(")>"))
        #expect(tagged.contains("tagged: 4 [ ] Milk  +Travel  #1"), "\(tagged.debugDescription)")
        terminal.send("\u{4}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func noteAloneOnATerminalEditsTheNoteInVisualAndUndoTakesItBack() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Trip\nnote 1 Old note\n")
        let script = try editor(cli, writing: "New note")
        let terminal = try cli.onTerminal(environment: ["VISUAL": script, "EDITOR": "/bin/false"])
        defer { terminal.close() }
        try terminal.readUntil("List (1)>")
        terminal.send("note 1\r")
        let saved = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("List (1)>"))
        #expect(saved.contains("note set: 1 [ ] Trip [note]  #0"), "\(saved.debugDescription)")
        #expect(try String(contentsOfFile: script + ".seen", encoding: .utf8) == "Old note\n")
        terminal.send("\u{4}")
        #expect(try terminal.waitForExit() == 0)
        #expect(try cli.run(["note", "1"]).stdout == "New note\n")
        #expect(try cli.run(["undo"]).stdout == "undid note\n")
        #expect(try cli.run(["note", "1"]).stdout == "Old note\n")
    }

    @Test func aOneShotNoteOnATerminalUsesEditorWhenVisualIsUnset() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Trip\n")
        let script = try editor(cli, writing: "Line one\\nline two")
        let terminal = try cli.onTerminal(arguments: ["note", "1"], environment: ["EDITOR": script])
        defer { terminal.close() }
        #expect(try terminal.waitForExit() == 0, "\(terminal.output)")
        #expect(try cli.run(["note", "1"]).stdout == "Line one\nline two\n")
    }

    @Test func anEditorThatFailsOrChangesNothingLeavesTheNote() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Trip\nnote 1 Kept\n")
        let before = cli.bytes(cli.dataFile)
        let failing = try editor(cli, writing: "Lost", status: 1)
        let failed = try cli.onTerminal(arguments: ["note", "1"], environment: ["VISUAL": failing])
        defer { failed.close() }
        #expect(try failed.waitForExit() == 1)
        #expect(failed.output.contains("exited with status 1; the note is unchanged"))
        let untouched = try editor(cli, writing: nil)
        let unchanged = try cli.onTerminal(arguments: ["note", "1"], environment: ["VISUAL": untouched])
        defer { unchanged.close() }
        #expect(try unchanged.waitForExit() == 0)
        #expect(unchanged.output.contains("the note of #0 is unchanged"))
        #expect(cli.bytes(cli.dataFile) == before)
    }

    /// `line`'s words as a shell would split them (the tests' commands use single quotes only).
    private func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var inWord = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                inWord = true
            } else if character == " ", !quoted {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
