import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `checklists mcp` (SPEC §16) driven by the official python MCP SDK as an agent host drives it.
@Suite(.serialized, .enabled(if: AgentHost.available))
struct AgentServerCLITests {
    /// A fixture with a checklist Home holding Milk (#0) and Eggs (#1).
    private func fixture() throws -> ChecklistsProcess {
        let cli = try ChecklistsProcess()
        #expect(try cli.batch("new Home\nadd Milk\nadd Eggs\n").status == 0)
        return cli
    }

    /// The texts of the items of a document's `items`.
    private func texts(_ document: [String: Any], _ key: String = "items") -> [String] {
        (document[key] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func theHostSeesEveryToolWithItsSchemasAndHints() throws {
        let cli = try fixture()
        defer { cli.remove() }
        let host = try AgentHost(cli)
        #expect(["2025-11-25", "2025-06-18"].contains(host.initialized["protocolVersion"] as? String ?? ""))
        let server = host.initialized["serverInfo"] as? [String: Any]
        #expect(
            server?["name"] as? String == "checklists" && server?["version"] as? String == ChecklistsProcess.version)
        #expect((host.initialized["instructions"] as? String ?? "").contains("undo"))
        let tools = try host.tools()
        let reading = ["lists", "show", "find", "upcoming", "info", "tags"]
        let changing = ["new_list", "add", "update", "check", "uncheck", "delete", "move", "undo", "redo"]
        #expect(Set(tools.keys) == Set(reading + changing))
        for (name, tool) in tools {
            #expect((tool["inputSchema"] as? [String: Any])?["type"] as? String == "object", "\(name)")
            #expect((tool["outputSchema"] as? [String: Any])?["type"] as? String == "object", "\(name)")
            let hints = tool["annotations"] as? [String: Any]
            #expect(hints?["readOnlyHint"] as? Bool == reading.contains(name), "\(name)")
            #expect(hints?["destructiveHint"] as? Bool == (name == "delete"), "\(name)")
        }
        let add = tools["add"]?["inputSchema"] as? [String: Any]
        #expect(add?["required"] as? [String] == ["text"])
        #expect(host.finish() == 0)
    }

    @Test func everyToolDoesWhatItsCommandDoes() throws {
        let cli = try fixture()
        defer { cli.remove() }
        let host = try AgentHost(cli)
        #expect(try host.call("new_list", ["name": "Work"]).document["current"] as? String == "Work")
        let added = try host.call(
            "add",
            [
                "text": "Report", "due": "2046-11-29", "priority": "high", "tags": ["office"], "note": "two\nlines",
                "repeat": "weekly", "start": "2046-11-28",
            ])
        #expect(!added.isError, "\(added.text)")
        #expect(added.text.hasPrefix("added 1 [ ] !!! Report"))
        let report = try #require((added.document["items"] as? [[String: Any]])?.first)
        let uid = try #require(report["uid"] as? String)
        let sub = try host.call("add", ["text": "Draft", "parent": uid])
        #expect(!sub.isError, "\(sub.text)")
        #expect(texts(try host.call("show", ["list": "Work"]).document) == ["Report", "Draft"])
        #expect(texts(try host.call("find", ["text": "milk"]).document) == ["Milk"])
        #expect(texts(try host.call("upcoming", ["filter": "+office"]).document) == ["Report"])
        let info = try host.call("info", ["item": uid]).document["item"] as? [String: Any]
        #expect(info?["note"] as? String == "two\nlines" && info?["priority"] as? Int == 1)
        #expect((try host.call("tags").document["tags"] as? [[String: Any]])?.first?["name"] as? String == "office")
        let updated = try host.call("update", ["item": uid, "text": "Annual report", "tags_remove": ["office"]])
        #expect(texts(updated.document) == ["Annual report"], "\(updated.text)")
        #expect(!(try host.call("check", ["items": ["#0", "#1"]]).isError))
        #expect(try host.call("uncheck", ["items": ["#1"]]).text.contains("Eggs"))
        let moved = try host.call("move", ["item": "#1", "list": "Work"])
        #expect(!moved.isError, "\(moved.text)")
        #expect(texts(try host.call("delete", ["items": ["#0"]]).document, "deleted") == ["Milk"])
        #expect(texts(try host.call("undo").document) == ["Milk"])
        #expect(texts(try host.call("redo").document, "deleted") == ["Milk"])
        let lists = try host.call("lists").document["lists"] as? [[String: Any]] ?? []
        #expect(lists.compactMap { $0["name"] as? String } == ["Home", "List", "Work"], "List: the first run's")
        #expect(try cli.exported().list("Work")?.items.map(\.text) == ["Annual report", "Draft", "Eggs"])
        #expect(host.finish() == 0)
    }

    @Test func badInputIsAnsweredChangesNothingAndTheServerLivesOn() throws {
        let cli = try fixture()
        defer { cli.remove() }
        let before = cli.bytes(cli.dataFile)
        let host = try AgentHost(cli)
        for (tool, arguments, message) in [
            ("info", ["item": "#42"], "no item #42"), ("check", ["items": ["3"]], "#ID or UID"),
            ("add", [:], "missing text"), ("add", ["text": 7], "text must be a string"),
            ("move", ["item": "#0", "position": "last"], "whole number"),
            ("update", ["item": "#0", "due": "soonish"], "\"soonish\" is not a date"),
            ("show", ["list": "Nowhere"], "Nowhere"), ("lists", ["extra": 1], "extra"),
        ] as [(String, [String: Any], String)] {
            let result = try host.call(tool, arguments)
            #expect(result.isError, "\(tool) \(arguments)")
            #expect(result.text.contains(message), "\(tool): \(result.text)")
        }
        #expect(try host.ping())
        #expect(cli.bytes(cli.dataFile) == before)
        // What the SDK never sends: a line that is not JSON, an unknown method, a request without one.
        let raw = [
            "{oops", #"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#, #"{"jsonrpc":"2.0","id":2}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#,
        ]
        let outcome = try cli.run(["mcp"], stdin: Array((raw.joined(separator: "\n") + "\n").utf8))
        #expect(outcome.status == 0, "the end of input ends the server")
        let answers = try PythonJSON.documents(outcome.stdout)
        let codes = answers.map { ($0["error"] as? [String: Any])?["code"] as? Int }
        #expect(codes == [-32700, -32601, -32600, nil], "\(outcome.stdout)")
        #expect(answers.last?["id"] as? Int == 3)
    }

    @Test func aShellsChangesAndUndoMeetTheAgentsOnTheSameFile() throws {
        let cli = try fixture()
        defer { cli.remove() }
        let host = try AgentHost(cli)
        let added = try host.call("add", ["text": "Bread"])
        #expect(!added.isError)
        // The shell's undo takes back the agent's change: one step in the shared journal.
        #expect(try cli.run(["undo"]).stdout.contains("add \"Bread\""))
        #expect(texts(try host.call("show").document) == ["Milk", "Eggs"], "the server read the file again")
        #expect(try cli.run(["add", "Butter"]).status == 0)
        #expect(texts(try host.call("find", ["text": "butter"]).document) == ["Butter"])
        // The tool's undo takes back the latest change, whoever made it.
        #expect(try host.call("undo").text.contains("Butter"))
        #expect(try cli.exported().list("Home")?.items.map(\.text) == ["Milk", "Eggs"])
        #expect(host.finish() == 0)
    }

    @Test func readOnlyOffersTheReadToolsAndRefusesTheRest() throws {
        let cli = try fixture()
        defer { cli.remove() }
        let before = cli.bytes(cli.dataFile)
        let host = try AgentHost(cli, arguments: ["mcp", "--read-only"])
        #expect(Set(try host.tools().keys) == ["lists", "show", "find", "upcoming", "info", "tags"])
        #expect(texts(try host.call("show").document) == ["Milk", "Eggs"])
        for (tool, arguments) in [("add", ["text": "Bread"]), ("delete", ["items": ["#0"]]), ("undo", [:])]
            as [(String, [String: Any])]
        {
            let result = try host.call(tool, arguments)
            #expect(result.isError && result.text.contains("--read-only"), "\(tool)")
        }
        #expect(cli.bytes(cli.dataFile) == before)
        #expect(try cli.run(["mcp", "--write"]).status == 1, "an unknown option is a usage error")
    }

    @Test func twoAgentsAndShellsChangingOneFileAtOnceLoseNothing() throws {
        let cli = try fixture()
        defer { cli.remove() }
        let hosts = [try AgentHost(cli), try AgentHost(cli)]
        let rounds = 12
        let batch = (0..<rounds).map { "add batch \($0)\n" }.joined()
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            do {
                switch worker {
                case 0, 1:
                    for round in 0..<rounds {
                        let result = try hosts[worker].call("add", ["text": "agent\(worker) \(round)", "list": "Home"])
                        if result.isError { failures.withLock { $0.append(result.text) } }
                    }
                case 2:
                    for round in 0..<rounds {
                        let outcome = try cli.run(["add", "shell \(round)"])
                        if outcome.status != 0 { failures.withLock { $0.append(outcome.stderr) } }
                    }
                default:
                    let outcome = try cli.batch(batch)
                    if outcome.status != 0 { failures.withLock { $0.append(outcome.stderr) } }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let texts = try cli.exported().list("Home")?.items.map(\.text) ?? []
        #expect(texts.count == 2 + 4 * rounds, "\(texts)")
        for prefix in ["agent0", "agent1", "shell", "batch"] {
            #expect(texts.filter { $0.hasPrefix(prefix + " ") }.count == rounds, "\(prefix)")
        }
        #expect(Set(texts).count == texts.count)
        for host in hosts { #expect(host.finish() == 0) }
    }
}
