import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `caldav` when things go wrong (SPEC §11): real Radicale and Xandikos behind a misbehaving
/// reverse proxy (`FaultProxy`), a server that is down, a task changed by another client between
/// our read and our write, HTTPS with a certificate authority of the test's own, a redirect to
/// another server. Every failure exits 74 with the cause and the way out, leaves the data file
/// and the sync state byte for byte as they were, and the next sync finishes without duplicates.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVFaultTests {
    private typealias Setup = ProxiedAccount

    private func setUp(_ kind: CalDAVTestServer.Kind, items: String = "add Milk\nadd Eggs\n") throws -> Setup {
        try ProxiedAccount(kind, items: items)
    }

    private func texts(_ machine: ChecklistsProcess) throws -> [String] {
        try machine.exported().list("Groceries")?.items.map(\.text) ?? []
    }

    /// A fault, the requests it hits, and what the message must say.
    struct Fault: CustomStringConvertible, Sendable {
        var name: String
        var method: String
        var action: String
        var status = 0
        var body = ""
        var type = "text/html"
        var says: [String]
        var description: String { name }

        static let all: [Fault] = [
            Fault(
                name: "500", method: "PROPFIND", action: "answer", status: 500,
                body: "<html><head><title>500 Internal Server Error</title></head><body>oops</body></html>",
                says: ["failed (HTTP 500: 500 Internal Server Error)", "try again later"]),
            Fault(
                name: "a login page with status 200", method: "PROPFIND", action: "answer", status: 200,
                body: "<!DOCTYPE html><html><body><form>Log in</form></body></html>",
                says: ["did not answer as a CalDAV server should", "text/html instead of XML", "check the URL"]),
            Fault(
                name: "502 from the proxy", method: "REPORT", action: "answer", status: 502,
                body: "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>",
                says: ["failed (HTTP 502: 502 Bad Gateway)", "try again later"]),
            Fault(
                name: "404", method: "PROPFIND", action: "answer", status: 404, body: "not found", type: "text/plain",
                says: ["HTTP 404 for", "check the URL"]),
            Fault(
                name: "401", method: "PROPFIND", action: "answer", status: 401, body: "", says: ["refused", "~/.netrc"]),
            Fault(
                name: "403", method: "REPORT", action: "answer", status: 403, body: "",
                says: ["refused access to", "(HTTP 403)", "check the URL"]),
            Fault(
                name: "a body cut half-way", method: "REPORT", action: "truncate",
                says: ["cannot reach", "broke off after", "try again later"]),
            Fault(
                name: "a hang", method: "PROPFIND", action: "hang",
                says: ["timed out", "no whole answer within 3 s (CHECKLISTS_CALDAV_TIMEOUT)", "try again later"]),
            Fault(
                name: "500 on a write", method: "PUT", action: "answer", status: 500, body: "disk full",
                type: "text/plain", says: ["failed (HTTP 500: disk full)", "nothing was lost"]),
            Fault(
                name: "a write cut half-way", method: "PUT", action: "truncate", says: ["broke off after"]),
        ]
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func everyFailureExits74ChangesNothingAndTheNextSyncFinishes(_ kind: CalDAVTestServer.Kind) throws {
        var setup = try setUp(kind)
        defer { setup.laptop.remove() }
        let laptop = setup.laptop
        var expected = ["Milk", "Eggs"]
        for (round, fault) in (Fault.all.map(Optional.some) + [nil]).enumerated() {
            // Work on both sides, so the failed sync had something to bring in and send out.
            let position = try texts(laptop).count + 1
            try #require(try laptop.batch("add Here \(round)\ncheck \(position)\n").status == 0)
            let tasks = try setup.server.tasks(home: setup.home)
            let someTask = try #require(tasks.keys.first)
            let collection = String(someTask[...(try #require(someTask.lastIndex(of: "/")))])
            let put = try setup.server.request(
                "PUT", collection + "phone-\(round).ics",
                body: CalDAVTestServer.vtodo(uid: "phone-\(round)", summary: "Phone \(round)"),
                headers: ["Content-Type: text/calendar"])
            #expect(put.status < 300)
            expected += ["Here \(round)", "Phone \(round)"]
            let before = setup.snapshot
            if let fault {
                try setup.proxy.set([
                    FaultProxy.Rule(
                        method: fault.method, times: 1, action: fault.action,
                        extra: ["status": fault.status, "body": fault.body, "type": fault.type])
                ])
            } else {
                // The server is down.
                let port = setup.proxy.port
                setup.proxy.stop()
                let failed = try laptop.run(["caldav"], environment: setup.environment)
                #expect(failed.status == 74, "down: \(failed.stderr)")
                #expect(failed.stderr.contains("cannot reach \(setup.proxy.url.dropLast())"), "\(failed.stderr)")
                #expect(failed.stderr.contains("try again later"))
                #expect(setup.snapshot == before, "down: the data file or the state changed")
                setup.proxy = try FaultProxy(upstream: setup.server.url, port: port)
                #expect(try laptop.run(["caldav"], environment: setup.environment).status == 0)
                #expect(try texts(laptop).sorted() == expected.sorted())
                continue
            }
            let failed = try laptop.run(["caldav"], environment: setup.environment)
            #expect(failed.status == 74, "\(fault?.name ?? ""): \(failed.stderr)")
            for phrase in fault?.says ?? [] {
                #expect(failed.stderr.contains(phrase), "\(fault?.name ?? ""): \(failed.stderr)")
            }
            #expect(failed.stderr.split(separator: "\n").count == 1, "one message: \(failed.stderr)")
            #expect(setup.snapshot == before, "\(fault?.name ?? ""): the data file or the state changed")
            #expect(setup.proxy.requests.contains { $0.action == fault?.action }, "the fault was injected")

            let healed = try laptop.run(["caldav"], environment: setup.environment)
            #expect(healed.status == 0, "after \(fault?.name ?? ""): \(healed.stderr)")
            #expect(try texts(laptop).sorted() == expected.sorted(), "after \(fault?.name ?? "")")
            let summaries = try setup.server.tasks(home: setup.home).values.compactMap { text in
                text.split(separator: "\r\n").first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
            }
            #expect(summaries.sorted() == expected.sorted(), "after \(fault?.name ?? ""): no duplicates on the server")
            let checked = try laptop.exported().list("Groceries")?.items.first { $0.text == "Here \(round)" }?.checked
            #expect(checked == true)
        }
    }

    /// The hook the proxy runs before our write: another client (curl, straight to the server)
    /// puts "Oat " before the task's text.
    private func otherClientEdits(_ setup: Setup) -> String {
        let user = "\(setup.server.user):\(setup.server.password)"
        return """
            target="${PROXY_UPSTREAM%/}$PROXY_PATH"
            curl -s -u '\(user)' "$target" | sed 's/^SUMMARY:/SUMMARY:Oat /' \
                | curl -s -o /dev/null -u '\(user)' -X PUT -H 'Content-Type: text/calendar' --data-binary @- "$target"
            """
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aTaskChangedBetweenOurReadAndOurWriteIsMergedWithBothChanges(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try setUp(kind, items: "add Milk\n")
        defer { setup.laptop.remove() }
        try #require(try setup.laptop.run(["check", "1"]).status == 0)
        try setup.proxy.set([
            FaultProxy.Rule(method: "PUT", times: 1, action: "hook", extra: ["hook": otherClientEdits(setup)])
        ])
        let earlier = setup.proxy.requests.count
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        // The first write found the task changed (412), the second one wrote the merge.
        #expect(setup.proxy.requests.dropFirst(earlier).filter { $0.method == "PUT" }.count == 2)
        let items = try #require(try setup.laptop.exported().list("Groceries")?.items)
        #expect(items.map(\.text) == ["Oat Milk"])
        #expect(items.first?.checked == true)
        let task = try #require(try setup.server.tasks(home: setup.home).values.first)
        #expect(task.contains("SUMMARY:Oat Milk") && task.contains("STATUS:COMPLETED"), "\(task)")
        #expect(try setup.server.tasks(home: setup.home).count == 1)
    }

    /// The hook the proxy runs before our request: another client (curl, straight to the server)
    /// adds the task "Bread" to the collection the request is for (a task of it, or itself).
    private func otherClientAddsBread(_ setup: Setup) -> String {
        let user = "\(setup.server.user):\(setup.server.password)"
        let task = CalDAVTestServer.vtodo(uid: "phone-bread", summary: "Bread")
        return """
            case "$PROXY_PATH" in */) collection="$PROXY_PATH" ;; *) collection="${PROXY_PATH%/*}/" ;; esac
            printf '%s' '\(task)' | curl -s -o /dev/null -u '\(user)' -X PUT -H 'If-None-Match: *' \
                -H 'Content-Type: text/calendar' --data-binary @- "${PROXY_UPSTREAM%/}${collection}phone-bread.ics"
            """
    }

    /// A checklist dropped here whose task list holds tasks: the sync deletes them and the list,
    /// and it does not come back. A phone adding a task to the list while the sync deletes it
    /// (before the sync deletes the list's tasks, or just before it deletes the list itself)
    /// keeps the list with the phone's task (SPEC §11), and the next sync brings it back here.
    @Test(arguments: CalDAVTestServer.Kind.allCases, ["no other client", "its tasks", "the list"])
    func aDroppedListGoesUnlessAPhoneAddsATaskWhileTheSyncDeletesIt(
        _ kind: CalDAVTestServer.Kind, when: String
    )
        throws
    {
        let setup = try setUp(kind, items: "add Milk\nadd Eggs\n")
        defer { setup.laptop.remove() }
        let milk = try #require(try setup.server.tasks(home: setup.home).keys.first)
        let collection = String(milk[...(try #require(milk.lastIndex(of: "/")))])
        _ = try setup.laptop.batch("new Chores\nuse Chores\ndrop Groceries\n")
        // The first DELETEs are the tasks', the last the list's: "pass" lets the tasks' through.
        let addsBread = FaultProxy.Rule(
            method: "DELETE", times: 1, action: "hook", extra: ["hook": otherClientAddsBread(setup)])
        let rules =
            switch when {
            case "its tasks": [addsBread]
            case "the list": [FaultProxy.Rule(method: "DELETE", path: ".ics", action: "pass"), addsBread]
            default: [FaultProxy.Rule]()
            }
        try setup.proxy.set(rules)
        let earlier = setup.proxy.requests.count
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(setup.proxy.requests.dropFirst(earlier).contains { $0.action == "hook" } == !rules.isEmpty)
        let left = try setup.server.tasks(home: setup.home).filter { $0.key.hasPrefix(collection) }
        try setup.proxy.set([])
        let again = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(again.status == 0, "\(again.stderr)")
        if rules.isEmpty {
            #expect(left.isEmpty, "\(left.keys)")
            #expect(try setup.laptop.exported().list("Groceries") == nil, "the dropped list stays dropped")
        } else {
            #expect(left.values.map { $0.contains("SUMMARY:Bread") } == [true], "only the phone's task is left")
            #expect(try texts(setup.laptop) == ["Bread"])
        }
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aTaskThatKeepsChangingStopsAfterFiveTriesAndLosesNothing(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try setUp(kind, items: "add Milk\n")
        defer { setup.laptop.remove() }
        try #require(try setup.laptop.run(["check", "1"]).status == 0)
        try setup.proxy.set([FaultProxy.Rule(method: "PUT", action: "hook", extra: ["hook": otherClientEdits(setup)])])
        let before = setup.snapshot
        let earlier = setup.proxy.requests.count
        let failed = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("kept changing on the server while this sync wrote them (5 tries)"))
        #expect(failed.stderr.contains("run caldav again"))
        #expect(setup.proxy.requests.dropFirst(earlier).filter { $0.method == "PUT" }.count == 5)
        #expect(setup.snapshot == before)
        // Once the other client stops, both changes are there.
        try setup.proxy.set([])
        #expect(try setup.laptop.run(["caldav"], environment: setup.environment).status == 0)
        let oat = String(repeating: "Oat ", count: 5) + "Milk"
        let items = try #require(try setup.laptop.exported().list("Groceries")?.items)
        #expect(items.map(\.text) == [oat])
        #expect(items.first?.checked == true)
        let tasks = try setup.server.tasks(home: setup.home)
        #expect(tasks.count == 1)
        #expect(tasks.values.first.map { $0.contains("SUMMARY:\(oat)") && $0.contains("STATUS:COMPLETED") } == true)
    }

    @Test func credentialsNeverFollowARedirectToAnotherServer() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        // A second server on another host name and port, which only records what reaches it.
        let elsewhere = try FaultProxy(upstream: nil)
        let target = "http://localhost:\(elsewhere.port)"
        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", action: "redirect", extra: ["location": target])])
        let before = setup.snapshot
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 74)
        #expect(synced.stderr.contains("redirects to \(target)"), "\(synced.stderr)")
        #expect(synced.stderr.contains("which is not followed"))
        #expect(setup.snapshot == before)
        let other = try ChecklistsProcess()
        defer { other.remove() }
        let refused = try other.run(
            ["caldav", "init", setup.proxy.url, setup.server.user], environment: setup.server.environment)
        #expect(refused.status == 74)
        #expect(refused.stderr.contains("redirects to \(target)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("another server, which is not followed"))
        #expect(setup.proxy.requests.contains { $0.action == "redirect" && $0.headers["authorization"] != nil })
        #expect(elsewhere.requests.allSatisfy { $0.headers["authorization"] == nil }, "\(elsewhere.requests)")
    }

    @Test func thePasswordIsNeverOnCurlsCommandLineNorInItsEnvironment() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", times: 1, action: "hang")])
        let running = try setup.laptop.start(["caldav"], environment: setup.environment)
        var seen = 0
        let deadline = Date().addingTimeInterval(10)
        while seen == 0, Date() < deadline {
            for child in Self.children(of: running.processIdentifier) {
                let commandLine = (try? Data(contentsOf: URL(filePath: "/proc/\(child)/cmdline"))) ?? Data()
                let environment = (try? Data(contentsOf: URL(filePath: "/proc/\(child)/environ"))) ?? Data()
                guard String(decoding: commandLine, as: UTF8.self).hasPrefix("curl") else { continue }
                seen += 1
                #expect(!String(decoding: commandLine, as: UTF8.self).contains(setup.server.password))
                #expect(!String(decoding: environment, as: UTF8.self).contains(setup.server.password))
            }
            usleep(20_000)
        }
        #expect(seen > 0, "a curl process was seen while the request hung")
        let outcome = try running.wait()
        #expect(outcome.status == 74)
    }

    /// The processes whose parent is `parent`.
    private static func children(of parent: Int32) -> [Int32] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return all.compactMap(Int32.init).filter { pid in
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            return status.split(separator: "\n").contains { $0 == "PPid:\t\(parent)" }
        }
    }

    @Test(.enabled(if: CalDAVTestServer.opensslAvailable, "needs openssl"))
    func httpsIsRefusedUntilTheCertificateAuthorityIsTrusted() throws {
        let server = try CalDAVTestServer(.radicale, https: true)
        let authority = try #require(server.authority)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        _ = try laptop.batch("new Groceries\nadd Milk\n")
        let before = laptop.bytes(laptop.dataFile)
        let refused = try laptop.run(server.initArguments, environment: server.environment)
        #expect(refused.status == 74)
        #expect(
            refused.stderr.contains("the certificate of \(server.url.dropLast()) is not trusted"), "\(refused.stderr)")
        #expect(refused.stderr.contains("CURL_CA_BUNDLE"))
        #expect(laptop.bytes(laptop.dataFile) == before)
        #expect(try laptop.run(["caldav"]).stderr.contains("caldav init"), "a refused init sets nothing up")
        let trusted = server.environment.merging(["CURL_CA_BUNDLE": authority]) { $1 }
        let setUp = try laptop.run(server.initArguments, environment: trusted)
        #expect(setUp.status == 0, "\(setUp.stderr)")
        #expect(setUp.stdout.contains("out 1 added"))
        // Trusted once is not trusted for good: the next sync without it is refused again.
        let again = try laptop.run(["caldav"], environment: server.environment)
        #expect(again.status == 74)
        #expect(again.stderr.contains("is not trusted"))
    }

    @Test func ctrlCDuringCaldavInTheREPLStopsTheSyncAndTheSessionGoesOn() throws {
        let setup = try setUp(.radicale)
        defer { setup.laptop.remove() }
        try #require(try setup.laptop.run(["add", "Bread"]).status == 0)
        let before = setup.snapshot
        // The server takes the request and never answers (30 s allowed): only Ctrl-C ends it.
        try setup.proxy.set([FaultProxy.Rule(method: "PROPFIND", action: "hang")])
        var environment = setup.laptop.environment.merging(setup.server.environment) { $1 }
        environment.merge([
            "TERM": "xterm", "SWIFT_BACKTRACE": "interactive=no", "EDITRC": "/dev/null", "LANG": "C.UTF-8",
            "CHECKLISTS_CALDAV_TIMEOUT": "30",
        ]) { $1 }
        let terminal = try PseudoTerminal(
            executable: ChecklistsProcess.executable.path, arguments: [], environment: environment)
        defer { terminal.close() }
        try terminal.readUntil("Groceries (3)>")
        terminal.send("caldav\r")
        try ChecklistsProcess.waitUntil { setup.proxy.requests.contains { $0.action == "hang" } }
        terminal.send("\u{03}")
        // SPEC §11: within a second; a few here for a busy machine, far below the 30 s of the hang.
        let stopped = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("Groceries (3)>", timeout: 8))
        #expect(stopped.contains("caldav: stopped by SIGINT; nothing was lost"), "\(stopped)")
        #expect(setup.snapshot == before, "the data file or the sync state changed")
        terminal.send("add Butter\r")
        try terminal.readUntil("Groceries (4)>")
        terminal.send("quit\r")
        #expect(try terminal.waitForExit() == 0)
        #expect(try texts(setup.laptop) == ["Milk", "Eggs", "Bread", "Butter"])
    }
}
