import ChecklistKit
import Testing

/// What each family of commands reads of the data file (`Command.reach`).
struct CommandReachTests {
    private func reach(_ line: String) throws -> CommandReach {
        try #require(try Command.parse(CommandWords.split(line))).reach
    }

    @Test func commandsOfEveryChecklistReadTheWholeBook() throws {
        for line in [
            "lists", "find x", "upcoming", "export json", "import f.json", "inspect f", "history", "sync", "caldav",
            "tags", "help",
            "watch --once", "edit 1", "mcp --read-only",
        ] {
            #expect(try reach(line) == .wholeBook, "\(line)")
            #expect(try reach(line).scope == .everything, "\(line)")
        }
    }

    @Test func commandsOfTheCurrentChecklistReadItsItemsAlone() throws {
        for line in ["add x", "clear", "show", "show done", "rename X", "icon Folder"] {
            #expect(try reach(line) == CommandReach(readsCurrentItems: true), "\(line)")
            #expect(try reach(line).scope == .currentChecklist, "\(line)")
        }
    }

    @Test func commandsOfTheListOfChecklistsReadNoItems() throws {
        for line in ["new Other", "icon"] {
            #expect(try reach(line) == CommandReach(), "\(line)")
        }
    }

    @Test func commandsNamingAChecklistNameItAsWritten() throws {
        #expect(try reach("use Oth") == CommandReach(namedLists: ["Oth"]))
        #expect(try reach("drop 2") == CommandReach(namedLists: ["2"]))
        #expect(try reach("show Other List") == CommandReach(namedLists: ["Other List"]))
    }

    @Test func undoAndRedoReadTheChecklistsOfTheirJournalEntry() throws {
        #expect(try reach("undo") == CommandReach(journalEntry: .nextUndo))
        #expect(try reach("redo") == CommandReach(journalEntry: .nextRedo))
    }

    @Test func itemCommandsReadTheCurrentChecklistForPositionsAndNameTheirIDs() throws {
        let positional = [
            "check 1", "toggle 1-3", "uncheck 2", "delete 2", "edit 1 y", "move 1 2", "due 1 none", "remind 1 on",
            "repeat 1 daily", "note 1 x", "priority 1 high", "start 1 today", "sub 1 x",
            "nest 2 1", "unnest 2", "info 1",
        ]
        for line in positional {
            #expect(try reach(line) == CommandReach(readsCurrentItems: true), "\(line)")
        }
        let byID: [(String, [Int])] = [
            ("check #3", [3]), ("delete #1 #2", [1, 2]), ("edit #2 y", [2]), ("remind #4 on", [4]),
            ("note #2 x", [2]), ("sub #2 x", [2]), ("nest #2 #3", [2, 3]), ("info #2", [2]),
            ("due #7 tomorrow", [7]), ("unnest #5", [5]),
        ]
        for (line, ids) in byID {
            #expect(try reach(line) == CommandReach(namedItemIDs: ids), "\(line)")
        }
        // A position and an #ID: both.
        #expect(try reach("check #3 1") == CommandReach(readsCurrentItems: true, namedItemIDs: [3]))
        #expect(try reach("nest #2 1") == CommandReach(readsCurrentItems: true, namedItemIDs: [2]))
    }

    /// A tag in use in any checklist keeps its first spelling: `tag` and `untag` read them all.
    @Test func tagAndUntagReadEveryChecklist() throws {
        for line in ["tag 1 +a", "untag 2 +a", "untag #2 +a", "tag 1 #2 +a"] {
            #expect(try reach(line) == .wholeBook, "\(line)")
        }
    }

    @Test func moveToAChecklistNamesItAndTheItem() throws {
        #expect(try reach("move 1 to Other") == CommandReach(readsCurrentItems: true, namedLists: ["Other"]))
        #expect(try reach("move #70 to 2 1") == CommandReach(namedLists: ["2"], namedItemIDs: [70]))
    }
}
