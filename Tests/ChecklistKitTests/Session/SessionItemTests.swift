import ChecklistKit
import Testing

struct SessionItemTests {
    /// A session whose current checklist `Groceries` holds Milk, Eggs and Bread (#0, #1, #2).
    private func groceries() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "add Milk", "add Eggs", "add Bread"])
        return fixture
    }

    private func checked(_ fixture: SessionFixture) -> [Bool] {
        fixture.session.book.current?.items.map(\.checked) ?? []
    }

    // MARK: add

    @Test func addAppendsAndPrintsThePositionAndID() throws {
        let fixture = try SessionFixture()
        #expect(fixture.run("add Buy milk") == ["added 1 [ ] Buy milk  #0"])
        #expect(fixture.run("add Eggs") == ["added 2 [ ] Eggs  #1"])
        #expect(fixture.texts == ["Buy milk", "Eggs"])
        #expect(try fixture.reloadedBook().current?.items.map(\.text) == ["Buy milk", "Eggs"])
    }

    @Test func theFirstRunAddsToTheChecklistNamedListAndSavesIt() throws {
        let fixture = try SessionFixture()
        #expect(fixture.fileBytes == nil)
        fixture.run("add First")
        let book = try fixture.reloadedBook()
        #expect(book.checklists.map(\.name) == ["List"])
        #expect(book.current?.items.first?.itemID == 0)
        #expect(book.nextItemID == 1)
    }

    @Test func addedItemsRememberWhenTheyWereCreated() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        let item = try #require(fixture.session.book.current?.items.first)
        #expect(item.archivedDate == TestTime.now)
        #expect(item.dueDate == nil)
        #expect(!item.checked && !item.shouldRemind)
    }

    @Test func itemIDsAreNeverReusedAfterADelete() throws {
        let fixture = try groceries()
        fixture.run("delete 3")
        #expect(fixture.run("add Butter") == ["added 3 [ ] Butter  #3"])
        fixture.run("delete 1-3")
        let later = try fixture.otherSession()
        #expect(later.run("add Jam").lines.map(\.text) == ["added 1 [ ] Jam  #4"])
    }

    @Test func addKeepsTheWordsOfTheText() throws {
        let fixture = try SessionFixture()
        fixture.runAll([
            "add Buy  milk", "add \"two  spaces\"", #"add 'it'\''s'"#, #"add a\ \ b"#, "add 学中文 🎉", "add #5",
        ])
        #expect(fixture.texts == ["Buy milk", "two  spaces", "it's", "a  b", "学中文 🎉", "#5"])
    }

    @Test func addTakesAnApostropheInsideAWordAsText() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Don't forget the milk", "add Mum's birthday", "add Réserver l'hôtel"])
        #expect(fixture.texts == ["Don't forget the milk", "Mum's birthday", "Réserver l'hôtel"])
    }

    @Test func addRefusesMissingTextOrAnUnfinishedQuote() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        #expect(fixture.failure("add").hasPrefix("missing TEXT; usage: add TEXT"))
        #expect(fixture.failure("add \"Eggs").hasPrefix("unterminated \" quote"))
        fixture.failure(#"add Eggs\"#)
        fixture.run("drop List")
        fixture.failure("add Eggs")
    }

    // MARK: edit

    @Test func editReplacesAnItemsText() throws {
        let fixture = try groceries()
        #expect(fixture.run("edit 2 Free-range  eggs") == ["edited 2 [ ] Free-range eggs  #1"])
        fixture.run("edit #0 \"Oat  milk\"")
        #expect(fixture.texts == ["Oat  milk", "Free-range eggs", "Bread"])
    }

    @Test func editRefusesBlankTextSeveralItemsAndUnknownItems() throws {
        let fixture = try groceries()
        #expect(fixture.failure("edit 1 \"\"") == "an item's text cannot be blank")
        #expect(fixture.failure("edit 1-2 x") == "edit changes one item; give a single position or #ID")
        #expect(fixture.failure("edit 4 x") == "no item 4: \"Groceries\" has 3 items")
        fixture.failure("edit 1")
        fixture.failure("edit x y")
    }

    // MARK: check, uncheck, toggle

    @Test func editWithoutTextAsksTheREPLToPutTheTextOnTheLine() throws {
        let fixture = try groceries()
        #expect(fixture.failure("edit 2").hasPrefix("missing TEXT (edit ITEM alone changes the text on the line"))
        fixture.session.editsInPlace = true
        let result = fixture.session.run("edit 2")
        #expect(result.error == nil && result.lines.isEmpty)
        #expect(result.editRequest?.itemID == 1 && result.editRequest?.text == "Eggs")
        #expect(fixture.failure("edit 1-2") == "edit changes one item; give a single position or #ID")
        #expect(fixture.session.run(words: ["add", "two\nlines"]).succeeded)
        #expect(fixture.failure("edit 4") == "the text of #3 has a line break; give the new text: edit ITEM TEXT")
    }

    @Test func checkUncheckAndToggleTakeSeveralItems() throws {
        let fixture = try groceries()
        #expect(fixture.run("check 1 3") == ["checked 1 [x] Milk  #0", "checked 3 [x] Bread  #2"])
        #expect(checked(fixture) == [true, false, true])
        #expect(fixture.run("uncheck 1") == ["unchecked 1 [ ] Milk  #0"])
        #expect(checked(fixture) == [false, false, true])
        fixture.run("toggle 1-3")
        #expect(checked(fixture) == [true, true, false])
        #expect(fixture.run("show").first == "Groceries  1 Remaining")
        #expect(try fixture.reloadedBook().current?.items.map(\.checked) == [true, true, false])
    }

    @Test func eachItemIsChangedOnceEvenWhenNamedTwice() throws {
        let fixture = try groceries()
        #expect(fixture.run("toggle 1 1-2 #0").count == 2)
        #expect(checked(fixture) == [true, true, false])
    }

    @Test func rangesCoverBothEnds() throws {
        let fixture = try groceries()
        #expect(fixture.run("check 2-3").count == 2)
        #expect(checked(fixture) == [false, true, true])
        #expect(fixture.failure("check 3-2") == "the range 3-2 runs backwards; write it as 2-3")
    }

    @Test func anIDReachesAnItemInAnotherChecklist() throws {
        let fixture = try groceries()
        fixture.runAll(["use List", "add Call mum"])
        #expect(fixture.run("check #1") == ["checked Groceries: 2 [x] Eggs  #1"])
        #expect(fixture.currentName == "List")
        #expect(fixture.run("show groceries")[2] == "2 [x] Eggs  #1")
        #expect(fixture.run("check 1 #2") == ["checked 1 [x] Call mum  #3", "checked Groceries: 3 [x] Bread  #2"])
    }

    @Test func anItemOutOfRangeNamesTheChecklistAndItsSize() throws {
        let fixture = try groceries()
        #expect(fixture.failure("check 9") == "no item 9: \"Groceries\" has 3 items")
        #expect(fixture.failure("check 1 9") == "no item 9: \"Groceries\" has 3 items")
        #expect(checked(fixture) == [false, false, false], "a failed command checks nothing")
        fixture.failure("check 2-4")
        fixture.failure("uncheck 0")
        #expect(fixture.failure("toggle #99") == "no item #99; show or find TEXT lists the items with their IDs")
        fixture.run("use List")
        #expect(fixture.failure("check 1") == "no item 1: \"List\" has no items")
        fixture.run("add One")
        #expect(fixture.failure("check 2") == "no item 2: \"List\" has 1 item")
    }

    // MARK: delete

    @Test func deleteRemovesSeveralItems() throws {
        let fixture = try groceries()
        #expect(fixture.run("delete 1 3") == ["deleted 1 [ ] Milk  #0", "deleted 3 [ ] Bread  #2"])
        #expect(fixture.texts == ["Eggs"])
        #expect(try fixture.reloadedBook().current?.items.map(\.text) == ["Eggs"])
    }

    @Test func deleteReachesOtherChecklistsByIDAndRefusesUnknownItems() throws {
        let fixture = try groceries()
        fixture.runAll(["use List", "add Call mum"])
        #expect(fixture.run("delete #0 1") == ["deleted Groceries: 1 [ ] Milk  #0", "deleted 1 [ ] Call mum  #3"])
        #expect(fixture.run("show Groceries") == ["Groceries  2 Remaining", "1 [ ] Eggs  #1", "2 [ ] Bread  #2"])
        fixture.failure("delete #0")
        fixture.failure("delete 1")
        fixture.failure("delete")
    }

    // MARK: move

    @Test func moveReordersWithinTheChecklist() throws {
        let fixture = try groceries()
        #expect(fixture.run("move 3 1") == ["moved 1 [ ] Bread  #2"])
        #expect(fixture.texts == ["Bread", "Milk", "Eggs"])
        fixture.run("move #2 3")
        #expect(fixture.texts == ["Milk", "Eggs", "Bread"])
        fixture.run("move 2 2")
        #expect(fixture.texts == ["Milk", "Eggs", "Bread"])
        #expect(try fixture.reloadedBook().current?.items.map(\.text) == ["Milk", "Eggs", "Bread"])
    }

    @Test func moveRefusesPositionsOutsideTheChecklist() throws {
        let fixture = try groceries()
        #expect(
            fixture.failure("move 1 4")
                == "cannot move to position 4: \"Groceries\" has 3 items; give a position from 1 to 3")
        #expect(fixture.failure("move 4 1") == "no item 4: \"Groceries\" has 3 items")
        #expect(fixture.failure("move 1-2 3") == "move takes one item; give a single position or #ID")
        fixture.failure("move 1 0")
        fixture.failure("move 1")
    }

    @Test func moveToAnotherChecklistTakesTheItemWithItsIDAndUID() throws {
        let fixture = try groceries()
        fixture.runAll(["new Garden Work", "add Rake", "use Groceries"])
        let uid = try #require(fixture.session.book.current?.items[1].uid)
        #expect(fixture.run("move 2 to garden") == ["moved Garden Work: 2 [ ] Eggs  #1"])
        #expect(fixture.texts == ["Milk", "Bread"])
        let book = try fixture.reloadedBook()
        let garden = try #require(book.checklists.first { $0.name == "Garden Work" })
        #expect(garden.items.map(\.text) == ["Rake", "Eggs"])
        #expect(garden.items.last?.itemID == 1)
        #expect(garden.items.last?.uid == uid)
        #expect(fixture.run("move #1 to Groceries 1") == ["moved Groceries: 1 [ ] Eggs  #1"])
        #expect(fixture.texts == ["Eggs", "Milk", "Bread"])
        #expect(fixture.run("move #0 to Groceries") == ["moved 3 [ ] Milk  #0"], "its own list: to the end")
        #expect(fixture.texts == ["Eggs", "Bread", "Milk"])
    }

    @Test func moveToAnotherChecklistIsOneUndoStep() throws {
        let fixture = try groceries()
        fixture.runAll(["new Work", "use Groceries"])
        fixture.run("move 1 to Work")
        fixture.run("undo")
        #expect(fixture.texts == ["Milk", "Eggs", "Bread"])
        #expect(try fixture.reloadedBook().checklists.first { $0.name == "Work" }?.items.isEmpty == true)
        fixture.run("redo")
        #expect(fixture.texts == ["Eggs", "Bread"])
        #expect(try fixture.reloadedBook().checklists.first { $0.name == "Work" }?.items.map(\.text) == ["Milk"])
    }

    @Test func moveToAnotherChecklistRefusesWhatItCannotDo() throws {
        let fixture = try groceries()
        fixture.runAll(["new Work", "add Call", "use Groceries"])
        #expect(
            fixture.failure("move 1 to Work 3") == "cannot move to position 3 of \"Work\": give a position from 1 to 2")
        #expect(fixture.failure("move 1-2 to Work") == "move takes one item; give a single position or #ID")
        #expect(fixture.failure("move 1 to Nowhere").hasPrefix("no checklist"))
        #expect(fixture.texts == ["Milk", "Eggs", "Bread"])
    }

    @Test func moveInAOneItemChecklistSaysTheOnlyPosition() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        #expect(
            fixture.failure("move 1 99") == "cannot move to position 99: \"List\" has 1 item; the only position is 1")
    }

    @Test func moveByIDWorksInAnotherChecklist() throws {
        let fixture = try groceries()
        fixture.run("use List")
        #expect(fixture.run("move #0 3") == ["moved Groceries: 3 [ ] Milk  #0"])
        #expect(fixture.session.book.checklists[0].items.map(\.text) == ["Eggs", "Bread", "Milk"])
    }

    // MARK: due

    @Test func dueAcceptsEveryDateForm() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            let forms: [(String, String)] = [
                ("2026-07-01", "2026-07-01"), ("2026-07-01 18:45", "2026-07-01 18:45"), ("today", "2026-06-15"),
                ("tomorrow", "2026-06-16"), ("+3d", "2026-06-18"), ("tomorrow 9am", "2026-06-16 09:00"),
                ("next week", "2026-06-22"), ("dec 25", "2026-12-25"), ("+2h", "2026-06-15 11:30"),
            ]
            for (form, shown) in forms {
                #expect(fixture.run("due 1 \(form)") == ["due set: 1 [ ] Milk  due \(shown)  #0"], "\(form)")
            }
            let item = try #require(fixture.session.book.current?.items.first)
            #expect(item.dueDate == TestTime.utc(2026, 6, 15, 11, 30))
            #expect(try fixture.reloadedBook().current?.items.first?.dueDate == TestTime.utc(2026, 6, 15, 11, 30))
        }
    }

    @Test func dueNoneClearsTheDate() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            fixture.run("due 2 tomorrow")
            #expect(fixture.run("due 2 none") == ["no due date: 2 [ ] Eggs  #1"])
            #expect(fixture.session.book.current?.items[1].dueDate == nil)
            #expect(fixture.session.book.current?.items[1].archivedDate == TestTime.utc(2026, 6, 16))
        }
    }

    @Test func dueRefusesWhatIsNotADate() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            fixture.run("due 1 tomorrow")
            let message = fixture.failure("due 1 someday")
            #expect(message.hasPrefix("\"someday\" is not a date. A DATE is a DAY (2026-11-25, today"))
            fixture.failure("due 1 2026-02-30")
            fixture.failure("due 1")
            fixture.failure("due 9 today")
        }
    }

    @Test func overdueItemsAreMarkedUnlessChecked() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            #expect(
                fixture.run("due 2 2026-06-15 08:00") == ["due set: 2 [ ] Eggs  due 2026-06-15 08:00 (overdue)  #1"])
            fixture.run("due 3 2026-06-14")
            fixture.run("due 1 today")
            #expect(
                fixture.run("show") == [
                    "Groceries  3 Remaining", "1 [ ] Milk  due 2026-06-15  #0",
                    "2 [ ] Eggs  due 2026-06-15 08:00 (overdue)  #1", "3 [ ] Bread  due 2026-06-14 (overdue)  #2",
                ])
            fixture.run("check 2")
            #expect(fixture.run("show")[2] == "2 [x] Eggs  due 2026-06-15 08:00  #1")
            fixture.clock.now = TestTime.utc(2026, 6, 16)
            #expect(fixture.run("show")[1] == "1 [ ] Milk  due 2026-06-15 (overdue)  #0")
        }
    }

    // MARK: remind

    @Test func remindTurnsTheReminderOnAndOff() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            fixture.run("due 1 2026-07-01 08:00")
            #expect(fixture.run("remind 1 on") == ["reminder on: 1 [ ] Milk  due 2026-07-01 08:00  remind  #0"])
            #expect(fixture.session.book.current?.items[0].shouldRemind == true)
            #expect(try fixture.reloadedBook().current?.items[0].shouldRemind == true)
            #expect(fixture.run("remind 1 off") == ["reminder off: 1 [ ] Milk  due 2026-07-01 08:00  #0"])
            #expect(fixture.session.book.current?.items[0].shouldRemind == false)
        }
    }

    @Test func aReminderWithoutADueDateComesWithANote() throws {
        let fixture = try groceries()
        #expect(
            fixture.run("remind #1 ON") == [
                "reminder on: 2 [ ] Eggs  remind  #1",
                "note: the reminder fires only once the item has a due date (due ITEM DATE)",
            ])
        fixture.failure("remind 1 yes")
        fixture.failure("remind 7 on")
    }

    // MARK: clear

    @Test func clearRemovesTheCheckedItemsOfTheCurrentChecklist() throws {
        let fixture = try groceries()
        fixture.runAll(["check 1 3", "use List", "add Done already", "check 1", "use Groceries"])
        #expect(fixture.run("clear") == ["removed 2 checked items from Groceries; undo brings them back"])
        #expect(fixture.texts == ["Eggs"])
        #expect(fixture.session.book.checklists[1].items.map(\.text) == ["Done already"], "other lists keep theirs")
        #expect(fixture.run("clear") == ["removed 0 checked items from Groceries"])
        fixture.failure("clear now")
    }

    // MARK: find

    @Test func findIgnoresCaseAndAccentsAcrossChecklists() throws {
        let fixture = try SessionFixture()
        fixture.runAll([
            "add Crème brûlée", "add Eclairs", "new Desserts", "add CRÈME caramel", "add Müsli", "add 学中文",
        ])
        #expect(fixture.run("find creme") == ["* Desserts: 1 [ ] CRÈME caramel  #2", "  List: 1 [ ] Crème brûlée  #0"])
        #expect(fixture.run("find BRULEE") == ["  List: 1 [ ] Crème brûlée  #0"])
        #expect(fixture.run("find cre\u{300}me").count == 2, "decomposed accents are ignored too")
        #expect(fixture.run("find éclair") == ["  List: 2 [ ] Eclairs  #1"])
        #expect(fixture.run("find musli") == ["* Desserts: 2 [ ] Müsli  #3"])
        #expect(fixture.run("find 中文") == ["* Desserts: 3 [ ] 学中文  #4"])
        #expect(fixture.run("find pizza") == ["no items contain \"pizza\""])
        fixture.failure("find")
    }

    // MARK: upcoming

    @Test func upcomingListsDatedItemsSoonestFirstWithOverdueMarked() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            fixture.runAll([
                "due 1 2026-07-01", "due 3 2026-06-15 08:00", "use List", "add Call mum", "due 1 2026-06-20 10:00",
                "add No date",
            ])
            #expect(
                fixture.run("upcoming") == [
                    "Groceries: 3 [ ] Bread  due 2026-06-15 08:00 (overdue)  #2",
                    "List: 1 [ ] Call mum  due 2026-06-20 10:00  #3",
                    "Groceries: 1 [ ] Milk  due 2026-07-01  #0",
                ])
            fixture.failure("upcoming soon")
        }
    }

    @Test func upcomingWithoutDatesSaysHowToSetOne() throws {
        let fixture = try groceries()
        #expect(fixture.run("upcoming") == ["no items have a due date; set one with due ITEM DATE"])
    }

    @Test func remindersThatAreDueAreListedForTheInteractiveStart() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            fixture.runAll(["due 1 2026-06-15 08:00", "remind 1 on", "due 2 2026-06-20", "remind 2 on"])
            #expect(
                fixture.session.dueReminders().map(\.text) == [
                    "reminder: Groceries: 1 [ ] Milk  due 2026-06-15 08:00 (overdue)  remind  #0"
                ])
        }
    }

    // MARK: command names and quoting

    @Test func uniqueCommandPrefixesWork() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["ad Milk", "AD Eggs", "ch 1", "tog 1", "tog 2", "mo 2 1", "ed 1 Free-range eggs", "cle"])
        #expect(fixture.texts == ["Milk"])
        #expect(fixture.run("sh") == ["List  1 Remaining", "1 [ ] Milk  #0"])
        #expect(fixture.run("LiStS").count == 1)
    }

    @Test func ambiguousAndUnknownCommandsChangeNothing() throws {
        let fixture = try groceries()
        #expect(fixture.failure("d 1") == "\"d\" could be drop, delete or due; type more letters")
        #expect(fixture.failure("c 1") == "\"c\" could be check, clear, caldav or cat; type more letters")
        fixture.failure("un 1")
        fixture.failure("r 1")
        #expect(fixture.failure("remove 1") == "unknown command \"remove\"; type help for the list of commands")
    }

    @Test func blankLinesDoNothing() throws {
        let fixture = try SessionFixture()
        let result = fixture.session.run("   ")
        #expect(result.succeeded)
        #expect(result.lines.isEmpty)
        #expect(fixture.fileBytes == nil)
    }

    @Test func quitAndExitAskToLeave() throws {
        let fixture = try SessionFixture()
        #expect(fixture.session.run("quit").quit)
        #expect(fixture.session.run("EXIT").quit)
        #expect(!fixture.session.run("lists").quit)
        #expect(fixture.session.run("quit now").error != nil)
    }

    @Test func historyShowsWhatTheProviderGives() throws {
        let fixture = try SessionFixture()
        #expect(fixture.run("history").isEmpty)
        let host = RecordingHost()
        host.historyLines = (1...10).map { "add \($0)" }
        fixture.session.host = host
        let lines = fixture.run("history")
        #expect(lines.first == " 1  add 1")
        #expect(lines.last == "10  add 10")
    }

    @Test func oneShotWordsAreNotSplitAgain() throws {
        let fixture = try SessionFixture()
        #expect(fixture.session.run(words: ["add", "two  spaces", "\"quoted\""]).succeeded)
        #expect(fixture.texts == ["two  spaces \"quoted\""])
    }
}
