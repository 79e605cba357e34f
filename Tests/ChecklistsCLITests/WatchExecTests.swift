import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `watch --exec` (SPEC §9): what needs no session bus. Each command appends the reminder's text to
/// a log, so a test counts deliveries; time bounds only catch hangs.
struct WatchExecTests {
    /// A command that appends `$CHECKLISTS_TEXT` to `log`.
    private func logging(to log: String) -> String {
        "printf '%s\\n' \"$CHECKLISTS_TEXT\" >> '\(log)'"
    }

    /// The process ID written in the file at `path`, once it is there.
    private func processID(in path: String) throws -> Int32 {
        var found: Int32?
        try ChecklistsProcess.waitUntil {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            found = text.hasSuffix("\n") ? Int32(text.dropLast()) : nil
            return found != nil
        }
        return try #require(found)
    }

    /// Whether process `pid` runs (it exists and is not a zombie waiting to be reaped).
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// The lines of `path`, none when it is missing.
    private func lines(_ path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    @Test func aReminderFiresOnceWhicheverNameTheDataFileIsGivenBy() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try cli.writeReminders([("Call mum", ChecklistsProcess.now - 60)])
        let log = cli.folder.appending(path: "log").path
        try FileManager.default.createSymbolicLink(
            atPath: cli.folder.appending(path: "link.plist").path, withDestinationPath: "data/Checklists.plist")
        // Relative (from the fixture's folder), absolute, through a link, relative again.
        for name in ["data/Checklists.plist", cli.dataFile, "link.plist", "./data/../data/Checklists.plist"] {
            let outcome = try cli.shell(
                "cd \"$1\" && exec \"$CHECKLISTS\" --file \"$2\" watch --once --exec \"$3\"",
                arguments: [cli.folder.path, name, logging(to: log)])
            #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
        }
        #expect(lines(log) == ["Call mum"])
    }

