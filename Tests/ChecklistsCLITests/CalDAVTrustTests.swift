import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What the server says is evidence, not orders (SPEC §11): credentials go to the account's
/// origin only, every request and the whole sync are bounded in time and size, SIGTERM ends a
/// sync with its curl, the password reaches no process that does not need it, and every refusal
/// says which it is. Real Radicale and Xandikos behind `FaultProxy`.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"), .serialized)
struct CalDAVTrustTests {
    private typealias Setup = ProxiedAccount

    private func setUp(_ kind: CalDAVTestServer.Kind) throws -> Setup {
        let setup = try ProxiedAccount(kind)
        #expect(!setup.setUp.stderr.contains("in clear"), "no warning for the loopback: \(setup.setUp.stderr)")
        return setup
    }

    // MARK: Credentials go to the account's origin only

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func hrefsNamingAnotherOriginAreRefusedBeforeAnyRequestGoesThere(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try setUp(kind)
        defer { setup.laptop.remove() }
        // Another origin (host name and port), which only records what reaches it.
        let elsewhere = try FaultProxy(upstream: nil)
        let other = "http://localhost:\(elsewhere.port)"
        // Every href in the server's listings names the other origin (principal, home set, collections).
        try setup.proxy.set([
            FaultProxy.Rule(method: "PROPFIND", action: "rewrite", extra: ["from": "href>/", "to": "href>\(other)/"])
        ])
        let before = setup.snapshot
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 74, "\(synced.stderr)")
        #expect(synced.stderr.contains("names \(other)/"), "\(synced.stderr)")
        #expect(synced.stderr.contains("another server, which is not followed"), "\(synced.stderr)")
        #expect(synced.stderr.contains("the password goes only to \(setup.proxy.url.dropLast())"))
        #expect(setup.snapshot == before)

        // Discovery: the principal and the home set name the other origin.
        let other2 = try ChecklistsProcess()
        defer { other2.remove() }
        let refused = try other2.run(setup.initArguments(setup.proxy.url), environment: setup.environment)
        #expect(refused.status == 74, "\(refused.stderr)")
        #expect(refused.stderr.contains(other), "\(refused.stderr)")
        #expect(try other2.run(["caldav"]).stderr.contains("caldav init"), "a refused init sets nothing up")

