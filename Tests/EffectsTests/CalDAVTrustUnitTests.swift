import Testing

@testable import Effects

#if canImport(Glibc)
import Glibc
#endif

/// The pure parts of SPEC §11's trust rules: origins, URLs with credentials, text from the server
/// on the terminal, curl's per-request results, bounded reads, and the environment of children.
struct CalDAVTrustUnitTests {
    @Test func anOriginIsTheSchemeTheHostAndThePort() {
        let origin = "https://cloud.example.org"
        #expect(CalDAVAccount.sameOrigin("https://cloud.example.org/remote.php/dav/", origin))
        #expect(CalDAVAccount.sameOrigin("HTTPS://Cloud.Example.org:443/x", origin))
        #expect(CalDAVAccount.sameOrigin("http://127.0.0.1:8080/a", "http://127.0.0.1:8080"))
        #expect(CalDAVAccount.sameOrigin("http://[::1]:80/a", "http://[::1]"))
        #expect(!CalDAVAccount.sameOrigin("http://cloud.example.org/", origin), "another scheme")
        #expect(!CalDAVAccount.sameOrigin("https://cloud.example.org:8443/", origin), "another port")
        #expect(!CalDAVAccount.sameOrigin("https://evil.example.org/", origin), "another host")
        #expect(!CalDAVAccount.sameOrigin("https://cloud.example.org.evil.net/", origin))
        #expect(!CalDAVAccount.sameOrigin("https://bob:pw@cloud.example.org/", origin), "credentials in it")
        #expect(!CalDAVAccount.sameOrigin("https://evil.net@cloud.example.org/", origin))
        #expect(!CalDAVAccount.sameOrigin("/just/a/path", origin))
    }

    @Test func aURLCarryingCredentialsIsSeenAndShownWithoutThem() {
        #expect(CalDAVAccount.carriesCredentials("http://bob:pw@host/"))
        #expect(CalDAVAccount.carriesCredentials("https://bob@host:8443/dav/"))
        #expect(!CalDAVAccount.carriesCredentials("https://host/users/bob@example.org/"))
        #expect(CalDAVAccount.withoutCredentials("http://bob:pw@host/dav/") == "http://host/dav/")
        let message = CalDAVError.credentialsInURL(url: "http://bob:s3cret@host/").description
        #expect(!message.contains("s3cret"))
        #expect(message.contains("http://host/"))
    }

    @Test func onlyTheLoopbackIsSpokenToInClearWithoutAWarning() {
        #expect(CalDAVSync.clearTextWarning(url: "http://127.0.0.1:5232/") == nil)
        #expect(CalDAVSync.clearTextWarning(url: "http://localhost/") == nil)
        #expect(CalDAVSync.clearTextWarning(url: "http://[::1]:5232/") == nil)
        #expect(CalDAVSync.clearTextWarning(url: "https://cloud.example.org/") == nil)
        let warning = CalDAVSync.clearTextWarning(url: "http://cloud.example.org/dav/")
        #expect(warning?.contains("the password would travel in clear") == true)
    }

    @Test func anErrorPagesSnippetCarriesNoControlCharacters() {
        let page = "<html><title>\u{1B}]0;pwned\u{07}\u{1B}[2J\r\nnext\u{9B}1m\u{7F}</title></html>"
        let snippet = CalDAVServer.snippet(Array(page.utf8))
        #expect(snippet.contains("pwned"))
        #expect(snippet.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F..<0xA0).contains($0.value) })
        let plain = CalDAVServer.snippet(Array("oops\u{1B}[31m red\nsecond line".utf8))
        #expect(plain == "oops\u{FFFD}[31m red")
        let message = CalDAVError.serverFailed(server: "http://h", status: 500, detail: "a\u{1B}[2Jb\nc").description
        #expect(!message.contains("\u{1B}") && !message.contains("\n"))
    }

    @Test func curlsResultsComeOnePerRequest() {
        let output =
            "checklists-answer: 0 \ncurl: (28) Operation timed out\nchecklists-answer: 28 Operation timed out after"
            + " 3000 milliseconds\nchecklists-answer: 63 Maximum file size exceeded\n"
        let results = CurlTransport.results(Array(output.utf8))
        #expect(results.map(\.code) == [0, 28, 63])
        #expect(results[1].message == "Operation timed out after 3000 milliseconds")
    }

    @Test func aBoundedReadNeverHoldsMoreThanItsLimit() throws {
        let path = "/tmp/checklists-bounded-\(getpid())"
        defer { unlink(path) }
        #expect(FileBytes.writeScratch(Array(repeating: 7, count: 100_000), to: path))
        #expect(FileBytes.read(path, limit: 100_000) == .bytes(Array(repeating: 7, count: 100_000)))
        #expect(FileBytes.read(path, limit: 99_999) == .tooLarge)
        #expect(FileBytes.read(path + "-missing", limit: 10) == nil)
    }

    @Test func noChildGetsTheCalDAVPassword() throws {
        let outcome = try ChildProcess.run(
            "/usr/bin/env", [], environment: ["CHECKLISTS_CALDAV_PASSWORD": "pw", "KEPT": "yes"])
        #expect(outcome.outputText == "KEPT=yes")
        #expect(!ChildProcess.childEnvironment(nil).contains { $0.hasPrefix("CHECKLISTS_CALDAV_PASSWORD=") })
    }

    @Test func aBoundedChildIsKilledAtItsTimeLimitAndWritesNoLargerFile() throws {
        let start = ContinuousClock.now
        let slow = try ChildProcess.runBounded(
            "sh", ["-c", "sleep 30"], environment: nil, input: [], timeLimit: 0.5, fileSizeLimit: 1 << 20)
        #expect(slow.ending == .timedOut)
        #expect(ContinuousClock.now - start < .seconds(5))
        let path = "/tmp/checklists-fsize-\(getpid())"
        defer { unlink(path) }
        let previous = signal(SIGXFSZ, SIG_IGN)
        defer { signal(SIGXFSZ, previous) }
        let large = try ChildProcess.runBounded(
            // It reads its input first, as curl reads its configuration: the limit is set by then.
            "sh", ["-c", "read go; head -c 100000 /dev/zero > \(path)"], environment: nil, input: Array("go\n".utf8),
            timeLimit: 10,
            fileSizeLimit: 1000)
        #expect(large.ending != .exited(0))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_size == 1000)
    }
}
