import ChecklistKit
import Testing

/// Notes, tags, priority and start dates (SPEC §13): their commands and how `show` draws them.
struct SessionDetailsTests {
    /// A session whose checklist `List` holds Milk, Eggs and Bread (#0, #1, #2).
    private func groceries() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "add Eggs", "add Bread"])
        return fixture
    }

    private func item(_ fixture: SessionFixture, _ id: Int) -> ChecklistItem? {
        fixture.session.book.checklists.flatMap(\.items).first { $0.itemID == id }
    }

    // MARK: note

    @Test func noteSetsClearsAndPrintsANoteWithLineBreaks() throws {
        let fixture = try groceries()
        #expect(fixture.run(#"note 1 'Whole milk\nor oat, not \\n'"#) == ["note set: 1 [ ] Milk [note]  #0"])
        #expect(item(fixture, 0)?.note == "Whole milk\nor oat, not \\n")
        #expect(try fixture.reloadedBook().current?.items.first?.note == "Whole milk\nor oat, not \\n")
        #expect(fixture.run("note 1") == ["Whole milk", #"or oat, not \n"#])
        #expect(fixture.run("note 2").isEmpty, "no note prints nothing")
        #expect(fixture.run("note 1 none") == ["no note: 1 [ ] Milk  #0"])
        #expect(item(fixture, 0)?.note == "")
        #expect(fixture.failure("note 9 x") == "no item 9: \"List\" has 3 items")
        #expect(fixture.failure("note 1-2").contains("one item's note"))
    }

    @Test func noteAloneAsksForAnEditorWhereOneCanRun() throws {
        let fixture = try groceries()
        fixture.run("note 2 First")
        fixture.session.editsNotes = true
        let result = fixture.session.run("note 2")
        #expect(result.lines.isEmpty)
        #expect(result.noteRequest?.itemID == 1)
        #expect(result.noteRequest?.text == "First")
    }

    // MARK: tag, untag, tags

    @Test func tagsAreMatchedIgnoringCaseAndAccentsAndKeptAsFirstTyped() throws {
        let fixture = try groceries()
        #expect(fixture.run("tag 1 +Café +dairy") == ["tagged: 1 [ ] Milk  +Café +dairy  #0"])
        #expect(
            fixture.run("tag 1-2 +CAFE +Dairy +x") == [
                "tagged: 1 [ ] Milk  +Café +dairy +x  #0", "tagged: 2 [ ] Eggs  +Café +dairy +x  #1",
            ])
        #expect(item(fixture, 1)?.tags == ["Café", "dairy", "x"])
        #expect(fixture.run("untag 1 +cafe") == ["untagged: 1 [ ] Milk  +dairy +x  #0"])
        #expect(fixture.failure("untag 3 +dairy").contains("does not carry +dairy"))
        #expect(fixture.failure("untag 1 +nothing +else").contains("+nothing +else"))
    }

    @Test func aTagIsOneWordAfterAPlus() throws {
        let fixture = try groceries()
        #expect(fixture.failure("tag 1 \"+two words\"").contains("one word without spaces"))
        #expect(fixture.failure("tag 1 urgent").contains("missing +WORD"))
        #expect(fixture.failure("tag 1 urgent +a").contains("write tags as +word"))
        #expect(fixture.failure("tag 1 +").contains("a tag needs a word after +"))
        #expect(fixture.failure("tag +a").contains("missing ITEM"))
        #expect(fixture.failure("tag 7 +a") == "no item 7: \"List\" has 3 items")
    }

    @Test func tagsCountsTheOpenItemsCarryingEachTag() throws {
        let fixture = try groceries()
        #expect(fixture.run("tags") == ["no tags yet; add one with tag ITEM +WORD"])
        fixture.runAll(["tag 1-3 +shop", "tag 3 +Bakery +SHOP", "check 2", "tag 2 +old", "new Home", "add Mop"])
        fixture.run("tag #3 +Shop")
        #expect(fixture.run("tags") == ["+Bakery  1 open", "+old     0 open", "+shop    3 open"])
    }

    // MARK: priority

    // A minute is minutes more than either takes; looking each word up among all the tags took
    // about 17 s for 4,000 words and 16 s for 200,000 tags.
    @Test(.timeLimit(.minutes(1)))
    func tagAndUntagOfFourThousandWordsEachTakeThemAll() throws {
        let fixture = try groceries()
        let words = (0..<4_000).map { "+w\($0)" }.joined(separator: " ")
        fixture.run("tag 1-2 " + words + " +W0 +w1")
        #expect(item(fixture, 0)?.tags.count == 4_000)
        #expect(item(fixture, 1)?.tags.last == "w3999")
        fixture.run("untag 1 " + words)
        #expect(item(fixture, 0)?.tags == [])
        #expect(item(fixture, 1)?.tags.count == 4_000)
    }

    @Test(.timeLimit(.minutes(1)))
    func tagsListsTwoHundredThousandTags() throws {
        let fixture = try SessionFixture()
        let items = (0..<1_000).map { id in
            var item = ChecklistItem(text: "Item \(id)", itemID: id, created: 0)
            item.tags = (0..<200).map { "t\(id)-\($0)" }
            item.checked = id > 0
            return item
        }
        _ = try fixture.store.modify { book in _ = book.insert(Checklist(name: "Tagged", items: items)) }
        let lines = fixture.run("tags")
        #expect(lines.count == 200_000)
        #expect(lines.first == "+t0-0      1 open")
        #expect(lines.last == "+t999-199  0 open")
    }

    @Test func priorityTakesWordsOrRFC5545NumbersAndShowMarksThem() throws {
        let fixture = try groceries()
        #expect(fixture.run("priority 1 high") == ["priority set: 1 [ ] !!! Milk  #0"])
        #expect(item(fixture, 0)?.priority == 1)
        #expect(fixture.run("priority 2 MEDIUM") == ["priority set: 2 [ ] !! Eggs  #1"])
        #expect(fixture.run("priority 3 low") == ["priority set: 3 [ ] ! Bread  #2"])
        #expect(item(fixture, 2)?.priority == 9)
        fixture.run("priority 3 4")
        #expect(fixture.run("show").last == "3 [ ] !!! Bread  #2")
        fixture.run("priority 3 6")
        #expect(fixture.run("show").last == "3 [ ] ! Bread  #2")
        #expect(fixture.run("priority 1 none") == ["no priority: 1 [ ] Milk  #0"])
        #expect(item(fixture, 0)?.priority == nil)
        #expect(fixture.failure("priority 1 urgent").contains("not a priority"))
        #expect(fixture.failure("priority 1 0").contains("not a priority"))
        #expect(fixture.failure("priority 1 10").contains("not a priority"))
        #expect(fixture.failure("priority 1").contains("missing argument"))
    }

    // MARK: start

    @Test func startSetsADayOrTimeAndShowWritesItWhileItIsToCome() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            #expect(fixture.run("start 1 2099-01-01") == ["starts: 1 [ ] Milk  starts 2099-01-01  #0"])
            #expect(item(fixture, 0)?.start == CalendarDay("2099-01-01").map(Due.day))
            #expect(fixture.run("start 2 2026-06-14 08:00") == ["starts: 2 [ ] Eggs  #1"], "a start passed shows not")
            #expect(item(fixture, 1)?.start == .time(TestTime.utc(2026, 6, 14, 8)))
            #expect(fixture.run("start 1 none") == ["no start date: 1 [ ] Milk  #0"])
            #expect(item(fixture, 0)?.start == nil)
            #expect(fixture.failure("start 1 someday").contains("not a date"))
        }
    }

    @Test func anItemThatStartsLaterIsDimmed() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            fixture.runAll(["start 1 tomorrow", "start 2 today"])
            let lines = fixture.session.run("show").lines
            #expect(lines[1].spans.contains(OutputLine.Span("Milk", .dim)))
            #expect(lines[1].text == "1 [ ] Milk  starts 2026-06-16  #0")
            #expect(lines[2].spans.contains(OutputLine.Span("Eggs", .plain)))
            #expect(lines[2].text == "2 [ ] Eggs  #1")
        }
    }

    @Test func showDrawsEveryFieldOnOneLineAndListsWithoutThemAsBefore() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try groceries()
            let before = fixture.run("show")
            #expect(before == ["List  3 Remaining", "1 [ ] Milk  #0", "2 [ ] Eggs  #1", "3 [ ] Bread  #2"])
            fixture.runAll([
                "due 1 2099-01-05", "remind 1 on", "priority 1 5", "note 1 x", "tag 1 +shop", "start 1 2099-01-02",
                "sub 1 Oat",
            ])
            #expect(
                fixture.run("show") == [
                    "List  4 Remaining",
                    "1 [ ] !! Milk [note]  due 2099-01-05  starts 2099-01-02  remind  +shop  #0",
                    "2   [ ] Oat  #3",
                    "3 [ ] Eggs  #1",
                    "4 [ ] Bread  #2",
                ])
            let spans = fixture.session.run("show").lines[1].spans
            #expect(spans.contains(OutputLine.Span("!! ", .priority)))
            #expect(spans.contains(OutputLine.Span("  +shop", .tag)))
        }
    }
}