        #expect(elsewhere.requests.isEmpty, "\(elsewhere.requests.map(\.path))")
        #expect(elsewhere.requests.allSatisfy { $0.headers["authorization"] == nil })
        #expect(setup.proxy.requests.contains { $0.action == "rewrite" })
    }

    @Test func aRedirectWithinTheOriginIsFollowedAndOneToAnotherIsNot() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        _ = try setup.laptop.batch("add Bread\n")
        // A redirect to the same origin (the proxy itself): followed.
        let same = "http://127.0.0.1:\(setup.proxy.port)"
        try setup.proxy.set([
            FaultProxy.Rule(method: "PROPFIND", times: 1, action: "redirect", extra: ["location": same])
        ])
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stdout.contains("out 1 added"), "\(synced.stdout)")
        #expect(setup.proxy.requests.contains { $0.action == "redirect" })

        let elsewhere = try FaultProxy(upstream: nil)
        let target = "http://localhost:\(elsewhere.port)"
        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", action: "redirect", extra: ["location": target])])
        let refused = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("redirects to \(target)/"), "\(refused.stderr)")
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func aURLCarryingAUserNameAndPasswordIsRefusedAndNothingIsStored() throws {
        let server = try CalDAVTestServer(.radicale)
        let proxy = try FaultProxy(upstream: server.url)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        _ = try laptop.batch("new Groceries\nadd Milk\n")
        let before = laptop.bytes(laptop.dataFile)
        let url = "http://\(server.user):hunter2@127.0.0.1:\(proxy.port)/"
        let refused = try laptop.run(["caldav", "init", url], environment: server.environment)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("carries a user name or password"), "\(refused.stderr)")
        #expect(refused.stderr.contains("caldav init URL USER"))
        #expect(refused.stderr.contains("CHECKLISTS_CALDAV_PASSWORD"))
        #expect(!refused.stderr.contains("hunter2") && !refused.stdout.contains("hunter2"))
        #expect(laptop.bytes(laptop.dataFile) == before)
        #expect(try laptop.run(["caldav"]).stderr.contains("caldav init"), "nothing is stored")
        #expect(proxy.requests.isEmpty, "no request was made")
    }

    // MARK: Time

    @Test func anAnswerTricklingInEndsInAboutTheTimeout() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", times: 1, action: "trickle")])
        let before = setup.snapshot
        let start = Date()
        let synced = try setup.laptop.start(["caldav"], environment: setup.environment).wait(timeout: 60)
        let elapsed = Date().timeIntervalSince(start)
        #expect(synced.status == 74, "\(synced.stderr)")
        #expect(synced.stderr.contains("timed out"), "\(synced.stderr)")
        #expect(synced.stderr.contains("within 3 s (CHECKLISTS_CALDAV_TIMEOUT)"), "\(synced.stderr)")
        #expect(elapsed < 10, "took \(elapsed) s for a 3 s timeout")
        #expect(setup.snapshot == before)
        #expect(setup.proxy.requests.contains { $0.action == "trickle" })
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStopSignalEndsAHungSyncWithinASecondWithItsCurl(_ signal: Int32) throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        _ = try setup.laptop.batch("add Bread\n")
        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", times: 1, action: "hang")])
        let before = setup.snapshot
        let running = try setup.laptop.start(
            ["caldav"], environment: setup.server.environment.merging(["CHECKLISTS_CALDAV_TIMEOUT": "60"]) { $1 })
        defer { running.killIfRunning() }
        var curl: Int32?
        let deadline = Date().addingTimeInterval(10)
        while curl == nil, Date() < deadline {
            curl = Self.children(of: running.processIdentifier).first { pid in
                let commandLine = (try? Data(contentsOf: URL(filePath: "/proc/\(pid)/cmdline"))) ?? Data()
                return String(decoding: commandLine, as: UTF8.self).hasPrefix("curl")
            }
            usleep(20_000)
        }
        let hung = try #require(curl, "a curl process was seen while the request hung")
        // Let the request reach the proxy and hang there.
        usleep(300_000)
        let start = Date()
        running.kill(signal)
        let outcome = try running.wait(timeout: 30)
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < 1.5, "the sync took \(elapsed) s to end")
        #expect(outcome.wasSignalled, "it ends by the signal: \(outcome.status) \(outcome.stderr)")
        #expect(outcome.stderr.contains("stopped by"), "\(outcome.stderr)")
        usleep(100_000)
        #expect(!Self.isRunning(hung), "curl \(hung) is left running")
        #expect(setup.snapshot == before, "nothing half-written")
        // The next sync finishes the work.
        try setup.proxy.set([])
        let again = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("out 1 added"), "\(again.stdout)")
    }

    /// The processes whose parent is `parent`.
    private static func children(of parent: Int32) -> [Int32] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return all.compactMap(Int32.init).filter { pid in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").contains { $0 == "PPid:\t\(parent)" }
        }
    }

    /// Whether `pid` is a live process (not gone, not a zombie).
    private static func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.split(separator: "\n").contains { $0.hasPrefix("State:") && $0.contains("Z") }
    }

    // MARK: Size

    @Test(arguments: [false, true])
    func anAnswerLargerThan64MiBIsRefused(chunked: Bool) throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        try setup.proxy.set([
            FaultProxy.Rule(
                method: "PROPFIND", times: 1, action: "huge", extra: ["size": 80 << 20, "chunked": chunked])
        ])
        let before = setup.snapshot
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 74, "\(synced.stderr)")
        #expect(synced.stderr.contains("an answer larger than 64 MiB, which is refused"), "\(synced.stderr)")
        #expect(setup.snapshot == before)
        #expect(setup.proxy.requests.contains { $0.action == "huge" })
        let scratch = setup.laptop.folder.appending(path: "xdg-state/checklists/caldav").path
        let left = (try? FileManager.default.subpathsOfDirectory(atPath: scratch)) ?? []
        #expect(!left.contains { $0.contains("batch.") }, "the answer is not left on disk: \(left)")
    }

    @Test func tasksCutOffTogetherAtTheLimitAreAskedForAgainInHalves() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        // A phone adds three tasks; the first answer to our asking for them outgrows the limit,
        // as three tasks with large photos would.
        let milk = try setup.href(of: "Milk")
        let folder = String(milk[...(try #require(milk.lastIndex(of: "/")))])
        for name in ["Tea", "Jam", "Oats"] {
            let put = try setup.server.request(
                "PUT", folder + "phone-\(name).ics", body: CalDAVTestServer.vtodo(uid: "phone-\(name)", summary: name),
                headers: ["Content-Type: text/calendar", "If-None-Match: *"])
            try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        }
        try setup.proxy.set([
            FaultProxy.Rule(
                method: "REPORT", times: 1, action: "huge", extra: ["size": 80 << 20, "holding": "calendar-multiget"])
        ])
        let synced = try setup.sync()
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(Set(try setup.texts()) == ["Milk", "Eggs", "Tea", "Jam", "Oats"])
        // Refused whole, the one answer used to fail every sync for good.
        #expect(setup.proxy.requests.filter { $0.action == "huge" }.count == 1)
    }

    @Test func aTaskTooLargeToReadIsFetchedOnceNotAtEveryWriteBesideIt() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        // A phone adds a task with a photo too large to read: its answer outgrows the limit.
        let milk = try setup.href(of: "Milk")
        let folder = String(milk[...(try #require(milk.lastIndex(of: "/")))])
        let put = try setup.server.request(
            "PUT", folder + "phone-photo.ics", body: CalDAVTestServer.vtodo(uid: "phone-photo", summary: "Photo"),
            headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        try setup.proxy.set([
            FaultProxy.Rule(
                method: "REPORT", action: "huge", extra: ["size": 80 << 20, "holding": "phone-photo.ics"])
        ])
        // Writes beside it, each a sync of its own: every one used to fetch the task again (64 MiB).
        for (round, change) in [["add", "Bread"], ["add", "Butter"], ["check", "1"]].enumerated() {
            try #require(try setup.laptop.run(change).status == 0)
            let synced = try setup.sync()
            #expect(synced.status == 0, "round \(round): \(synced.stderr)")
            #expect(synced.stderr.contains("phone-photo.ics is larger than 64 MiB"), "\(synced.stderr)")
        }
        let tasks = try setup.server.tasks(home: setup.home).values
        #expect(tasks.contains { $0.contains("SUMMARY:Bread") } && tasks.contains { $0.contains("SUMMARY:Butter") })
        #expect(tasks.contains { $0.contains("SUMMARY:Milk") && $0.contains("STATUS:COMPLETED") })
        #expect(tasks.contains { $0.contains("SUMMARY:Photo") }, "the task is left on the server")
        #expect(setup.proxy.requests.filter { $0.action == "huge" }.count == 1, "fetched once while unchanged")
        // Changed there, it is looked at again.
        let edited = CalDAVTestServer.vtodo(uid: "phone-photo", summary: "Photo 2")
        let again = try setup.server.request(
            "PUT", folder + "phone-photo.ics", body: edited, headers: ["Content-Type: text/calendar"])
        #expect(again.status < 300)
        #expect(try setup.sync().status == 0)
        #expect(setup.proxy.requests.filter { $0.action == "huge" }.count == 2)
    }

    /// A phone's task put beside Milk, with `bytes` bytes of base64 on one folded line as a
    /// photo attached inline; its href.
    private func putPhoto(_ setup: Setup, bytes: Int) throws -> String {
        let milk = try setup.href(of: "Milk")
        let folder = String(milk[...(try #require(milk.lastIndex(of: "/")))])
        let lines = String(repeating: "QUJDQUJD\r\n ", count: bytes / 8)
        let href = folder + "phone-photo.ics"
        let put = try setup.server.request(
            "PUT", href,
            body: CalDAVTestServer.vtodo(
                uid: "phone-photo", summary: "Photo", extra: "ATTACH;ENCODING=BASE64;VALUE=BINARY:\(lines)QUJD\r\n"),
            headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body.prefix(300))")
        return href
    }

    @Test func aTaskTooLargeToReadThatComesTooSlowlyIsRefusedOnceNotAtEverySync() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        let href = try putPhoto(setup, bytes: 1 << 10)
        // Its answer takes longer than the timeout, and the server says it is 34 MiB (a real one
        // takes Radicale minutes to serve): every sync used to fail with exit 74 after the timeout.
        let length =
            "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\">"
            + "<d:response><d:href>\(href)</d:href><d:propstat><d:prop><d:getcontentlength>\(34 << 20)</d:getcontentlength></d:prop>"
            + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
        try setup.proxy.set([
            FaultProxy.Rule(method: "REPORT", action: "trickle", extra: ["holding": "phone-photo"]),
            FaultProxy.Rule(
                method: "PROPFIND", path: "phone-photo", action: "answer",
                extra: ["status": 207, "body": length, "type": "application/xml; charset=utf-8"]),
        ])
        for (round, change) in [["add", "Bread"], ["check", "1"]].enumerated() {
            try #require(try setup.laptop.run(change).status == 0)
            let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
            #expect(synced.status == 0, "round \(round): \(synced.stderr)")
            #expect(
                synced.stderr.contains("phone-photo.ics is 34 MiB, more than the 32 MiB this program reads"),
                "\(synced.stderr)")
        }
        let tasks = try setup.server.tasks(home: setup.home).values
        #expect(tasks.contains { $0.contains("SUMMARY:Bread") })
        #expect(tasks.contains { $0.contains("SUMMARY:Photo") }, "the task is left on the server")
        #expect(setup.proxy.requests.filter { $0.action == "trickle" }.count == 1, "asked for once while unchanged")
    }

    @Test func anOrdinaryTaskThatComesTooSlowlyFailsTheSyncAndIsReadWhenItComes() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        _ = try putPhoto(setup, bytes: 1 << 10)
        try setup.proxy.set([
            FaultProxy.Rule(method: "REPORT", times: 1, action: "trickle", extra: ["holding": "phone-photo"])
        ])
        let before = setup.snapshot
        let slow = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(slow.status == 74, "a slow network is no reason to leave a task out: \(slow.stderr)")
        #expect(slow.stderr.contains("timed out"), "\(slow.stderr)")
        #expect(setup.snapshot == before)
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try setup.laptop.exported().list("Groceries")?.items.map(\.text).contains("Photo") == true)
    }

    // MARK: The password reaches no process that does not need it

    @Test func noGitProcessNorHookGetsThePassword() throws {
        let remote = try SyncTests.Remote()
        let laptop = try remote.machine()
        let secret = "pw-\(UUID().uuidString)"
        // A git on PATH that writes down its environment, then runs the real one.
        let bin = laptop.folder.appending(path: "bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = laptop.folder.appending(path: "git-environments").path
        let wrapper = bin.appending(path: "git")
        try "#!/bin/sh\nenv >> '\(log)'\nexec /usr/bin/git \"$@\"\n".write(
            to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let environment = ["PATH": bin.path + ":/usr/bin:/bin", "CHECKLISTS_CALDAV_PASSWORD": secret]
        try #require(try laptop.run(["add", "Milk"]).status == 0)
        let setUp = try laptop.run(["sync", "init", remote.url], environment: environment)
        try #require(setUp.status == 0, "\(setUp.stderr)")
        // A pre-push hook that writes down its environment too.
        let hooks = laptop.dataFolder + "/.git/hooks"
        if FileManager.default.fileExists(atPath: hooks) {
            let hook = hooks + "/pre-push"
            try "#!/bin/sh\nenv >> '\(log)'\n".write(toFile: hook, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        }
        try #require(try laptop.run(["add", "Eggs"]).status == 0)
        let synced = try laptop.run(["sync"], environment: environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        let seen = try String(contentsOfFile: log, encoding: .utf8)
        #expect(seen.contains("GIT_TERMINAL_PROMPT=0"), "git ran through the wrapper")
        #expect(!seen.contains(secret), "the password is in the environment of git or a hook")
        #expect(!seen.contains("CHECKLISTS_CALDAV_PASSWORD"))
    }

    // MARK: Every message says which it is

    @Test func everyRefusalSaysWhichItIs() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        let timeout = ["CHECKLISTS_CALDAV_TIMEOUT": "3"]

        let none = try setup.laptop.run(["caldav"], environment: timeout)
        #expect(none.status == 74)
        #expect(none.stderr.contains("wants a password and none was found for user ann on 127.0.0.1"), "\(none.stderr)")

        let wrong = try setup.laptop.run(
            ["caldav"], environment: timeout.merging(["CHECKLISTS_CALDAV_PASSWORD": "wrong"]) { $1 })
        #expect(wrong.status == 74)
        #expect(wrong.stderr.contains("refused the password of user ann (HTTP 401)"), "\(wrong.stderr)")

        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", times: 1, action: "answer", extra: ["status": 403])])
        let forbidden = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(forbidden.status == 74)
        #expect(forbidden.stderr.contains("refused access to"), "\(forbidden.stderr)")
        #expect(forbidden.stderr.contains("(HTTP 403)"))

        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", times: 1, action: "answer", extra: ["status": 404])])
        let missing = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("not a CalDAV account, or a wrong path"), "\(missing.stderr)")

        let other = try ChecklistsProcess()
        defer { other.remove() }
        let https = "https://127.0.0.1:\(setup.proxy.port)/"
        let plain = try other.run(setup.initArguments(https), environment: setup.environment)
        #expect(plain.status == 74)
        #expect(plain.stderr.contains("speaks plain HTTP, not HTTPS"), "\(plain.stderr)")
        #expect(!plain.stderr.contains("not trusted"))

        for outcome in [none, wrong, forbidden, missing, plain] {
            #expect(outcome.stderr.split(separator: "\n").count == 1, "one message: \(outcome.stderr)")
        }
    }

    @Test func caldavInitOverPlainHTTPToAnotherHostWarnsThatThePasswordWouldTravelInClear() throws {
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let outcome = try laptop.run(
            ["caldav", "init", "http://checklists.invalid/", "ann"],
            environment: ["CHECKLISTS_CALDAV_PASSWORD": "pw", "CHECKLISTS_CALDAV_TIMEOUT": "3"])
        #expect(outcome.status == 74)
        #expect(outcome.stderr.contains("the password would travel in clear"), "\(outcome.stderr)")
    }

    @Test func serverTextReachesTheTerminalWithoutControlCharacters() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        let page = "<html><head><title>\u{1B}]0;pwned\u{07}\u{1B}[2J\nfake: line\u{9B}31m</title></head></html>"
        try setup.proxy.set([
            FaultProxy.Rule(method: "PROPFIND", times: 1, action: "answer", extra: ["status": 500, "body": page])
        ])
        let failed = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("pwned"), "\(failed.stderr)")
        let controls = failed.stderr.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value)
        }
        #expect(controls.isEmpty, "\(failed.stderr.debugDescription)")
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr.debugDescription)")
    }
}