    @Test func aReminderRenumberedBySyncDoesNotFireAgainAndTheItemTakingItsIDFires() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let due = ChecklistsProcess.now - 60
        let log = cli.folder.appending(path: "log").path
        try cli.writeReminders([("Eggs", due)], ids: [5])
        #expect(try cli.run(["watch", "--once", "--exec", logging(to: log)]).status == 0)
        // What a sync leaves when the other machine's new Milk took #5 (SPEC §8, rule 7): this
        // machine's Eggs, already reminded of, is #9 now.
        try cli.writeReminders([("Milk", due), ("Eggs", due)], ids: [5, 9])
        #expect(try cli.run(["watch", "--once", "--exec", logging(to: log)]).status == 0)
        #expect(lines(log) == ["Eggs", "Milk"])
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStopSignalEndsTheWatcherAndWhatItsCommandStartedWhateverTheCommandDoes(signal: Int32) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try cli.writeReminders([("Hang", ChecklistsProcess.now - 60)])
        let pidFile = cli.folder.appending(path: "pid").path
        // A command that never ends, with a process of its own in the background.
        let watcher = try cli.start(["watch", "--exec", "sleep 1000 & echo $! > '\(pidFile)'; wait"])
        defer { watcher.killIfRunning() }
        let sleeper = try processID(in: pidFile)
        defer { kill(sleeper, SIGKILL) }
        watcher.kill(signal)
        let ended = try watcher.wait(timeout: 10)
        #expect(!ended.timedOut, "still running 10 s after the signal")
        #expect(ended.status == 0, "\(ended.stderr)")
        try ChecklistsProcess.waitUntil(seconds: 10) { !isRunning(sleeper) }
    }

    @Test func aCommandThatHangsIsStoppedAtItsTimeLimitAndTheNextReminderStillFires() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try cli.writeReminders([("Hang", ChecklistsProcess.now - 120), ("Second", ChecklistsProcess.now - 60)])
        let log = cli.folder.appending(path: "log").path
        let pidFile = cli.folder.appending(path: "pid").path
        let command =
            "if [ \"$CHECKLISTS_TEXT\" = Hang ]; then echo $$ > '\(pidFile)'; exec sleep 1000; fi; " + logging(to: log)
        let watcher = try cli.start(
            ["watch", "--once", "--exec", command], environment: ["CHECKLISTS_EXEC_TIMEOUT": "2"])
        defer { watcher.killIfRunning() }
        let hung = try processID(in: pidFile)
        defer { kill(hung, SIGKILL) }
        let outcome = try watcher.wait(timeout: 60)
        #expect(!outcome.timedOut)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains(
                "reminder \"Hang\" not delivered: --exec command did not finish within 2 seconds; it was stopped"),
            "\(outcome.stderr)")
        #expect(lines(log) == ["Second"])
        try ChecklistsProcess.waitUntil(seconds: 10) { !isRunning(hung) }
        // Not marked fired: the next look tries it again.
        let again = try cli.run(
            ["watch", "--once", "--exec", "[ \"$CHECKLISTS_TEXT\" = Hang ] && " + logging(to: log)])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(lines(log) == ["Second", "Hang"])
    }

    @Test func twoWatchersWithADeliveryLongerThanTheLockWaitFireItOnce() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try cli.writeReminders([("Shared", ChecklistsProcess.now + 2)])
        let log = cli.folder.appending(path: "log").path
        // Longer than the 10 s another watcher waits for the record's lock.
        let command = "echo start >> '\(log)'; sleep 11; echo end >> '\(log)'"
        let first = try cli.start(["watch", "--exec", command])
        defer { first.killIfRunning() }
        let second = try cli.start(["watch", "--exec", command])
        defer { second.killIfRunning() }
        try ChecklistsProcess.waitUntil(seconds: 60) { lines(log).contains("end") }
        usleep(1_500_000)
        #expect(lines(log) == ["start", "end"])
        first.kill(SIGTERM)
        second.kill(SIGTERM)
        #expect(try first.wait(timeout: 10).status == 0)
        #expect(try second.wait(timeout: 10).status == 0)
    }

    @Test func aCommandsOutputIsPassedOnAsItComes() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try cli.writeReminders([("Buy milk", ChecklistsProcess.now - 60)])
        let out = cli.folder.appending(path: "out").path
        let gate = cli.folder.appending(path: "gate").path
        // The command waits (a minute at most) for the test to have seen its first line.
        let command = """
            echo first; i=0; while [ ! -e '\(gate)' ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done; echo second
            """
        let watcher = try cli.startShell(
            "exec \"$CHECKLISTS\" watch --once --exec \"$2\" > \"$1\"", arguments: [out, command])
        defer { watcher.killIfRunning() }
        let seenFirst = Result { try ChecklistsProcess.waitUntil { lines(out) == ["first"] } }
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        #expect(throws: Never.self, "the command's first line came out only when it ended") { try seenFirst.get() }
        let outcome = try watcher.wait(timeout: 90)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(lines(out).prefix(2) == ["first", "second"])
        #expect(lines(out).last?.hasPrefix("reminded: Groceries: Buy milk") == true)
    }

    @Test func aCommandWritingMuchOutputLeavesTheWatchersMemoryAlone() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try cli.writeReminders([("Buy milk", ChecklistsProcess.now - 60)])
        let out = cli.folder.appending(path: "out").path
        let peak = cli.folder.appending(path: "peak").path
        // 64 MB on each stream; then the watcher's (its parent's) peak memory, while it still runs.
        let size = 64_000_000
        let command = """
            head -c \(size) /dev/zero; head -c \(size) /dev/zero >&2; \
            awk '/^VmHWM:/ { print $2 }' /proc/$PPID/status > '\(peak)'; echo last words >&2; exit 3
            """
        let outcome = try cli.shell(
            "exec \"$CHECKLISTS\" watch --once --exec \"$2\" > \"$1\"", arguments: [out, command])
        #expect(outcome.status == 1)
        let written = try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int
        #expect(written == size, "the command's output reached the watcher's standard output whole")
        let kilobytes = try #require(Int(lines(peak).first ?? ""))
        #expect(kilobytes < 40_000, "the watcher's memory peaked at \(kilobytes) kB")
        #expect(outcome.stderr.contains("--exec command failed with status 3: …"))
        #expect(outcome.stderr.contains("last words\n"))
        #expect(outcome.stderr.utf8.count < 10_000)
    }

    @Test func aDataFileLinkPointedElsewhereIsFollowedByARunningWatcher() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // Two data files in folders of their own, and a link to the first in a third folder.
        let first = cli.folder.appending(path: "first/Checklists.plist").path
        let second = cli.folder.appending(path: "second/Checklists.plist").path
        try cli.writeReminders([("Started", ChecklistsProcess.now - 60)], to: first)
        try cli.writeReminders([("In the second file", ChecklistsProcess.now - 60)], to: second)
        let links = cli.folder.appending(path: "links").path
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        let link = links + "/Checklists.plist"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../first/Checklists.plist")
        let log = cli.folder.appending(path: "log").path
        let watcher = try cli.start(["--file", link, "watch", "--exec", logging(to: log)])
        defer { watcher.killIfRunning() }
        try ChecklistsProcess.waitUntil { lines(log) == ["Started"] }
        // As `ln -sfn` does: a new link renamed over the old one.
        try FileManager.default.createSymbolicLink(
            atPath: links + "/.new", withDestinationPath: "../second/Checklists.plist")
        #expect(rename(links + "/.new", link) == 0)
        try ChecklistsProcess.waitUntil { lines(log) == ["Started", "In the second file"] }
        // A change of the file the link leads to now is seen too.
        let added = try cli.batch(
            "add Added later\ndue #1 2020-01-01 10:00\nremind #1 on\n", arguments: ["--file", link])
        #expect(added.status == 0, "\(added.stderr)")
        try ChecklistsProcess.waitUntil { lines(log).last == "Added later" }
        watcher.kill(SIGTERM)
        let ended = try watcher.wait(timeout: 10)
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(lines(log) == ["Started", "In the second file", "Added later"])
    }
}
