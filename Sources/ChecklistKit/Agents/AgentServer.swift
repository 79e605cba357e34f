import KeyedArchive

/// The Model Context Protocol server of `checklists mcp` (SPEC §16): one JSON-RPC 2.0 message in,
/// at most one out, over a session.
///
/// Pure: the executable reads the lines from standard input and writes the answers. Each tool call
/// is one command of the session, which takes the store's lock for its change alone and reloads
/// the file when another process changed it.
public final class AgentServer {
    /// The session the tools run in.
    let session: Session
    /// The program's version, for `initialize`.
    let version: String
    /// Whether only the read tools are offered (`--read-only`).
    let readOnly: Bool

    /// The protocol versions spoken, the latest first.
    public static let protocolVersions = ["2025-11-25", "2025-06-18"]

    /// JSON-RPC 2.0's error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
    }

    /// A server over `session`, which it makes report JSON documents.
    public init(session: Session, version: String, readOnly: Bool) {
        self.session = session
        self.version = version
        self.readOnly = readOnly
        session.reportsJSON = true
    }

    /// What the server says to an agent host: how items are named, that every change can be undone.
    static let instructions =
        "checklists keeps checklists that a person also uses in a terminal. Items are named by #ID or UID,"
        + " as the JSON documents give them (positions shift when others change the list). Every change is one"
        + " undo step: the undo tool, or checklists undo in a shell, takes back the latest change."

    /// The answer to one line of input (a JSON-RPC message), `nil` for a notification; with the
    /// notices worth showing on standard error (another process changed the file).
    public func answer(_ line: [UInt8]) -> (response: [UInt8]?, notices: [String]) {
        let message: JSONValue
        do {
            message = try JSONParser.parse(line)
        } catch {
            return (Self.error(id: .null, .parseError, error.description), [])
        }
        guard case .object(let members) = message else {
            return (Self.error(id: .null, .invalidRequest, "a request is a JSON object"), [])
        }
        let id = members.first { $0.key == "id" }?.value
        guard member("jsonrpc", of: members) == .string("2.0"),
            case .string(let method)? = member("method", of: members)
        else {
            return (Self.error(id: id ?? .null, .invalidRequest, "not a JSON-RPC 2.0 request"), [])
        }
        let params = member("params", of: members)
        // A notification (no id) gets no answer, whatever its method.
        guard let id else { return (nil, []) }
        switch method {
        case "initialize": return (Self.result(id: id, initialize(params)), [])
        case "ping":
            return (
                Self.result(id: id) {
                    $0.beginObject(); $0.endObject()
                }, []
            )
        case "tools/list": return (Self.result(id: id, listTools), [])
        case "tools/call": return call(id: id, params)
        default: return (Self.error(id: id, .methodNotFound, "method not found: \(method)"), [])
        }
    }

    /// The member `key` of an object's members.
    private func member(_ key: String, of members: [(key: String, value: JSONValue)]) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    /// `initialize`: the client's protocol version when it is one spoken here, else the latest.
    private func initialize(_ params: JSONValue?) -> (inout JSONWriter) -> Void {
        var asked: String?
        if case .object(let members)? = params, case .string(let version)? = member("protocolVersion", of: members) {
            asked = version
        }
        let agreed = asked.flatMap { Self.protocolVersions.contains($0) ? $0 : nil } ?? Self.protocolVersions[0]
        return { [version] writer in
            writer.beginObject()
            writer.member("protocolVersion", agreed)
            writer.key("capabilities")
            writer.beginObject()
            writer.key("tools")
            writer.beginObject()
            writer.member("listChanged", false)
            writer.endObject()
            writer.endObject()
            writer.key("serverInfo")
            writer.beginObject()
            writer.member("name", "checklists")
            writer.member("version", version)
            writer.endObject()
            writer.member("instructions", Self.instructions)
            writer.endObject()
        }
    }

    /// `tools/list`: the tools offered, with their schemas.
    private func listTools(_ writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("tools")
        writer.beginArray()
        for tool in AgentTool.offered(readOnly: readOnly) { tool.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }

    /// `tools/call`: runs the tool; a bad argument or a refused change is a result with `isError`.
    private func call(id: JSONValue, _ params: JSONValue?) -> (response: [UInt8]?, notices: [String]) {
        guard case .object(let members)? = params, case .string(let name)? = member("name", of: members) else {
            return (Self.error(id: id, .invalidParams, "tools/call needs the tool's name"), [])
        }
        guard let tool = AgentTool(rawValue: name) else {
            return (Self.error(id: id, .invalidParams, "unknown tool: \(name)"), [])
        }
        guard !readOnly || tool.isReadOnly else {
            return (
                Self.toolError(id: id, "checklists mcp --read-only does not change anything: \(name) is refused"), []
            )
        }
        var notices: [String] = []
        do {
            // The file another process changed is read first, so that a UID names its item there.
            if try session.store.reloadIfChanged() { notices.append(session.reloadNotice) }
        } catch {
            return (Self.toolError(id: id, "\(error)"), notices)
        }
        let result: CommandResult
        do {
            switch try AgentCall(tool, arguments: member("arguments", of: members), book: session.book) {
            case .command(let command): result = session.run(parsed: .success(command))
            case .change(let command, let target, let fields):
                result = session.runAgentChange(command, target, fields: fields)
            }
        } catch {
            return (Self.toolError(id: id, error.description), notices)
        }
        notices += result.notices + result.warnings
        if let error = result.error { return (Self.toolError(id: id, error), notices) }
        let document = result.document ?? JSONReport.lines(tool.command, result.lines)
        // A change's text is its message; a reading's is its document, as MCP asks of structured results.
        let text =
            tool.isReadOnly
            ? String(decoding: document, as: UTF8.self) : result.lines.map(\.text).joined(separator: "\n")
        let response = Self.result(id: id) { writer in
            writer.beginObject()
            Self.writeContent(text, to: &writer)
            writer.key("structuredContent")
            writer.json(document)
            writer.member("isError", false)
            writer.endObject()
        }
        return (response, notices)
    }

    /// A tool result saying what went wrong, with `isError`.
    private static func toolError(id: JSONValue, _ message: String) -> [UInt8] {
        result(id: id) { writer in
            writer.beginObject()
            writeContent(message, to: &writer)
            writer.member("isError", true)
            writer.endObject()
        }
    }

    /// Writes `content`: one text block.
    private static func writeContent(_ text: String, to writer: inout JSONWriter) {
        writer.key("content")
        writer.beginArray()
        writer.beginObject()
        writer.member("type", "text")
        writer.member("text", text)
        writer.endObject()
        writer.endArray()
    }

    /// A JSON-RPC response whose `result` `body` writes.
    private static func result(id: JSONValue, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        response(id: id, "result", body)
    }

    /// A JSON-RPC error response.
    private static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> [UInt8] {
        response(id: id, "error") { writer in
            writer.beginObject()
            writer.member("code", code.rawValue)
            writer.member("message", message)
            writer.endObject()
        }
    }

    /// A JSON-RPC response to `id` whose member `key` (`result` or `error`) `body` writes.
    private static func response(id: JSONValue, _ key: String, _ body: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("jsonrpc", "2.0")
        writer.key("id")
        writer.value(id)
        writer.key(key)
        body(&writer)
        writer.endObject()
        return writer.bytes
    }
}
