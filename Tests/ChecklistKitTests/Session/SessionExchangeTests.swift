import ChecklistKit
import Foundation
import TestSupport
import Testing

struct SessionExchangeTests {
    /// A session with two checklists full of non-ASCII text, dates, reminders and check marks.
    private func richFixture() throws -> SessionFixture {
        let fixture = try SessionFixture()
        LocalZone.with(LocalZone.utc) {
            fixture.runAll([
                "rename 中文 清单", "icon Inbox", "add 学中文 🎉", "add Crème brûlée", "check 2",
                "due 1 2026-07-01 18:45", "remind 1 on", "new Ünïcödé \"quotes\"", "icon trips",
                "add 🍎🍐 emoji only", "add Naïve café", "due 2 2026-06-20", "new Empty",
            ])
        }
        return fixture
    }

    private struct Summary: Equatable {
        var name: String
        var icon: String
        var items: [[String]]
    }

    /// Everything a user can see of the checklists, IDs left out.
    private func summary(_ lists: [Checklist]) -> [Summary] {
        lists.map { list in
            Summary(
                name: list.name, icon: list.iconName,
                items: list.items.map { item in
                    [item.text, "\(item.checked)", item.dueDate.map { "\($0)" } ?? "-", "\(item.shouldRemind)"]
                })
        }
    }

    // MARK: export

    @Test func exportJSONToTheOutputParsesBack() throws {
        try LocalZone.with(LocalZone.utc) {
            let fixture = try richFixture()
            let lines = fixture.run("export json")
            let data = Data(lines.joined(separator: "\n").utf8)
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let lists = try #require(root["checklists"] as? [[String: Any]])
            #expect(lists.map { $0["name"] as? String } == ["Empty", "Ünïcödé quotes", "中文 清单"])
            let items = try #require(lists[2]["items"] as? [[String: Any]])
            #expect(items.map { $0["text"] as? String } == ["学中文 🎉", "Crème brûlée"])
            #expect(items[0]["dueDate"] as? String == "2026-07-01T18:45:00Z")
            #expect((items[0]["shouldRemind"] as? NSNumber)?.boolValue == true)
            #expect((items[1]["checked"] as? NSNumber)?.boolValue == true)
            #expect(items.map { ($0["itemID"] as? NSNumber)?.intValue } == [0, 1])
        }
    }

