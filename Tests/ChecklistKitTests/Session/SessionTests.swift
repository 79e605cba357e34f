import ChecklistKit
import TestSupport
import Testing

/// What every change of a session guards, whichever command makes it.
struct SessionTests {
    /// "$null" is the nil marker of NSKeyedArchiver archives: Foundation reads any string equal to
    /// it as nil, dropping the item or the whole checklist, so no change stores it as a text or a
    /// name; a change that leaves one already in the file alone goes on.
    @Test func aTextOrNameOfDollarNullIsRefusedByEveryCommandThatWouldStoreIt() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Groceries", "add Milk", "add Eggs"])
        let markdown = fixture.folder.file("Lists.md")
        try TemporaryFolder.write("# Packing\n- [ ] $null\n", to: markdown)
        let listMarkdown = fixture.folder.file("List.md")
        try TemporaryFolder.write("# $null\n- [ ] socks\n", to: listMarkdown)
        for line in [
            "add $null", "edit 1 $null", "new $null", "rename $null", "import \(markdown)", "import \(listMarkdown)",
        ] {
            let message = fixture.failure(line)
            #expect(message.hasPrefix("\"$null\" cannot be a text or a checklist name"), "\(line): \(message)")
            #expect(fixture.session.run(line).exitStatus == .failure, "\(line)")
        }
        // Near misses are texts like any other.
        fixture.runAll(["add $null.", "add \"$null \"", "new $Null"])
    }

    /// A one-shot command's current checklist is the file's when it runs, not the one it read when
    /// it started: another process's `use` or `rename` in between never makes it fail for items
    /// that exist (SPEC §5).
    @Test func aOneShotSessionResolvesAgainstTheFileAnotherProcessChanged() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["new Other", "add o1", "add o2", "use List", "add l1", "add l2", "add l3"])
        let cases = [
            ("use Other", "edit 2 o2 edited"), ("use List", "edit 1 l1 edited"),
            ("rename Renamed", "edit #3 l2 edited"), ("use Other", "edit 1 o1 edited"),
        ]
        for (other, line) in cases {
            // Opened as a one-shot command opens its store: the file's current checklist read.
            let store = try ChecklistStore(
                path: fixture.path, clock: fixture.clock.function, scope: .currentChecklist,
                readingCurrent: !line.contains("#"))
            let oneShot = Session(store: store, clock: fixture.clock.function)
            oneShot.currentFromFile = true
            #expect(try fixture.otherSession().run(other).error == nil, "\(other)")
            let result = oneShot.run(line)
            #expect(result.error == nil, "\(line) after \(other)")
        }
        let lists = try ChecklistStore(path: fixture.path).book.checklists
        #expect(lists.map(\.name) == ["Other", "Renamed"])
        #expect(lists.map { $0.items.map(\.text) } == [["o1 edited", "o2 edited"], ["l1 edited", "l2 edited", "l3"]])
    }
}
