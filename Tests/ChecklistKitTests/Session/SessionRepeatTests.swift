import ChecklistKit
import TestSupport
import Testing

/// `repeat ITEM RULE` and checking an item that repeats (SPEC §12), in UTC at Monday 2026-06-15 09:30.
struct SessionRepeatTests {
    /// A session whose current checklist `Chores` holds Water plants, Pills and Rent (#0, #1, #2).
    private func chores() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.runAll(["new Chores", "add Water plants", "add Pills", "add Rent"])
        return fixture
    }

    private func items(_ fixture: SessionFixture) -> [ChecklistItem] {
        fixture.session.book.current?.items ?? []
    }

    @Test func repeatSetsTheRuleAndShowMarksItInWords() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.run("due 1 2026-06-18 18:00")
            #expect(
                fixture.run("repeat 1 every 2 weeks on thu") == [
                    "repeats: 1 [ ] Water plants  due 2026-06-18 18:00  every 2 weeks on Thursday  #0"
                ])
            #expect(fixture.run("show")[1] == "1 [ ] Water plants  due 2026-06-18 18:00  every 2 weeks on Thursday  #0")
            #expect(
                fixture.run("upcoming") == [
                    "Chores: 1 [ ] Water plants  due 2026-06-18 18:00  every 2 weeks on Thursday  #0"
                ])
            #expect(
                try fixture.reloadedBook().current?.items.first?.repeatRule?.rrule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TH")
        }
    }

    /// SPEC §12 (amended): the words people say, a time after them, and the nearest known
    /// phrase for one that is not.
    @Test func repeatTakesTheWordsPeopleSayAndATime() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            #expect(
                fixture.run("repeat 1 every 2nd tuesday at 7pm") == [
                    "repeats: 1 [ ] Water plants  due 2026-07-14 19:00  every 2nd Tuesday  #0"
                ])
            #expect(
                fixture.run("repeat 2 Every 1st And 15th") == [
                    "repeats: 2 [ ] Pills  due 2026-06-15  every month on the 1st and 15th  #1"
                ])
            #expect(
                fixture.run("repeat 3 FREQ=MONTHLY;BYDAY=-2WE") == [
                    "repeats: 3 [ ] Rent  due 2026-06-17  RRULE:FREQ=MONTHLY;BYDAY=-2WE  #2"
                ])
            #expect(
                fixture.failure("repeat 1 every 2nd tusday")
                    == "\"every 2nd tusday\" is not a repeat rule; did you mean \"every 2nd tuesday\"?;"
                    + " usage: repeat ITEM RULE|none (help repeat for more)")
            #expect(items(fixture)[0].repeatRule?.rrule == "FREQ=MONTHLY;BYDAY=2TU")
        }
    }

    /// SPEC §12 (amended): `after done` counts from the day of the check (Monday 2026-06-15),
    /// the next one carries it, and undo takes the check back.
    @Test func afterDoneCountsTheNextOneFromTheDayOfTheCheck() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.run("due 1 2026-06-01")
            #expect(
                fixture.run("repeat 1 every 3 days after done") == [
                    "repeats: 1 [ ] Water plants  due 2026-06-01 (overdue)  every 3 days after done  #0"
                ])
            #expect(
                fixture.run("check 1") == [
                    "checked 1 [x] Water plants  due 2026-06-01  #0",
                    "next: 2 [ ] Water plants  due 2026-06-18  every 3 days after done  #3",
                ])
            #expect(
                try fixture.reloadedBook().current?.items[1].repeatRule?.rrule
                    == "FREQ=DAILY;INTERVAL=3;FROM=COMPLETION")
            fixture.run("undo")
            #expect(items(fixture).count == 3)
            #expect(items(fixture)[0].repeatRule == RepeatRule(words: "every 3 days after done"))
        }
    }

    @Test func anItemWithoutADueDateGetsTodayWhenARuleIsSet() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            #expect(
                fixture.run("repeat 2-3 weekdays") == [
                    "repeats: 2 [ ] Pills  due 2026-06-15  every weekday  #1",
                    "repeats: 3 [ ] Rent  due 2026-06-15  every weekday  #2",
                ])
            #expect(items(fixture).map(\.dueDate) == [nil, TestTime.utc(2026, 6, 15), TestTime.utc(2026, 6, 15)])
        }
    }

    @Test func repeatNoneClearsTheRuleAndKeepsTheDueDate() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.run("repeat #1 daily")
            #expect(fixture.run("repeat #1 none") == ["no repeat: 2 [ ] Pills  due 2026-06-15  #1"])
            #expect(items(fixture)[1].repeatRule == nil)
            #expect(items(fixture)[1].dueDate == TestTime.utc(2026, 6, 15))
            #expect(fixture.failure("repeat 1 sometimes").contains("is not a repeat rule; RULE is daily, weekly"))
            #expect(fixture.failure("repeat 9 daily") == "no item 9: \"Chores\" has 3 items")
        }
    }

    @Test func checkingARepeatingItemCompletesItAndAddsTheNextOneRightAfter() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["due 1 2026-06-15 08:00", "remind 1 on", "repeat 1 daily"])
            #expect(
                fixture.run("check 1") == [
                    "checked 1 [x] Water plants  due 2026-06-15 08:00  remind  #0",
                    "next: 2 [ ] Water plants  due 2026-06-16 08:00  every day  remind  #3",
                ])
            let list = items(fixture)
            #expect(list.map(\.text) == ["Water plants", "Water plants", "Pills", "Rent"])
            #expect(list[0].checked && list[0].repeatRule == nil)
            #expect(!list[1].checked && list[1].repeatRule == RepeatRule(words: "daily") && list[1].shouldRemind)
            #expect(list[1].dueDate == TestTime.utc(2026, 6, 16, 8))
            #expect(try fixture.reloadedBook().current?.items == list)
            #expect(try fixture.reloadedBook().nextItemID == 4)
        }
    }

    @Test func theNextOccurrencesReminderIsArmedAndFiresAtItsTime() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["due 1 2026-06-15 08:00", "remind 1 on", "repeat 1 daily"])
            let fired = FiredReminders([
                FiredReminders.Key(itemID: 0, due: TestTime.utc(2026, 6, 15, 8), text: "Water plants")
            ])
            fixture.run("check 1")
            let book = fixture.session.book
            #expect(ReminderSchedule.reminders(in: book).map(\.itemID) == [3])
            #expect(
                ReminderSchedule.nextFireTime(in: book, after: TestTime.now, fired: fired)
                    == TestTime.utc(2026, 6, 16, 8))
            #expect(ReminderSchedule.due(in: book, at: TestTime.utc(2026, 6, 16, 8), fired: fired).map(\.itemID) == [3])
        }
    }

    @Test func checkingAnItemThatDoesNotRepeatIsUnchanged() throws {
        let fixture = try chores()
        #expect(fixture.run("check 2") == ["checked 2 [x] Pills  #1"])
        #expect(items(fixture).count == 3)
    }

    @Test func undoTakesTheCheckAndTheNextOccurrenceBackAndRedoBringsBoth() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.run("repeat 3 monthly")
            let before = fixture.session.book.checklists
            fixture.run("check 3")
            let after = fixture.session.book.checklists
            #expect(items(fixture).count == 4)
            #expect(fixture.run("undo") == ["undid checked"])
            #expect(fixture.session.book.checklists == before)
            #expect(try fixture.reloadedBook().checklists == before)
            #expect(fixture.run("redo") == ["redid checked"])
            #expect(fixture.session.book.checklists == after)
            #expect(fixture.run("undo") == ["undid checked"])
            #expect(fixture.run("undo") == ["undid repeat"])
            #expect(items(fixture).allSatisfy { $0.repeatRule == nil })
        }
    }

    @Test func aRangeAndToggleCompleteEachRepeatingItemInTurn() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["repeat 1 daily", "repeat 3 weekly", "due 3 2026-06-01"])
            #expect(
                fixture.run("toggle 1-3") == [
                    "toggled 1 [x] Water plants  due 2026-06-15  #0",
                    "next: 2 [ ] Water plants  due 2026-06-16  every day  #3",
                    "toggled 3 [x] Pills  #1",
                    "toggled 4 [x] Rent  due 2026-06-01  #2",
                    "next: 5 [ ] Rent  due 2026-06-15  every week  #4",
                ])
            #expect(items(fixture).map(\.checked) == [true, false, true, true, false])
            // Toggling a completed one back takes its next one back (SPEC §12: one open occurrence).
            fixture.run("toggle 1")
            #expect(items(fixture).count == 4)
            #expect(items(fixture)[0].repeatRule == RepeatRule(words: "daily"))
            // Checking an item that is checked already completes nothing.
            fixture.run("check #4")
            fixture.run("check #4")
            #expect(items(fixture).count == 5)
        }
    }

    @Test func theSameItemNamedTwiceIsCompletedOnce() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.run("repeat 2 daily")
            #expect(fixture.run("check 2 #1 1-2").count == 3)
            #expect(items(fixture).map(\.text) == ["Water plants", "Pills", "Pills", "Rent"])
        }
    }

    @Test func anItemInAnotherChecklistIsCompletedThere() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["repeat 1 yearly", "new Other"])
            #expect(
                fixture.run("check #0") == [
                    "checked Chores: 1 [x] Water plants  due 2026-06-15  #0",
                    "next: Chores: 2 [ ] Water plants  due 2027-06-15  every year  #3",
                ])
            #expect(fixture.session.book.current?.name == "Other")
        }
    }

    @Test func aRuleTheProgramCannotWorkOutLeavesTheItemCheckedWithItsRule() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            let rule = RepeatRule(rrule: "FREQ=FORTNIGHTLY")
            _ = try fixture.store.modify { book in book.update(at: 0) { $0.items[0].repeatRule = rule } }
            #expect(fixture.run("show")[1] == "1 [ ] Water plants  RRULE:FREQ=FORTNIGHTLY  #0")
            #expect(
                fixture.run("check 1") == [
                    "checked 1 [x] Water plants  RRULE:FREQ=FORTNIGHTLY  #0",
                    "note: \"Water plants\" repeats RRULE:FREQ=FORTNIGHTLY, which checklists cannot work out;"
                        + " it is checked and keeps its rule, and no next one was added",
                ])
            #expect(items(fixture).count == 3)
            #expect(items(fixture)[0].checked && items(fixture)[0].repeatRule == rule)
        }
    }

    /// Issue #36 finding 4: a phone's rule the words cannot say is followed as RFC 5545 computes it.
    @Test func aRuleTheWordsCannotSayStillGivesTheNextOccurrence() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.run("due 1 2026-06-09")
            // The second-to-last Tuesday of the month.
            let rule = RepeatRule(rrule: "FREQ=MONTHLY;BYDAY=-2TU")
            _ = try fixture.store.modify { book in book.update(at: 0) { $0.items[0].repeatRule = rule } }
            #expect(
                fixture.run("check 1") == [
                    "checked 1 [x] Water plants  due 2026-06-09  #0",
                    "next: 2 [ ] Water plants  due 2026-06-23  RRULE:FREQ=MONTHLY;BYDAY=-2TU  #3",
                ])
        }
    }

    /// Issue #36 finding 4: a COUNT counts down with each occurrence, and the last one only checks.
    @Test func aSeriesWithACountEndsWhenItIsUsedUp() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.run("due 1 2026-06-15")
            let rule = RepeatRule(rrule: "FREQ=DAILY;COUNT=2")
            _ = try fixture.store.modify { book in book.update(at: 0) { $0.items[0].repeatRule = rule } }
            fixture.run("check 1")
            #expect(items(fixture)[1].repeatRule?.rrule == "FREQ=DAILY;COUNT=1")
            #expect(items(fixture)[1].due == CalendarDay(year: 2026, month: 6, day: 16).map(Due.day))
            #expect(
                fixture.run("check 2") == [
                    "checked 2 [x] Water plants  due 2026-06-16  RRULE:FREQ=DAILY;COUNT=1  #3",
                    "note: \"Water plants\" repeats RRULE:FREQ=DAILY;COUNT=1, which gives no date after this one;"
                        + " it is checked and keeps its rule, and no next one was added",
                ])
            #expect(items(fixture).count == 4)
        }
    }

    /// Issue #36 finding 4: a series due at 00:00 comes back tomorrow at 00:00, not overdue today.
    @Test func aSeriesAtMidnightComesBackInTheFuture() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["due 1 2026-06-14 00:00", "repeat 1 daily", "check 1"])
            #expect(items(fixture)[1].due == .time(TestTime.utc(2026, 6, 16)))
        }
    }

    /// Issue #36 finding 4: `monthly on the last day` can be typed, and stays at the month's end.
    @Test func monthlyOnTheLastDayCanBeTypedAndStaysAtTheMonthsEnd() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            #expect(
                fixture.run("repeat 3 monthly on the last day") == [
                    "repeats: 3 [ ] Rent  due 2026-06-30  every month on the last day  #2"
                ])
            fixture.run("check 3")
            #expect(items(fixture)[3].due == CalendarDay(year: 2026, month: 7, day: 31).map(Due.day))
            #expect(items(fixture)[3].repeatRule?.rrule == "FREQ=MONTHLY;BYMONTHDAY=-1")
        }
    }

    /// Issue #36 finding 4: a rule on weekdays set on another day moves the due date to the next of them.
    @Test func aRuleOnWeekdaysMovesTheDueDateToTheNextOfThem() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            // 2026-06-20 is a Saturday.
            fixture.runAll(["due 1 2026-06-20 18:00", "due 2 2026-06-20"])
            #expect(
                fixture.run("repeat 1-2 every mon,thu") == [
                    "repeats: 1 [ ] Water plants  due 2026-06-22 18:00  every Monday and Thursday  #0",
                    "repeats: 2 [ ] Pills  due 2026-06-22  every Monday and Thursday  #1",
                ])
        }
    }

    @Test func aBacklogGivesOneNextOccurrenceInTheFuture() throws {
        try LocalZone.with(LocalZone.berlin) {
            let fixture = try chores()
            fixture.runAll(["due 2 2020-03-02 09:00", "repeat 2 every mon,thu"])
            fixture.run("check 2")
            // Thursday 2026-06-18 09:00 in Berlin (summer time).
            #expect(items(fixture)[2].dueDate == TestTime.utc(2026, 6, 18, 7))
            #expect(items(fixture).filter { !$0.checked && $0.repeatRule != nil }.count == 1)
        }
    }

    // MARK: Issue #36 finding 8: a series does not pile up

    @Test func uncheckAfterAMistakenCheckTakesTheNextOneBack() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["due 1 2026-06-15 18:00", "repeat 1 daily", "check 1"])
            #expect(
                fixture.run("uncheck 1") == [
                    "unchecked 1 [ ] Water plants  due 2026-06-15 18:00  every day  #0",
                    "took back its next one, due 2026-06-16 18:00  #3",
                ])
            let list = items(fixture)
            #expect(list.map(\.text) == ["Water plants", "Pills", "Rent"])
            #expect(list[0].repeatRule == RepeatRule(words: "daily") && !list[0].checked)
            // Checked again, it makes the same next one (the same UID: one item wherever it syncs).
            fixture.run("check 1")
            #expect(items(fixture)[1].uid == list[0].successorUID)
            #expect(items(fixture).filter { !$0.checked && $0.text == "Water plants" }.count == 1)
        }
    }

    @Test func uncheckOfASeriesWithACountGivesBackTheOccurrenceItTookBack() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["due 1 2026-06-15 18:00", "repeat 1 daily"])
            // A phone's series of three, which the RULE words cannot say.
            var book = try fixture.reloadedBook()
            book.update(at: 0) { $0.items[0].repeatRule = RepeatRule(rrule: "FREQ=DAILY;COUNT=3") }
            try TemporaryFolder.write(book.archived(), to: fixture.path)
            let session = try fixture.otherSession()
            #expect(session.run("check 1").error == nil)
            #expect(session.book.current?.items[1].repeatRule?.rrule == "FREQ=DAILY;COUNT=2")
            #expect(session.run("uncheck 1").error == nil)
            // Three occurrences still to go, as before the check: none lost to the mistake.
            #expect(session.book.current?.items[0].repeatRule?.rrule == "FREQ=DAILY;COUNT=3")
        }
    }

    @Test func aTaskCancelledOnAPhoneShowsCancelledUntilUncheckedHere() throws {
        // Issue #36 finding 6: STATUS:CANCELLED read as checked showed as done, like any other.
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            var book = try fixture.reloadedBook()
            book.update(at: 0) {
                $0.items[0].checked = true
                $0.items[0].cancelled = true
            }
            try TemporaryFolder.write(book.archived(), to: fixture.path)
            let session = try fixture.otherSession()
            let shown = session.run("show").lines.map(\.text)
            #expect(shown.contains { $0.contains("[-] Water plants  cancelled") }, "\(shown)")
            #expect(session.run("info 1").lines.map(\.text).contains { $0.contains("cancelled") })
            #expect(session.run("uncheck 1").error == nil)
            #expect(session.book.current?.items[0].cancelled == false)
            #expect(session.run("show").lines.map(\.text).contains { $0.contains("[ ] Water plants") })
        }
    }

    @Test func uncheckLeavesANextOneThatWasChangedOrNamedToo() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["repeat 1 daily", "check 1", "edit 2 Water the plants"])
            #expect(fixture.run("uncheck 1") == ["unchecked 1 [ ] Water plants  due 2026-06-15  #0"])
            #expect(items(fixture).count == 4)
            fixture.runAll(["repeat 3 weekly", "check 3"])
            // Both named: the next one stays, as asked.
            #expect(fixture.run("uncheck 3-4").count == 2)
            #expect(items(fixture).count == 5)
        }
    }

    @Test func showFoldsASeriesCheckedOccurrencesIntoOneLineAndUpcomingListsNone() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try chores()
            fixture.runAll(["repeat 1 daily", "check 2"])
            for position in 1...10 { fixture.run("check \(position)") }
            #expect(items(fixture).count == 13)
            #expect(
                fixture.run("show") == [
                    "Chores  2 Remaining",
                    "10 [x] Water plants  due 2026-06-24  ×10 done  #11",
                    "11 [ ] Water plants  due 2026-06-25  every day  #12",
                    "12 [x] Pills  #1",
                    "13 [ ] Rent  #2",
                ])
            // The hidden positions still address their items.
            #expect(fixture.run("uncheck 3") == ["unchecked 3 [ ] Water plants  due 2026-06-17  #4"])
            #expect(fixture.run("show")[1] == " 3 [ ] Water plants  due 2026-06-17  #4")
            #expect(
                fixture.run("upcoming") == [
                    "Chores: 3 [ ] Water plants  due 2026-06-17  #4",
                    "Chores: 11 [ ] Water plants  due 2026-06-25  every day  #12",
                ])
            #expect(fixture.run("find plants").count == 11)
        }
    }
}
