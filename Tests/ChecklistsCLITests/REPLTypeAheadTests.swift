import ChecklistKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The REPL on a pseudo-terminal (SPEC §7): keys typed ahead while a command runs, `edit ITEM` on
/// the line, and a prompt that follows changes other processes make.
@Suite(.serialized)
struct REPLTypeAheadTests {
    private static let controlC = "\u{3}"
    private static let controlD = "\u{4}"

    private func startREPL(_ cli: ChecklistsProcess) throws -> PseudoTerminal {
        var environment = cli.environment
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm"
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        environment["EDITRC"] = "/dev/null"
        environment["NO_COLOR"] = "1"
        return try PseudoTerminal(executable: ChecklistsProcess.executable.path, environment: environment)
    }

    /// As pexpect's `sendintr()`, `sendline("show")`, `expect(prompt)`, `sendeof()` type it: the
    /// Ctrl-D lands while `show` runs, in whatever mode the terminal is then.
    @Test func controlDTypedWhileTheLineAfterAControlCRunsEndsTheSession() throws {
        for _ in 0..<10 {
            let cli = try ChecklistsProcess()
            defer { cli.remove() }
            let terminal = try startREPL(cli)
            defer { terminal.close() }
            try terminal.readUntil("List (0)> ")
            terminal.send("abc")
            try terminal.readUntil("abc")
            terminal.send(Self.controlC)
            terminal.send("show\n")
            try terminal.readUntil("List (0)> ")
            terminal.send(Self.controlD)
            #expect(try terminal.waitForExit(timeout: 10) == 0)
        }
    }

    /// A command that waits for the lock another process holds: every key typed meanwhile (a
    /// Ctrl-C, a line, a Ctrl-D) is taken in order once it has finished, none lost or echoed early.
    @Test func keysTypedWhileACommandRunsAreTakenInOrderAfterIt() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)> ")
        let lock = try cli.holdLock()
        terminal.send("add first\r")
        try terminal.readUntil("add first\r\n")
        terminal.send("half" + Self.controlC + "add second\r" + Self.controlD)
        usleep(300_000)
        #expect(!terminal.output.contains("half"), "typed ahead, not echoed before the editor reads it")
        flock(lock, LOCK_UN)
        close(lock)
        #expect(try terminal.waitForExit(timeout: 15) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["first", "second"])
        #expect(terminal.isInCookedMode)
    }

    @Test func aSignalEndingTheREPLWhileACommandRunsRestoresTheTerminal() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)> ")
        let lock = try cli.holdLock()
        defer { close(lock) }
        terminal.send("add waiting\r")
        try terminal.readUntil("add waiting\r\n")
        usleep(200_000)
        #expect(!terminal.isInCookedMode, "keys typed while a command runs wait for the editor")
        kill(terminal.processID, SIGTERM)
        _ = try terminal.waitForExit(timeout: 10)
        #expect(terminal.isInCookedMode)
    }

    @Test func editWithoutTextPutsTheTextOnTheLineToChangeInPlace() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "Buy milk"]).status == 0)
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (1)> ")
        terminal.send("edit 1\r")
        try terminal.readUntil("edit #0> Buy milk")
        // Backspace over "milk", then type the rest.
        terminal.send(String(repeating: "\u{7F}", count: 4) + "oat milk\r")
        try terminal.readUntil("edited 1 [ ] Buy oat milk  #0")
        try terminal.readUntil("List (1)> ")
        // Ctrl-C leaves it as it was.
        terminal.send("edit #0\r")
        try terminal.readUntil("edit #0> Buy oat milk")
        terminal.send("xyz" + Self.controlC)
        try terminal.readUntil("List (1)> ")
        terminal.send("history\r")
        let history = try terminal.readUntil("List (1)> ")
        #expect(!history.contains("Buy oat milk"), "the edited text is not a command of the history")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: 10) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["Buy oat milk"])
        // Outside the REPL, TEXT is still needed.
        let oneShot = try cli.run(["edit", "1"])
        #expect(oneShot.status == 1)
        #expect(oneShot.stderr.contains("missing TEXT"))
    }

    /// The line being edited in place is drawn once, after one prompt, and every change made to it
    /// shows where it is made: what the screen shows is what is saved.
    @Test func theLineEditedInPlaceShowsOnePromptAndTheTextAsItIsSaved() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "Eggs large"]).status == 0)
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (1)> ")
        terminal.send("edit 1\r")
        try terminal.readUntil("Eggs large")
        usleep(200_000)
        #expect(TerminalScreen(terminal.output).cursorLine == "edit #0> Eggs large")
        // Backspace over "large" and the space, type at the end, then at the start (Ctrl-A).
        terminal.send(String(repeating: "\u{7F}", count: 6) + "XY")
        try terminal.readUntil("Y")
        usleep(200_000)
        #expect(TerminalScreen(terminal.output).cursorLine == "edit #0> EggsXY")
        terminal.send("\u{1}Z")
        try terminal.readUntil("Z")
        usleep(200_000)
        #expect(TerminalScreen(terminal.output).cursorLine == "edit #0> ZEggsXY")
        terminal.send("\r")
        try terminal.readUntil("List (1)> ")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: 10) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["ZEggsXY"])
    }

    @Test func thePromptsCountFollowsAChangeAnotherProcessMadeWithoutAKeypress() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)> ")
        terminal.send("add half")
        try terminal.readUntil("half")
        #expect(try cli.run(["add", "elsewhere"]).status == 0)
        // Within a second (the wait allows for a busy machine); the half-typed line is drawn again.
        try terminal.readUntil("List (1)> add half", timeout: 5)
        terminal.send(" typed\r")
        try terminal.readUntil("List (2)> ")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: 10) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["elsewhere", "half typed"])
    }
}
