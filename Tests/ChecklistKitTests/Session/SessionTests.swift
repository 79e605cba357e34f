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
}
