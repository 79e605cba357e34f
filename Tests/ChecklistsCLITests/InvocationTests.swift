import ChecklistKit
import Foundation
import Testing

/// `--help`, `--version`, completion scripts and `--color` (SPEC §2).
struct InvocationTests {
    @Test func versionPrintsTheVersionAndTouchesNothing() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "checklists \(ChecklistsProcess.version)\n")
        #expect(outcome.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cli.dataFolder))
    }

    @Test(arguments: [["--help"], ["-h"], ["--file", "x.plist", "--help"]])
    func helpDescribesTheUsageFilesAndExitStatuses(arguments: [String]) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("USAGE: checklists [--file <path>] [--bail] [--color <color>]"))
        #expect(outcome.stdout.contains("--generate-completion-script") || outcome.stdout.contains("--color"))
        #expect(outcome.stdout.contains("CHECKLISTS_FILE"))
        #expect(outcome.stdout.contains("65"))
        #expect(outcome.stdout.contains("74"))
        #expect(!FileManager.default.fileExists(atPath: cli.dataFolder))
    }

    /// The command table fits the width: a summary that does not fit goes on under itself, never
    /// back at the left margin where it would read as a command.
    @Test(arguments: ["80", "100", "50"])
    func helpKeepsTheCommandTableIndentedWithinTheWidth(columns: String) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["--help"], environment: ["COLUMNS": columns])
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let width = try #require(Int(columns))
        let start = try #require(lines.firstIndex { $0.hasPrefix("COMMANDS (") })
        let table = lines[start...].drop { !$0.isEmpty }.drop { $0.isEmpty }.prefix { !$0.isEmpty }
        #expect(table.allSatisfy { $0.count < width }, "\(table.filter { $0.count >= width })")
        let commands = CommandDeclaration.listed.map(\.usage)
        // Each command's usage starts a line; every other line of the table is indented.
        let starts = table.filter { !$0.hasPrefix(" ") }.map { line in commands.first { line.hasPrefix($0) } }
        #expect(starts == commands)
        #expect(table.contains { $0.hasPrefix("  ") })
    }

    @Test func theHelpCommandListsTheCommands() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["help"])
        #expect(outcome.status == 0)
        for command in ["lists", "new NAME", "add TEXT", "undo", "export", "inspect"] {
            #expect(outcome.stdout.contains(command))
        }
        let one = try cli.run(["help", "add"])
        #expect(one.status == 0)
        #expect(one.stdout.hasPrefix("add TEXT\n"))
        #expect(try cli.run(["help", "bogus"]).status == 1)
    }

    /// The forms the executable reads without ArgumentParser (`--file PATH` or `--file=PATH`, then
    /// a command word or nothing) must mean what ArgumentParser makes of them, and the others
    /// must still reach it.
    @Test func fileOptionFormsAndPassedThroughWordsMeanTheSameWithOrWithoutTheParser() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let other = cli.folder.appending(path: "other.plist").path
        #expect(try cli.run(["--file=\(other)", "add", "one"]).status == 0)
        #expect(try cli.run(["--file", other, "add", "--file", "x", "--bail"]).status == 0)
        #expect(try cli.run(["--bail", "--file", other, "add", "three"]).status == 0)
        #expect(try cli.batch("add four\n", arguments: ["--file", other]).status == 0)
        #expect(try cli.run(["--color", "never", "--file=\(other)", "add", "five"]).status == 0)
        let texts = try cli.exported(arguments: ["--file", other]).list("List")?.items.map(\.text)
        #expect(texts == ["one", "--file x --bail", "three", "four", "five"])
        #expect(!FileManager.default.fileExists(atPath: cli.dataFile), "the environment's file is untouched")
        // An option after --file, or --file without a value, is ArgumentParser's to judge.
        let missing = try cli.run(["--file"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--file"))
        #expect(try cli.run(["--file", other, "--version"]).stdout == "checklists \(ChecklistsProcess.version)\n")
        let unknown = try cli.run(["--file", other, "--frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("--frobnicate"))
    }

    @Test func bashCompletionIsAScriptForChecklists() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["--generate-completion-script", "bash"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix("#!/bin/bash"))
        #expect(outcome.stdout.contains("complete -o filenames -F _checklists checklists"))
        #expect(outcome.stdout.contains("checklists"))
        #expect(outcome.stdout.contains("--color"))
        // bash itself accepts it.
        let path = cli.folder.appending(path: "completion.bash").path
        try Data(outcome.stdout.utf8).write(to: URL(filePath: path))
        let checked = try cli.shell("bash -n \"$1\"", arguments: [path])
        #expect(checked.status == 0, "\(checked.stderr)")
    }

    @Test(arguments: ["zsh", "fish"])
    func otherShellsGetCompletionScriptsToo(shell: String) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["--generate-completion-script", shell])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("checklists"))
    }

    @Test func colorAlwaysWritesEscapesEvenToAFile() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add one\ncheck 1\nadd two\n")
        let shown = try cli.run(["--color", "always", "show"])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("\u{1B}["))
        #expect(
            PseudoTerminal.removingEscapeSequences(shown.stdout) == "List  1 Remaining\n1 [x] one  #0\n2 [ ] two  #1\n")
        let batch = try cli.batch("lists\n", arguments: ["--color", "always"])
        #expect(batch.stdout.contains("\u{1B}["))
    }

    @Test func colorNeverAutoIntoAFileAndNoColorWriteNoEscapes() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add one\ncheck 1\nadd two\n")
        for arguments in [["--color", "never", "show"], ["--color", "auto", "show"], ["show"]] {
            let shown = try cli.run(arguments, environment: ["NO_COLOR": "1"])
            #expect(!shown.stdout.contains("\u{1B}"))
            let plain = try cli.run(arguments)
            #expect(!plain.stdout.contains("\u{1B}"))
        }
    }

    @Test func autoColorsATerminalUnlessNoColorIsSet() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add one\ncheck 1\n")
        func shownOnATerminal(_ extra: [String: String], _ arguments: [String] = ["show"]) throws -> String {
            let terminal = try PseudoTerminal(
                executable: ChecklistsProcess.executable.path, arguments: arguments,
                environment: cli.environment.merging(["TERM": "xterm", "SWIFT_BACKTRACE": "interactive=no"]) { $1 }
                    .merging(extra) { $1 })
            defer { terminal.close() }
            #expect(try terminal.waitForExit() == 0)
            return terminal.output
        }
        #expect(try shownOnATerminal([:]).contains("\u{1B}["))
        #expect(!(try shownOnATerminal(["NO_COLOR": "1"]).contains("\u{1B}[")))
        #expect(!(try shownOnATerminal([:], ["--color", "never", "show"]).contains("\u{1B}[")))
        #expect(try shownOnATerminal(["NO_COLOR": "1"], ["--color", "always", "show"]).contains("\u{1B}["))
    }
}
