import Foundation
import Testing

/// Quick add (SPEC §14) through the built program: one-shot, batch and the REPL read the same
/// words the same way, and leave quoted words as text.
@Suite(.serialized)
struct QuickAddCLITests {
    /// The line a quick add of the words below prints, in UTC, for the item `#id`.
    private static func added(_ id: Int) -> String {
        "added 1 [ ] !! Call mum  due 2046-11-25 18:00  +family  #\(id)"
    }

    @Test func oneShotReadsTheWordsTheShellSplitAndLeavesAQuotedArgumentAsText() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // Another checklist first: the one-shot add reads only the current one (LoadScope).
        #expect(try cli.batch("new Other\nadd Keep 2046-01-01\nnew Home\n").status == 0)
        let outcome = try cli.run(
            ["add", "Call", "mum", "+family", "nov", "25", "2046", "at", "6pm", "!!"], environment: ["TZ": "UTC0"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == Self.added(1) + "\n")
        let quoted = try cli.run(["add", "Read 1984 tomorrow"])
        #expect(quoted.stdout == "added 2 [ ] Read 1984 tomorrow  #2\n")
        let plain = try cli.run(["add", "Buy", "2", "eggs"])
        #expect(plain.stdout == "added 3 [ ] Buy 2 eggs  #3\n")
        let other = try cli.run(["show", "Other"], environment: ["TZ": "UTC0"])
        #expect(other.stdout.contains("1 [ ] Keep  due 2046-01-01  #0"), "\(other.stdout)")
    }

    @Test func batchReadsTheSameAndQuotesKeepWordsAsText() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let script = """
            new Home
            add Call mum +family nov 25 2046 at 6pm !!
            add "Read 1984 tomorrow"
            add Meet at 5
            add Take pill daily
            add tomorrow

            """
        let outcome = try cli.batch(script, environment: ["TZ": "UTC0"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines.dropFirst().first == Self.added(0))
        #expect(lines.dropFirst(2).first == "added 2 [ ] Read 1984 tomorrow  #1")
        #expect(lines.dropFirst(3).first == "added 3 [ ] Meet at 5  #2")
        // A rule alone is due today, whichever day the test runs.
        let pill = lines.dropFirst(4).first ?? ""
        #expect(pill.hasPrefix("added 4 [ ] Take pill  due 20") && pill.hasSuffix("  every day  #3"), "\(pill)")
        #expect(lines.dropFirst(5).first == "added 5 [ ] tomorrow  #4")
    }

    @Test func anApostropheInsideAWordIsTextInABatch() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let script = """
            new Home
            add Don't forget the milk
            add Mum's birthday
            add Réserver l'hôtel
            add Enjoy the "sun" 'a b'

            """
        let outcome = try cli.batch(script)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst()) == [
                "added 1 [ ] Don't forget the milk  #0", "added 2 [ ] Mum's birthday  #1",
                "added 3 [ ] Réserver l'hôtel  #2", "added 4 [ ] Enjoy the sun a b  #3",
            ])
    }

    @Test func theREPLReadsTheSameAndUndoTakesItAllBack() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch("new Home\n").status == 0)
        let terminal = try cli.onTerminal(environment: ["TZ": "UTC0"], columns: 100)
        defer { terminal.close() }
        try terminal.readUntil("Home (0)>")
        terminal.send("add Call mum +family nov 25 2046 at 6pm !!\r")
        let added = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("Home (1)>"))
        #expect(added.contains(Self.added(0)), "\(added)")
        terminal.send("add Café 'nov 25 2046'\r")
        let quoted = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("Home (2)>"))
        #expect(quoted.contains("added 2 [ ] Café nov 25 2046  #1"), "\(quoted)")
        terminal.send("undo\r")
        try terminal.readUntil("Home (1)>")
        terminal.send("undo\r")
        try terminal.readUntil("Home (0)>")
        terminal.send("quit\r")
        #expect(try terminal.waitForExit(timeout: 10) == 0)
        #expect(try cli.exported().allItems.isEmpty)
    }
}
