import ChecklistKit
import Testing

struct SessionListTests {
    // MARK: help

    @Test func helpListsEveryCommandWithItsUsage() throws {
        let fixture = try SessionFixture()
        let lines = fixture.run("help")
        for command in CommandName.allCases where command != .exit {
            #expect(lines.contains { $0.hasPrefix(command.usage + " ") }, "\(command)")
        }
        #expect(lines.contains { $0.hasPrefix("ITEM: ") })
        #expect(lines.contains { $0.hasPrefix("DATE: ") })
        #expect(lines.contains { $0.hasPrefix("RULE: daily, weekly, ") })
    }

    @Test func helpWithACommandShowsItsUsageAndSummary() throws {
        let fixture = try SessionFixture()
        #expect(
            fixture.run("help add") == [
                "add TEXT", "  append an item; a DATE at the end, a RULE, +tags and ! !! !!! are read (quick add)",
            ])
        #expect(
            fixture.run("help MO") == [
                "move ITEM POSITION|to LIST [POSITION]",
                "  move an item to another position in its checklist, or to another checklist (at its end or POSITION)",
                "  to LIST: the item keeps its #ID; one undo puts it back where it was.",
                "  Its sub-items go with it; a sub-item stays one (moved to another checklist alone, it is top-level there).",
            ])
        let noteHelp = fixture.run("help note")
        #expect(noteHelp.first == "note ITEM [TEXT|none]")
        #expect(noteHelp.contains { $0.contains("$VISUAL, else $EDITOR, else vi") })
        for command in ["tag", "untag", "tags", "priority", "start", "sub", "nest", "unnest", "info"] {
            #expect(fixture.run("help \(command)").count >= 2, "\(command)")
        }
        let repeatHelp = fixture.run("help repeat")
        #expect(repeatHelp.first == "repeat ITEM RULE|none")
        #expect(repeatHelp.contains("  RULE: \(RepeatPattern.forms)."))
        #expect(repeatHelp.last?.contains("uncheck takes that back") == true)
        let showHelp = fixture.run("help show")
        #expect(showHelp.contains { $0.contains("×9 done") })
        #expect(showHelp.contains { $0.contains("-+WORD (lacks it)") })
        #expect(fixture.run("help upcoming").first == "upcoming [FILTER...]")
        let dueHelp = fixture.run("help due")
        #expect(dueHelp.first?.hasPrefix("due ITEM") == true)
        #expect(dueHelp.contains { $0.contains("ISO 8601") })
        #expect(fixture.failure("help nothing").contains("unknown command \"nothing\""))
        #expect(fixture.failure("help u").contains("could be use, uncheck, untag, unnest, upcoming or undo"))
        fixture.failure("help add show")
    }

    // MARK: lists

    @Test func theFirstRunHasTheCurrentChecklistList() throws {
        let fixture = try SessionFixture()
        #expect(fixture.run("lists") == ["* 1  List  No Icon       (No Items)"])
        #expect(fixture.run("show") == ["List  (No Items)"])
        #expect(fixture.fileBytes == nil, "nothing is written before the first change")
    }

    @Test func listsShowsNumberNameIconAndStatusWithTheCurrentOneMarked() throws {
        let fixture = try SessionFixture()
        fixture.runAll([
            "new Groceries", "icon Groceries", "add Milk", "add Eggs", "check 1", "new Chores", "add Dishes",
            "check 1",
        ])
        #expect(
            fixture.run("lists") == [
                "* 1  Chores     No Icon       All Done!",
                "  2  Groceries  Groceries     1 Remaining",
                "  3  List       No Icon       (No Items)",
            ])
    }

    @Test func listsAreSortedNaturallyAndIgnoringCase() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new List 10", "new list 2", "new apples", "new Zebra", "new List 1"])
        #expect(fixture.names == ["apples", "List", "List 1", "list 2", "List 10", "Zebra"])
        let numbers = fixture.run("lists").map { String($0.prefix(4)) }
        #expect(numbers == ["  1 ", "  2 ", "* 3 ", "  4 ", "  5 ", "  6 "])
    }

    @Test func numbersAreRightAlignedWithTenOrMoreLists() throws {
        let fixture = try SessionFixture()
        for index in 2...10 { fixture.run("new L\(index)") }
        let lines = fixture.run("lists")
        #expect(lines.count == 10)
        #expect(lines[0].hasPrefix("   1  L2 "))
        #expect(lines[8].hasPrefix("*  9  L10"))
        #expect(lines[9].hasPrefix("  10  List"))
    }

    @Test func wideCharactersKeepTheColumnsAligned() throws {
        let fixture = try SessionFixture()
        fixture.run("new 中文")
        #expect(
            fixture.run("lists") == [
                "  1  List  No Icon       (No Items)",
                "* 2  中文  No Icon       (No Items)",
            ])
    }

    @Test func choosingTheCurrentChecklistOnTheFirstRunWritesNothing() throws {
        let fixture = try SessionFixture()
        fixture.run("use List")
        fixture.run("use 1")
        #expect(fixture.fileBytes == nil)
    }

    @Test func withNoChecklistsListsSaysHowToCreateOne() throws {
        let fixture = try SessionFixture()
        fixture.run("drop List")
        #expect(fixture.run("lists") == ["no checklists; create one with new NAME"])
    }

    // MARK: new

    @Test func newCreatesAChecklistAndMakesItCurrent() throws {
        let fixture = try SessionFixture()
        #expect(fixture.run("new Groceries") == ["created Groceries, now current"])
        #expect(fixture.currentName == "Groceries")
        #expect(try fixture.reloadedBook().current?.name == "Groceries", "saved with the current checklist")
        #expect(fixture.run("new \"Two  Spaces\"") == ["created Two  Spaces, now current"])
        #expect(fixture.run("new 中文 🎉") == ["created 中文 🎉, now current"])
    }

    @Test func newRefusesANameInUseIgnoringCase() throws {
        let fixture = try SessionFixture()
        fixture.run("new Groceries")
        let message = fixture.failure("new groceries")
        #expect(message == "a checklist named \"Groceries\" exists already; choose another name")
        fixture.failure("new LIST")
        fixture.failure("new")
        fixture.failure("new \"  \"")
    }

    // MARK: use

    @Test func useSelectsByNumberNameOrUniquePrefix() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "add Milk", "new Chores"])
        #expect(fixture.run("use 2") == ["now using Groceries — 1 Remaining"])
        #expect(fixture.run("use list") == ["now using List — (No Items)"])
        #expect(fixture.currentName == "List")
        fixture.run("use GRO")
        #expect(fixture.currentName == "Groceries")
        fixture.run("use ch")
        #expect(fixture.currentName == "Chores")
        #expect(try fixture.reloadedBook().current?.name == "Chores", "the choice is saved for one-shot commands")
    }

    @Test func anExactNameWinsOverAPrefix() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Li", "new Lima", "use 3"])
        fixture.run("use li")
        #expect(fixture.currentName == "Li")
        fixture.run("use lis")
        #expect(fixture.currentName == "List")
    }

    @Test func anAmbiguousPrefixNamesTheCandidates() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new List 2", "new List 10"])
        let message = fixture.failure("use \"list \"")
        #expect(message == "\"list \" could be \"List 2\" or \"List 10\"; type more of the name")
        #expect(fixture.failure("use l").contains("\"List\", \"List 2\" or \"List 10\""))
    }

    @Test func anUnknownChecklistSaysWhereToLook() throws {
        let fixture = try SessionFixture()
        #expect(fixture.failure("use Nope") == "no checklist \"Nope\"; lists shows the 1 checklist")
        #expect(fixture.failure("use 2").hasPrefix("no checklist \"2\""))
        fixture.failure("use 0")
        fixture.failure("use -1")
        fixture.failure("use -9223372036854775808")
        fixture.failure("use")
    }

    @Test func numbersAndNamesWorkWhenNoChecklistsAreLeft() throws {
        let fixture = try SessionFixture()
        fixture.run("drop 1")
        let message = fixture.failure("use 1")
        #expect(message == "no checklist \"1\"; there are no checklists yet; create one with new NAME")
        fixture.failure("show 1")
        fixture.failure("drop 1")
        fixture.failure("show")
    }

    // MARK: rename

    @Test func renameChangesTheCurrentChecklistsName() throws {
        let fixture = try SessionFixture()
        #expect(fixture.run("rename Home") == ["renamed List to Home"])
        #expect(fixture.names == ["Home"])
        #expect(try fixture.reloadedBook().checklists.map(\.name) == ["Home"])
        fixture.run("rename HOME")
        #expect(fixture.names == ["HOME"], "a change of case only is allowed")
    }

    @Test func theCurrentChecklistStaysCurrentWhenARenameReordersThem() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new B", "new C", "use List"])
        #expect(fixture.names == ["B", "C", "List"])
        fixture.run("rename A")
        #expect(fixture.names == ["A", "B", "C"])
        #expect(fixture.currentName == "A")
        #expect(fixture.run("lists").first?.hasPrefix("* 1  A") == true)
        fixture.run("rename List 10")
        fixture.run("new List 9")
        fixture.run("use List 10")
        #expect(fixture.names == ["B", "C", "List 9", "List 10"])
        #expect(fixture.currentName == "List 10")
        #expect(try fixture.reloadedBook().current?.name == "List 10")
    }

    @Test func renameRefusesANameInUseOrNoCurrentChecklist() throws {
        let fixture = try SessionFixture()
        fixture.run("new Groceries")
        #expect(fixture.failure("rename list").contains("\"List\" exists already"))
        fixture.failure("rename")
        fixture.run("drop Groceries")
        #expect(
            fixture.failure("rename X")
                == "no checklist is current; choose one with use LIST or create one with new NAME")
    }

    // MARK: icon

    @Test func iconWithoutANameListsTheIconsWithTheCurrentOneMarked() throws {
        let fixture = try SessionFixture()
        let lines = fixture.run("icon")
        #expect(lines.count == Checklist.iconNames.count)
        #expect(lines.first == "* No Icon")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
        fixture.run("icon Trips")
        #expect(fixture.run("icon").filter { $0.hasPrefix("*") } == ["* Trips"])
    }

    @Test func iconSetsTheCurrentChecklistsIconByNameOrPrefix() throws {
        let fixture = try SessionFixture()
        #expect(fixture.run("icon groceries") == ["icon of List set to Groceries"])
        #expect(fixture.run("icon bi") == ["icon of List set to Birthdays"])
        #expect(fixture.run("icon no icon") == ["icon of List set to No Icon"])
        fixture.run("icon Inbox")
        #expect(try fixture.reloadedBook().current?.iconName == "Inbox")
    }

    @Test func anUnknownIconListsTheIcons() throws {
        let fixture = try SessionFixture()
        let message = fixture.failure("icon Rocket")
        #expect(message.hasPrefix("no icon \"Rocket\"; the icons are No Icon, Appointments, Birthdays"))
        fixture.run("drop List")
        fixture.failure("icon Trips")
    }

    // MARK: drop

    @Test func dropDeletesAChecklistWithItsItems() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "add Milk", "add Eggs", "use List"])
        #expect(fixture.run("drop gro") == ["dropped Groceries and its 2 items; undo brings it back"])
        #expect(fixture.names == ["List"])
        #expect(fixture.currentName == "List")
        #expect(try fixture.reloadedBook().checklists.map(\.name) == ["List"])
        fixture.failure("drop Groceries")
        fixture.failure("drop")
    }

    @Test func droppingTheCurrentChecklistLeavesNoneCurrent() throws {
        let fixture = try SessionFixture()
        fixture.run("new Groceries")
        #expect(fixture.run("drop 1") == ["dropped Groceries and its 0 items; undo brings it back"])
        #expect(fixture.currentName == nil)
        #expect(fixture.run("lists") == ["  1  List  No Icon       (No Items)"])
        #expect(fixture.failure("add Milk").hasPrefix("no checklist is current"))
        fixture.failure("show")
        fixture.run("use 1")
        fixture.run("add Milk")
    }

    // MARK: show

    @Test func showPrintsPositionCheckMarkTextAndID() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "add Eggs", "add Crème fraîche", "check 2"])
        #expect(
            fixture.run("show") == [
                "List  2 Remaining", "1 [ ] Milk  #0", "2 [x] Eggs  #1", "3 [ ] Crème fraîche  #2",
            ])
    }

    @Test func showAlignsPositionsFromTenItems() throws {
        let fixture = try SessionFixture()
        for index in 1...10 { fixture.run("add item \(index)") }
        let lines = fixture.run("show")
        #expect(lines[1] == " 1 [ ] item 1  #0")
        #expect(lines[10] == "10 [ ] item 10  #9")
    }

    @Test func showWithAListShowsThatOneWithoutChangingTheCurrent() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "add Milk", "use List"])
        #expect(fixture.run("show groc") == ["Groceries  1 Remaining", "1 [ ] Milk  #0"])
        #expect(fixture.run("show 1") == ["Groceries  1 Remaining", "1 [ ] Milk  #0"])
        #expect(fixture.currentName == "List")
        fixture.failure("show Nope")
    }
}
