import Testing

@testable import ChecklistKit

/// The documents `--json` prints (SPEC §14), as the session builds them.
struct SessionJSONTests {
    private func fixture() throws -> SessionFixture {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk +dairy", "add Eggs", "sub 1 Skimmed", "new Work", "add Report"])
        fixture.session.reportsJSON = true
        return fixture
    }

    /// The one-line text of what `line` gives.
    private func json(_ fixture: SessionFixture, _ line: String) -> String {
        fixture.session.run(line).document.map { String(decoding: $0, as: UTF8.self) } ?? "no document"
    }

    @Test func showGivesEveryItemThatPassesInOutlineOrderWithoutLines() throws {
        let fixture = try fixture()
        let result = fixture.session.run("show Home open")
        #expect(result.lines.isEmpty, "the document replaces the lines")
        let text = String(decoding: result.document ?? [], as: UTF8.self)
        #expect(text.hasPrefix(#"{"version":1,"command":"show","list":{"name":"Home","iconName":"No Icon","#))
        let texts = ["Milk", "Skimmed", "Eggs"].map { "\"text\":\"\($0)\"" }
        let places = texts.compactMap { text.range(of: $0)?.lowerBound }
        #expect(places.count == 3 && places == places.sorted(), "\(text)")
        #expect(text.contains(#""position":2,"itemID":2,"text":"Skimmed""#) && text.contains(#""parent":0"#))
    }

    @Test func aChangeReportsTheItemsItChangedAndThoseItDeleted() throws {
        let fixture = try fixture()
        let checked = json(fixture, "check #1")
        #expect(
            checked.contains(#""command":"check","#) && checked.contains(#""itemID":1,"text":"Eggs","checked":true"#))
        #expect(checked.contains(#""deleted":[]"#))
        let deleted = json(fixture, "delete #0")
        #expect(deleted.contains(#""items":[],"deleted":[{"list":"Home","position":1,"itemID":0"#), "\(deleted)")
        #expect(deleted.contains(#""text":"Skimmed""#), "the sub-item went with its parent")
        let undone = json(fixture, "undo")
        #expect(undone.contains(#""text":"Milk""#) && undone.contains(#""text":"Skimmed""#))
        let unchanged = json(fixture, "uncheck #2")
        #expect(unchanged.contains(#""items":[{"list":"Home""#), "a change that changed nothing still reports")
    }

    @Test func listCommandsReportTheChecklistsTheyCreateAndDrop() throws {
        let fixture = try fixture()
        let created = json(fixture, "new Trips")
        #expect(created.contains(#""lists":[{"name":"Trips","iconName":"No Icon","current":true,"items":0,"open":0}]"#))
        let icon = json(fixture, "icon Trips")
        #expect(icon.contains(#""lists":[{"name":"Trips","iconName":"Trips""#), "\(icon)")
        let dropped = json(fixture, "drop Work")
        #expect(dropped.contains(#""droppedLists":["Work"]"#) && dropped.contains(#""text":"Report""#))
    }

    @Test func readingCommandsHaveTheirOwnLayout() throws {
        let fixture = try fixture()
        #expect(json(fixture, "tags") == #"{"version":1,"command":"tags","tags":[{"name":"dairy","open":1}]}"#)
        #expect(
            json(fixture, "lists").contains(#"{"name":"Work","iconName":"No Icon","current":true,"items":1,"open":1}"#))
        #expect(json(fixture, "find milk").contains(#""items":[{"list":"Home","position":1,"itemID":0,"text":"Milk""#))
        #expect(json(fixture, "upcoming") == #"{"version":1,"command":"upcoming","items":[]}"#)
        #expect(
            json(fixture, "info #2").hasPrefix(#"{"version":1,"command":"info","item":{"list":"Home","position":2,"#))
        #expect(json(fixture, "help add").hasPrefix(#"{"version":1,"command":"help","lines":["add TEXT","#))
        #expect(fixture.session.run("show Nowhere").document == nil, "an error has no document")
    }

    @Test func exportJSONToTheOutputIsTheExportDocumentOnOneLine() throws {
        let fixture = try fixture()
        let result = fixture.session.run("export json")
        let document = String(decoding: try #require(result.document), as: UTF8.self)
        #expect(
            document.hasPrefix(
                #"{"checklists":[{"name":"Home","iconName":"No Icon","items":[{"itemID":0,"text":"Milk","#))
        #expect(!document.contains("\n") && !document.contains("\"lines\""))
        #expect(json(fixture, "export markdown").hasPrefix(###"{"version":1,"command":"export","lines":["## Home","###))
    }

    @Test func aFailureTheHostReportsHasNoDocument() throws {
        let fixture = try fixture()
        let host = RecordingHost()
        fixture.session.host = host
        host.answer = CommandResult(error: "caldav: not set up", exitStatus: .failure)
        let result = fixture.session.run("caldav")
        #expect(result.error == "caldav: not set up")
        #expect(result.document == nil)
    }

    @Test func infoGivesEverySubItemAsAnItem() throws {
        let fixture = try fixture()
        fixture.run("sub #2 Organic")
        let info = json(fixture, "info #0")
        #expect(
            info.contains(
                #""subItems":[{"list":"Home","position":2,"itemID":2,"text":"Skimmed","checked":false,"dueDate":null,"#),
            "\(info)")
        #expect(info.contains(#"{"list":"Home","position":3,"itemID":4,"text":"Organic""#), "\(info)")
        #expect(json(fixture, "info #1").hasSuffix(#""subItems":[]}"#))
    }

    @Test func withoutJSONNoDocumentIsBuilt() throws {
        let fixture = try fixture()
        fixture.session.reportsJSON = false
        #expect(fixture.session.run("show").document == nil)
        #expect(fixture.session.run("add Tea").document == nil)
    }
}
