import Foundation
import Testing

/// One task is one item, and none is lost to a UID seen twice (issue #47): a task that reached a
/// machine by CalDAV before git carried it, a join whose lists share texts, a server answer that
/// gives one UID to several tasks, a task copied into a second list. Real Radicale, curl as the phone.
@Suite(.enabled(if: CalDAVTestServer.available, "needs Radicale and Xandikos (.ci/venv)"))
struct CalDAVIdentityTests {
    /// The collection holding the task whose text is `summary`.
    private func collection(of summary: String, _ server: CalDAVTestServer, home: String) throws -> String {
        let href = try #require(try server.tasks(home: home).first { $0.value.contains("SUMMARY:\(summary)") }?.key)
        return String(href[...(try #require(href.lastIndex(of: "/")))])
    }

    /// The UID a task's text gives.
    private func uid(in task: String) throws -> String {
        let line = try #require(task.split(whereSeparator: \.isNewline).first { $0.hasPrefix("UID:") })
        return String(line.dropFirst("UID:".count))
    }

    /// Three machines on one git remote, two of them syncing with the server too: the phone adds
    /// `Call mum`, which the desktop takes by CalDAV alone and the laptop by `sync`, passing it on
    /// by git to the notebook (git only), where it is checked and pushed. Returns the task's href.
    private func checkedOnAGitOnlyMachine(
        _ server: CalDAVTestServer
    ) throws -> (remote: SyncTests.Remote, machines: [ChecklistsProcess], href: String) {
        let (remote, laptop, desktop, home) = try server.twoMachinesOnOneRemote("new Groceries\nadd Milk\n")
        let notebook = try remote.machine()
        try server.must(notebook, ["sync", "init", remote.url])
        try server.must(laptop, ["sync"])
        try server.must(desktop, ["sync"])
        let task = CalDAVTestServer.vtodo(uid: "phone-call-mum", summary: "Call mum")
        let href = try collection(of: "Milk", server, home: home) + "phone-call-mum.ics"
        let put = try server.request(
            "PUT", href, body: task, headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        try server.must(desktop, ["caldav"])
        try server.must(laptop, ["sync"])
        try server.must(notebook, ["sync"])
        try #require(try notebook.texts(of: "Groceries") == ["Milk", "Call mum"])
        _ = try notebook.batch("use Groceries\ncheck 2\n")
        try server.must(notebook, ["sync"])
        return (remote, [laptop, desktop, notebook], href)
    }

    /// Whether `machine` has `Call mum` checked.
    private func callChecked(_ machine: ChecklistsProcess) throws -> Bool? {
        try machine.exported().list("Groceries")?.items.first { $0.text == "Call mum" }?.checked
    }

    @Test func aCheckMadeOnAGitOnlyMachineSurvivesAMachineThatTookTheTaskByCalDAVFirst() throws {
        let server = try CalDAVTestServer(.radicale)
        let (remote, machines, href) = try checkedOnAGitOnlyMachine(server)
        // The desktop's git merge meets the task new on both sides: the check is taken, not undone.
        let synced = try server.must(machines[1], ["sync"])
        #expect(!synced.stderr.contains("kept"), "\(synced.stderr)")
        for machine in machines { try server.must(machine, ["sync"]) }
        for machine in machines { #expect(try callChecked(machine) == true) }
        #expect(try server.request("GET", href).body.contains("STATUS:COMPLETED"))
        withExtendedLifetime(remote) {}
    }

    @Test func theMergeDriverOfAGitMergeByHandTakesTheCheckToo() throws {
        let server = try CalDAVTestServer(.radicale)
        let (remote, machines, _) = try checkedOnAGitOnlyMachine(server)
        let desktop = machines[1]
        // Git runs `checklists merge` in the data folder, naming temporary files only.
        func git(_ arguments: [String]) throws -> ChecklistsProcess.Outcome {
            let identity = ["-c", "user.name=Ann", "-c", "user.email=ann@example.org"]
            let outcome = try desktop.start(
                ["-C", desktop.dataFolder] + identity + arguments, removing: ["CHECKLISTS_FILE"],
                executable: URL(filePath: "/usr/bin/git")
            ).wait()
            try #require(outcome.status == 0, "git \(arguments): \(outcome.stderr)")
            return outcome
        }
        _ = try git(["commit", "--quiet", "--all", "--message", "by hand"])
        _ = try git(["fetch", "--quiet", "origin"])
        let branch = try git(["rev-parse", "--abbrev-ref", "HEAD"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        let merged = try git(["merge", "--no-edit", "origin/" + branch])
        #expect(!merged.stderr.contains("kept"), "\(merged.stderr)")
        #expect(try callChecked(desktop) == true)
        withExtendedLifetime(remote) {}
    }

    @Test func joiningAListThatHoldsSomeOfTheSameItemsDuplicatesNone() throws {
        let server = try CalDAVTestServer(.radicale)
        let desktop = try ChecklistsProcess()
        let laptop = try ChecklistsProcess()
        defer {
            desktop.remove()
            laptop.remove()
        }
        let home = try server.setUp(desktop, with: "new Groceries\nadd k0\nadd k1\nadd k2\nadd k3\n")
        _ = try laptop.batch("new Groceries\nadd k2\nadd k3\nadd k4\nadd k5\n")
        try server.must(laptop, server.initArguments)
        try server.must(desktop, ["caldav"])
        let all = ["k0", "k1", "k2", "k3", "k4", "k5"]
        for machine in [laptop, desktop] { #expect(try machine.texts(of: "Groceries").sorted() == all) }
        let summaries = try server.tasks(home: home).values.compactMap { task in
            task.split(whereSeparator: \.isNewline).first { $0.hasPrefix("SUMMARY:") }.map(String.init)
        }
        #expect(summaries.sorted() == all.map { "SUMMARY:" + $0 })
    }

    @Test func anAnswerGivingTwoTasksOneUIDRemovesNothingAndNamesTheTask() throws {
        let setup = try ProxiedAccount(.radicale)
        let tasks = try setup.server.tasks(home: setup.home)
        let milk = try uid(in: try #require(tasks.values.first { $0.contains("SUMMARY:Milk") }))
        let eggs = try setup.href(of: "Eggs")
        let eggsText = try #require(tasks[eggs])
        let eggsUID = try uid(in: eggsText)
        let edited = eggsText.replacingOccurrences(of: "SUMMARY:Eggs", with: "SUMMARY:Free-range eggs")
        try #require(
            try setup.server.request("PUT", eggs, body: edited, headers: ["Content-Type: text/calendar"]).status < 300)
        // The answer says the changed task holds Milk's UID: Milk's task is then at two places.
        let contradict = FaultProxy.Rule(
            method: "REPORT", action: "rewrite",
            extra: ["holding": "calendar-multiget", "from": "UID:\(eggsUID)", "to": "UID:\(milk)"])
        try setup.proxy.set([contradict])
        for _ in 0..<2 {
            let synced = try setup.sync()
            #expect(synced.status == 0 || synced.status == 74, "\(synced.stderr)")
            #expect(synced.stderr.contains(eggs), "\(synced.stderr)")
            #expect(try setup.texts() == ["Milk", "Eggs"])
            #expect(try setup.server.tasks(home: setup.home).count == 2)
        }
        try setup.proxy.set([])
        let synced = try setup.sync()
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try setup.texts() == ["Milk", "Free-range eggs"])
        #expect(try setup.server.tasks(home: setup.home).count == 2)
    }

    @Test func aTaskCopiedIntoASecondListIsNamed() throws {
        let server = try CalDAVTestServer(.radicale)
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let home = try server.setUp(laptop, with: "new Groceries\nadd Milk\nnew Chores\nadd Sweep\n")
        let tasks = try server.tasks(home: home)
        let milk = try #require(tasks.values.first { $0.contains("SUMMARY:Milk") })
        let copy = try collection(of: "Sweep", server, home: home) + "copy.ics"
        let put = try server.request(
            "PUT", copy, body: milk, headers: ["Content-Type: text/calendar", "If-None-Match: *"])
        try #require(put.status < 300, "the phone's PUT: \(put.status) \(put.body)")
        let synced = try server.must(laptop, ["caldav"])
        #expect(synced.stderr.contains(try uid(in: milk)), "\(synced.stderr)")
        #expect(synced.stderr.contains("Groceries") && synced.stderr.contains("Chores"), "\(synced.stderr)")
    }
}
