import ChecklistKit
import TestSupport
import Testing

struct SessionUndoTests {
    @Test func everyKindOfChangeCanBeUndoneAndRedoneStepByStep() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try SessionFixture()
            let importFile = fixture.folder.file("import.md")
            try TemporaryFolder.write("## Imported\n\n- [ ] one\n- [x] two\n", to: importFile)
            let changes = [
                "add Milk", "add Eggs", "add Bread", "edit 2 Free-range eggs", "check 1 3", "delete 3", "move 2 1",
                "due 1 2026-07-01", "remind 1 on", "clear", "new Groceries", "add Apples", "rename Food",
                "icon Groceries", "drop List", "import \(importFile)",
            ]
            var snapshots = [fixture.session.book.checklists]
            for line in changes {
                fixture.run(line)
                snapshots.append(fixture.session.book.checklists)
            }
            for (step, line) in changes.enumerated().reversed() {
                let output = fixture.run("undo")
                #expect(output.count == 1 && output[0].hasPrefix("undid "), "\(line)")
                #expect(fixture.session.book.checklists == snapshots[step], "undo of \(line)")
                #expect(try fixture.reloadedBook().checklists == snapshots[step], "undo of \(line) is saved")
            }
            #expect(fixture.failure("undo").hasPrefix("nothing to undo"))
            for (step, line) in changes.enumerated() {
                let output = fixture.run("redo")
                #expect(output.count == 1 && output[0].hasPrefix("redid "), "\(line)")
                #expect(fixture.session.book.checklists == snapshots[step + 1], "redo of \(line)")
            }
            #expect(fixture.failure("redo") == "nothing to redo")
        }
    }

    @Test func undoNamesTheChangeItReverts() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "new Groceries", "rename Food", "check #0"])
        #expect(fixture.run("undo") == ["undid checked"])
        #expect(fixture.run("undo") == ["undid rename to \"Food\""])
        #expect(fixture.run("undo") == ["undid new \"Groceries\""])
        #expect(fixture.run("undo") == ["undid add \"Milk\""])
        #expect(fixture.run("redo") == ["redid add \"Milk\""])
    }

    @Test func undoOfADropNamesTheChecklistNotWhatWasTyped() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "add Milk"])
        fixture.run("drop groc")
        #expect(fixture.run("undo") == ["undid drop \"Groceries\""])
        #expect(fixture.run("redo") == ["redid drop \"Groceries\""])
    }

    @Test func undoOfADeleteNamesTheItems() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "add Eggs", "add Bread", "add Tea", "add Jam"])
        fixture.run("delete 2")
        #expect(fixture.run("undo") == ["undid delete \"Eggs\""])
        fixture.run("delete 1 3")
        #expect(fixture.run("undo") == ["undid delete \"Milk\", \"Bread\""])
        #expect(fixture.run("redo") == ["redid delete \"Milk\", \"Bread\""])
        fixture.run("undo")
        fixture.run("delete 1-3")
        #expect(fixture.run("undo") == ["undid delete \"Milk\", \"Eggs\", \"Bread\""])
        fixture.run("delete 1-5")
        #expect(fixture.run("undo") == ["undid delete \"Milk\", \"Eggs\" and 3 more"])
    }

    @Test func redoOfNewMakesTheChecklistCurrentAgain() throws {
        let fixture = try SessionFixture()
        fixture.run("new Groceries")
        fixture.run("undo")
        #expect(fixture.currentName == "List")
        fixture.run("redo")
        #expect(fixture.currentName == "Groceries")
        #expect(try fixture.reloadedBook().current?.name == "Groceries")
        // Chosen since the undo, another checklist stays current through the redo.
        fixture.runAll(["undo", "new Work", "use List"])
        fixture.runAll(["drop Work", "undo", "use List"])
        fixture.run("redo")
        #expect(fixture.currentName == "List")
    }

    @Test func undoOfDroppingTheCurrentChecklistMakesItCurrentAgain() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "drop Groceries"])
        #expect(fixture.currentName == nil)
        fixture.run("undo")
        #expect(fixture.currentName == "Groceries")
    }

    @Test func aNewChangeClearsWhatCouldBeRedone() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add A", "add B", "undo", "add C"])
        #expect(fixture.failure("redo") == "nothing to redo")
        #expect(fixture.texts == ["A", "C"])
    }

    @Test func undoingAnAddNeverGivesItsIDToTheNextItem() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "undo"])
        #expect(fixture.texts.isEmpty)
        #expect(fixture.run("add Eggs") == ["added 1 [ ] Eggs  #1"])
        #expect(try fixture.reloadedBook().nextItemID == 2)
        fixture.run("undo")
        fixture.run("redo")
        #expect(fixture.session.book.current?.items.map(\.itemID) == [1])
    }

    @Test func undoAfterAnotherProcessChangedTheChecklistsIsRefused() throws {
        let fixture = try SessionFixture()
        fixture.run("add Mine")
        let other = try fixture.otherSession()
        #expect(other.run("add Theirs").succeeded)
        fixture.run("show")  // takes in the other process's change first
        let message = fixture.failure("undo")
        #expect(
            message
                == "cannot undo add \"Mine\": the checklists it would restore were changed since"
                + " (by a sync, another machine or the iOS app); show what is there now")
        #expect(fixture.texts == ["Mine", "Theirs"])
    }

    @Test func undoAfterAnotherProcessChangedAnItemTheChangeDidNotTouchIsRefused() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Theirs", "add Mine"])
        #expect(try fixture.otherSession().run("edit 1 Changed").succeeded)
        fixture.run("show")
        #expect(fixture.failure("undo").hasPrefix("cannot undo add \"Mine\""))
        #expect(fixture.texts == ["Changed", "Mine"])
    }

    @Test func redoAfterAnotherProcessChangedTheChecklistsIsRefused() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Mine", "undo"])
        #expect(try fixture.otherSession().run("add Theirs").succeeded)
        fixture.run("show")
        #expect(fixture.failure("redo").hasPrefix("cannot redo add \"Mine\""))
    }

    @Test func eachSessionUndoesOnlyItsOwnChanges() throws {
        let fixture = try SessionFixture()
        fixture.run("add Mine")
        let other = try fixture.otherSession()
        #expect(other.run("undo").error?.hasPrefix("nothing to undo") == true)
    }

    @Test func choosingAChecklistIsNotAChangeToUndo() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "use List"])
        fixture.run("undo")
        #expect(fixture.names == ["List"])
        #expect(fixture.currentName == "List")
    }

    @Test func undoingARenameKeepsTheChecklistCurrent() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "rename Home"])
        fixture.run("undo")
        #expect(fixture.names == ["List"])
        #expect(fixture.currentName == "List")
        fixture.run("add Eggs")
        fixture.run("undo")
        fixture.run("redo")
        fixture.run("undo")
        fixture.run("redo")
        #expect(fixture.texts == ["Milk", "Eggs"])
        fixture.run("undo")
        fixture.run("redo")
        #expect(fixture.currentName == "List")
    }

    @Test func undoingNewOrDropLeavesAChecklistCurrent() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "new Groceries", "undo"])
        #expect(fixture.currentName == "List")
        fixture.run("redo")
        #expect(fixture.names == ["Groceries", "List"])
        fixture.runAll(["use Groceries", "drop Groceries", "undo"])
        #expect(fixture.currentName == "Groceries")
        #expect(try fixture.reloadedBook().current?.name == "Groceries")
    }

    @Test func manyStepsCanBeUndone() throws {
        let fixture = try SessionFixture()
        for index in 1...30 { fixture.run("add item \(index)") }
        for _ in 1...30 { fixture.run("undo") }
        #expect(fixture.texts.isEmpty)
        for _ in 1...30 { fixture.run("redo") }
        #expect(fixture.texts.count == 30)
        #expect(fixture.texts.last == "item 30")
    }
}

extension SessionUndoTests {
    @Test func undoIsRefusedWhenAnotherProgramChangedANoteTagsPriorityParentOrStart() throws {
        let changes: [(String, (inout ChecklistItem) -> Void)] = [
            ("note", { $0.note = "Semi-skimmed" }), ("tags", { $0.tags = ["dairy"] }),
            ("priority", { $0.priority = 1 }), ("parent", { $0.parentUID = "other" }),
            ("start", { $0.start = .time(1) }),
        ]
        for (field, change) in changes {
            let fixture = try SessionFixture()
            fixture.runAll(["add Theirs", "add Mine"])
            // Another program (a sync, the phone) changes a field of an item the add did not touch.
            var book = try fixture.reloadedBook()
            book.update(at: 0) { change(&$0.items[0]) }
            try TemporaryFolder.write(book.archived(), to: fixture.path)
            fixture.run("show")
            #expect(fixture.failure("undo").hasPrefix("cannot undo add \"Mine\""), "\(field)")
        }
    }
}
