import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A misbehaving reverse proxy (`fault-proxy.py`, run with the system's python3) in front of a
/// real CalDAV server: it passes requests through, and answers with the faults a rule names
/// (a 500, an HTML page, a body cut off, a hang, a redirect, another client's change). Without
/// an upstream it only records what reaches it (a second server). It stops when this object goes.
final class FaultProxy {
    /// One rule: which requests (method, part of the path, how many) get which fault.
    struct Rule {
        var method: String?
        var path: String?
        var times = -1
        var action: String
        var extra: [String: Any] = [:]

        var json: [String: Any] {
            var object = extra.merging(["action": action, "times": times]) { $1 }
            if let method { object["method"] = method }
            if let path { object["path"] = path }
            return object
        }
    }

    /// One request as the proxy saw it.
    struct Request {
        var method: String
        var path: String
        var headers: [String: String]
        var action: String?
    }

    static let script = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "fault-proxy.py").path

    /// The proxy's URL (`http://127.0.0.1:PORT/`).
    let url: String
    let port: Int
    private let folder: URL
    private let process: Process
    private var stopped = false

    /// Starts the proxy in front of `upstream` (a URL), or as a recording server when `nil`; on
    /// `port` when given (a proxy started again where a stopped one was), else a free one.
    init(upstream: String?, port wanted: Int? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "checklists-proxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: folder.appending(path: "rules"))
        process = Process()
        process.executableURL = URL(filePath: "/usr/bin/python3")
        var arguments = [
            Self.script, "--port-file", folder.appending(path: "port").path, "--rules",
            folder.appending(path: "rules").path, "--log", folder.appending(path: "log").path,
        ]
        if let upstream { arguments += ["--upstream", upstream] }
        if let wanted { arguments += ["--port", String(wanted)] }
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            found = (try? String(contentsOf: folder.appending(path: "port"), encoding: .utf8)).flatMap { Int($0) }
            if found == nil { usleep(50_000) }
        }
        port = try #require(found, "the fault proxy did not start")
        url = "http://127.0.0.1:\(port)/"
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops the proxy: the server is down from now on.
    func stop() {
        // Once only: a second waitUntilExit on an ended Process never returns (corelibs Foundation).
        guard !stopped else { return }
        stopped = true
        // SIGKILL: the proxy keeps nothing, and a SIGTERM the test process blocks stays blocked in it.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Replaces the rules; requests from now on follow them (an empty list passes all through).
    func set(_ rules: [Rule]) throws {
        let data = try JSONSerialization.data(withJSONObject: rules.map(\.json))
        let temporary = folder.appending(path: "rules.set")
        try data.write(to: temporary)
        _ = rename(temporary.path, folder.appending(path: "rules").path)
    }

    /// The requests seen so far, oldest first.
    var requests: [Request] {
        let text = (try? String(contentsOf: folder.appending(path: "log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let method = object["method"] as? String, let path = object["path"] as? String
            else { return nil }
            return Request(
                method: method, path: path, headers: object["headers"] as? [String: String] ?? [:],
                action: object["action"] as? String)
        }
    }
}
