import ChecklistKit
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// End-to-end tests of the interactive REPL: the built binary on a pseudo-terminal (SPEC §2, §7).
///
/// Each test has its own temporary HOME, XDG folders and data file. The suite runs one test at a time,
/// because the machine is shared and the tests wait on a program's screen output.
@Suite(.serialized)
struct REPLTests {
    /// The locale variables the REPL is started with.
    enum LocaleSetting: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `LANG=C.UTF-8`.
        case utf8
        /// Neither `LANG` nor any `LC_*` variable.
        case unset
        /// `LC_ALL=C`.
        case plainC

        var variables: [String: String] {
            switch self {
            case .utf8: ["LANG": "C.UTF-8"]
            case .unset: [:]
            case .plainC: ["LC_ALL": "C"]
            }
        }

        var testDescription: String {
            switch self {
            case .utf8: "LANG=C.UTF-8"
            case .unset: "no locale variables"
            case .plainC: "LC_ALL=C"
            }
        }
    }

    /// Keys as an xterm sends them: Up, Left, Backspace, Ctrl-C and Ctrl-D.
    private static let upArrow = "\u{1B}[A"
    private static let leftArrow = "\u{1B}[D"
    private static let backspace = "\u{7F}"
    private static let controlC = "\u{3}"
    private static let controlD = "\u{4}"

    /// How long to wait for the program to exit.
    private static let exitTimeout = 10.0

    /// Starts the REPL on a new pseudo-terminal with the fixture's files and exactly this environment;
    /// with `shellFirst`, a shell runs that command and then becomes the REPL.
    private func startREPL(
        _ cli: ChecklistsProcess, arguments: [String] = [], locale: LocaleSetting = .utf8,
        environment extra: [String: String] = [:], columns: Int = 80, rows: Int = 24, shellFirst: String? = nil
    ) throws -> PseudoTerminal {
        var environment = cli.environment.merging(locale.variables) { $1 }
        environment["TERM"] = "xterm"
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        environment["EDITRC"] = "/dev/null"
        environment.merge(extra) { $1 }
        if let shellFirst {
            return try PseudoTerminal(
                executable: "/bin/sh",
                arguments: ["-c", shellFirst + "; exec \"$0\" \"$@\"", ChecklistsProcess.executable.path] + arguments,
                environment: environment, columns: columns, rows: rows)
        }
        return try PseudoTerminal(
            executable: ChecklistsProcess.executable.path, arguments: arguments, environment: environment,
            columns: columns, rows: rows)
    }

    /// Runs one-shot commands one after the other, expecting each to succeed.
    private func runOneShot(_ cli: ChecklistsProcess, _ commands: [[String]]) throws {
        for command in commands {
            let outcome = try cli.run(command)
            #expect(outcome.status == 0, "\(command): \(outcome.stderr)")
        }
    }

    /// The texts of every item in the data file, as UTF-8 bytes so canonically equivalent strings differ.
    private func storedTexts(_ cli: ChecklistsProcess) throws -> [[UInt8]] {
        try cli.exported().allItems.map { Array($0.text.utf8) }
    }

    /// The screen text without escape sequences, split into lines.
    private func screenLines(_ text: String) -> [String] {
        PseudoTerminal.removingEscapeSequences(text).split(separator: "\n").map(String.init)
    }

    // MARK: - UTF-8 text

    @Test(arguments: LocaleSetting.allCases)
    func typedChineseAccentedAndEmojiTextIsStoredExactly(locale: LocaleSetting) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli, locale: locale)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        terminal.send("add 买牛奶 🥛\r")
        let added = try terminal.readUntil("List (1)>")
        #expect(PseudoTerminal.removingEscapeSequences(added).contains("added 1 [ ] 买牛奶 🥛"))
        terminal.send("add Crème brûlée\r")
        try terminal.readUntil("List (2)>")
        // A family: woman, ZWJ, woman, ZWJ, girl.
        terminal.send("add 👩\u{200D}👩\u{200D}👧 family\r")
        try terminal.readUntil("List (3)>")
        // Edited while typed: 买 inserted before 牛奶 with the cursor moved over wide characters.
        terminal.send("add 牛奶" + Self.leftArrow + Self.leftArrow + "买\r")
        try terminal.readUntil("List (4)>")
        // A decomposed accent (e + U+0301) kept as typed, and a Backspace after it.
        terminal.send("add cafe\u{301}X" + Self.backspace + "\r")
        try terminal.readUntil("List (5)>")
        terminal.send("quit\r")
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)

        let expected = ["买牛奶 🥛", "Crème brûlée", "👩\u{200D}👩\u{200D}👧 family", "买牛奶", "cafe\u{301}"]
        #expect(try storedTexts(cli) == expected.map { Array($0.utf8) })
    }

    // MARK: - Completion

    @Test func tabCompletesCommandAndChecklistNamesAndListsAmbiguousCandidates() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let setup = try cli.batch("new Groceries\nadd milk\nnew Garden\nadd rake\n")
        #expect(setup.status == 0, "\(setup.stderr)")
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("Garden (1)>")

        // `sh` completes to `show ` (with the space), so the name typed next is its argument.
        terminal.send("sh\tGroceries\r")
        let shown = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("Garden (1)>"))
        #expect(shown.contains("1 [ ] milk"))
        #expect(!shown.contains("unknown command"))

        // A checklist name after `use`.
        terminal.send("use Gro\t\r")
        try terminal.readUntil("Groceries (1)>")

        // An ambiguous name prefix lists the candidates and redisplays the line; typing on completes it.
        terminal.send("use G\t")
        let names = try terminal.readUntil("Groceries (1)>")
        #expect(screenLines(names).contains { $0.hasPrefix("Garden ") && $0.hasSuffix(" Groceries") })
        terminal.send("a\t\r")
        try terminal.readUntil("Garden (1)>")

        // An ambiguous command prefix lists the commands.
        terminal.send("re\t")
        let commands = try terminal.readUntil("Garden (1)>")
        let listing = screenLines(commands).filter { !$0.contains(">") }.joined(separator: " ")
        for name in ["redo", "remind", "rename"] {
            #expect(listing.contains(name), "\(commands.debugDescription)")
        }
        terminal.send("do\r")
        try terminal.readUntil("nothing to redo")
        try terminal.readUntil("Garden (1)>")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
    }

    // MARK: - History

    @Test func historyIsRecalledAfterARestartAndListedByTheHistoryCommand() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let first = try startREPL(cli)
        defer { first.close() }
        try first.readUntil("List (0)>")
        first.send("new Groceries\r")
        try first.readUntil("Groceries (0)>")
        first.send("add eggs\r")
        try first.readUntil("Groceries (1)>")
        first.send(Self.controlD)
        #expect(try first.waitForExit(timeout: Self.exitTimeout) == 0)

        let historyFile = cli.folder.appending(path: "xdg-state/checklists/history").path
        let attributes = try FileManager.default.attributesOfItem(atPath: historyFile)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)

        let second = try startREPL(cli)
        defer { second.close() }
        try second.readUntil("Groceries (1)>")
        second.send(Self.upArrow)
        try second.readUntil("add eggs")
        second.send("\r")
        let again = PseudoTerminal.removingEscapeSequences(try second.readUntil("Groceries (2)>"))
        #expect(again.contains("added 2 [ ] eggs"))
        second.send("history\r")
        let listed = screenLines(try second.readUntil("Groceries (2)>"))
        #expect(listed.contains("1  new Groceries"))
        #expect(listed.contains("2  add eggs"))
        #expect(listed.contains("3  history"))
        second.send("quit\r")
        #expect(try second.waitForExit(timeout: Self.exitTimeout) == 0)

        #expect(try cli.exported().allItems.map(\.text) == ["eggs", "eggs"])
        let reread = try FileManager.default.attributesOfItem(atPath: historyFile)
        #expect((reread[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
        let saved = String(decoding: try Data(contentsOf: URL(filePath: historyFile)), as: UTF8.self)
        #expect(saved.hasPrefix("_HiStOrY_V2_\n"))
    }

    // MARK: - Ctrl-C and Ctrl-D

    @Test func controlCDiscardsTheLineBeingTypedAndTheNextCommandWorks() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        terminal.send("add secret")
        try terminal.readUntil("secret")
        terminal.send(Self.controlC)
        try terminal.readUntil("List (0)>")
        terminal.send("add kept\r")
        try terminal.readUntil("List (1)>")

        // SIGINT from elsewhere while a line is typed discards it too.
        terminal.send("add signalled")
        try terminal.readUntil("signalled")
        kill(terminal.processID, SIGINT)
        try terminal.readUntil("List (1)>")
        terminal.send("add also kept\r")
        try terminal.readUntil("List (2)>")
        terminal.send("history\r")
        let history = try terminal.readUntil("List (2)>")
        #expect(!history.contains("secret"))
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)

        #expect(try cli.exported().allItems.map(\.text) == ["kept", "also kept"])
    }

    @Test func aSIGINTArrivingAtAnyMomentOfTypingDiscardsTheLine() throws {
        // Signals sent right after the keys land while libedit is still echoing them, not only while
        // it waits for the next key; none may be lost.
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        for round in 0..<100 {
            terminal.send("add lost \(round)")
            usleep(UInt32(round % 5) * 100)
            kill(terminal.processID, SIGINT)
            try terminal.readUntil("List (0)>", timeout: 5)
        }
        // Keys that came after a signal may still be waiting; Ctrl-C discards them too.
        terminal.send(Self.controlC)
        try terminal.readUntil("List (0)>")
        terminal.send("add kept\r")
        try terminal.readUntil("List (1)>")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["kept"])
    }

    @Test func aSIGINTWhileACommandRunsLetsItFinishAndTheSessionGoesOn() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        // The change waits for the lock another process holds, so the signal lands while it runs.
        let lock = try cli.holdLock()
        defer { close(lock) }
        terminal.send("add waited\r")
        try terminal.readUntil("add waited\r\n")
        usleep(200_000)
        kill(terminal.processID, SIGINT)
        usleep(200_000)
        flock(lock, LOCK_UN)
        let shown = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("List (1)>"))
        #expect(shown.contains("added 1 [ ] waited"))
        terminal.send("add after\r")
        try terminal.readUntil("List (2)>")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["waited", "after"])
    }

    @Test func controlDOnAnEmptyLineExitsWithStatusZero() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        // On a line with text Ctrl-D does not end the session.
        terminal.send("add x" + Self.controlD + "\r")
        try terminal.readUntil("List (1)>")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["x"])
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func theTerminalIsRestoredWhenTheREPLIsTerminated(signal: Int32) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        terminal.send("add half typed")
        try terminal.readUntil("half typed")
        #expect(!terminal.isInCookedMode, "the line editor reads keys one by one")
        kill(terminal.processID, signal)
        _ = try terminal.waitForExit(timeout: Self.exitTimeout)
        #expect(terminal.isInCookedMode)
        #expect(try cli.exported().allItems.isEmpty)
    }

    @Test func aSIGQUITEndsTheREPLWithoutACrashReportAndRestoresTheTerminal() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // No core file in the working folder: the default action of SIGQUIT may write one.
        let terminal = try startREPL(cli, shellFirst: "ulimit -c 0")
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        terminal.send("add half typed")
        try terminal.readUntil("half typed")
        kill(terminal.processID, SIGQUIT)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 128 + SIGQUIT)
        #expect(!terminal.output.contains("Backtrac") && !terminal.output.contains("crashed"), "\(terminal.output)")
        #expect(terminal.isInCookedMode)
        #expect(try cli.exported().allItems.isEmpty)
    }

    @Test func theTerminalIsRestoredAfterQuit() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        terminal.send("quit\r")
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(terminal.isInCookedMode)
    }

    @Test(arguments: ["quit", "exit"])
    func quitAndExitLeaveWithStatusZero(command: String) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        // A failed command earlier does not change the status of the session.
        terminal.send("bogus\r")
        try terminal.readUntil("unknown command")
        try terminal.readUntil("List (0)>")
        terminal.send(command + "\r")
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
    }

    // MARK: - Resize

    @Test func resizingTheWindowInTheMiddleOfALineKeepsTheLine() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        terminal.send("add half")
        try terminal.readUntil("half")
        terminal.resize(columns: 60, rows: 20)
        // Let SIGWINCH arrive while el_gets waits for the next key.
        usleep(300_000)
        terminal.send(" done\r")
        try terminal.readUntil("List (1)>")
        terminal.send("quit\r")
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["half done"])
    }

    // MARK: - Prompt

    @Test func thePromptNamesTheCurrentChecklistAndItsRemainingCount() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")
        terminal.send("add one\r")
        try terminal.readUntil("List (1)>")
        terminal.send("add two\r")
        try terminal.readUntil("List (2)>")
        terminal.send("check 1\r")
        try terminal.readUntil("List (1)>")
        terminal.send("new Groceries 2\r")
        try terminal.readUntil("Groceries 2 (0)>")
        terminal.send("drop List\r")
        try terminal.readUntil("Groceries 2 (0)>")
        terminal.send("drop Groceries 2\r")
        try terminal.readUntil("checklists>")
        terminal.send("quit\r")
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
    }

    @Test func colorAlwaysColoursThePromptAndNoColorLeavesItPlain() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let promptColour = "\u{1B}[1;36m"

        let always = try startREPL(cli, arguments: ["--color", "always"])
        defer { always.close() }
        let coloured = try always.readUntil("List (0)>")
        #expect(coloured.contains(promptColour + "List (0)>"))
        always.send("quit\r")
        #expect(try always.waitForExit(timeout: Self.exitTimeout) == 0)

        // auto on a terminal colours too, unless NO_COLOR is set.
        let auto = try startREPL(cli)
        defer { auto.close() }
        #expect(try auto.readUntil("List (0)>").contains(promptColour + "List (0)>"))
        auto.send("quit\r")
        #expect(try auto.waitForExit(timeout: Self.exitTimeout) == 0)

        let plain = try startREPL(cli, environment: ["NO_COLOR": "1"])
        defer { plain.close() }
        try plain.readUntil("List (0)>")
        plain.send("add one\r")
        try plain.readUntil("List (1)>")
        plain.send("quit\r")
        #expect(try plain.waitForExit(timeout: Self.exitTimeout) == 0)
        // No SGR sequence at all: neither the prompt's colour nor the banner's dim nor item styles.
        #expect(!plain.output.contains("\u{1B}[1;36m"))
        #expect(!plain.output.contains("\u{1B}[2m"))
        #expect(!plain.output.contains("\u{1B}[0m"))
        #expect(PseudoTerminal.removingEscapeSequences(plain.output).contains("List (0)> "))
    }

    // MARK: - Reminders

    @Test func aReminderDueInThePastIsMentionedWhenTheREPLStarts() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try runOneShot(cli, [["add", "x"], ["due", "1", "2020-01-01"], ["remind", "1", "on"]])
        // Not mentioned: a reminder not yet due, a past due date without a reminder, a checked item.
        let setup = try cli.batch(
            """
            add later
            due 2 2099-01-01
            remind 2 on
            add quiet
            due 3 2020-01-01
            add done already
            due 4 2020-01-01
            remind 4 on
            check 4
            """)
        #expect(setup.status == 0, "\(setup.stderr)")

        let terminal = try startREPL(cli)
        defer { terminal.close() }
        let start = screenLines(try terminal.readUntil("List (3)>"))
        let reminders = start.filter { $0.contains("reminder") }
        #expect(reminders.count == 1, "\(start)")
        #expect(reminders.first?.contains("List") == true)
        #expect(reminders.first?.contains("1 [ ] x") == true)
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
    }

    // MARK: - Save failure

    @Test func aSaveThatFailsIsReportedAndTheREPLKeepsRunning() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // The data folder does not exist yet, so the REPL starts on a new, empty store.
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (0)>")

        // Now the data file's parent is a regular file: the save cannot create its folder.
        try Data("not a folder".utf8).write(to: URL(filePath: cli.dataFolder))
        terminal.send("add lost\r")
        let failed = PseudoTerminal.removingEscapeSequences(try terminal.readUntil("List (0)>"))
        #expect(failed.contains("cannot save"))
        #expect(failed.contains("not applied"))

        // The REPL goes on, and works again once the folder can be made.
        try FileManager.default.removeItem(atPath: cli.dataFolder)
        terminal.send("add kept\r")
        try terminal.readUntil("List (1)>")
        terminal.send("quit\r")
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["kept"])
    }

    @Test func aReminderComingDueIsPrintedAboveTheHalfTypedLineWhichIsKeptWhole() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // An item due three seconds from now, written directly: DATE has no seconds.
        let due = Date().timeIntervalSinceReferenceDate + 3
        let list = Checklist(
            name: "Groceries",
            items: [ChecklistItem(text: "Buy milk", itemID: 0, created: 0, dueDate: due, shouldRemind: true)])
        try FileManager.default.createDirectory(atPath: cli.dataFolder, withIntermediateDirectories: true)
        try Data(ChecklistBook(checklists: [list], currentIndex: 0, nextItemID: 1).archived())
            .write(to: URL(filePath: cli.dataFile))
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("Groceries (1)>")
        terminal.send("add hal")
        try terminal.readUntil("hal")
        try terminal.readUntil("reminder: ")
        // The line being typed comes back after the reminder, and typing goes on where it was.
        let screen = screenLines(try terminal.readUntil("add hal"))
        #expect(screen.first?.contains("Groceries: 1 [ ] Buy milk") == true, "\(screen)")
        #expect(screen.last?.hasSuffix("Groceries (1)> add hal") == true, "\(screen)")
        terminal.send("f\r")
        try terminal.readUntil("Groceries (2)>")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["Buy milk", "half"])
    }

    @Test func controlDTypedRightAfterThePromptThatFollowsAControlCEndsTheSession() throws {
        for _ in 0..<5 {
            let cli = try ChecklistsProcess()
            defer { cli.remove() }
            let terminal = try startREPL(cli)
            defer { terminal.close() }
            try terminal.readUntil("List (0)>")
            terminal.send("add x\r")
            try terminal.readUntil("List (1)>")
            terminal.send("abc")
            try terminal.readUntil("abc")
            terminal.send(Self.controlC)
            usleep(300_000)
            terminal.send("add z\r")
            try terminal.readUntil("List (2)>")
            // At once, without waiting: a key typed ahead, end of input included, is never lost.
            terminal.send(Self.controlD)
            #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        }
    }

    @Test func twoREPLsExitingTogetherBothKeepTheirLinesInTheHistoryFile() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let first = try startREPL(cli)
        defer { first.close() }
        let second = try startREPL(cli)
        defer { second.close() }
        try first.readUntil("List (0)>")
        try second.readUntil("List (0)>")
        for (terminal, command) in [(first, "lists"), (second, "show"), (first, "upcoming"), (second, "help")] {
            terminal.send(command + "\r")
            try terminal.readUntil("List (0)>")
        }
        first.send(Self.controlD)
        second.send(Self.controlD)
        #expect(try first.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try second.waitForExit(timeout: Self.exitTimeout) == 0)
        let history = try String(
            contentsOfFile: cli.folder.appending(path: "xdg-state/checklists/history").path, encoding: .utf8)
        #expect(history == "_HiStOrY_V2_\nlists\nshow\nupcoming\nhelp\n")
    }

    @Test func aREPLUndoesAChangeAOneShotCommandMade() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try runOneShot(cli, [["add", "Buy milk"]])
        let terminal = try startREPL(cli)
        defer { terminal.close() }
        try terminal.readUntil("List (1)>")
        terminal.send("undo\r")
        try terminal.readUntil("undid add \"Buy milk\"")
        try terminal.readUntil("List (0)>")
        terminal.send(Self.controlD)
        #expect(try terminal.waitForExit(timeout: Self.exitTimeout) == 0)
        #expect(try cli.exported().allItems.isEmpty)
    }
}
