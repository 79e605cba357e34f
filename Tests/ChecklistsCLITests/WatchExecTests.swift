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
}
