import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Makes HTTP requests with the `curl` program: a batch of requests in one process, over one
/// reused connection, certificates verified against the system's store.
///
/// The executable links no HTTP or TLS library (its start-up stays where it was); a sync runs a
/// few curl processes, one per phase (discover, list, fetch, write), not one per request. The
/// password travels to curl on its standard input (`--config -`), never on a command line or
/// in a file; `~/.curlrc` is ignored. Redirects are not followed: a caller follows one itself,
/// only to the same host, so credentials never go elsewhere.
struct CurlTransport {
    /// The user name and password, if the server wants them.
    var credentials: (user: String, password: String)?
    /// The environment curl runs with.
    var environment: [String: String]
    /// The private folder (0700) each batch makes its own folder in; what a killed sync left
    /// there is cleared by `clearScratch` (the next sync, under the store's lock).
    var scratch: String
    /// Seconds without progress (or to connect) after which a request fails.
    var timeout = 30

    /// Why requests could not be made at all.
    struct Failure: Error {
        var reason: String
    }

    /// Performs `requests` in one curl process; one response each, in order.
    func perform(_ requests: [HTTPRequest]) throws(Failure) -> [HTTPResponse] {
        guard !requests.isEmpty else { return [] }
        guard ChildProcess.isAvailable("curl", path: environment["PATH"]) else {
            throw Failure(reason: "CalDAV needs curl, which is not installed: apt-get install curl")
        }
        let folder = try makeFolder()
        defer {
            // The folder holds only the files named below, so no `rm -r` process is needed.
            for index in requests.indices {
                for name in ["request", "head", "body"] { unlink("\(folder)/\(name)-\(index)") }
            }
            rmdir(folder)
        }
        var config = ""
        for (index, request) in requests.enumerated() {
            if index > 0 { config += "next\n" }
            config += "url = \(quoted(request.url))\nrequest = \(quoted(request.method))\n"
            config += "proto = \"=http,https\"\nsilent\nshow-error\n"
            config += "connect-timeout = \(timeout)\nspeed-time = \(timeout)\nspeed-limit = 1\n"
            config +=
                "output = \(quoted("\(folder)/body-\(index)"))\ndump-header = \(quoted("\(folder)/head-\(index)"))\n"
            for header in request.headers where !header.contains(where: \.isNewline) {
                config += "header = \(quoted(header))\n"
            }
            if let body = request.body {
                let path = "\(folder)/request-\(index)"
                guard FileBytes.writeScratch(body, to: path) else {
                    throw Failure(reason: "cannot write a request into \(folder)")
                }
                config += "data-binary = \(quoted("@" + path))\n"
            }
            if let credentials {
                config += "user = \(quoted(credentials.user + ":" + credentials.password))\n"
            }
        }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                "curl", ["-q", "--config", "-"],
                // curl gets the password in its configuration only, not in its environment too.
                environment: environment.filter { $0.key != "CHECKLISTS_CALDAV_PASSWORD" }, input: Array(config.utf8))
        } catch {
            throw Failure(reason: error.description)
        }
        // curl's own line (`curl: (60) …`), not the advice some errors add after it.
        let lines = outcome.errorText.split(separator: "\n")
        let curlSaid = (lines.last { $0.hasPrefix("curl: (") } ?? lines.last).map(String.init) ?? "curl failed"
        return requests.indices.map { index in
            let head = StateFile.read("\(folder)/head-\(index)") ?? []
            var response = Self.parseHead(head)
            response.body = StateFile.read("\(folder)/body-\(index)") ?? []
            if response.status == 0 { response.failure = curlSaid }
            // A connection closed before the announced length arrived (curl goes on with the
            // next request): the part that came is no answer at all.
            if let announced = response.headers["content-length"].flatMap({ Int($0) }), response.body.count < announced
            {
                response.failure = "the connection broke off after \(response.body.count) of \(announced) bytes"
                response.status = 0
            }
            return response
        }
    }

    /// The status and headers of the last header block in `bytes` (after any `100 Continue`).
    static func parseHead(_ bytes: [UInt8]) -> HTTPResponse {
        var response = HTTPResponse(status: 0, headers: [:], body: [])
        // Split by bytes: as Characters, "\r\n" is one that "\n" does not match.
        for raw in bytes.split(separator: UInt8(ascii: "\n")) {
            let line = String(decoding: raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw, as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                let fields = line.split(separator: " ")
                response.status = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
                response.headers = [:]
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                response.headers[name] = String(value)
            }
        }
        return response
    }

    /// A value for curl's configuration: in double quotes, with `\` and `"` escaped and line
    /// breaks written as escapes (so no value can add a line of its own).
    private func quoted(_ value: String) -> String {
        "\"" + value.escaping(["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]) + "\""
    }

    /// A new private folder (0700) in `scratch` for the bodies of one batch.
    private func makeFolder() throws(Failure) -> String {
        do {
            try StateFile.makeFolder(scratch)
        } catch {
            throw Failure(reason: "cannot make \(scratch): \(error)")
        }
        var template = Array((scratch + "/batch.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw Failure(reason: "cannot make a folder in \(scratch)") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes the batch folders a killed sync left in `scratch` (their files hold task data).
    static func clearScratch(_ scratch: String) {
        for batch in StateFile.names(in: scratch) where batch.hasPrefix("batch.") {
            let folder = scratch + "/" + batch
            for name in StateFile.names(in: folder) where name != "." && name != ".." { unlink(folder + "/" + name) }
            rmdir(folder)
        }
    }
}
