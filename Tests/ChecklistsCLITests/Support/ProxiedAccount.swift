import Foundation
import Testing

/// A real CalDAV server, the fault proxy in front of it, and a machine whose account goes
/// through the proxy, with Groceries synced: what the CalDAV fault, trust and evidence tests
/// start from.
struct ProxiedAccount {
    let server: CalDAVTestServer
    var proxy: FaultProxy
    let laptop: ChecklistsProcess
    /// The calendar home's path, as `caldav init` printed it.
    let home: String
    /// What `caldav init` said.
    let setUp: ChecklistsProcess.Outcome

    /// Starts `kind` behind a proxy, makes Groceries with `items` on the laptop and joins it.
    init(_ kind: CalDAVTestServer.Kind, items: String = "add Milk\nadd Eggs\n") throws {
        server = try CalDAVTestServer(kind)
        proxy = try FaultProxy(upstream: server.url)
        laptop = try ChecklistsProcess()
        _ = try laptop.batch("new Groceries\n" + items)
        setUp = try laptop.run(
            ["caldav", "init", proxy.url] + (kind == .radicale ? [server.user] : []),
            environment: server.environment)
        try #require(setUp.status == 0, "\(setUp.stderr)")
        home = try CalDAVTestServer.home(setUp)
    }

    /// The environment for the laptop's commands (the password, and a short timeout).
    var environment: [String: String] {
        server.environment.merging(["CHECKLISTS_CALDAV_TIMEOUT": "3"]) { $1 }
    }

    /// What a failed sync must leave as it was: the data file and the sync state.
    var snapshot: [String: [UInt8]] {
        var files = ["data": laptop.bytes(laptop.dataFile) ?? []]
        let states = laptop.folder.appending(path: "xdg-state/checklists/caldav").path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: states)) ?? [] {
            if let bytes = laptop.bytes(states + "/" + name) { files[name] = bytes }
        }
        return files
    }

    /// `caldav init` arguments for `url` (with the user name Radicale wants).
    func initArguments(_ url: String) -> [String] {
        ["caldav", "init", url] + (server.kind == .radicale ? [server.user] : [])
    }

    /// The href of the task whose text is `summary`.
    func href(of summary: String) throws -> String {
        try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:\(summary)") }?.key)
    }

    /// Another client's curl command straight to the server, for a hook of the proxy.
    func curl(_ arguments: String) -> String {
        "curl -s -o /dev/null -u '\(server.user):\(server.password)' \(arguments)"
    }

    /// The laptop's `caldav`, through the proxy.
    func sync() throws -> ChecklistsProcess.Outcome {
        try laptop.run(["caldav"], environment: environment)
    }

    /// The texts of the laptop's Groceries.
    func texts() throws -> [String] {
        try laptop.exported().list("Groceries")?.items.map(\.text) ?? []
    }
}

extension CalDAVTestServer {
    /// Two machines that share their checklists through one git remote and both sync with this
    /// server's account: the laptop makes them with `script`, both set up git, then CalDAV.
    func twoMachinesOnOneRemote(
        _ script: String
    ) throws -> (remote: SyncTests.Remote, laptop: ChecklistsProcess, desktop: ChecklistsProcess, home: String) {
        let remote = try SyncTests.Remote()
        let laptop = try remote.machine()
        let desktop = try remote.machine()
        _ = try laptop.batch(script)
        try must(laptop, ["sync", "init", remote.url])
        try must(desktop, ["sync", "init", remote.url])
        let home = try CalDAVTestServer.home(try must(laptop, initArguments))
        try must(desktop, initArguments)
        return (remote, laptop, desktop, home)
    }

    /// Makes `laptop`'s checklists with the batch `script` and sets up its sync with this server's
    /// account (`caldav init`); returns the account's calendar home.
    func setUp(_ laptop: ChecklistsProcess, with script: String) throws -> String {
        _ = try laptop.batch(script)
        return try CalDAVTestServer.home(try must(laptop, initArguments))
    }

    /// Runs `arguments` on `machine` with this server's password, requiring success.
    @discardableResult
    func must(_ machine: ChecklistsProcess, _ arguments: [String]) throws -> ChecklistsProcess.Outcome {
        let outcome = try machine.run(arguments, environment: environment)
        try #require(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome
    }
}

extension ChecklistsProcess {
    /// The texts of the checklist `list`, in order (none when there is no such checklist).
    func texts(of list: String) throws -> [String] {
        try exported().list(list)?.items.map(\.text) ?? []
    }
}
