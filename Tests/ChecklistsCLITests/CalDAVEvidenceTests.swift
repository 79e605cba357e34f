import Foundation
import Testing

/// What the server says is evidence, not orders (SPEC §8 rule 1, §11; issue #35): one UID is one
/// item on every machine, a change the server reports during our writes is merged, a task this
/// program cannot read is neither deleted here nor overwritten there, and an empty listing of the
/// calendar home deletes nothing. Real Radicale and Xandikos, with curl as the phone.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVEvidenceTests {
    @discardableResult
    private func must(
        _ machine: ChecklistsProcess, _ arguments: [String], _ server: CalDAVTestServer
    ) throws -> ChecklistsProcess.Outcome {
        let outcome = try machine.run(arguments, environment: server.environment)
        try #require(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome
    }

    private func texts(_ machine: ChecklistsProcess, _ list: String) throws -> [String] {
        try machine.exported().list(list)?.items.map(\.text) ?? []
    }

    /// The collection holding the task whose text is `summary`.
    private func collection(of summary: String, _ server: CalDAVTestServer, home: String) throws -> String {
        let href = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:\(summary)") }?.key)
        return String(href[...(try #require(href.lastIndex(of: "/")))])
    }

    /// The phone adds a task to `collection`.
    private func phoneAdds(_ summary: String, uid: String, to collection: String, _ server: CalDAVTestServer) throws {
        let task = CalDAVTestServer.vtodo(uid: uid, summary: summary)
        let put = try server.request(
            "PUT", collection + uid + ".ics", body: task,
            headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aPhonesTaskThatReachesTwoMachinesBeforeGitIsOneItemEverywhere(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let remote = try SyncTests.Remote()
        let laptop = try remote.machine()
        let desktop = try remote.machine()
        _ = try laptop.batch("new Groceries\nadd Milk\n")
        try must(laptop, ["sync", "init", remote.url], server)
        try must(desktop, ["sync", "init", remote.url], server)
        let home = try CalDAVTestServer.home(try must(laptop, server.initArguments, server))
        try must(desktop, server.initArguments, server)
        try phoneAdds("Call mum", uid: "phone-call-1", to: try collection(of: "Milk", server, home: home), server)
        // Both machines take it from the server under IDs of their own; one checks it.
        try must(laptop, ["caldav"], server)
        try must(desktop, ["caldav"], server)
        try must(desktop, ["check", "2"], server)
        for machine in [laptop, desktop, laptop, desktop] { try must(machine, ["sync"], server) }
        for machine in [laptop, desktop] {
            #expect(try texts(machine, "Groceries") == ["Milk", "Call mum"])
            #expect(try machine.exported().list("Groceries")?.items.last?.checked == true)
        }
        let tasks = try server.tasks(home: home)
        #expect(tasks.count == 2)
        #expect(tasks.values.filter { $0.contains("SUMMARY:Call mum") && $0.contains("STATUS:COMPLETED") }.count == 1)
        // Idle from here on, on both.
        for machine in [laptop, desktop] {
            #expect(try must(machine, ["caldav"], server).stdout.contains("in nothing; out nothing"))
        }
    }

    @Test func anItemGitCarriedWithoutAUIDGetsOneUIDOnEveryMachine() throws {
        let server = try CalDAVTestServer(.radicale)
        let remote = try SyncTests.Remote()
        let laptop = try remote.machine()
        let desktop = try remote.machine()
        _ = try laptop.batch("new Chores\nadd Sweep\n")
        try must(laptop, ["sync", "init", remote.url], server)
        try must(desktop, ["sync", "init", remote.url], server)
        let home = try CalDAVTestServer.home(try must(laptop, server.initArguments, server))
        try must(desktop, server.initArguments, server)
        // An item as an older version or the iOS app writes it, without a UID, reaches both by git.
        let markdown = laptop.folder.appending(path: "more.md")
        try "# Cleaning\n- [ ] Dust shelves\n".write(to: markdown, atomically: true, encoding: .utf8)
        try must(laptop, ["import", markdown.path], server)
        try must(laptop, ["sync"], server)
        try must(desktop, ["sync"], server)
        // Each changes it before its next CalDAV sync, so no text can pair them.
        #expect(try laptop.batch("use Cleaning\ncheck 1\n").status == 0)
        #expect(try desktop.batch("use Cleaning\nedit 1 Dust the shelves\n").status == 0)
        try must(laptop, ["caldav"], server)
        try must(desktop, ["caldav"], server)
        for machine in [laptop, desktop, laptop, desktop] { try must(machine, ["sync"], server) }
        let dusting = try server.tasks(home: home).values.filter { $0.contains("SUMMARY:Dust") }
        #expect(dusting.count == 1)
        #expect(try texts(laptop, "Cleaning") == ["Dust the shelves"])
        #expect(try laptop.exported().list("Cleaning")?.items.first?.checked == true)
        #expect(try laptop.exported().lists == desktop.exported().lists)
    }
}
