import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An agent host running `checklists mcp` through the official python MCP SDK (`mcp` 2.x in
/// `.ci/venv`), driven through `agent.py`: one JSON request and answer a line. One thread at a
/// time uses a host (the concurrent test gives each worker its own).
final class AgentHost: @unchecked Sendable {
    /// A tool call's result as the SDK gave it.
    struct ToolResult {
        var isError: Bool
        var text: String
        /// `structuredContent`: the command's `--json` document.
        var document: [String: Any]
    }

    /// Why the host could not be used.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let script = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "agent.py").path

    /// Whether the python MCP SDK is there (the test command installs it: `Scripts/test-tools.sh`).
    static let available = RequiredTool.available(
        "the MCP tests need the official python MCP SDK",
        present: RequiredTool.executable(CalDAVPhone.python) && CalDAVPhone.imports(module: "mcp"),
        install: "Scripts/test-tools.sh installs it: .ci/venv/bin/pip install 'mcp>=2,<3'")

    /// What `initialize` answered.
    private(set) var initialized: [String: Any] = [:]
    private let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private var pending: [UInt8] = []

    /// Starts `checklists ARGUMENTS` (`mcp` and its options) as the host's server, in `cli`'s environment.
    init(_ cli: ChecklistsProcess, arguments: [String] = ["mcp"]) throws {
        let toHost = Pipe()
        let fromHost = Pipe()
        process.executableURL = URL(filePath: CalDAVPhone.python)
        process.arguments = [Self.script, ChecklistsProcess.executable.path] + arguments
        process.standardInput = toHost
        process.standardOutput = fromHost
        // What the server says on standard error (its notices) goes to a file beside the data.
        let log = cli.folder.appending(path: "agent-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.environment = cli.environment.merging(["PYTHONDONTWRITEBYTECODE": "1"]) { $1 }
        input = toHost.fileHandleForWriting
        output = fromHost.fileHandleForReading
        try process.run()
        initialized = try readAnswer()
        guard initialized["ready"] as? Bool == true else { throw Failure(description: "no session: \(initialized)") }
    }

    deinit {
        try? input.close()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The tools the server lists, by name.
    func tools() throws -> [String: [String: Any]] {
        let listed = try ask(["op": "tools"])["tools"] as? [[String: Any]] ?? []
        return Dictionary(listed.map { ($0["name"] as? String ?? "", $0) }) { first, _ in first }
    }

    /// Calls `tool` with `arguments`.
    func call(_ tool: String, _ arguments: [String: Any] = [:]) throws -> ToolResult {
        let answer = try ask(["op": "call", "name": tool, "arguments": arguments])
        if let error = answer["error"] as? String { throw Failure(description: "\(tool): \(error)") }
        return ToolResult(
            isError: answer["isError"] as? Bool ?? false, text: answer["text"] as? String ?? "",
            document: answer["structured"] as? [String: Any] ?? [:])
    }

    /// Sends a ping: the session is alive.
    func ping() throws -> Bool { try ask(["op": "ping"])["pong"] as? Bool == true }

    /// Ends the session (the server's standard input closes) and waits for the host to leave.
    func finish() -> Int32 {
        try? input.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func ask(_ request: [String: Any]) throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: request)
        line.append(0x0A)
        try input.write(contentsOf: line)
        return try readAnswer()
    }

    /// The next line the host writes, as a JSON object.
    private func readAnswer() throws -> [String: Any] {
        while !pending.contains(0x0A) {
            let data = output.availableData
            guard !data.isEmpty else { throw Failure(description: "the agent host ended") }
            pending += data
        }
        let end = pending.firstIndex(of: 0x0A) ?? pending.endIndex
        let line = Data(pending[..<end])
        pending.removeSubrange(...end)
        guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw Failure(description: "not an answer: \(String(decoding: line, as: UTF8.self))")
        }
        return object
    }
}
