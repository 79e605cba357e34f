import Foundation
import Testing

/// A phone's task that reaches a machine by git before that machine's CalDAV sync has seen it
/// (issue #35): the item carries what the server held when another machine last synced it, so
/// the phone's later edit or delete is taken, not undone as a conflict or written back.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVServerMarkTests {
    /// Groceries on two machines sharing a git remote and one account; the phone then adds `Call
    /// mum`, which the laptop takes by CalDAV and passes on by git. Returns the task's href.
    private func phonesTaskCarriedByGit(
        _ server: CalDAVTestServer
    ) throws -> (remote: SyncTests.Remote, laptop: ChecklistsProcess, desktop: ChecklistsProcess, href: String) {
        let (remote, laptop, desktop, home) = try server.twoMachinesOnOneRemote("new Groceries\nadd Milk\n")
        try server.must(laptop, ["sync"])
        try server.must(desktop, ["sync"])
        let milk = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:Milk") }?.key)
        let collection = String(milk[...(try #require(milk.lastIndex(of: "/")))])
        let task = CalDAVTestServer.vtodo(uid: "phone-call-mum", summary: "Call mum")
        let href = collection + "phone-call-mum.ics"
        let put = try server.request(
            "PUT", href, body: task, headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        try server.must(laptop, ["sync"])
        #expect(try laptop.texts(of: "Groceries") == ["Milk", "Call mum"])
        return (remote, laptop, desktop, href)
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aPhonesEditOfItsOwnTaskIsTakenByAMachineGitBroughtItTo(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let (remote, laptop, desktop, href) = try phonesTaskCarriedByGit(server)
        defer { withExtendedLifetime(remote) {} }
        let edited = CalDAVTestServer.vtodo(uid: "phone-call-mum", summary: "Call mum back")
        let put = try server.request("PUT", href, body: edited, headers: ["Content-Type: text/calendar"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        // The desktop's CalDAV sync never saw the task: git brings it, then the server the edit.
        let synced = try server.must(desktop, ["sync"])
        #expect(!synced.stderr.contains("kept"), "\(synced.stderr)")
        try server.must(laptop, ["sync"])
        for machine in [desktop, laptop] { #expect(try machine.texts(of: "Groceries") == ["Milk", "Call mum back"]) }
        let summary = try server.request("GET", href).body
        #expect(summary.contains("SUMMARY:Call mum back"))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aPhonesDeleteOfItsOwnTaskIsTakenByAMachineGitBroughtItTo(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let (remote, laptop, desktop, href) = try phonesTaskCarriedByGit(server)
        defer { withExtendedLifetime(remote) {} }
        try #require(try server.request("DELETE", href).status < 300)
        try server.must(desktop, ["sync"])
        try server.must(laptop, ["sync"])
        for machine in [desktop, laptop] { #expect(try machine.texts(of: "Groceries") == ["Milk"]) }
        #expect(try server.request("GET", href).status == 404)
    }

    @Test func aTaskOfAnotherAccountIsNotTakenAsDeletedFromThisOne() throws {
        let server = try CalDAVTestServer(.radicale)
        let (remote, laptop, desktop, _) = try phonesTaskCarriedByGit(server)
        defer { withExtendedLifetime(remote) {} }
        // The desktop moves to an account of its own: the laptop's task was never there.
        let other = try CalDAVTestServer(.xandikos)
        try server.must(desktop, ["caldav", "off"])
        let home = try CalDAVTestServer.home(try other.must(desktop, other.initArguments))
        try other.must(desktop, ["sync"])
        #expect(try desktop.texts(of: "Groceries") == ["Milk", "Call mum"])
        let tasks = try other.tasks(home: home)
        #expect(tasks.values.contains { $0.contains("SUMMARY:Call mum") })
        withExtendedLifetime(laptop) {}
    }
}
