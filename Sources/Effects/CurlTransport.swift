import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Makes HTTP requests with the `curl` program: a batch of requests in one process, over one
/// reused connection, certificates verified against the system's store.
///
/// The executable links no HTTP or TLS library (its start-up stays where it was); a sync runs a
/// few curl processes, one per phase (discover, list, fetch, write), not one per request. The
/// password travels to curl on its standard input (`--config -`), never on a command line, in a
/// file or in an environment; `~/.curlrc` is ignored.
///
/// Every request goes to the account's origin, or is refused before curl starts (`Failure.otherOrigin`):
/// this is the one place requests are made, so the password never reaches another server. curl
/// follows no redirect itself; one to the same origin is followed here (at most
/// `redirectLimit` hops), one to another origin refused. Each request has `timeout` seconds in all
/// (curl's `max-time`), so a batch of N requests ends within N × `timeout` seconds (curl is killed
/// past that, a few seconds of grace aside); SIGINT and SIGTERM kill curl at once and end the
/// batch (`Failure.stopped`). No answer beyond `answerLimit` bytes is written to disk (curl's file
/// size limit) or read into memory.
struct CurlTransport {
    /// The user name and password, if the server wants them.
    var credentials: (user: String, password: String)?
    /// The environment curl runs with.
    var environment: [String: String]
    /// The private folder (0700) each batch makes its own folder in; what a killed sync left
    /// there is cleared by `clearScratch` (the next sync, under the store's lock).
    var scratch: String
    /// The account's origin (`https://host:port`): the only one requests go to.
    var origin: String
    /// Seconds each request has in all (connecting included).
    var timeout = 30

    /// The most bytes of one answer kept, on disk or in memory (SPEC §11: "say 64 MiB").
    static let answerLimit = 64 << 20
    /// How many redirects within the origin one request follows.
    static let redirectLimit = 3
    /// Seconds a batch has beyond its requests' time, for starting curl and writing its files.
    static let batchGrace = 5
    /// `HTTPResponse.curlCode` for an answer longer than `answerLimit` (curl's own code for it).
    static let tooLarge = 63
    /// `HTTPResponse.curlCode` for a request that did not finish in time (curl's own code for it).
    static let timedOut = 28

    /// Why requests could not be made at all.
    enum Failure: Error {
        /// curl could not run (not installed, no scratch folder).
        case cannotRun(String)
        /// A request was for `url`, on another origin than the account's (when `redirectedFrom`
        /// is given, that URL redirected there); nothing was sent there.
        case otherOrigin(url: String, redirectedFrom: String?)
        /// SIGINT or SIGTERM came: curl was killed.
        case stopped(signal: Int32)
    }

    /// The start of the line curl writes on standard error for each request it finished: its
    /// code and message for it (`checklists-answer: 28 Operation timed out…`).
    static let answerMark = "checklists-answer: "

    /// Performs `requests`, one response each, in order: in one curl process, then again for
    /// those redirected within the origin. `onAnswer` is told how many requests have their
    /// answer each time one more has (in the first process, as curl finishes each).
    func perform(_ requests: [HTTPRequest], onAnswer: (Int) -> Void = { _ in }) throws(Failure) -> [HTTPResponse] {
        var current = requests
        var responses = try performOnce(current, onAnswer: onAnswer)
        for _ in 0..<Self.redirectLimit {
            var redirected: [Int] = []
            for index in responses.indices {
                guard [301, 302, 303, 307, 308].contains(responses[index].status),
                    let location = responses[index].headers["location"]
                else { continue }
                let target = CalDAVAccount.absolute(location, on: current[index].url)
                guard CalDAVAccount.sameOrigin(target, origin) else {
                    throw .otherOrigin(url: target, redirectedFrom: current[index].url)
                }
                current[index].url = target
                redirected.append(index)
            }
            guard !redirected.isEmpty else { break }
            for (index, response) in zip(redirected, try performOnce(redirected.map { current[$0] })) {
                responses[index] = response
            }
        }
        return responses
    }

