import Foundation
import Testing

/// SPEC §13's fields through the executable: `import`, `cat` (git's text view), `export json`
/// and `export markdown`, and back.
struct RichFieldExchangeTests {
    private static let json = #"""
        {"checklists": [{"name": "Trip", "iconName": "Trips", "items": [
          {"itemID": 1, "text": "Pack", "checked": false, "dueDate": "2026-12-26", "shouldRemind": true,
           "note": "Big bag\n- [ ] not a task", "tags": ["travel", "Été"], "priority": 1, "start": "2026-12-24"},
          {"itemID": 2, "text": "Socks", "checked": true, "dueDate": null, "shouldRemind": false,
           "parent": 1, "priority": 9}
        ]}]}
        """#

    @Test func importedFieldsShowInCatAndBothExportsAndComeBack() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let file = cli.folder.appending(path: "trip.json")
        try Self.json.write(to: file, atomically: true, encoding: .utf8)
        #expect(try cli.run(["import", file.path]).status == 0)

        let shown = try cli.run(["cat", cli.dataFile])
        #expect(shown.status == 0)
        #expect(
            shown.stdout.contains(
                """
                ## Trip
                icon: Trips

                - [ ] Pack #travel #Été ⏫ 🛫 2026-12-24
                  due 2026-12-26, reminder on
                  Big bag
                  \\- [ ] not a task
                  - [x] Socks 🔽

                """))

        let markdown = try cli.run(["export", "markdown"])
        #expect(markdown.stdout.contains("- [ ] Pack #travel #Été ⏫ 🛫 2026-12-24 📅 2026-12-26\n"))
        let exported = try cli.run(["export", "json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
        let lists = try #require(root["checklists"] as? [[String: Any]])
        let items = try #require(lists.first { $0["name"] as? String == "Trip" }?["items"] as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == ["Pack", "Socks"])
        #expect(items.first?["note"] as? String == "Big bag\n- [ ] not a task")
        #expect(items.first?["tags"] as? [String] == ["travel", "Été"])
        #expect(items.map { ($0["priority"] as? NSNumber)?.intValue } == [1, 9])
        #expect(items.last?["parent"] as? NSNumber == items.first?["itemID"] as? NSNumber)
        #expect(items.first?["start"] as? String == "2026-12-24")

        // The Markdown export, imported into another file, shows what this one shows.
        let other = try ChecklistsProcess()
        defer { other.remove() }
        let exportedMarkdown = other.folder.appending(path: "trip.md")
        try markdown.stdout.write(to: exportedMarkdown, atomically: true, encoding: .utf8)
        #expect(try other.run(["import", exportedMarkdown.path]).status == 0)
        let trip = try #require(markdown.stdout.range(of: "## Trip\n")).lowerBound
        #expect(try other.run(["export", "markdown"]).stdout.hasSuffix(markdown.stdout[trip...]))
    }

    @Test func digitTagsLeadingSpacesAStartOnTheDueDateAndCancelledTasksSurviveAnExport() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let setUp = """
            new Plans
            add '  Indented'
            tag 1 +2026
            note 1 '  spaced\\nnext'
            due 1 2026-12-24
            start 1 2026-12-24

            """
        let made = try cli.batch(setUp)
        #expect(made.status == 0, "\(made.stderr)")
        let markdown = cli.folder.appending(path: "plans.md").path
        let calendar = cli.folder.appending(path: "plans.ics").path
        #expect(try cli.run(["export", "markdown", markdown]).status == 0)
        #expect(try cli.run(["export", "ics", calendar]).status == 0)
        for file in [markdown, calendar] {
            let other = try ChecklistsProcess()
            defer { other.remove() }
            #expect(try other.run(["import", file]).status == 0)
            let shown = try PythonJSON.document(try other.run(["--json", "show", "Plans"]).stdout)
            let item = try #require((shown["items"] as? [[String: Any]])?.first)
            #expect(item["text"] as? String == "  Indented", "\(file)")
            #expect(item["tags"] as? [String] == ["2026"], "\(file)")
            #expect(item["note"] as? String == "  spaced\nnext", "\(file)")
            #expect(item["start"] as? String == "2026-12-24", "\(file)")
            #expect(item["dueDate"] as? String == "2026-12-24", "\(file)")
        }

        // Obsidian's cancelled task comes in checked, as cancelled.
        let obsidian = cli.folder.appending(path: "obsidian.md")
        try "# Ideas\n- [-] Dropped idea\n- [ ] Kept idea\n".write(to: obsidian, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import", obsidian.path])
        #expect(imported.stdout.hasPrefix("imported 1 checklist (2 items)"), "\(imported.stdout)")
        let ideas = try PythonJSON.document(try cli.run(["--json", "show", "Ideas"]).stdout)
        let rows = ideas["items"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["text"] as? String } == ["Dropped idea", "Kept idea"])
        #expect(rows.first?["checked"] as? Bool == true && rows.first?["cancelled"] as? Bool == true)
    }
}
