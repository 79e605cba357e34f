import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A phone on a `CalDAVTestServer`'s account: the python `caldav` library (3.6, in `.ci/venv`)
/// driven through `phone.py`, one JSON request and answer a line. It edits, completes and
/// deletes tasks as it last read them (`refresh`), with `If-Match`, as a phone does.
final class CalDAVPhone {
    /// A task as the phone read it, or a resource as the server holds it (`resources`).
    struct Task: Equatable {
        var list: String
        var uid: String
        var summary: String
        var done: Bool
        /// The resource's URL (only from `resources`).
        var href = ""
    }

    /// What a change came to.
    enum Outcome: Equatable {
        /// The server took it (an `add` gives the task's UID).
        case done(uid: String?)
        /// The server refused it, so it did not happen: 412 (changed since the phone read it),
        /// gone (404), or the phone had no such task.
        case refused(String)
        /// Something failed after the request may have reached the server.
        case unknown(String)
    }

    /// Why the phone could not be used.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The virtual environment's python, which has `caldav`.
    static let python = CalDAVTestServer.bin + "/python"
    static let script = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "phone.py").path

    /// Whether the python `caldav` library is there (the test command installs it: `Scripts/test-tools.sh`).
    static let available = RequiredTool.available(
        "the CalDAV random test needs the python caldav library",
        present: RequiredTool.executable(python) && imports(module: "caldav"),
        install: "Scripts/test-tools.sh installs it: .ci/venv/bin/pip install 'caldav==3.6.*' python-dateutil")

    private let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private var pending: [UInt8] = []

    /// Starts the phone on `server`'s account.
    init(_ server: CalDAVTestServer) throws {
        let toPhone = Pipe()
        let fromPhone = Pipe()
        process.executableURL = URL(filePath: Self.python)
        // Xandikos takes no password; the library then sends none.
        let user = server.kind == .radicale ? server.user : ""
        let password = server.kind == .radicale ? server.password : ""
        process.arguments = [Self.script, server.url, user, password]
        process.standardInput = toPhone
        process.standardOutput = fromPhone
        // What python says on the way out goes beside the server's log.
        let log = server.folder.appending(path: "phone.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: log)
        process.environment = ["PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"]
        input = toPhone.fileHandleForWriting
        output = fromPhone.fileHandleForReading
        try process.run()
        let ready = try readAnswer()
        guard ready["ready"] as? Bool == true else { throw Failure(description: "the phone did not start: \(ready)") }
    }

    deinit {
        try? input.close()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Reads every task list again: the phone's view from now on.
    func refresh() throws -> [Task] {
        let answer = try ask(["op": "refresh"])
        guard let lists = answer["lists"] as? [[String: Any]] else { throw Failure(description: "refresh: \(answer)") }
        return lists.flatMap { list in
            let name = list["name"] as? String ?? ""
            return (list["tasks"] as? [[String: Any]] ?? []).map { task in
                Task(
                    list: name, uid: task["uid"] as? String ?? "", summary: task["summary"] as? String ?? "",
                    done: task["done"] as? Bool ?? false)
            }
        }
    }

    /// Every task resource of every task list, listed (PROPFIND) and read (GET) now.
    func resources() throws -> [Task] {
        let answer = try ask(["op": "resources"])
        guard let resources = answer["resources"] as? [[String: Any]] else {
            throw Failure(description: "resources: \(answer)")
        }
        return resources.map { task in
            Task(
                list: task["list"] as? String ?? "", uid: task["uid"] as? String ?? "",
                summary: task["summary"] as? String ?? "", done: task["done"] as? Bool ?? false,
                href: task["href"] as? String ?? "")
        }
    }

    /// Adds a task of `text` to the task list named `list`.
    func add(list: String, text: String) throws -> Outcome {
        try outcome(of: ["op": "add", "list": list, "text": text])
    }

    /// Sets the task's SUMMARY to `text`.
    func edit(uid: String, text: String) throws -> Outcome {
        try outcome(of: ["op": "edit", "uid": uid, "text": text])
    }

    /// Completes the task (`done`) or makes it needing action again.
    func complete(uid: String, _ done: Bool) throws -> Outcome {
        try outcome(of: ["op": done ? "complete" : "uncomplete", "uid": uid])
    }

    /// Deletes the task.
    func delete(uid: String) throws -> Outcome {
        try outcome(of: ["op": "delete", "uid": uid])
    }

    /// Adds the calendar object `ical` (a task as a phone writes it) to the task list named `list`.
    func put(list: String, ical: String) throws -> Outcome {
        try outcome(of: ["op": "put", "list": list, "ical": ical])
    }

    /// Every task with SPEC §13's fields as the phone's library reads them: `list`, `uid`,
    /// `summary`, `description`, `categories`, `priority`, `start` and `due` (ISO 8601), `parents`.
    func details() throws -> [[String: Any]] {
        let answer = try ask(["op": "details"])
        guard let tasks = answer["tasks"] as? [[String: Any]] else { throw Failure(description: "details: \(answer)") }
        return tasks
    }

    private func outcome(of request: [String: String]) throws -> Outcome {
        let answer = try ask(request)
        if answer["ok"] as? Bool == true { return .done(uid: answer["uid"] as? String) }
        let reason = answer["reason"] as? String ?? "\(answer)"
        if reason == "unknown" { return .unknown(answer["detail"] as? String ?? reason) }
        return .refused(reason)
    }

    private func ask(_ request: [String: String]) throws -> [String: Any] {
        var line = try JSONSerialization.data(withJSONObject: request)
        line.append(0x0A)
        try input.write(contentsOf: line)
        return try readAnswer()
    }

    /// The next line the phone writes, as a JSON object.
    private func readAnswer() throws -> [String: Any] {
        while !pending.contains(0x0A) {
            // `availableData` returns what one read gives; Foundation's `read(upToCount:)` would
            // wait for the whole count.
            let data = output.availableData
            guard !data.isEmpty else {
                throw Failure(description: "the phone ended (\(process.isRunning ? "running" : "exited"))")
            }
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

    /// Whether the virtual environment's python imports `module` (the agent host asks too).
    static func imports(module: String) -> Bool {
        let check = Process()
        check.executableURL = URL(filePath: python)
        check.arguments = ["-c", "import \(module)"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }
}
