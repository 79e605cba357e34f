import KeyedArchive
import Testing

@testable import ChecklistKit

/// The MCP server's JSON-RPC (SPEC §16), one message in and one answer out, over a session.
struct AgentServerTests {
    private func server(readOnly: Bool = false) throws -> (SessionFixture, AgentServer) {
        let fixture = try SessionFixture()
        fixture.runAll(["new Home", "add Milk", "add Eggs"])
        return (fixture, AgentServer(session: fixture.session, version: "9.9", readOnly: readOnly))
    }

    /// The answer to `message`, parsed; `.null` when there is none.
    private func answer(_ server: AgentServer, _ message: String) throws -> JSONValue {
        guard let response = server.answer(Array(message.utf8)).response else { return .null }
        return try JSONParser.parse(response)
    }

    /// A `tools/call` request of `tool` with `arguments` (JSON text).
    private func call(_ tool: String, _ arguments: String = "{}", id: Int = 7) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    }

    @Test func initializeAnswersTheClientsVersionWhenSpokenAndOurLatestOtherwise() throws {
        let (_, server) = try server()
        for (asked, agreed) in [
            ("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"), ("2099-01-01", "2025-11-25"),
        ] {
            let reply = try answer(
                server,
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"\#(asked)","capabilities":{}}}"#
            )
            #expect(reply["result"]?["protocolVersion"] == .string(agreed))
            #expect(reply["result"]?["serverInfo"]?["name"] == .string("checklists"))
            #expect(reply["result"]?["serverInfo"]?["version"] == .string("9.9"))
            #expect(reply["result"]?["instructions"]?.text?.contains("#ID or UID") == true)
            #expect(reply["id"] == .number("1"))
        }
    }

    @Test func badInputGetsAJSONRPCErrorAndTheServerGoesOn() throws {
        let (_, server) = try server()
        #expect(try answer(server, "{not json")["error"]?["code"] == .number("-32700"))
        #expect(try answer(server, "[1,2]")["error"]?["code"] == .number("-32600"))
        #expect(
            try answer(server, #"{"jsonrpc":"2.0","id":"a","method":"nope"}"#)["error"]?["code"] == .number("-32601"))
        #expect(try answer(server, #"{"jsonrpc":"2.0","id":3}"#)["error"]?["code"] == .number("-32600"))
        #expect(try answer(server, call("no_such_tool"))["error"]?["code"] == .number("-32602"))
        #expect(try answer(server, #"{"jsonrpc":"2.0","id":4,"method":"ping"}"#)["result"] == .object([]))
    }

    @Test func notificationsGetNoAnswer() throws {
        let (_, server) = try server()
        #expect(server.answer(Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8)).response == nil)
        #expect(server.answer(Array(#"{"jsonrpc":"2.0","method":"tools/call"}"#.utf8)).response == nil)
    }

    @Test func aToolCallGivesTheJSONDocumentAndItsTextLine() throws {
        let (fixture, server) = try server()
        let reply = try answer(server, call("add", #"{"text":"Bread","tags":["food"]}"#))
        let result = reply["result"]
        #expect(result?["isError"] == .bool(false))
        #expect(result?["structuredContent"]?["command"] == .string("add"))
        #expect(result?["structuredContent"]?["items"]?[0]?["text"] == .string("Bread"))
        #expect(result?["content"]?[0]?["text"]?.text?.hasPrefix("added 3 [ ] Bread") == true)
        let home = fixture.session.book.current
        #expect(home?.items.map(\.text) == ["Milk", "Eggs", "Bread"])
        #expect(home?.items.last?.tags == ["food"])
    }

    @Test func aRefusedCallIsAToolResultWithIsErrorAndChangesNothing() throws {
        let (fixture, server) = try server()
        let before = fixture.fileBytes
        for (tool, arguments, message) in [
            ("check", ##"{"items":["#99"]}"##, "no item #99"), ("add", ##"{"text":"  "}"##, "missing TEXT"),
            ("add", "{}", "missing text"), ("add", #"{"text":7}"#, "text must be a string"),
            ("move", ##"{"item":"#0","position":"x"}"##, "position must be a whole number"),
            ("update", ##"{"item":"#0","due":"someday soon"}"##, "\"someday soon\" is not a date"),
        ] {
            let result = try answer(server, call(tool, arguments))["result"]
            #expect(result?["isError"] == .bool(true), "\(tool) \(arguments)")
            #expect(result?["content"]?[0]?["text"]?.text?.contains(message) == true, "\(tool) \(arguments)")
        }
        #expect(fixture.fileBytes == before)
    }

    @Test func readOnlyListsOnlyTheReadToolsAndRefusesTheOthers() throws {
        let (fixture, server) = try server(readOnly: true)
        let listed = try answer(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let names = listed["result"]?["tools"]?.elements.compactMap { $0["name"]?.text }
        #expect(names == ["lists", "show", "find", "upcoming", "info", "tags"])
        let before = fixture.fileBytes
        let refused = try answer(server, call("add", #"{"text":"Bread"}"#))["result"]
        #expect(refused?["isError"] == .bool(true))
        #expect(refused?["content"]?[0]?["text"]?.text?.contains("--read-only") == true)
        #expect(fixture.fileBytes == before)
    }
}