    @Test func exportToAFileSaysWhatItWrote() throws {
        let fixture = try richFixture()
        let file = fixture.folder.file("out.json")
        #expect(fixture.run("export JSON \(file)") == ["exported 3 checklists (4 items) to \(file)"])
        let written = try #require(TemporaryFolder.bytes(file))
        #expect(String(decoding: written, as: UTF8.self) == ChecklistExport.json(fixture.session.book.checklists))
        #expect(TemporaryFolder.mode(file) == 0o644)
        let markdown = fixture.folder.file("out.md")
        fixture.run("export markdown \(markdown)")
        #expect(
            TemporaryFolder.bytes(markdown).map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("## Empty\n") == true
        )
    }

    @Test func exportMarkdownToTheOutput() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "add Eggs", "check 1", "new Chores"])
        #expect(fixture.run("export markdown") == ["## Chores", "", "## List", "", "- [x] Milk", "- [ ] Eggs"])
    }

    @Test func exportICSToTheOutputGivesTheFileLineByLineWithItsCarriageReturns() throws {
        let fixture = try richFixture()
        let file = fixture.folder.file("out.ics")
        fixture.run("export ics \(file)")
        let written = String(decoding: try #require(TemporaryFolder.bytes(file)), as: UTF8.self)
        let lines = fixture.run("export ics")
        #expect(lines.first == "BEGIN:VCALENDAR\r")
        #expect(lines.count > 10)
        #expect(lines.map { $0 + "\n" }.joined() == written)
    }

    @Test func exportToASymbolicLinkWritesItsTargetAndLeavesTheLink() throws {
        let fixture = try richFixture()
        let target = fixture.folder.file("real.md")
        let link = fixture.folder.file("link.md")
        try "old\n".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.md")
        fixture.run("export markdown \(link)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.md")
        let expected = ChecklistExport.markdown(fixture.session.book.checklists)
        #expect(TemporaryFolder.bytes(target).map { String(decoding: $0, as: UTF8.self) } == expected)
        // A link to a file not there yet makes the file, and stays a link.
        let dangling = fixture.folder.file("dangling.json")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.json")
        fixture.run("export json \(dangling)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dangling)) == "made.json")
        #expect(TemporaryFolder.bytes(fixture.folder.file("made.json"))?.first == UInt8(ascii: "{"))
    }

    @Test func exportToAPlaceThatCannotBeWrittenFails() throws {
        let fixture = try richFixture()
        let message = fixture.failure("export json \(fixture.folder.path)/missing/out.json")
        #expect(message.hasPrefix("cannot write \(fixture.folder.path)/missing/out.json"))
        fixture.failure("export json \(fixture.folder.path)")
        fixture.failure("export csv")
    }

    // MARK: round trips

    @Test func jsonExportThenImportLosesNothing() throws {
        try LocalZone.with(LocalZone.utc) {
            let source = try richFixture()
            let file = source.folder.file("all.json")
            source.run("export json \(file)")
            let target = try SessionFixture()
            #expect(target.run("import \(file)") == ["imported 3 checklists (4 items): Empty, Ünïcödé quotes, 中文 清单"])
            let imported = target.session.book.checklists.filter { $0.name != "List" }
            #expect(summary(imported) == summary(source.session.book.checklists))
            #expect(imported.flatMap(\.items).map(\.itemID).sorted() == [0, 1, 2, 3], "fresh IDs in the new file")
            #expect(summary(try target.reloadedBook().checklists.filter { $0.name != "List" }) == summary(imported))
        }
    }

    @Test func icsExportThenImportKeepsTextsCheckMarksDueDatesAndReminders() throws {
        try LocalZone.with(LocalZone.berlin) {
            let source = try richFixture()
            let file = source.folder.file("all.ics")
            #expect(source.run("export ics \(file)") == ["exported 3 checklists (4 items) to \(file)"])
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
            #expect(text.components(separatedBy: "BEGIN:VTODO").count == 5)
            let target = try SessionFixture()
            // A checklist without items has no task to carry it.
            #expect(target.run("import \(file)") == ["imported 2 checklists (4 items): Ünïcödé quotes, 中文 清单"])
            let imported = target.session.book.checklists.filter { $0.name != "List" }
            let expected = source.session.book.checklists.filter { !$0.items.isEmpty }
            let dues = { (lists: [Checklist]) in
                lists.map { $0.items.map { [$0.text, "\($0.checked)", $0.due?.iso8601 ?? "-"] } }
            }
            #expect(dues(imported) == dues(expected))
            #expect(imported.map(\.name) == expected.map(\.name))
        }
    }

    @Test func anICSFileWithoutTasksIsRefused() throws {
        let fixture = try SessionFixture()
        let file = fixture.folder.file("events.ics")
        try "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        #expect(fixture.failure("import \(file)").contains("no tasks"))
        try "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(fixture.failure("import \(file)").contains("not closed"))
    }

    @Test func markdownExportThenImportKeepsNamesTextsAndCheckMarks() throws {
        let source = try richFixture()
        let file = source.folder.file("all.md")
        source.run("export markdown \(file)")
        let target = try SessionFixture()
        target.run("import \(file)")
        let imported = target.session.book.checklists.filter { $0.name != "List" }
        let original = source.session.book.checklists
        #expect(imported.map(\.name) == original.map(\.name))
        #expect(imported.map { $0.items.map(\.text) } == original.map { $0.items.map(\.text) })
        #expect(imported.map { $0.items.map(\.checked) } == original.map { $0.items.map(\.checked) })
    }

    @Test func importingAnotherDataFileLosesNothing() throws {
        try LocalZone.with(LocalZone.utc) {
            let source = try richFixture()
            let target = try SessionFixture()
            target.runAll(["add Existing", "add Another"])
            #expect(target.run("import \(source.path)").first?.hasPrefix("imported 3 checklists (4 items)") == true)
            let imported = target.session.book.checklists.filter { $0.name != "List" }
            #expect(summary(imported) == summary(source.session.book.checklists))
            #expect(imported.flatMap(\.items).map(\.itemID).sorted() == [2, 3, 4, 5])
            #expect(target.currentName == "List", "importing does not change the current checklist")
        }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func importingTheIOSAppsCodablePlistWorks(format: PropertyListSerialization.PropertyListFormat) throws {
        let fixture = try SessionFixture()
        let file = fixture.folder.file("Checklists-codable.plist")
        let lists = [
            CodableChecklist(
                name: "Groceries",
                items: [
                    CodableChecklistItem(
                        text: "Crème 中文 🥛", checked: true, dueDate: TestTime.date(TestTime.utc(2026, 7, 1, 8)),
                        shouldRemind: true, itemID: 0),
                    CodableChecklistItem(
                        text: "Eggs", checked: false, dueDate: TestTime.date(TestTime.utc(2020, 1, 1)),
                        shouldRemind: false, itemID: 1),
                ],
                iconName: "Groceries"),
            CodableChecklist(name: "Rocket", items: [], iconName: "Spaceships"),
        ]
        try TemporaryFolder.write(try lists.encoded(as: format), to: file)
        fixture.run("add Before")
        #expect(fixture.run("import \(file)") == ["imported 2 checklists (2 items): Groceries, Rocket"])
        let groceries = try #require(fixture.session.book.checklists.first { $0.name == "Groceries" })
        #expect(groceries.iconName == "Groceries")
        #expect(groceries.items.map(\.text) == ["Crème 中文 🥛", "Eggs"])
        #expect(groceries.items.map(\.checked) == [true, false])
        #expect(groceries.items.map(\.dueDate) == [TestTime.utc(2026, 7, 1, 8), nil])
        #expect(groceries.items.map(\.shouldRemind) == [true, false])
        #expect(groceries.items.map(\.itemID) == [1, 2], "IDs continue in this file")
        let rocket = try #require(fixture.session.book.checklists.first { $0.name == "Rocket" })
        #expect(rocket.iconName == "No Icon", "an icon this program does not know becomes No Icon")
    }

    // MARK: name clashes and failures

    @Test func clashingNamesGetANumber() throws {
        let fixture = try richFixture()
        let file = fixture.folder.file("again.json")
        fixture.run("export json \(file)")
        #expect(
            fixture.run("import \(file)")
                == ["imported 3 checklists (4 items): Empty (2), Ünïcödé quotes (2), 中文 清单 (2)"])
        #expect(fixture.run("import \(file)").first?.hasSuffix("Empty (3), Ünïcödé quotes (3), 中文 清单 (3)") == true)
        let markdown = fixture.folder.file("list.md")
        try TemporaryFolder.write("# list\n- [ ] x\n", to: markdown)
        fixture.run("new List")
        #expect(fixture.run("import \(markdown)").first?.hasSuffix(": list (2)") == true)
    }

    @Test func aFileThatCannotBeImportedChangesNothing() throws {
        let fixture = try richFixture()
        let garbage = fixture.folder.file("garbage.bin")
        try TemporaryFolder.write([0x00, 0xFF, 0x13, 0x37, 0xC3], to: garbage)
        #expect(fixture.failure("import \(garbage)").hasPrefix("cannot import \(garbage): "))
        let brokenJSON = fixture.folder.file("broken.json")
        try TemporaryFolder.write("{\"checklists\": [{\"name\": \"x\"", to: brokenJSON)
        #expect(fixture.failure("import \(brokenJSON)").contains("invalid JSON"))
        let prose = fixture.folder.file("prose.md")
        try TemporaryFolder.write("Dear diary,\nnothing to do today.\n", to: prose)
        fixture.failure("import \(prose)")
        #expect(fixture.failure("import \(fixture.folder.file("missing.json"))").contains("no such file"))
        fixture.failure("import \(fixture.folder.path)")
        fixture.failure("import")
    }

    @Test func anImportCanBeUndoneAsOneChange() throws {
        let fixture = try SessionFixture()
        let file = fixture.folder.file("in.md")
        try TemporaryFolder.write("## A\n- [ ] one\n## B\n- [ ] two\n", to: file)
        fixture.run("import \(file)")
        #expect(fixture.names == ["A", "B", "List"])
        #expect(fixture.run("undo") == ["undid import in.md"])
        #expect(fixture.names == ["List"])
        fixture.run("add next")
        #expect(fixture.session.book.current?.items.first?.itemID == 2, "the undone import's IDs are not reused")
    }

    // MARK: inspect

    @Test func inspectShowsTheDataFilesObjectGraph() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        let text = fixture.run("inspect \(fixture.path)").joined(separator: "\n")
        #expect(text.contains("Checklists.Checklist"))
        #expect(text.contains("\"Milk\""))
        let raw = fixture.run("inspect --raw \(fixture.path)").joined(separator: "\n")
        #expect(raw.contains("NSKeyedArchiver"))
    }

    @Test func inspectingAFileThatIsNotAPropertyListFailsWithStatus65() throws {
        let fixture = try SessionFixture()
        let file = fixture.folder.file("not.plist")
        try TemporaryFolder.write("hello", to: file)
        let result = fixture.session.run("inspect \(file)")
        #expect(result.exitStatus == .dataError)
        #expect(result.error?.hasPrefix(file) == true)
        #expect(fixture.session.run("inspect --raw \(file)").exitStatus == .dataError)
    }

    @Test func importingTwentyThousandChecklistsEndsWithEveryNameUniqueAndAShortSummary() throws {
        // No time bound: the test shows the import ends (it was quadratic); the README has the figures.
        let fixture = try SessionFixture()
        let lists = (0..<20_000).map { index in
            let name = index % 2 == 0 ? "Trip" : "List \(index)"
            let item = #"{"itemID": 0, "text": "x", "checked": false, "dueDate": null, "shouldRemind": false}"#
            return #"{"name": "\#(name)", "iconName": "Trips", "items": [\#(item)]}"#
        }
        let file = fixture.folder.file("many.json")
        try TemporaryFolder.write(#"{"checklists": ["# + lists.joined(separator: ",") + "]}", to: file)
        let summary = fixture.run("import \(file)")
        #expect(
            summary == [
                "imported 20000 checklists (20000 items): Trip, List 1, Trip (2), List 3, Trip (3) and 19995 more"
            ])
        let names = fixture.session.book.checklists.map(\.name)
        #expect(names.count == 20_001)
        #expect(Set(names.map { $0.lowercased() }).count == 20_001)
        #expect(names.contains("Trip (10000)"))
        let ids = fixture.session.book.checklists.flatMap { $0.items.map(\.itemID) }
        #expect(Set(ids).count == 20_000)
    }

    @Test func anImportKeepsItsFilesUIDsOnceAndLinksSubItemsToTheirParentsEachTime() throws {
        let fixture = try SessionFixture()
        let file = fixture.folder.file("trip.json")
        let json = #"""
            {"checklists": [{"name": "Trip", "items": [
              {"itemID": 7, "text": "Pack", "uid": "pack-uid", "note": "Big bag", "tags": ["travel"], "priority": 1},
              {"itemID": 9, "text": "Socks", "uid": "socks-uid", "parent": 7},
              {"itemID": 11, "text": "Shoes", "parent": 7}
            ]}]}
            """#
        try TemporaryFolder.write(json, to: file)
        fixture.runAll(["import \(file)", "import \(file)"])
        let trips = fixture.session.book.checklists.filter { $0.name.hasPrefix("Trip") }
        #expect(trips.count == 2)
        #expect(trips.first?.items.prefix(2).map(\.uid) == ["pack-uid", "socks-uid"])
        let uids = trips.flatMap(\.items).compactMap(\.uid)
        // Shoes, no parent and without a UID in its file, has none yet (as an item of the iOS app).
        #expect(uids.count == 4 && Set(uids).count == 4)
        for list in trips {
            let parents = list.items.map { item in list.items.first { $0.uid != nil && $0.uid == item.parentUID }?.text
            }
            #expect(parents == [nil, "Pack", "Pack"])
            #expect(list.items.first?.note == "Big bag" && list.items.first?.tags == ["travel"])
        }
        // The import is one step to undo; the fields come back with a redo.
        let before = try fixture.reloadedBook().checklists
        fixture.run("undo")
        #expect(fixture.session.book.checklists.filter { $0.name.hasPrefix("Trip") }.count == 1)
        fixture.run("redo")
        #expect(try fixture.reloadedBook().checklists == before)
    }
}
