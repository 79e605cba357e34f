import Foundation
import Testing

/// What a CalDAV sync sends and asks, against real servers (Radicale, Xandikos): only the
/// changes travel (RFC 6578 sync tokens), collections keep their URL through renames on either
/// side, and the checklist's icon goes with its collection (SPEC §11).
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVProtocolTests {
    /// Runs `arguments` on `machine` against `server`, through `curl` (when given), requiring success.
    @discardableResult
    private func must(
        _ machine: ChecklistsProcess, _ arguments: [String], _ server: CalDAVTestServer, _ curl: CurlLog? = nil
    ) throws -> ChecklistsProcess.Outcome {
        let outcome = try machine.run(
            arguments, environment: server.environment.merging(curl?.environment ?? [:]) { $1 })
        try #require(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome
    }

    /// The task collections below `home` with their display names and icons, by path (the
    /// calendar Xandikos makes for every user left out).
    private func collections(
        _ server: CalDAVTestServer, home: String
    ) throws -> [String: (name: String, icon: String?)] {
        let listing = try server.request(
            "PROPFIND", home,
            body:
                "<d:propfind xmlns:d=\"DAV:\" xmlns:x=\"https://checklists.invalid/ns\"><d:prop><d:displayname/><x:icon/>"
                + "</d:prop></d:propfind>",
            headers: ["Depth: 1", "Content-Type: application/xml"])
        var result: [String: (name: String, icon: String?)] = [:]
        for response in listing.body.components(separatedBy: "response>") {
            guard let href = CalDAVTestServer.hrefs(response).first, href != home, href.hasSuffix("/"),
                let name = Self.value(of: "displayname", in: response), !href.hasSuffix("/calendars/calendar/")
            else { continue }
            let path =
                href.hasPrefix("http")
                ? "/" + href.split(separator: "/").dropFirst(2).joined(separator: "/") + "/" : href
            result[path] = (name, Self.value(of: "icon", in: response))
        }
        return result
    }

    /// The text of the first element named `name` (any prefix) in `xml`.
    private static func value(of name: String, in xml: String) -> String? {
        guard let open = xml.range(of: name + ">") else { return nil }
        let rest = xml[open.upperBound...]
        guard let close = rest.range(of: "</") else { return nil }
        let text = String(rest[..<close.lowerBound])
        return text.isEmpty ? nil : text
    }

    /// The names of `machine`'s checklists, but for the one Xandikos's own calendar brings.
    private func names(_ machine: ChecklistsProcess) throws -> [String] {
        try machine.exported().lists.map(\.name).filter { $0 != "calendar" }
    }

    /// `checklists lists` on `machine`: each checklist's line.
    private func lists(_ machine: ChecklistsProcess, _ server: CalDAVTestServer) throws -> String {
        try server.must(machine, ["lists"]).stdout
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aSyncAsksOnlyForWhatChangedEvenAtAThousandTasks(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let curl = try CurlLog()
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        _ = try laptop.batch(
            (1...4).map { list in "new List \(list)\n" + (1...250).map { "add task \(list)-\($0)\n" }.joined() }
                .joined())
        let home = try CalDAVTestServer.home(try must(laptop, server.initArguments, server, curl))
        let upload = try curl.take()
        #expect(upload.filter { $0.method == "PUT" }.count == 1_000)
        #expect(try server.tasks(home: home).count == 1_000)

        // Nothing to do: one listing of the collections, their sync tokens unchanged; nothing more.
        #expect(try must(laptop, ["caldav"], server, curl).stdout.contains("in nothing; out nothing"))
        let idle = try curl.take()
        #expect(idle.count == 1, "\(idle.map(\.method))")
        #expect(idle.map(\.bytes).reduce(0, +) < 8_000, "\(idle)")

        // Another client changes one task: that task comes, not the other 999.
        let tasks = try server.tasks(home: home)
        let (href, text) = try #require(tasks.first { $0.value.contains("SUMMARY:task 3-17\r\n") })
        let edited = text.replacingOccurrences(of: "SUMMARY:task 3-17", with: "SUMMARY:task 3-17 (phone)")
        #expect(try server.request("PUT", href, body: edited, headers: ["Content-Type: text/calendar"]).status < 300)
        let synced = try must(laptop, ["caldav"], server, curl)
        #expect(synced.stdout.contains("in 1 changed; out nothing"), "\(synced.stdout)")
        #expect(try laptop.exported().list("List 3")?.items.contains { $0.text == "task 3-17 (phone)" } == true)
        let oneChange = try curl.take()
        #expect(oneChange.map(\.method) == ["PROPFIND", "REPORT", "REPORT"], "\(oneChange)")
        // One task's data is a few hundred bytes; the 250 of its list would be tens of thousands.
        #expect(oneChange.map(\.bytes).reduce(0, +) < 12_000, "\(oneChange)")

        // Our own writes do not come back as changes: after a change here, the next sync is idle again.
        try server.must(laptop, ["use", "List 2"])
        try server.must(laptop, ["check", "5"])
        #expect(try must(laptop, ["caldav"], server, curl).stdout.contains("out 1 changed"))
        _ = try curl.take()
        #expect(try must(laptop, ["caldav"], server, curl).stdout.contains("in nothing; out nothing"))
        #expect(try curl.take().count == 1)
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aRefusedSyncTokenFallsBackToAFullComparison(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let curl = try CurlLog()
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nadd Milk\nadd Eggs\n")
        // The state's sync token is replaced by one the server never gave (same length, last
        // character changed), as after a server lost its history.
        let state = laptop.folder.appending(path: "xdg-state/checklists/caldav")
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: state.path).first { !$0.hasSuffix(".tmp") })
        let tokenBody = try server.request(
            "PROPFIND", try #require(try collections(server, home: home).first { $0.value.name == "Groceries" }?.key),
            body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:sync-token/></d:prop></d:propfind>",
            headers: ["Depth: 0", "Content-Type: application/xml"]
        ).body
        let token = try #require(Self.value(of: "sync-token", in: tokenBody))
        let forged = String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0")
        var bytes = try Data(contentsOf: state.appending(path: file))
        let range = try #require(bytes.range(of: Data(token.utf8)))
        bytes.replaceSubrange(range, with: Data(forged.utf8))
        try bytes.write(to: state.appending(path: file))
        // Meanwhile a phone adds a task.
        let (milk, _) = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:Milk") })
        let collection = String(milk[...(try #require(milk.lastIndex(of: "/")))])
        let jam =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\nUID:jam-1\r\nDTSTAMP:20260101T000000Z\r\n"
            + "SUMMARY:Jam\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(
            try server.request("PUT", collection + "jam-1.ics", body: jam, headers: ["Content-Type: text/calendar"])
                .status < 300)
        let synced = try must(laptop, ["caldav"], server, curl)
        #expect(synced.stdout.contains("in 1 added; out nothing"), "\(synced.stdout)")
        #expect(try laptop.exported().list("Groceries")?.items.map(\.text) == ["Milk", "Eggs", "Jam"])
        // The refused token, then the full listing, then the new task.
        #expect(try curl.take().map(\.method) == ["PROPFIND", "REPORT", "REPORT", "REPORT"])
        // A fresh token is kept: the next sync is idle.
        #expect(try must(laptop, ["caldav"], server, curl).stdout.contains("in nothing; out nothing"))
        #expect(try curl.take().count == 1)
        #expect(try server.tasks(home: home).count == 3)
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func renamesFollowBothWaysAndKeepTheCollection(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nadd Milk\nadd Eggs\nnew Trips\n")
        let before = try collections(server, home: home)
        // The automatic first `List`, left empty, is not published (SPEC §11).
        #expect(Set(before.values.map(\.name)) == ["Groceries", "Trips"])
        let tasksBefore = Set(try server.tasks(home: home).keys)
        let groceries = try #require(before.first { $0.value.name == "Groceries" }?.key)
        let trips = try #require(before.first { $0.value.name == "Trips" }?.key)

        // Renamed here: the same collection gets the new name; its tasks stay where they are.
        try server.must(laptop, ["use", "Groceries"])
        try server.must(laptop, ["rename", "Shopping"])
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("in nothing; out 1 list renamed"))
        let renamed = try collections(server, home: home)
        #expect(renamed[groceries]?.name == "Shopping")
        #expect(renamed.count == 2)
        #expect(Set(try server.tasks(home: home).keys) == tasksBefore)
        // An empty checklist renamed here keeps its collection too: no DELETE and MKCALENDAR.
        try server.must(laptop, ["use", "Trips"])
        try server.must(laptop, ["rename", "Voyages"])
        #expect(try server.must(laptop, ["caldav"]).stdout.contains("out 1 list renamed"))
        #expect(try collections(server, home: home)[trips]?.name == "Voyages")
        #expect(try collections(server, home: home).count == 2)

        // Renamed by another client, an empty list too: the checklists here follow.
        for (path, name) in [(groceries, "Market"), (trips, "Journeys")] {
            let patched = try server.request(
                "PROPPATCH", path,
                body:
                    "<d:propertyupdate xmlns:d=\"DAV:\"><d:set><d:prop><d:displayname>\(name)</d:displayname></d:prop>"
                    + "</d:set></d:propertyupdate>",
                headers: ["Content-Type: application/xml"])
            #expect(patched.status == 207)
        }
        try server.must(laptop, ["caldav"])
        #expect(try Set(names(laptop)) == ["Market", "Journeys", "List"])
        #expect(try laptop.exported().list("Market")?.items.map(\.text) == ["Milk", "Eggs"])
        #expect(try collections(server, home: home).count == 2)

        // Renamed on both sides: this machine's name wins, and stderr says so.
        try server.must(laptop, ["use", "Market"])
        try server.must(laptop, ["rename", "Errands"])
        _ = try server.request(
            "PROPPATCH", groceries,
            body:
                "<d:propertyupdate xmlns:d=\"DAV:\"><d:set><d:prop><d:displayname>Bazaar</d:displayname></d:prop>"
                + "</d:set></d:propertyupdate>",
            headers: ["Content-Type: application/xml"])
        let both = try server.must(laptop, ["caldav"])
        #expect(both.stderr.contains("\"Errands\"") && both.stderr.contains("\"Bazaar\""), "\(both.stderr)")
        #expect(try Set(names(laptop)) == ["Errands", "Journeys", "List"])
        #expect(try collections(server, home: home)[groceries]?.name == "Errands")
        #expect(Set(try server.tasks(home: home).keys) == tasksBefore)

        // A checklist dropped here takes its task list with it; it does not come back.
        try server.must(laptop, ["drop", "Journeys"])
        try server.must(laptop, ["caldav"])
        #expect(try collections(server, home: home)[trips] == nil)
        try server.must(laptop, ["caldav"])
        #expect(try Set(names(laptop)) == ["Errands", "List"])
    }

    @Test func theIconTravelsBetweenTwoMachinesThroughTheServer() throws {
        // Radicale keeps properties of any namespace; Xandikos refuses them (see the next test).
        let server = try CalDAVTestServer(.radicale)
        let laptop = try ChecklistsProcess()
        let desktop = try ChecklistsProcess()
        defer {
            laptop.remove()
            desktop.remove()
        }
        let home = try server.setUp(laptop, with: "new Groceries\nicon Groceries\nadd Milk\nnew Plain\n")
        #expect(Set(try collections(server, home: home).values.compactMap(\.icon)) == ["Groceries"])
        try server.must(desktop, server.initArguments)
        #expect(try iconOf("Groceries", desktop, server) == "Groceries")
        #expect(try iconOf("Plain", desktop, server) == "No Icon")
        // Changed on the desktop, it reaches the laptop; the other list's icon is untouched.
        try server.must(desktop, ["use", "Groceries"])
        try server.must(desktop, ["icon", "Trips"])
        try server.must(desktop, ["caldav"])
        try server.must(laptop, ["caldav"])
        #expect(try iconOf("Groceries", laptop, server) == "Trips")
        #expect(try iconOf("Plain", laptop, server) == "No Icon")
        // Changed on both: this machine's wins, reported.
        try server.must(laptop, ["use", "Plain"])
        try server.must(laptop, ["icon", "Inbox"])
        try server.must(desktop, ["use", "Plain"])
        try server.must(desktop, ["icon", "Chores"])
        try server.must(desktop, ["caldav"])
        let both = try server.must(laptop, ["caldav"])
        #expect(both.stderr.contains("icon"), "\(both.stderr)")
        #expect(try iconOf("Plain", laptop, server) == "Inbox")
        try server.must(desktop, ["caldav"])
        #expect(try iconOf("Plain", desktop, server) == "Inbox")
    }

    @Test func aServerThatRefusesTheIconStillSyncs() throws {
        let server = try CalDAVTestServer(.xandikos)
        let curl = try CurlLog()
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nicon Groceries\nadd Milk\n")
        #expect(try Set(collections(server, home: home).values.map(\.name)) == ["Groceries"])
        #expect(try server.tasks(home: home).count == 1)
        #expect(try iconOf("Groceries", laptop, server) == "Groceries")
        // The refusal is not asked again at every sync.
        #expect(try must(laptop, ["caldav"], server, curl).stdout.contains("in nothing; out nothing"))
        #expect(try curl.take().count == 1)
    }

    /// The icon `lists` shows for checklist `name` on `machine` (its columns are two spaces apart).
    private func iconOf(_ name: String, _ machine: ChecklistsProcess, _ server: CalDAVTestServer) throws -> String? {
        for line in try lists(machine, server).split(separator: "\n") {
            let columns = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && $0 != "*" }
            if columns.count == 4, columns[1] == name { return columns[2] }
        }
        return nil
    }
}
