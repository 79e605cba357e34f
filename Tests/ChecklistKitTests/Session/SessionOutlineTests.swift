import ChecklistKit
import Testing

/// Sub-items (SPEC §13): `sub`, `nest`, `unnest`, `show`'s outline, `delete` and `move` with
/// sub-items, and `info`.
struct SessionOutlineTests {
    /// Trip (Pack (Socks), Book) and Milk, made with `sub`: positions 1-5 as shown.
    private func trip() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.runAll(["add Trip", "add Milk", "sub 1 Pack", "sub 2 Socks", "sub 1 Book"])
        return fixture
    }

    private func shown(_ fixture: SessionFixture) -> [String] {
        Array(fixture.run("show").dropFirst())
    }

    @Test func subAddsTheLastSubItemAndPrintsItsPositionAndID() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Trip", "add Milk"])
        #expect(fixture.run("sub 1 Pack") == ["added 2 [ ] Pack  #2"])
        #expect(fixture.run("sub 2 Socks") == ["added 3 [ ] Socks  #3"])
        #expect(fixture.run("sub #0 Book") == ["added 4 [ ] Book  #4"])
        #expect(
            shown(fixture) == [
                "1 [ ] Trip  #0", "2   [ ] Pack  #2", "3     [ ] Socks  #3", "4   [ ] Book  #4", "5 [ ] Milk  #1",
            ])
        let items = try #require(try fixture.reloadedBook().current?.items)
        let trip = try #require(items.first { $0.text == "Trip" })
        let pack = try #require(items.first { $0.text == "Pack" })
        #expect(trip.uid != nil && pack.uid != nil)
        #expect(pack.parentUID == trip.uid)
        #expect(items.first { $0.text == "Socks" }?.parentUID == pack.uid)
    }

    @Test func positionsCountTheLinesAsShown() throws {
        let fixture = try trip()
        #expect(fixture.run("check 3") == ["checked 3 [x] Socks  #3"])
        #expect(fixture.run("check 4-5") == ["checked 4 [x] Book  #4", "checked 5 [x] Milk  #1"])
        #expect(fixture.run("edit 2 Pack bags") == ["edited 2 [ ] Pack bags  #2"])
        #expect(fixture.session.book.current?.items.filter(\.checked).map(\.text) == ["Socks", "Book", "Milk"])
    }

    @Test func findAndUpcomingGiveThePositionsShowPrints() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try SessionFixture()
            fixture.runAll(["add Trip", "add Milk", "sub 1 Socks", "due 2 2099-01-05"])
            #expect(fixture.run("find socks") == ["* List: 2 [ ] Socks  due 2099-01-05  #2"])
            #expect(fixture.run("upcoming") == ["List: 2 [ ] Socks  due 2099-01-05  #2"])
        }
    }

    @Test func checkingAParentLeavesItsSubItemsAsTheyAre() throws {
        let fixture = try trip()
        fixture.run("check 1")
        #expect(fixture.session.book.current?.items.filter(\.checked).map(\.text) == ["Trip"])
    }

    @Test func nestAndUnnestChangeWhereAnItemHangs() throws {
        let fixture = try trip()
        #expect(fixture.run("nest 5 3") == ["nested: 4 [ ] Milk  #1"])
        #expect(
            shown(fixture) == [
                "1 [ ] Trip  #0", "2   [ ] Pack  #2", "3     [ ] Socks  #3", "4       [ ] Milk  #1", "5   [ ] Book  #4",
            ])
        // Top-level again, it comes after its old parent's lines, its own sub-items still under it.
        #expect(fixture.run("unnest 2") == ["unnested: 3 [ ] Pack  #2"])
        #expect(
            shown(fixture) == [
                "1 [ ] Trip  #0", "2   [ ] Book  #4", "3 [ ] Pack  #2", "4   [ ] Socks  #3", "5     [ ] Milk  #1",
            ])
    }

    @Test func aParentThatWouldBeItsOwnDescendantIsRefused() throws {
        let fixture = try trip()
        #expect(fixture.failure("nest 1 3").contains("one of its own sub-items"))
        #expect(fixture.failure("nest 2 2").contains("cannot be a sub-item of itself"))
        #expect(fixture.failure("nest 1 9") == "no item 9: \"List\" has 5 items")
        #expect(fixture.failure("unnest 5").contains("is not a sub-item"))
        fixture.run("new Other")
        fixture.run("add Far")
        #expect(fixture.failure("nest #5 #0").contains("a sub-item is in its parent's checklist"))
    }

    @Test func deleteTakesTheSubItemsAlongAndSaysHowMany() throws {
        let fixture = try trip()
        #expect(fixture.run("delete 2") == ["deleted 2 [ ] Pack  #2 and its 1 sub-item"])
        #expect(fixture.texts == ["Trip", "Book", "Milk"])
        #expect(fixture.run("undo") == ["undid delete \"Pack\""])
        #expect(fixture.run("delete 1") == ["deleted 1 [ ] Trip  #0 and its 3 sub-items"])
        #expect(fixture.texts == ["Milk"])
    }

    @Test func moveTakesTheSubItemsAlongAndASubItemStaysOne() throws {
        let fixture = try trip()
        #expect(fixture.run("move 1 2") == ["moved 2 [ ] Trip  #0"])
        #expect(
            shown(fixture) == [
                "1 [ ] Milk  #1", "2 [ ] Trip  #0", "3   [ ] Pack  #2", "4     [ ] Socks  #3", "5   [ ] Book  #4",
            ])
        #expect(fixture.run("move 5 3") == ["moved 3 [ ] Book  #4"])
        #expect(fixture.run("move 3 1") == ["moved 3 [ ] Book  #4"], "a sub-item stays under its parent")
        #expect(fixture.session.book.current?.items.first { $0.text == "Book" }?.parentUID != nil)
    }

    @Test func moveToAnotherChecklistTakesTheSubItemsAndMakesTheItemTopLevel() throws {
        let fixture = try trip()
        fixture.runAll(["new Other", "add Far", "use List"])
        #expect(fixture.run("move 2 to Other") == ["moved Other: 2 [ ] Pack  #2"])
        #expect(fixture.texts == ["Trip", "Book", "Milk"])
        fixture.run("use Other")
        #expect(shown(fixture) == ["1 [ ] Far  #5", "2 [ ] Pack  #2", "3   [ ] Socks  #3"])
        #expect(fixture.session.book.current?.items.first { $0.text == "Pack" }?.parentUID == nil)
        fixture.run("undo")
        fixture.run("use List")
        #expect(shown(fixture).count == 5)
    }

    @Test func infoShowsEverythingAnItemHolds() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try trip()
            fixture.runAll([
                "due 2 2099-01-05 18:00", "remind 2 on", "repeat 2 weekly", "start 2 2099-01-01", "priority 2 high",
                "tag 2 +Travel +home", "note 2 'Bags\\nand boxes'",
            ])
            let lines = fixture.run("info 2")
            #expect(
                lines == [
                    "Pack",
                    "  checklist  List",
                    "  position   2",
                    "  state      open",
                    "  due        2099-01-05 18:00",
                    "  reminder   on, fires 2099-01-05 18:00",
                    "  repeat     every week",
                    "  start      2099-01-01",
                    "  priority   high (1) !!!",
                    "  tags       +Travel +home",
                    "  parent     1 [ ] Trip  #0",
                    "  sub-items  3 [ ] Socks  #3",
                    "  note       Bags",
                    "             and boxes",
                    "  uid        " + (fixture.session.book.current?.items.first { $0.itemID == 2 }?.uid ?? "?"),
                    "  id         #2",
                ])
            #expect(fixture.run("info 5").contains("  sub-items  none"))
            #expect(fixture.failure("info 1-2").contains("info takes one item"))
        }
    }

    /// A checklist of `depth` items, each a sub-item of the one before, made current.
    private func chain(_ depth: Int) throws -> SessionFixture {
        let fixture = try SessionFixture()
        let items = (0..<depth).map { id in
            var item = ChecklistItem(text: "Step \(id)", itemID: id, created: 0)
            item.uid = "u\(id)"
            item.parentUID = id > 0 ? "u\(id - 1)" : nil
            return item
        }
        _ = try fixture.store.modify { book in _ = book.insert(Checklist(name: "Deep", items: items)) }
        fixture.run("use Deep")
        return fixture
    }

    @Test func aDeepChainIsIndentedTenLevelsAtMost() throws {
        let fixture = try chain(2_000)
        let lines = fixture.run("show")
        #expect(lines.count == 2_001)
        #expect(lines.dropFirst(11).first == "  11" + String(repeating: " ", count: 21) + "[ ] Step 10  #10")
        #expect(lines.dropFirst(12).first == "  12" + String(repeating: " ", count: 21) + "[ ] Step 11  #11")
        #expect(lines.last == "2000" + String(repeating: " ", count: 21) + "[ ] Step 1999  #1999")
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines.map(\.count).max() ?? 0) columns")
        let info = fixture.run("info 1")
        #expect(info.count < 2_020 && info.allSatisfy { $0.count <= 70 }, "\(info.map(\.count).max() ?? 0) columns")
    }

    @Test func eachChangeIsOneUndoStep() throws {
        let fixture = try trip()
        let changes = [
            "sub 5 Oats", "nest 5 1", "unnest 2", "note 1 x", "tag 1-2 +a", "untag 1 +a", "priority 1 low",
            "start 1 2099-01-01", "move 1 3", "delete 1",
        ]
        var snapshots = [fixture.session.book.checklists]
        for line in changes {
            fixture.run(line)
            snapshots.append(fixture.session.book.checklists)
        }
        for (step, line) in changes.enumerated().reversed() {
            #expect(fixture.run("undo").first?.hasPrefix("undid ") == true, "\(line)")
            #expect(fixture.session.book.checklists == snapshots[step], "undo of \(line)")
        }
    }
}