    /// Performs `requests` in one curl process; one response each, in order.
    private func performOnce(
        _ requests: [HTTPRequest], onAnswer: (Int) -> Void = { _ in }
    ) throws(Failure) -> [HTTPResponse] {
        guard !requests.isEmpty else { return [] }
        if let elsewhere = requests.first(where: { !CalDAVAccount.sameOrigin($0.url, origin) }) {
            throw .otherOrigin(url: elsewhere.url, redirectedFrom: nil)
        }
        guard ChildProcess.isAvailable("curl", path: environment["PATH"]) else {
            throw .cannotRun("CalDAV needs curl, which is not installed: apt-get install curl")
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
            config += "connect-timeout = \(timeout)\nmax-time = \(timeout)\nmax-filesize = \(Self.answerLimit)\n"
            // One line per request on standard error, which curl does not buffer: its code and
            // message for it, seen as each request ends.
            config += "write-out = \(quoted("%{stderr}\(Self.answerMark)%{exitcode} %{errormsg}\n"))\n"
            config +=
                "output = \(quoted("\(folder)/body-\(index)"))\ndump-header = \(quoted("\(folder)/head-\(index)"))\n"
            for header in request.headers where !header.contains(where: \.isNewline) {
                config += "header = \(quoted(header))\n"
            }
            if let body = request.body {
                let path = "\(folder)/request-\(index)"
                guard FileBytes.writeScratch(body, to: path) else {
                    throw .cannotRun("cannot write a request into \(folder)")
                }
                config += "data-binary = \(quoted("@" + path))\n"
            }
            if let credentials {
                config += "user = \(quoted(credentials.user + ":" + credentials.password))\n"
            }
        }
        let run: ChildProcess.BoundedRun
        var answered = AnswerCount()
        do {
            // One byte more than the bound, so that a longer answer is seen to be longer.
            run = try ChildProcess.runBounded(
                "curl", ["-q", "--config", "-"], environment: environment, input: Array(config.utf8),
                timeLimit: Double(requests.count * timeout + Self.batchGrace), fileSizeLimit: Self.answerLimit + 1,
                group: .own
            ) { bytes in
                if answered.take(bytes) { onAnswer(answered.count) }
            }
        } catch {
            throw .cannotRun(error.description)
        }
        if case .stopped(let signal) = run.ending { throw .stopped(signal: signal) }
        let results = Self.results(run.errorOutput)
        // curl's own line (`curl: (60) …`), not the advice some errors add after it.
        let lines = String(decoding: run.errorOutput, as: UTF8.self).split(separator: "\n").filter {
            !$0.hasPrefix(Self.answerMark)
        }
        let curlSaid = (lines.last { $0.hasPrefix("curl: (") } ?? lines.last).map(String.init) ?? "curl failed"
        return requests.indices.map { index in
            let head: [UInt8]
            switch FileBytes.read("\(folder)/head-\(index)", limit: Self.answerLimit) {
            case .bytes(let bytes): head = bytes
            default: head = []
            }
            var response = Self.parseHead(head)
            // curl's code for this request: 0 when it finished, nil when curl said nothing of it
            // (killed past the batch's time, or a curl too old for `%{exitcode}`).
            let code = results.indices.contains(index) ? results[index].code : nil
            let said =
                results.indices.contains(index) ? "curl: (\(results[index].code)) \(results[index].message)" : curlSaid
            switch FileBytes.read("\(folder)/body-\(index)", limit: Self.answerLimit) {
            case .bytes(let bytes):
                response.body = bytes
            case .tooLarge:
                // An answer without a length announced fills the file up to its size limit.
                return Self.failed(response, code: Self.tooLarge, "an answer larger than \(Self.answerLimit >> 20) MiB")
            case nil:
                break
            }
            if code == nil && run.ending == .timedOut {
                return Self.failed(response, code: Self.timedOut, "curl: (28) no whole answer in time")
            }
            if code == Self.tooLarge {
                return Self.failed(response, code: Self.tooLarge, "an answer larger than \(Self.answerLimit >> 20) MiB")
            }
            // A connection closed before the announced length arrived (curl goes on with the
            // next request): the part that came is no answer at all.
            if response.status != 0, code != Self.timedOut,
                let announced = response.headers["content-length"].flatMap({ Int($0) }), response.body.count < announced
            {
                return Self.failed(
                    response, code: code ?? 0,
                    "the connection broke off after \(response.body.count) of \(announced) bytes")
            }
            // No answer, or headers and then a failure (timed out, cut off).
            if response.status == 0 || (code ?? 0) > 0 { return Self.failed(response, code: code ?? 0, said) }
            return response
        }
    }

    /// `response` as no answer: curl's `code` for it and why.
    private static func failed(_ response: HTTPResponse, code: Int, _ reason: String) -> HTTPResponse {
        var response = response
        response.status = 0
        response.curlCode = code
        response.failure = reason
        return response
    }

    /// curl's code and message for each request, from its `write-out` lines on standard error
    /// (`checklists-answer: 28 Operation timed out…`).
    static func results(_ errorOutput: [UInt8]) -> [(code: Int, message: String)] {
        errorOutput.split(separator: UInt8(ascii: "\n")).compactMap { line in
            let whole = String(decoding: line, as: UTF8.self)
            guard whole.hasPrefix(answerMark) else { return nil }
            let text = whole.dropFirst(answerMark.count)
            let code = text.prefix { $0 != " " }
            return Int(code).map { ($0, String(text.dropFirst(code.count + 1))) }
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
            throw .cannotRun("cannot make \(scratch): \(error)")
        }
        var template = Array((scratch + "/batch.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard made != nil else { throw .cannotRun("cannot make a folder in \(scratch)") }
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
