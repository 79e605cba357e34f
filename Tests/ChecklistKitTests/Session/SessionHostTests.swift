import ChecklistKit
import TestSupport
import Testing

/// The outward commands reach the session's host with their arguments, once each; what the host
/// answers is the command's result; without a host they are refused.
struct SessionHostTests {
    @Test func syncAndSyncInitReachTheHostWithTheirURL() throws {
        let fixture = try SessionFixture()
        let host = RecordingHost()
        fixture.session.host = host
        host.answer = CommandResult(lines: [OutputLine("synced with origin: in nothing; out nothing")])
        #expect(fixture.run("sync init /srv/checklists.git") == ["synced with origin: in nothing; out nothing"])
        fixture.run("sync")
        #expect(
            host.calls == [.sync(initialize: true, url: "/srv/checklists.git"), .sync(initialize: false, url: nil)])
    }

    @Test func caldavActionsReachTheHost() throws {
        let fixture = try SessionFixture()
        let host = RecordingHost()
        fixture.session.host = host
        fixture.runAll(["caldav init https://dav.example/ ann", "caldav", "caldav off"])
        #expect(
            host.calls == [
                .caldav(.initialize(url: "https://dav.example/", user: "ann")), .caldav(.sync), .caldav(.off),
            ])
    }

    @Test func aFailureTheHostReportsIsTheCommandsFailure() throws {
        let fixture = try SessionFixture()
        let host = RecordingHost()
        fixture.session.host = host
        host.answer = CommandResult(error: "cannot reach origin", exitStatus: .ioError)
        let result = fixture.session.run("sync")
        #expect(result.error == "cannot reach origin")
        #expect(result.exitStatus == .ioError)
        host.failure = CommandError.refused("no network")
        #expect(fixture.failure("caldav") == "no network")
        #expect(host.calls == [.sync(initialize: false, url: nil), .caldav(.sync)])
    }

    @Test func watchRunsOnlyWhereTheHostRunsIt() throws {
        let fixture = try SessionFixture()
        let host = RecordingHost()
        fixture.session.host = host
        let refusal = "watch runs on its own: start checklists watch in a terminal or as a service"
        #expect(fixture.failure("watch") == refusal)
        #expect(host.calls.isEmpty)
        host.runsWatch = true
        fixture.run("watch --once --exec notify.sh")
        #expect(host.calls == [.watch(once: true, exec: "notify.sh")])
    }

    @Test func historyNumbersTheHostsLines() throws {
        let fixture = try SessionFixture()
        let host = RecordingHost()
        fixture.session.host = host
        host.historyLines = ["add Milk", "show"]
        #expect(fixture.run("history") == ["1  add Milk", "2  show"])
        #expect(host.calls == [.history])
    }

    @Test func withoutAHostTheOutwardCommandsAreRefused() throws {
        let fixture = try SessionFixture()
        #expect(fixture.failure("sync") == "sync is not available here")
        #expect(fixture.failure("caldav") == "caldav is not available here")
        #expect(fixture.failure("watch").hasPrefix("watch runs on its own"))
        #expect(fixture.failure("mcp").hasPrefix("mcp runs on its own"))
        #expect(fixture.run("history").isEmpty)
    }

    @Test func aFileDamagedDuringASessionGetsTheWayOutTheHostKnows() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        try TemporaryFolder.write("not a plist", to: fixture.path)
        #expect(
            fixture.failure("show").hasSuffix(
                "to start afresh, move it aside: mv \(fixture.path) \(fixture.path).damaged"))
        let host = RecordingHost()
        host.wayOut = "the last sync's version is in git"
        fixture.session.host = host
        let result = fixture.session.run("show")
        #expect(result.exitStatus == .dataError)
        #expect(result.error?.hasSuffix("it was left untouched; the last sync's version is in git") == true)
    }
}
