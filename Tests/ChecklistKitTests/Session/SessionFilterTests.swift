import Testing

@testable import ChecklistKit

/// `show`, `find` and `upcoming` with filter words (SPEC §14; issue #39).
struct SessionFilterTests {
    private func groceries() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.runAll([
            "new Groceries", "add Milk", "add Eggs", "add Bread", "tag 1 +dairy", "priority 2 high",
            "due 3 2026-06-14", "check 1", "new Work", "add Report", "tag 1 +dairy", "use Groceries",
        ])
        return fixture
    }

    @Test func showListsOnlyWhatPassesAtItsPositions() throws {
        let fixture = try groceries()
        #expect(fixture.run("show open").dropFirst().map { String($0.prefix(9)) } == ["2 [ ] !!!", "3 [ ] Bre"])
        #expect(fixture.run("show Groceries +dairy").count == 2)
        #expect(fixture.run("show overdue").last?.hasPrefix("3 [ ] Bread") == true)
        #expect(fixture.run("show Work done") == ["Work  1 Remaining", "no items pass the filter"])
    }

    @Test func showSaysSoWhenNoItemPasses() throws {
        let fixture = try groceries()
        fixture.run("due 3 none")
        #expect(fixture.run("show today") == ["Groceries  2 Remaining", "no items pass the filter"])
        #expect(fixture.run("show Work +nosuch") == ["Work  1 Remaining", "no items pass the filter"])
        // An empty checklist's header says so already.
        fixture.run("new Empty")
        #expect(fixture.run("show open") == ["Empty  (No Items)"])
    }

    @Test func aSubItemShowsUnderItsNearestAncestorThatPasses() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Trip", "add Milk", "sub 1 Pack", "sub 2 Socks", "sub 3 Wool", "check 1"])
        // Trip is filtered out: Pack, its sub-item, is not indented under nothing.
        #expect(
            fixture.run("show open") == [
                "List  4 Remaining", "2 [ ] Pack  #2", "3   [ ] Socks  #3", "4     [ ] Wool  #4", "5 [ ] Milk  #1",
            ])
        // Pack filtered out: Socks shows one level under Trip, the nearest shown above it.
        fixture.runAll(["uncheck 1", "check 2"])
        #expect(
            fixture.run("show open") == [
                "List  4 Remaining", "1 [ ] Trip  #0", "3   [ ] Socks  #3", "4     [ ] Wool  #4", "5 [ ] Milk  #1",
            ])
    }

    @Test func findByFiltersAloneSearchesEveryChecklist() throws {
        let fixture = try groceries()
        let dairy = fixture.run("find +dairy")
        #expect(dairy.count == 2 && dairy.contains { $0.contains("Work: 1 [ ] Report") })
        #expect(fixture.run("find milk open") == ["no items contain \"milk\""])
        #expect(fixture.run("find -+dairy !!!").count == 1)
        #expect(fixture.failure("find").contains("missing TEXT or a filter word"))
    }

    @Test func upcomingTakesFiltersAndRefusesOtherWords() throws {
        let fixture = try groceries()
        #expect(fixture.run("upcoming today").count == 1)
        #expect(fixture.run("upcoming +dairy") == ["no items pass the filter"])
        #expect(fixture.failure("upcoming soon").contains("\"soon\" is not a filter word"))
    }
}
