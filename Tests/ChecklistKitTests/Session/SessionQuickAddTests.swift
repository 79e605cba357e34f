import ChecklistKit
import Testing

/// `add` with quick add (SPEC §14): what it reads goes on the item in one change, and its line
/// says what was read. In UTC at Monday 2026-06-15 09:30.
struct SessionQuickAddTests {
    /// A session whose current checklist is an empty `Home`.
    private func home() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.run("new Home")
        return fixture
    }

    @Test func addSetsWhatItReadAndItsLineShowsIt() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try home()
            #expect(
                fixture.run("add Call mum sunday 6pm +family !!") == [
                    "added 1 [ ] !! Call mum  due 2026-06-21 18:00  +family  #0"
                ])
            let item = try #require(try fixture.reloadedBook().current?.items.first)
            #expect(item.text == "Call mum")
            #expect(item.due == .time(TestTime.utc(2026, 6, 21, 18)))
            #expect(item.tags == ["family"])
            #expect(item.priority == 5)
            #expect(item.repeatRule == nil)
        }
    }

    @Test func aPlainAddPrintsWhatItAlwaysPrinted() throws {
        let fixture = try home()
        #expect(fixture.run("add Buy  milk") == ["added 1 [ ] Buy milk  #0"])
        #expect(fixture.run("add Read 1984") == ["added 2 [ ] Read 1984  #1"])
        #expect(fixture.run("add tomorrow") == ["added 3 [ ] tomorrow  #2"])
        #expect(fixture.run("add \"Read 1984 tomorrow\"") == ["added 4 [ ] Read 1984 tomorrow  #3"])
        #expect(fixture.session.book.current?.items.allSatisfy { $0.due == nil && $0.tags.isEmpty } == true)
    }

    @Test func aRuleWithoutADateIsDueTodayAsRepeatMakesIt() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try home()
            #expect(fixture.run("add Take pill daily") == ["added 1 [ ] Take pill  due 2026-06-15  every day  #0"])
            // A rule's weekdays move the due date to the first of them (SPEC §12), time and all.
            #expect(
                fixture.run("add Call mum every sunday 6pm") == [
                    "added 2 [ ] Call mum  due 2026-06-21 18:00  every Sunday  #1"
                ])
            let rules = fixture.session.book.current?.items.map { $0.repeatRule?.rrule }
            #expect(rules == ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=SU"])
        }
    }

    @Test func undoTakesBackTheWholeQuickAddInOneStep() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try home()
            fixture.run("add Keep")
            fixture.run("add Pay rent eom monthly +bills !!!")
            #expect(fixture.texts == ["Keep", "Pay rent"])
            fixture.run("undo")
            #expect(fixture.texts == ["Keep"])
            #expect(try fixture.reloadedBook().current?.items.map(\.text) == ["Keep"])
            fixture.run("redo")
            let item = try #require(fixture.session.book.current?.items.last)
            #expect(item.text == "Pay rent")
            #expect(item.due?.text == "2026-06-30")
            #expect(item.repeatRule?.rrule == "FREQ=MONTHLY")
            #expect(item.tags == ["bills"])
            #expect(item.priority == 1)
        }
    }

    @Test func subReadsItsTextAsAddDoes() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try home()
            fixture.run("add Trip")
            #expect(
                fixture.run("sub 1 Book tickets by fri +travel !") == [
                    "added 2 [ ] ! Book tickets  due 2026-06-19  +travel  #1"
                ])
            #expect(fixture.run("sub 1 \"Pack for fri\"") == ["added 3 [ ] Pack for fri  #2"])
            fixture.run("undo")
            fixture.run("undo")
            #expect(fixture.texts == ["Trip"])
        }
    }

    @Test func editDoesNotReadItsText() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try home()
            fixture.run("add Plain")
            #expect(
                fixture.run("edit 1 Call mum sunday 6pm +family !!") == [
                    "edited 1 [ ] Call mum sunday 6pm +family !!  #0"
                ])
            let item = try #require(fixture.session.book.current?.items.first)
            #expect(item.due == nil)
            #expect(item.tags.isEmpty)
            #expect(item.priority == nil)
        }
    }

    @Test func aDateThatDoesNotExistHereIsRefusedWithTheWayOut() throws {
        try LocalZone.with(LocalZone.berlin) {
            let fixture = try home()
            // Berlin's clocks skip from 02:00 to 03:00 on 2027-03-28.
            let message = fixture.failure("add Call 2027-03-28 02:30")
            #expect(message.contains("\"2027-03-28 02:30\" does not exist in the local time zone"))
            #expect(message.hasSuffix("to add the words as text, quote them"))
            #expect(fixture.run("add \"Call 2027-03-28 02:30\"") == ["added 1 [ ] Call 2027-03-28 02:30  #0"])
        }
    }
}
