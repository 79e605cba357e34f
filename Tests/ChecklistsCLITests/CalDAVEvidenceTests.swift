import Foundation
import Testing

/// What the server says is evidence, not orders (SPEC §8 rule 1, §11; issue #35): one UID is one
/// item on every machine, a change the server reports during our writes is merged, a task this
/// program cannot read is neither deleted here nor overwritten there, and an empty listing of the
/// calendar home deletes nothing. Real Radicale and Xandikos, with curl as the phone.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVEvidenceTests {
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
        let (remote, laptop, desktop, home) = try server.twoMachinesOnOneRemote("new Groceries\nadd Milk\n")
        defer { withExtendedLifetime(remote) {} }
        try phoneAdds("Call mum", uid: "phone-call-1", to: try collection(of: "Milk", server, home: home), server)
        // Both machines take it from the server under IDs of their own; one checks it.
        try server.must(laptop, ["caldav"])
        try server.must(desktop, ["caldav"])
        try server.must(desktop, ["check", "2"])
        for machine in [laptop, desktop, laptop, desktop] {
            // Both read it alike: no conflict over when it was made (each once dated it by its
            // own time of reading, and git reported "no due date over no due date").
            let synced = try server.must(machine, ["sync"])
            #expect(!synced.stderr.contains("due date"), "\(synced.stderr)")
        }
        for machine in [laptop, desktop] {
            #expect(try machine.texts(of: "Groceries") == ["Milk", "Call mum"])
            #expect(try machine.exported().list("Groceries")?.items.last?.checked == true)
        }
        let tasks = try server.tasks(home: home)
        #expect(tasks.count == 2)
        #expect(tasks.values.filter { $0.contains("SUMMARY:Call mum") && $0.contains("STATUS:COMPLETED") }.count == 1)
        // Idle from here on, on both.
        for machine in [laptop, desktop] {
            #expect(try server.must(machine, ["caldav"]).stdout.contains("in nothing; out nothing"))
        }
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aPhonesEditOfATaskAnotherMachineWroteSurvivesGitBringingThatTask(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let (remote, laptop, desktop, home) = try server.twoMachinesOnOneRemote("new Groceries\nadd Milk\n")
        defer { withExtendedLifetime(remote) {} }
        try server.must(desktop, ["sync"])
        // The laptop adds Eggs and syncs it to git and the server; the phone then renames it.
        try server.must(laptop, ["add", "Eggs"])
        try server.must(laptop, ["sync"])
        let (href, body) = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:Eggs") })
        let edited = body.replacingOccurrences(of: "SUMMARY:Eggs", with: "SUMMARY:Eggs large")
        let put = try server.request("PUT", href, body: edited, headers: ["Content-Type: text/calendar"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        // The desktop, whose CalDAV sync never saw Eggs, gets it from git and the edit from the
        // server: the phone's edit is the only change, not a conflict OURS wins.
        let synced = try server.must(desktop, ["sync"])
        #expect(!synced.stderr.contains("kept"), "\(synced.stderr)")
        for machine in [desktop, laptop] {
            try server.must(machine, ["sync"])
            #expect(try machine.texts(of: "Groceries") == ["Milk", "Eggs large"])
        }
        #expect(try server.tasks(home: home).values.filter { $0.contains("SUMMARY:Eggs") }.count == 1)
        #expect(try server.tasks(home: home).values.contains { $0.contains("SUMMARY:Eggs large") })
    }

    @Test func twoMachinesResolvingOneConflictEachTheirWayFallIdle() throws {
        let server = try CalDAVTestServer(.xandikos)
        let (remote, laptop, desktop, home) = try server.twoMachinesOnOneRemote("new Groceries\nadd Milk\n")
        defer { withExtendedLifetime(remote) {} }
        try server.must(desktop, ["sync"])
        try server.must(laptop, ["sync"])
        // The phone and the laptop rename Milk at once. The desktop takes the phone's by CalDAV,
        // then the laptop's by git: each channel resolves the conflict its own way (OURS wins).
        let (href, body) = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:Milk") })
        let put = try server.request(
            "PUT", href, body: body.replacingOccurrences(of: "SUMMARY:Milk", with: "SUMMARY:Oat milk"),
            headers: ["Content-Type: text/calendar"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        try server.must(desktop, ["caldav"])
        try server.must(laptop, ["edit", "1", "Whole milk"])
        for machine in [laptop, desktop, laptop, desktop] { try server.must(machine, ["sync"]) }
        // Then nothing moves any more, and everyone holds one text.
        for machine in [laptop, desktop] {
            let quiet = try server.must(machine, ["sync"])
            #expect(!quiet.stdout.contains("changed"), "\(quiet.stdout)")
        }
        let texts = try laptop.texts(of: "Groceries")
        #expect(texts.count == 1)
        #expect(try desktop.texts(of: "Groceries") == texts)
        let summaries = try server.tasks(home: home).values.filter { $0.contains("SUMMARY:") }
        #expect(summaries.count == 1)
        #expect(summaries.allSatisfy { $0.contains("SUMMARY:\(texts.first ?? "")\r\n") })
    }

    @Test func anItemGitCarriedWithoutAUIDGetsOneUIDOnEveryMachine() throws {
        let server = try CalDAVTestServer(.radicale)
        let (remote, laptop, desktop, home) = try server.twoMachinesOnOneRemote("new Chores\nadd Sweep\n")
        defer { withExtendedLifetime(remote) {} }
        // An item as an older version or the iOS app writes it, without a UID, reaches both by git.
        let markdown = laptop.folder.appending(path: "more.md")
        try "# Cleaning\n- [ ] Dust shelves\n".write(to: markdown, atomically: true, encoding: .utf8)
        try server.must(laptop, ["import", markdown.path])
        try server.must(laptop, ["sync"])
        try server.must(desktop, ["sync"])
        // Each changes it before its next CalDAV sync, so no text can pair them.
        #expect(try laptop.batch("use Cleaning\ncheck 1\n").status == 0)
        #expect(try desktop.batch("use Cleaning\nedit 1 Dust the shelves\n").status == 0)
        try server.must(laptop, ["caldav"])
        try server.must(desktop, ["caldav"])
        for machine in [laptop, desktop, laptop, desktop] { try server.must(machine, ["sync"]) }
        let dusting = try server.tasks(home: home).values.filter { $0.contains("SUMMARY:Dust") }
        #expect(dusting.count == 1)
        #expect(try laptop.texts(of: "Cleaning") == ["Dust the shelves"])
        #expect(try laptop.exported().list("Cleaning")?.items.first?.checked == true)
        #expect(try laptop.exported().lists == desktop.exported().lists)
    }

    private func setUp(_ kind: CalDAVTestServer.Kind) throws -> ProxiedAccount {
        try ProxiedAccount(kind)
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases, [false, true])
    func aPhonesDeleteWhileWeWriteIsSeenByTheNextSync(_ kind: CalDAVTestServer.Kind, changedHere: Bool) throws {
        let setup = try setUp(kind)
        defer { setup.laptop.remove() }
        let eggs = try setup.href(of: "Eggs")
        // The phone deletes Eggs just before our write of Milk reaches the server.
        try #require(try setup.laptop.run(["check", "1"]).status == 0)
        let deletesEggs = setup.curl("-X DELETE \"${PROXY_UPSTREAM%/}\(eggs)\"")
        try setup.proxy.set([FaultProxy.Rule(method: "PUT", times: 1, action: "hook", extra: ["hook": deletesEggs])])
        let first = try setup.laptop.run(["caldav"], environment: setup.environment)
        try #require(first.status == 0, "\(first.stderr)")
        try setup.proxy.set([])
        if changedHere { try #require(try setup.laptop.run(["edit", "2", "Brown eggs"]).status == 0) }
        let second = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(second.status == 0, "\(second.stderr)")
        let items = try #require(try setup.laptop.exported().list("Groceries")?.items)
        let tasks = try setup.server.tasks(home: setup.home)
        if changedHere {
            // Deleted there, changed here: kept with the change, on both sides.
            #expect(items.map(\.text) == ["Milk", "Brown eggs"])
            #expect(tasks.values.filter { $0.contains("SUMMARY:Brown eggs") }.count == 1)
        } else {
            #expect(items.map(\.text) == ["Milk"])
            #expect(tasks.count == 1)
        }
        #expect(
            try setup.laptop.run(["caldav"], environment: setup.environment).stdout.contains("in nothing; out nothing"))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aTaskWithALargePhotoInlineIsReadAndKept(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try setUp(kind)
        defer { setup.laptop.remove() }
        let milk = try setup.href(of: "Milk")
        let uid = try #require(
            try setup.server.tasks(home: setup.home)[milk]?.split(separator: "\r\n").first { $0.hasPrefix("UID:") })
        // 1.1 MB of base64 on one (folded) line, as a phone attaches a photo.
        let photo = String(repeating: "QUJD", count: 290_000)
        var folded = "ATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=image/jpeg:"
        var rest = Substring(photo)
        while !rest.isEmpty {
            folded += rest.prefix(70) + "\r\n "
            rest = rest.dropFirst(70)
        }
        let task = CalDAVTestServer.vtodo(
            uid: String(uid.dropFirst(4)), summary: "Oat milk", extra: String(folded.dropLast(2)) + "\r\n")
        let put = try setup.server.request("PUT", milk, body: task, headers: ["Content-Type: text/calendar"])
        try #require(put.status < 300, "\(put.status) \(put.body.prefix(300))")
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try setup.laptop.exported().list("Groceries")?.items.map(\.text) == ["Oat milk", "Eggs"])
        // Checked here, written back with the photo.
        try #require(try setup.laptop.run(["check", "1"]).status == 0)
        #expect(try setup.laptop.run(["caldav"], environment: setup.environment).status == 0)
        let written = try #require(try setup.server.tasks(home: setup.home)[milk])
        #expect(written.contains("STATUS:COMPLETED") && written.contains("QUJDQUJD"))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aTaskThatCannotBeReadIsNeitherDeletedHereNorOverwrittenThere(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try setUp(kind)
        defer { setup.laptop.remove() }
        let eggs = try setup.href(of: "Eggs")
        // The phone changes Eggs; its answer comes back garbled, and Eggs is changed here too.
        let original = try #require(try setup.server.tasks(home: setup.home)[eggs])
        let edited = original.replacingOccurrences(of: "SUMMARY:Eggs", with: "SUMMARY:Free-range eggs")
        try #require(
            try setup.server.request("PUT", eggs, body: edited, headers: ["Content-Type: text/calendar"]).status < 300)
        try #require(try setup.laptop.run(["edit", "2", "Brown eggs"]).status == 0)
        let garble = FaultProxy.Rule(
            method: "REPORT", action: "rewrite",
            extra: ["holding": "calendar-multiget", "from": "BEGIN:VTODO", "to": "BEGIN:VT@DO"])
        try setup.proxy.set([garble])
        for _ in 0..<2 {
            let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
            #expect(synced.status == 0, "\(synced.stderr)")
            #expect(synced.stderr.contains("cannot read the task") && synced.stderr.contains(eggs), "\(synced.stderr)")
            #expect(
                try setup.laptop.exported().list("Groceries")?.items.map(\.text) == ["Milk", "Brown eggs"],
                "\(synced.stdout)")
            #expect(try setup.server.tasks(home: setup.home)[eggs]?.contains("SUMMARY:Free-range eggs") == true)
        }
        // Once it reads again, the two changes meet: this machine's text wins, and says so.
        try setup.proxy.set([])
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("Brown eggs"))
        #expect(try setup.server.tasks(home: setup.home)[eggs]?.contains("SUMMARY:Brown eggs") == true)
        #expect(try setup.server.tasks(home: setup.home).count == 2)
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func aTaskTitledArchiveNullIsLeftAsItIsHereAndThere(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try setUp(kind)
        defer { setup.laptop.remove() }
        // The phone adds a task titled "$null" and renames Eggs so: Foundation (the iOS app) would
        // read either text as nothing and drop the item (issue #37, finding 5).
        let eggs = try setup.href(of: "Eggs")
        let collection = String(eggs[...(try #require(eggs.lastIndex(of: "/")))])
        let added = collection + "phone-null.ics"
        let put = try setup.server.request(
            "PUT", added, body: CalDAVTestServer.vtodo(uid: "phone-null", summary: "$null"),
            headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        let original = try #require(try setup.server.tasks(home: setup.home)[eggs])
        let renamed = original.replacingOccurrences(of: "SUMMARY:Eggs", with: "SUMMARY:$null")
        try #require(
            try setup.server.request("PUT", eggs, body: renamed, headers: ["Content-Type: text/calendar"]).status < 300)
        for _ in 0..<2 {
            let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
            #expect(synced.status == 0, "\(synced.stderr)")
            for href in [added, eggs] {
                #expect(synced.stderr.contains("\(href) is titled \"$null\""), "\(synced.stderr)")
            }
            #expect(try setup.laptop.exported().list("Groceries")?.items.map(\.text) == ["Milk", "Eggs"])
            let tasks = try setup.server.tasks(home: setup.home)
            #expect(tasks.count == 3)
            #expect(tasks[added]?.contains("SUMMARY:$null") == true && tasks[eggs]?.contains("SUMMARY:$null") == true)
        }
        // Renamed again there, it is taken as any change is.
        let back = original.replacingOccurrences(of: "SUMMARY:Eggs", with: "SUMMARY:Duck eggs")
        try #require(
            try setup.server.request("PUT", eggs, body: back, headers: ["Content-Type: text/calendar"]).status < 300)
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try setup.laptop.exported().list("Groceries")?.items.map(\.text) == ["Milk", "Duck eggs"])
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func anEmptyListingOfTheCalendarHomeDeletesNothing(_ kind: CalDAVTestServer.Kind) throws {
        let setup = try setUp(kind)
        defer { setup.laptop.remove() }
        let empty =
            "<?xml version=\"1.0\"?><d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>\(setup.home)</d:href>"
            + "<d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop>"
            + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
        try setup.proxy.set([
            FaultProxy.Rule(
                method: "PROPFIND", path: setup.home, times: 1, action: "answer",
                extra: ["status": 207, "body": empty, "type": "application/xml"])
        ])
        try #require(try setup.laptop.run(["add", "Bread"]).status == 0)
        let failed = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("lacks the task list"), "\(failed.stderr)")
        #expect(try setup.laptop.exported().list("Groceries")?.items.map(\.text) == ["Milk", "Eggs", "Bread"])
        // When the listing is back: one list, each task once.
        let synced = try setup.laptop.run(["caldav"], environment: setup.environment)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try setup.laptop.exported().lists.filter { $0.name.hasPrefix("Groceries") }.count == 1)
        #expect(try setup.server.tasks(home: setup.home).count == 3)
    }

    @Test func undoWorksAfterASyncThatOnlyGaveItemsTheirUIDs() throws {
        let server = try CalDAVTestServer(.radicale)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        // Items without UIDs, as an older version or the iOS app wrote them.
        let markdown = laptop.folder.appending(path: "chores.md")
        try "# Chores\n- [ ] Sweep\n- [ ] Dust\n".write(to: markdown, atomically: true, encoding: .utf8)
        #expect(try laptop.batch("import \(markdown.path)\nuse Chores\ncheck 1\n").status == 0)
        let home = try CalDAVTestServer.home(try server.must(laptop, server.initArguments))
        let undone = try laptop.run(["undo"])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try laptop.exported().list("Chores")?.items.first?.checked == false)
        // The undo keeps the UID the sync gave: the next sync changes that task, adding none.
        try server.must(laptop, ["caldav"])
        let tasks = try server.tasks(home: home).values.filter { $0.contains("SUMMARY:Sweep") }
        #expect(tasks.count == 1)
        #expect(tasks.first?.contains("STATUS:NEEDS-ACTION") == true)
    }

    @Test func aSyncKilledEarlierLeavesNoTemporaryFileAfterTheNextSync() throws {
        let remote = try SyncTests.Remote()
        let laptop = try remote.machine()
        _ = try laptop.batch("new Groceries\nadd Milk\n")
        #expect(try laptop.run(["sync", "init", remote.url]).status == 0)
        let stray = laptop.dataFile + ".tmp-Kq81zA"
        try Data("half".utf8).write(to: URL(filePath: stray))
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: stray))
    }

    @Test(arguments: CalDAVTestServer.Kind.allCases)
    func whatAServerSendsNeverWritesALineOrAControlSequenceOfItsOwn(_ kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nadd Milk\n")
        // A multi-line text, and one with the escape sequences that set the title and clear the screen.
        let forged = "Eggs\\n3 [x] Forged line  #99"
        let escapes = "Jam\u{1B}]0;owned\u{07}\u{1B}[2J"
        let collection = try collection(of: "Milk", server, home: home)
        try phoneAdds(forged, uid: "phone-forged", to: collection, server)
        let task = CalDAVTestServer.vtodo(uid: "phone-escapes", summary: escapes)
        _ = try server.request(
            "PUT", collection + "phone-escapes.ics", body: task, headers: ["Content-Type: text/calendar"])
        try server.must(laptop, ["caldav"])
        for arguments in [["show", "Groceries"], ["find", "e"], ["lists"]] {
            let shown = try server.must(laptop, arguments).stdout
            #expect(!shown.contains("\u{1B}") && !shown.contains("\u{07}"), "\(arguments): \(shown)")
            #expect(!shown.split(separator: "\n").contains { $0.hasPrefix("3 [x] Forged") }, "\(arguments): \(shown)")
        }
        #expect(try server.must(laptop, ["show", "Groceries"]).stdout.contains("Eggs 3 [x] Forged line"))
    }
}
