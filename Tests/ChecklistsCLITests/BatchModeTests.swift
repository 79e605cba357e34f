import Foundation
import Testing

/// Batch mode: commands read one per line from standard input that is not a terminal (SPEC §7).
struct BatchModeTests {
    @Test func aBatchPrintsWhatTheREADMESessionShows() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["new", "Groceries"]).status == 0)
        #expect(try cli.run(["add", "Buy milk"]).status == 0)
        let outcome = try cli.batch("add Eggs\nadd \"Crème  fraîche\"\ncheck 1\nshow\n")
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(
            outcome.stdout == """
                added 2 [ ] Eggs  #1
                added 3 [ ] Crème  fraîche  #2
                checked 1 [x] Buy milk  #0
                Groceries  2 Remaining
                1 [x] Buy milk  #0
                2 [ ] Eggs  #1
                3 [ ] Crème  fraîche  #2

                """)
        let lists = try cli.run(["lists"])
        #expect(
            lists.stdout == """
                * 1  Groceries  No Icon       2 Remaining
                  2  List       No Icon       (No Items)

                """)
    }

    @Test func failingLinesAreReportedByNumberAndTheBatchGoesOn() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("add one\n\n# a comment\nbogus\ncheck 7\nadd two\nshow\n")
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr == """
                line 4: unknown command "bogus"; type help for the list of commands
                line 5: no item 7: "List" has 1 item

                """)
        #expect(outcome.stdout.hasSuffix("1 [ ] one  #0\n2 [ ] two  #1\n"))
    }

    @Test func bailStopsAtTheFirstFailure() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("add one\nbogus\nadd two\n", arguments: ["--bail"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "line 2: unknown command \"bogus\"; type help for the list of commands\n")
        #expect(try cli.exported().allItems.map(\.text) == ["one"])
    }

    @Test func quitEndsTheBatchWithoutAnError() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("add one\nquit\nadd two\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "added 1 [ ] one  #0\n")
        #expect(try cli.exported().allItems.map(\.text) == ["one"])
    }

    @Test func aBatchHasNoPromptOrBannerAndIgnoresBlankAndCommentLines() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("\n   \n# add hidden\n\t# indented comment\nadd shown\n")
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "added 1 [ ] shown  #0\n")
        #expect(outcome.stderr.isEmpty)
        let empty = try cli.batch("")
        #expect(empty.status == 0)
        #expect(empty.stdout.isEmpty)
    }

    @Test func crlfLinesAByteOrderMarkAndAMissingFinalNewlineAreAccepted() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run([], stdin: [0xEF, 0xBB, 0xBF] + Array("add one\r\nadd two\r\nadd three".utf8))
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(try cli.exported().allItems.map(\.text) == ["one", "two", "three"])
    }

    @Test func quotesAndBackslashesGroupWords() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let script = #"""
            add Buy  milk
            add "two  spaces"
            add 'single "quoted"'
            add back\ slash\\
            add "unterminated
            """#
        let outcome = try cli.batch(script + "\n")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("line 5: "))
        let texts = try cli.exported().allItems.map(\.text)
        #expect(texts == ["Buy milk", "two  spaces", "single \"quoted\"", #"back slash\"#])
    }

    @Test func everyChangeOfABatchIsSavedAsItHappens() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // The last line fails after the changes before it: they stay saved.
        let outcome = try cli.batch("new Trips\nadd Passport\nadd Tickets\ncheck 2\ndrop Nowhere\n")
        #expect(outcome.status == 1)
        let trips = try #require(try cli.exported().list("Trips"))
        #expect(trips.items.map(\.text) == ["Passport", "Tickets"])
        #expect(trips.items.map(\.checked) == [false, true])
    }

    @Test func undoAndRedoWorkWithinOneBatch() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("add one\nadd two\nundo\nundo\nredo\nundo\nundo\n")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "line 7: nothing to undo\n")
        #expect(try cli.exported().allItems.isEmpty)
        let again = try cli.batch("add three\nundo\nredo\n")
        #expect(again.status == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["three"])
    }
}
