import Foundation
import Testing

/// Long work shows its progress on a terminal's standard error, one line redrawn and then wiped,
/// and never where standard error is not a terminal (#40 finding 8). The wait before the line
/// shows is 0 here (`CHECKLISTS_PROGRESS_DELAY`), so that no test waits for a second to pass.
struct ProgressTests {
    /// A batch of `count` adds, as a file in the process's folder.
    private func batchFile(_ cli: ChecklistsProcess, count: Int) throws -> String {
        let path = cli.folder.appending(path: "batch.txt").path
        let lines = (1...count).map { "add Item \($0)\n" }.joined()
        try Data(("new Big\n" + lines).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The program run as `sh -c 'exec "$0" SHELL' PROGRAM ARGUMENTS...` on a pseudo-terminal (the
    /// streams `shell` does not redirect are the terminal), its progress shown after `delay` seconds.
    private func onTerminal(
        _ shell: String, _ arguments: [String] = [], environment: [String: String], delay: String = "0"
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: "/bin/sh",
            arguments: ["-c", "exec \"$0\" " + shell, ChecklistsProcess.executable.path] + arguments,
            environment: environment.merging([
                "TERM": "xterm", "SWIFT_BACKTRACE": "interactive=no", "CHECKLISTS_PROGRESS_DELAY": delay,
            ]) { $1 })
    }

    @Test func aBatchOnATerminalShowsTheLinesDoneAndWipesTheLineAtTheEnd() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let file = try batchFile(cli, count: 200)
        let output = cli.folder.appending(path: "out.txt").path
        // Standard input a file and standard output a file: standard error alone is the terminal.
        let terminal = try onTerminal("< \"$1\" > \"$2\"", [file, output], environment: cli.environment)
        defer { terminal.close() }
        #expect(try terminal.waitForExit() == 0)
        let shown = terminal.output
        #expect(shown.contains("\r\u{1B}[Kbatch: lines done: "), "\(shown.debugDescription)")
        #expect(shown.hasSuffix("\r\u{1B}[K"), "the line is wiped at the end: \(shown.debugDescription)")
        #expect(try cli.texts(of: "Big").count == 200)
    }

    @Test func aBatchThroughAPipeShowsNoProgress() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let lines = "new Big\n" + (1...200).map { "add Item \($0)\n" }.joined()
        let outcome = try cli.batch(lines, environment: ["CHECKLISTS_PROGRESS_DELAY": "0"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr.debugDescription)")
        #expect(!outcome.stdout.contains("\r"))
    }

    @Test func workThatEndsBeforeTheWaitShowsNothing() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let file = try batchFile(cli, count: 3)
        let terminal = try onTerminal("< \"$1\" > /dev/null", [file], environment: cli.environment, delay: "3600")
        defer { terminal.close() }
        #expect(try terminal.waitForExit() == 0)
        #expect(!terminal.output.contains("batch:"), "\(terminal.output.debugDescription)")
    }

    @Test(.enabled(if: CalDAVTestServer.available, "needs Radicale (.ci/venv)"))
    func aCalDAVSyncOnATerminalShowsItsPhasesAndWipesThem() throws {
        let server = try CalDAVTestServer(.radicale)
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("new Groceries\n" + (1...20).map { "add Item \($0)\n" }.joined())
        let terminal = try onTerminal(
            "\"$@\" > /dev/null", server.initArguments, environment: cli.environment.merging(server.environment) { $1 })
        defer { terminal.close() }
        #expect(try terminal.waitForExit() == 0, "\(terminal.output)")
        let shown = terminal.output
        #expect(shown.contains("\r\u{1B}[Kcaldav: writing tasks: 100% (20/20)"), "\(shown.debugDescription)")
        #expect(shown.hasSuffix("\r\u{1B}[K"), "the line is wiped at the end: \(shown.debugDescription)")
        // Through a pipe: nothing of it.
        _ = try cli.batch("add One more\n")
        let piped = try cli.run(
            ["caldav"], environment: server.environment.merging(["CHECKLISTS_PROGRESS_DELAY": "0"]) { $1 })
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("caldav:"), "\(piped.stderr.debugDescription)")
    }

    /// The percentages of every `activity: N% (…)` line drawn in `shown`.
    private func percentages(of activity: String, in shown: String) -> [Int] {
        shown.components(separatedBy: activity + ": ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    @Test(.enabled(if: CalDAVTestServer.available, "needs Radicale (.ci/venv)"))
    func aCalDAVUploadCountsEachAnswerAsItComes() throws {
        let setup = try ProxiedAccount(.radicale)
        defer { setup.laptop.remove() }
        _ = try setup.laptop.batch((1...6).map { "add Item \($0)\n" }.joined())
        // Each write held up on its way, as over a slow link.
        try setup.proxy.set([FaultProxy.Rule(method: "PUT", action: "hook", extra: ["hook": "sleep 0.3"])])
        let terminal = try onTerminal(
            "caldav > /dev/null", environment: setup.laptop.environment.merging(setup.environment) { $1 })
        defer { terminal.close() }
        #expect(try terminal.waitForExit(timeout: 60) == 0, "\(terminal.output)")
        let shown = percentages(of: "caldav: writing tasks", in: terminal.output)
        // It used to go from 0 % to 100 % at the end of the batch.
        #expect(shown.contains { $0 > 0 && $0 < 100 }, "\(terminal.output.debugDescription)")
        #expect(shown.last == 100)
    }

    @Test func anImportOfAHundredThousandItemsOnATerminalShowsItsProgress() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let file = cli.folder.appending(path: "big.md").path
        let lines = (1...100_000).map { "- [ ] Item \($0)\n" }.joined()
        try Data(("## Big\n" + lines).utf8).write(to: URL(fileURLWithPath: file))
        let terminal = try onTerminal("import \"$1\" > /dev/null", [file], environment: cli.environment)
        defer { terminal.close() }
        #expect(try terminal.waitForExit(timeout: 120) == 0, "\(terminal.output)")
        let shown = terminal.output
        // Reading the file and adding its items, each counted while it goes.
        #expect(percentages(of: "import: reading lines", in: shown).contains { $0 > 0 && $0 < 100 }, "\(shown)")
        #expect(shown.contains("import: adding items: 100% (100000/100000)"), "\(shown.debugDescription)")
        #expect(shown.hasSuffix("\r\u{1B}[K"), "the line is wiped at the end: \(shown.debugDescription)")
        #expect(try cli.texts(of: "Big").count == 100_000)
    }
}
