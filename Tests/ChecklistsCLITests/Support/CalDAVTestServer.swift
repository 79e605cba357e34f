import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real CalDAV server for the tests, on 127.0.0.1 and a free port, in a temporary folder:
/// Radicale 3.9 (with an htpasswd file, so the password path is tested) or Xandikos 0.4, from
/// the virtual environment `Scripts/test-tools.sh` makes (`.ci/venv`). It stops when this object goes.
final class CalDAVTestServer {
    /// Which server.
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case radicale, xandikos
        var description: String { rawValue }
    }

    /// The virtual environment's `bin` folder.
    static let bin = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: ".ci/venv/bin").path

    /// Whether both servers are installed (the test command installs them: `Scripts/test-tools.sh`).
    static let available = RequiredTool.available(
        "the CalDAV tests need Radicale and Xandikos",
        present: RequiredTool.executable(bin + "/radicale") && RequiredTool.executable(bin + "/xandikos")
            && RequiredTool.executable("/usr/bin/curl"),
        install:
            "Scripts/test-tools.sh makes them: python3 -m venv .ci/venv && .ci/venv/bin/pip install 'radicale==3.9.*' 'xandikos==0.4.*'"
    )

    let kind: Kind
    /// The URL a user gives `caldav init`.
    let url: String
    /// The user and password it accepts.
    let user = "ann"
    let password = "s3cret pass"
    let folder: URL
    /// The certificate of the test authority that signed the server's, when it serves HTTPS.
    let authority: String?
    /// What keeps `folder`: removed once the server is stopped.
    private let scratch: TemporaryFolder
    private let process: Process

    /// Whether `openssl` is there, for the HTTPS tests (the test command installs it: `Scripts/test-tools.sh`).
    static let opensslAvailable = RequiredTool.available(
        "the CalDAV HTTPS tests need openssl", present: RequiredTool.executable("/usr/bin/openssl"),
        install: "apt-get install openssl")

    /// Starts `kind`; with `https` (Radicale only), on HTTPS with a certificate for 127.0.0.1
    /// signed by a certificate authority made for this server (`authority`).
    init(_ kind: Kind, https: Bool = false) throws {
        self.kind = kind
        scratch = try TemporaryFolder(prefix: "checklists-caldav")
        folder = URL(filePath: scratch.path)
        let port = try Self.freePort()
        url = "\(https ? "https" : "http")://127.0.0.1:\(port)/"
        authority = https ? try Self.makeCertificates(in: folder) : nil
        let tls = https ? "ssl = True\ncertificate = \(folder.path)/server.pem\nkey = \(folder.path)/server.key\n" : ""
        try "\(user):\(password)\n".write(to: folder.appending(path: "users"), atomically: true, encoding: .utf8)
        process = Process()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: try Self.create(folder.appending(path: "log")))
        switch kind {
        case .radicale:
            let config = """
                [server]
                hosts = 127.0.0.1:\(port)
                \(tls)[auth]
                type = htpasswd
                htpasswd_filename = \(folder.path)/users
                htpasswd_encryption = plain
                [storage]
                filesystem_folder = \(folder.path)/collections
                [logging]
                level = warning

                """
            try config.write(to: folder.appending(path: "config"), atomically: true, encoding: .utf8)
            process.executableURL = URL(filePath: Self.bin + "/radicale")
            process.arguments = ["--config", folder.path + "/config"]
        case .xandikos:
            process.executableURL = URL(filePath: Self.bin + "/xandikos")
            process.arguments = [
                "serve", "-d", folder.path + "/data", "--defaults", "-l", "127.0.0.1", "-p", String(port),
                "--current-user-principal", "/\(user)/",
            ]
        }
        try process.run()
        try waitUntilAnswering(port)
    }

    deinit {
        // A server that never started (its init failed) or has ended gets no signal: Foundation
        // traps on terminating a process it did not launch.
        if process.processIdentifier != 0 {
            // Radicale may take its time over SIGTERM: after a moment it is killed.
            if process.isRunning { process.terminate() }
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// The environment a checklists process needs to sync with this server.
    var environment: [String: String] { ["CHECKLISTS_CALDAV_PASSWORD": password] }

    /// The user name `caldav init` gets (Xandikos wants none).
    var initArguments: [String] { kind == .radicale ? ["caldav", "init", url, user] : ["caldav", "init", url] }

    /// Another CalDAV client: one HTTP request with curl; returns the status and body.
    @discardableResult
    func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String] = []
    ) throws -> (status: Int, body: String) {
        let curl = Process()
        curl.executableURL = URL(filePath: "/usr/bin/curl")
        var arguments = ["-s", "-o", "-", "-w", "\n%{http_code}", "-X", method, "-u", "\(user):\(password)"]
        if let authority { arguments += ["--cacert", authority] }
        for header in headers { arguments += ["-H", header] }
        // The body on standard input: a task with a photo is longer than a command line may be.
        if body != nil { arguments += ["--data-binary", "@-"] }
        curl.arguments = arguments + [path.hasPrefix("http") ? path : url + path.drop { $0 == "/" }]
        let output = Pipe()
        let input = Pipe()
        curl.standardOutput = output
        curl.standardInput = input
        try curl.run()
        try input.fileHandleForWriting.write(contentsOf: Data((body ?? "").utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let status = Int(text.split(separator: "\n").last ?? "") ?? 0
        return (status, String(text.dropLast(String(status).count + 1)))
    }

    /// The calendar objects (`.ics` texts) stored on the server, by href, in every collection below `home`.
    func tasks(home: String) throws -> [String: String] {
        let listing = try request(
            "PROPFIND", home, body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:resourcetype/></d:prop></d:propfind>",
            headers: ["Depth: 1", "Content-Type: application/xml"])
        var result: [String: String] = [:]
        for collection in Self.hrefs(listing.body) where collection.hasSuffix("/") && collection != home {
            let inner = try request(
                "PROPFIND", collection, body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>",
                headers: ["Depth: 1", "Content-Type: application/xml"])
            for href in Self.hrefs(inner.body) where !href.hasSuffix("/") {
                result[href] = try request("GET", href).body
            }
        }
        return result
    }

    /// The hrefs in a multistatus body.
    static func hrefs(_ body: String) -> [String] {
        var result: [String] = []
        var rest = Substring(body)
        while let open = rest.range(of: "href>") {
            let after = rest[open.upperBound...]
            // An opening tag (`<href>`, `<D:href>`), not a closing one.
            let tag = rest[..<open.lowerBound].lastIndex(of: "<").map { rest[rest.index(after: $0)...] }
            let opening = tag?.first != "/"
            guard let close = after.range(of: "</") else { break }
            if opening { result.append(String(after[..<close.lowerBound])) }
            rest = after[close.lowerBound...]
        }
        return result
    }

    /// Makes a certificate authority and a certificate for 127.0.0.1 it signs (server.pem,
    /// server.key) in `folder` with openssl; returns the authority's certificate.
    private static func makeCertificates(in folder: URL) throws -> String {
        let path = folder.path
        try "subjectAltName = IP:127.0.0.1\nbasicConstraints = CA:FALSE\n".write(
            to: folder.appending(path: "server.ext"), atomically: true, encoding: .utf8)
        let steps = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                "\(path)/ca.key", "-out", "\(path)/ca.pem", "-days", "2", "-subj", "/CN=checklists test authority",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                "\(path)/server.key", "-out", "\(path)/server.csr", "-subj", "/CN=127.0.0.1",
            ],
            [
                "x509", "-req", "-in", "\(path)/server.csr", "-CA", "\(path)/ca.pem", "-CAkey", "\(path)/ca.key",
                "-CAcreateserial", "-out", "\(path)/server.pem", "-days", "2", "-extfile", "\(path)/server.ext",
            ],
        ]
        for arguments in steps {
            let openssl = Process()
            openssl.executableURL = URL(filePath: "/usr/bin/openssl")
            openssl.arguments = arguments
            openssl.standardOutput = FileHandle.nullDevice
            openssl.standardError = FileHandle.nullDevice
            try openssl.run()
            openssl.waitUntilExit()
            try #require(openssl.terminationStatus == 0, "openssl \(arguments.joined(separator: " ")) failed")
        }
        return path + "/ca.pem"
    }

    private static func create(_ url: URL) throws -> URL {
        try #require(FileManager.default.createFile(atPath: url.path, contents: nil), "cannot create \(url.path)")
        return url
    }

    /// A TCP port nothing listens on now.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func waitUntilAnswering(_ port: Int) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if (try? request("OPTIONS", "/").status).map({ $0 > 0 }) == true { return }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        let log = (try? String(contentsOf: folder.appending(path: "log"), encoding: .utf8)) ?? ""
        Issue.record("the \(kind) server did not start: \(log.suffix(2000))")
        throw CancellationError()
    }
}
