import KeyedArchive
import Testing

@testable import ChecklistKit

/// How a tool call's arguments become the command it runs (SPEC §16).
struct AgentCallTests {
    private func book() throws -> (SessionFixture, ChecklistBook) {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk", "add Eggs"])
        return (fixture, fixture.session.book)
    }

    private func arguments(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    @Test func itemsAreNamedByIDOrUIDAndNeverByPosition() throws {
        let (_, book) = try book()
        let uid = try #require(book.checklists[0].items[1].uid)
        let byUID = try AgentCall(.info, arguments: arguments(#"{"item":"\#(uid)"}"#), book: book)
        #expect(byUID == .command(.info(.id(1))))
        #expect(
            try AgentCall(.check, arguments: arguments(##"{"items":["#0"]}"##), book: book)
                == .command(.mark([.id(0)], .check)))
        #expect(throws: CommandError.self) { try AgentCall(.info, arguments: arguments(#"{"item":"1"}"#), book: book) }
        #expect(throws: CommandError.noSuchItem("nope")) {
            try AgentCall(.info, arguments: arguments(#"{"item":"nope"}"#), book: book)
        }
    }

    @Test func argumentsOfTheWrongTypeOrUnknownAreRefused() throws {
        let (_, book) = try book()
        for (tool, text) in [
            (AgentTool.show, ##"{"list":3}"##), (.check, ##"{"items":"#0"}"##),
            (.move, ##"{"item":"#0","position":1.5}"##),
            (.lists, #"{"extra":true}"#), (.add, #"{"text":"x","tags":[1]}"#), (.check, #"{"items":[]}"#),
        ] {
            #expect(throws: CommandError.self, "\(tool) \(text)") {
                try AgentCall(tool, arguments: arguments(text), book: book)
            }
        }
    }

    @Test func readingToolsParseTheirWordsAsTheCommandsDo() throws {
        let (_, book) = try book()
        let show = try AgentCall(.show, arguments: arguments(#"{"list":"Home","filter":"open"}"#), book: book)
        guard case .command(.show("Home", let filter)) = show else {
            Issue.record("\(show)")
            return
        }
        #expect(!filter.isEmpty)
        #expect(throws: CommandError.self) {
            try AgentCall(.upcoming, arguments: arguments(#"{"filter":"soon"}"#), book: book)
        }
    }

    @Test func addAndUpdateSetEachFieldAsItsCommandDoes() throws {
        let (_, book) = try book()
        let call = try AgentCall(
            .update, arguments: arguments(##"{"item":"#1","text":"Eggs x12","priority":"high","tags_add":["+food"]}"##),
            book: book)
        #expect(
            call
                == .change(
                    .edit, .existing(.id(1)),
                    fields: [.edit(.id(0), "Eggs x12"), .priority(.id(0), 1), .tag([.id(0)], ["food"], adding: true)]))
        #expect(throws: CommandError.self) {
            try AgentCall(.update, arguments: arguments(##"{"item":"#1","priority":"urgent"}"##), book: book)
        }
    }
}
