import Foundation
import Testing

/// What went over the wire in the CalDAV syncs of a test: a `curl` placed first on the PATH
/// that runs the real `/usr/bin/curl` on the same configuration, with a line on standard output
/// added to every request's `write-out` (after checklists' own line on standard error, which it
/// still gets), so each request the server answered leaves a line of its method, URL and byte
/// counts (as curl counted them on the connection).
final class CurlLog {
    /// One request as curl made it.
    struct Request: Equatable {
        var method: String
        var url: String
        /// The request's header and body bytes sent, and the answer's header and body bytes received.
        var bytes: Int
    }

    let folder: URL
    private var log: URL { folder.appending(path: "requests") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "checklists-curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Each request's `write-out` gets one more line about it; both go to checklists, and to the log.
        let script = """
            #!/bin/sh
            sed 's/^write-out = "\\(.*\\)"$/write-out = "\\1%{stdout}%{method} %{url_effective} %{size_request} %{size_upload} %{size_header} %{size_download}\\\\n"/' \\
                | /usr/bin/curl "$@" | tee -a '\(folder.path)/requests'

            """
        let wrapper = folder.appending(path: "curl")
        try script.write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        try #require(FileManager.default.createFile(atPath: log.path, contents: nil), "cannot create \(log.path)")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The environment that makes `checklists` run this curl.
    var environment: [String: String] { ["PATH": folder.path + ":/usr/bin:/bin"] }

    /// The requests made since the last call, and forgets them.
    func take() throws -> [Request] {
        let text = try String(contentsOf: log, encoding: .utf8)
        try Data().write(to: log)
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 6 else { return nil }
            let sizes = fields[2...].compactMap { Int($0) }
            guard sizes.count == 4 else { return nil }
            return Request(method: String(fields[0]), url: String(fields[1]), bytes: sizes.reduce(0, +))
        }
    }
}
