import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SIGQUIT (Ctrl-\, `kill -QUIT`) ends checklists as it ends any Unix tool: no crash report, and no
/// process that carries on afterwards (issue #18). The Swift runtime's backtracer stays on here, as
/// a user has it; time bounds only catch a process that goes on.
struct QuitSignalTests {
    /// Runs `body` (which starts a process) with SIGQUIT unblocked on this thread: a child inherits
    /// the signal mask of the thread that starts it, and the test runner's threads block SIGQUIT,
    /// where a user's shell blocks nothing.
    private static func withQuitUnblocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        var quit = sigset_t()
        sigemptyset(&quit)
        sigaddset(&quit, SIGQUIT)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &quit, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Words of the Swift runtime's crash report.
    private func hasCrashReport(_ text: String) -> Bool {
        text.contains("Backtrac") || text.contains("crashed")
    }

    @Test func sigquitEndsWatchAsSIGTERMDoesWithoutACrashReport() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try cli.writeReminders([("Started", ChecklistsProcess.now - 60)])
        let ready = cli.folder.appending(path: "ready").path
        let watcher = try Self.withQuitUnblocked {
            try cli.start(
                ["watch", "--exec", "touch '\(ready)'"], removing: ["SWIFT_BACKTRACE", "DBUS_SESSION_BUS_ADDRESS"])
        }
        try ChecklistsProcess.waitUntil { FileManager.default.fileExists(atPath: ready) }
        watcher.kill(SIGQUIT)
        let ended = try watcher.wait(timeout: 10)
        #expect(!ended.timedOut, "still running 10 s after SIGQUIT")
        #expect(ended.status == 0)
        #expect(!ended.wasSignalled)
        #expect(!hasCrashReport(ended.stderr), "\(ended.stderr)")
    }

    @Test func sigquitEndsAOneShotCommandWaitingForTheLockWithoutACrashReport() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "one"]).status == 0)
        let before = cli.bytes(cli.dataFile)
        let descriptor = try cli.holdLock()
        defer { close(descriptor) }
        // No core file in the working folder: the default action of SIGQUIT may write one.
        let adding = try Self.withQuitUnblocked {
            try cli.startShell("ulimit -c 0; unset SWIFT_BACKTRACE; exec \"$CHECKLISTS\" add two")
        }
        try ChecklistsProcess.waitUntil {
            ChecklistsProcess.process(adding.processIdentifier, hasOpen: cli.dataFile + ".lock")
        }
        adding.kill(SIGQUIT)
        let ended = try adding.wait(timeout: 30)
        #expect(ended.wasSignalled, "it went on after SIGQUIT and exited \(ended.status)")
        #expect(ended.status == SIGQUIT)
        #expect(!hasCrashReport(ended.stderr), "\(ended.stderr)")
        #expect(cli.bytes(cli.dataFile) == before)
    }
}
