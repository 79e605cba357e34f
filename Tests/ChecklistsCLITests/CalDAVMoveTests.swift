import Foundation
import Testing

/// `move ITEM to LIST` on CalDAV (SPEC §11, #40 finding 2): the task changes collection, a PUT
/// to the new one and a DELETE of the old, and a sync that stops between the two (a write that
/// fails, as a SIGKILL would leave it) neither loses nor doubles it: the next sync finishes.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVMoveTests {
    /// The collection (with its trailing slash) of each task whose SUMMARY is `text`.
    private func collections(holding text: String, _ setup: ProxiedAccount) throws -> [String] {
        try setup.server.tasks(home: setup.home).filter { $0.value.contains("SUMMARY:\(text)\r\n") }.keys.map { href in
            String(href[...(href.lastIndex(of: "/") ?? href.startIndex)])
        }.sorted()
    }

    /// Groceries (Milk, Eggs) and Work (Call) on the server; returns their collections.
    private func twoLists(_ setup: ProxiedAccount) throws -> (groceries: String, work: String) {
        try #require(try setup.laptop.batch("new Work\nadd Call\n").status == 0)
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        try #require(synced.status == 0, "\(synced.stderr)")
        let groceries = try #require(try collections(holding: "Eggs", setup).first)
        let work = try #require(try collections(holding: "Call", setup).first)
        try #require(groceries != work)
        return (groceries, work)
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aMovedItemEndsAsOneTaskInTheNewCollection(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try ProxiedAccount(kind)
        defer { setup.laptop.remove() }
        let (_, work) = try twoLists(setup)
        let moved = try setup.laptop.run(["move", "#1", "to", "Work"])
        #expect(moved.stdout.contains("moved Work: 2 [ ] Eggs"), "\(moved.stdout)")
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try collections(holding: "Eggs", setup) == [work])
        #expect(try setup.server.tasks(home: setup.home).count == 3)
        #expect(try setup.laptop.texts(of: "Work") == ["Call", "Eggs"])
        #expect(try setup.laptop.texts(of: "Groceries") == ["Milk"])
        let again = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(again.stdout.contains("in nothing; out nothing"), "\(again.stdout)")
    }

    /// A sync that stops after the first of the move's two writes, whichever it is: the second
    /// fails (HTTP 500), as it would had the process been killed between them.
    @Test(arguments: CalDAVTestServer.Kind.allCases, ["PUT", "DELETE"])
    func aSyncStoppedBetweenTheTwoWritesNeitherLosesNorDoublesTheTask(
        _ kind: CalDAVTestServer.Kind, failing method: String
    ) throws {
        let setup = try ProxiedAccount(kind)
        defer { setup.laptop.remove() }
        let (_, work) = try twoLists(setup)
        try #require(try setup.laptop.run(["move", "#1", "to", "Work", "1"]).status == 0)
        try setup.proxy.set([
            FaultProxy.Rule(
                method: method, times: 1, action: "answer",
                extra: ["status": 500, "body": "disk full", "type": "text/plain"])
        ])
        let failed = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(failed.status == 74, "\(failed.stderr)")
        let healed = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(healed.status == 0, "\(healed.stderr)")
        #expect(try collections(holding: "Eggs", setup) == [work], "one task, in Work")
        #expect(try setup.laptop.texts(of: "Work") == ["Eggs", "Call"])
        #expect(try setup.laptop.texts(of: "Groceries") == ["Milk"])
        let again = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try collections(holding: "Eggs", setup) == [work])
        #expect(try setup.laptop.texts(of: "Work") == ["Eggs", "Call"])
        setup.proxy.stop()
    }
}
