import Foundation
import Testing

/// Filter words (SPEC §14) through the built program: one-shot, batch and the REPL, with Tab.
@Suite(.serialized)
struct FilterCLITests {
    private let setUp = "new Home\nadd Milk +dairy\nadd Bills !!!\ncheck 1\nnew Work\nadd Report +dairy\nuse Home\n"

    @Test func oneShotAndBatchFilterAlike() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp).status == 0)
        let open = try cli.run(["show", "open"])
        #expect(open.status == 0, "\(open.stderr)")
        #expect(open.stdout.split(separator: "\n").dropFirst().map(String.init) == ["2 [ ] !!! Bills  #1"])
        let batch = try cli.batch("find +dairy open\nupcoming !!!\n")
        #expect(batch.stdout.contains("  Work: 1 [ ] Report  +dairy  #2"), "\(batch.stdout)")
        #expect(!batch.stdout.contains("Milk"))
        #expect(batch.stdout.contains("no items pass the filter"))
        let refused = try cli.run(["upcoming", "soon"])
        #expect(refused.status != 0 && refused.stderr.contains("\"soon\" is not a filter word"))
    }

    @Test func theREPLCompletesFilterWordsAndTags() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch(setUp).status == 0)
        let terminal = try cli.onTerminal(columns: 100)
        defer { terminal.close() }
        try terminal.readUntil("Home (1)>")
        terminal.send("find +da\top\t\r")
        let found = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("Home (1)>"))
        #expect(found.contains("find +dairy open"), "\(found)")
        #expect(found.contains("Work: 1 [ ] Report"), "\(found)")
        terminal.send("quit\r")
    }
}
