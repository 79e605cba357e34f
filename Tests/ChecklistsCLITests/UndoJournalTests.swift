import Foundation
import Testing

/// Undo that outlives the command (SPEC §6): the journal under `$XDG_STATE_HOME/checklists/undo/`.
struct UndoJournalTests {
    @discardableResult
    private func must(_ cli: ChecklistsProcess, _ arguments: [String]) throws -> String {
        let outcome = try cli.run(arguments)
        try #require(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome.stdout
    }

    private func texts(_ cli: ChecklistsProcess) throws -> [String] {
        try cli.exported().allItems.map(\.text)
    }

    /// The journal files of the fixture's state folder.
    private func journals(_ cli: ChecklistsProcess) throws -> [String] {
        let folder = cli.folder.appending(path: "xdg-state/checklists/undo").path
        return try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 }
    }

    @Test func aOneShotChangeIsUndoneAndRedoneByLaterOneShotCommands() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch((1...7).map { "add item \($0)" }.joined(separator: "\n"))
        try must(cli, ["delete", "1-5"])
        #expect(try texts(cli) == ["item 6", "item 7"])
        #expect(try must(cli, ["undo"]) == "undid delete \"item 1\", \"item 2\" and 3 more\n")
        #expect(try texts(cli) == (1...7).map { "item \($0)" })
        #expect(try must(cli, ["redo"]).hasPrefix("redid"))
        #expect(try texts(cli) == ["item 6", "item 7"])
        let journal = try #require(try journals(cli).first)
        let mode = try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func commandsThatDeleteTakeThreeLettersAndSayUndoBringsBackWhatTheyTook() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("new Groceries\nadd Milk\nadd Eggs\ncheck 1\nnew Trips\n")
        for (arguments, full) in [(["dr", "Groc"], "drop"), (["cl"], "clear"), (["de", "1"], "delete")] {
            let refused = try cli.run(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr.contains("too short for \(full)"), "\(arguments): \(refused.stderr)")
        }
        #expect(try cli.exported().list("Groceries")?.items.count == 2, "nothing was deleted")
        #expect(try must(cli, ["dro", "Groc"]) == "dropped Groceries and its 2 items; undo brings it back\n")
        #expect(try must(cli, ["undo"]) == "undid drop \"Groceries\"\n")
        #expect(try must(cli, ["redo"]) == "redid drop \"Groceries\"\n")
        try must(cli, ["undo"])
        try must(cli, ["use", "Groceries"])
        #expect(try must(cli, ["cle"]) == "removed 1 checked item from Groceries; undo brings it back\n")
        #expect(try must(cli, ["undo"]) == "undid clear\n")
        #expect(try texts(cli) == ["Milk", "Eggs"])
    }

    @Test func undoWithNoJournalYetSaysOnlyThatThereIsNothingToUndo() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["undo"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "checklists: nothing to undo\n")
    }

    @Test func aBatchRunIsUndoneStepByStepByOneShotCommands() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch("add a\nadd b\n").status == 0)
        #expect(try must(cli, ["undo"]) == "undid add \"b\"\n")
        #expect(try must(cli, ["undo"]) == "undid add \"a\"\n")
        let nothing = try cli.run(["undo"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("nothing to undo"))
    }

    @Test func aNewChangeClearsWhatCouldBeRedone() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try must(cli, ["add", "a"])
        try must(cli, ["undo"])
        try must(cli, ["add", "b"])
        let redo = try cli.run(["redo"])
        #expect(redo.status == 1)
        #expect(redo.stderr.contains("nothing to redo"))
    }

    @Test func undoRefusesWhenAChangeTheJournalDoesNotHoldTouchedTheChecklist() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try must(cli, ["add", "Mine"])
        // Another machine's or tool's change: a process keeping its journal elsewhere.
        let elsewhere = try cli.run(
            ["edit", "1", "Changed"], environment: ["XDG_STATE_HOME": cli.folder.appending(path: "other").path])
        #expect(elsewhere.status == 0)
        let refused = try cli.run(["undo"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("cannot undo add \"Mine\""))
        #expect(try texts(cli) == ["Changed"])
    }

    @Test func aTornJournalIsIgnoredWithAWarningAndANewOneStarts() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // Two checklists: a one-shot undo looks into the journal for the checklists to read
        // besides the current one, and that look must leave the damage for the undo to report.
        try must(cli, ["new", "Other"])
        try must(cli, ["new", "Mine"])
        try must(cli, ["add", "a"])
        let journal = try #require(try journals(cli).first)
        let bytes = try Data(contentsOf: URL(filePath: journal))
        try bytes.dropLast(7).write(to: URL(filePath: journal))
        let torn = try cli.run(["undo"])
        #expect(torn.status == 1)
        #expect(torn.stderr.contains("damaged"))
        #expect(try texts(cli) == ["a"])
        try must(cli, ["add", "b"])
        #expect(try must(cli, ["undo"]) == "undid add \"b\"\n")
    }

    @Test func aForeignFileInPlaceOfTheJournalIsNeverTrusted() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try must(cli, ["add", "a"])
        let journal = try #require(try journals(cli).first)
        try Data("checklists undo journal 1\nc\u{0}\u{0}\u{0}\u{0}garbage-garbage".utf8).write(
            to: URL(filePath: journal))
        let foreign = try cli.run(["undo"])
        #expect(foreign.status == 1)
        #expect(foreign.stderr.contains("damaged"))
        #expect(try texts(cli) == ["a"])
    }

    @Test func fourOneShotWritersEachUndoingItsOwnChangesAreNeverRefused() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try must(cli, ["add", "seed"])
        let gate = cli.folder.appending(path: "go").path
        // Each add is undone by the same writer's next command: whichever change is the most recent
        // when that undo gets the lock, the journal holds it, so no undo may be refused.
        let loop = """
            while [ ! -e "$1" ]; do sleep 0.01; done
            i=0
            while [ $i -lt 12 ]; do
                "$CHECKLISTS" add "w$2-$i" > /dev/null || exit 1
                "$CHECKLISTS" undo > /dev/null || exit 2
                i=$((i + 1))
            done
            """
        let writers = try (0..<4).map { try cli.startShell(loop, arguments: [gate, "\($0)"]) }
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        for writer in writers {
            let outcome = try writer.wait()
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("cannot undo"))
        }
        #expect(try texts(cli) == ["seed"])
    }

    @Test func aJournalThatCannotBeWrittenIsReportedOnceAndTheChangesStillHappen() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // A file where the undo folder goes: no journal can be written there (as root, which the
        // tests may run as, permission bits would not stop it).
        let state = cli.folder.appending(path: "xdg-state/checklists").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: state + "/undo", contents: Data("not a folder".utf8))
        let batch = try cli.batch("add a\nadd b\ncheck 1\n")
        #expect(batch.status == 0)
        let warnings = batch.stderr.split(separator: "\n").filter { $0.contains("undo is unavailable") }
        #expect(warnings.count == 1, "\(batch.stderr)")
        #expect(
            warnings.first?.hasPrefix("checklists: warning: undo is unavailable: cannot write \(state)/undo/") == true)
        #expect(warnings.first?.hasSuffix(": Not a directory") == true)
        let oneShot = try cli.run(["add", "c"])
        #expect(oneShot.status == 0)
        #expect(oneShot.stderr.split(separator: "\n").filter { $0.contains("undo is unavailable") }.count == 1)
        #expect(try texts(cli) == ["a", "b", "c"])
    }

    @Test func aChangeMadeThroughOneNameOfTheDataFileIsUndoneThroughAnother() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try must(cli, ["add", "seed"])
        try FileManager.default.createSymbolicLink(
            atPath: cli.folder.appending(path: "link.plist").path, withDestinationPath: "data/Checklists.plist")
        let relative = try cli.shell(
            "cd \"$1\" && exec \"$CHECKLISTS\" --file data/Checklists.plist add relative", arguments: [cli.folder.path])
        #expect(relative.status == 0, "\(relative.stderr)")
        #expect(try must(cli, ["undo"]) == "undid add \"relative\"\n")
        let linked = try cli.shell(
            "cd \"$1\" && exec \"$CHECKLISTS\" --file link.plist undo", arguments: [cli.folder.path])
        #expect(linked.stdout == "undid add \"seed\"\n", "\(linked.stderr)")
        #expect(try texts(cli).isEmpty)
    }
}
