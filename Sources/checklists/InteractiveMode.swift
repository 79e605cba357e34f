import ChecklistKit
import LineEditor

#if canImport(Glibc)
import Glibc
#endif

/// The interactive REPL on libedit: prompt, history, Tab completion (SPEC §7).
struct InteractiveMode {
    let session: Session
    /// What runs the session's outward commands; its line reader gives `history` its lines.
    let host: ProgramHost
    let styler: TerminalStyle
    let environment: [String: String]
    /// Whether to print JSON (`--json`): a document a line, problems as JSON on standard error.
    let json: Bool

    /// Checklist names and tags in use for the completion callback, refreshed after every command.
    final class Names: @unchecked Sendable {
        var lists: [String] = []
        var tags: [String] = []
    }

    /// Reads and runs lines until `quit`, `exit` or Ctrl-D on an empty line.
    ///
    /// A SIGINT (Ctrl-C typed ahead, or `kill -INT`) while a command runs is ignored: the command, which
    /// either saves its change whole or not at all, finishes and the session goes on; a sync (`sync`,
    /// `caldav`) stops instead, its children killed and nothing half-written, and says so. While a line is
    /// edited the reader discards the line instead. Without libedit (it could not be set up), a SIGINT
    /// ends the program as usual, since nothing else would answer Ctrl-C.
    func run() -> ExitStatus {
        let reader = EditLineReader(
            programName: "checklists", historyFile: FileLocations.historyFile(environment: environment))
        if reader.isEditing {
            signal(SIGINT, SIG_IGN)
        }
        let names = Names()
        names.lists = session.book.checklists.map(\.name)
        names.tags = Array(session.book.tagSpellings.values)
        reader.completer = { line in
            switch Completion.complete(lineBeforeCursor: line, checklistNames: names.lists, tags: names.tags) {
            case .words(let words): return words
            case .files: return ShellCompletion.fileNames(startingWith: EditLineReader.completionWords(line).current)
            }
        }
        reader.promptColor = styler.promptColor
        host.lineReader = reader
        // A program reading JSON gets the text or note, not an editor.
        session.editsInPlace = reader.isEditing && !json
        session.editsNotes = reader.isEditing && !json
        // With --json every line of standard output is a document.
        if !json { Output.line(styler.paint("checklists — type help for the commands, Ctrl-D to leave", .dim)) }
        Output.lines(session.dueReminders(), styler: styler)
        // While a line is typed, reminders that come due are printed above it at their time, and a
        // change another process made shows in the prompt's count within a second (a stat per wait).
        let waiting = WaitingState(nextReminderCheck: WallClock.now() + session.secondsUntilNextReminder())
        reader.wakeDelay = {
            max(0, min(waiting.nextReminderCheck - WallClock.now(), Self.promptRefreshSeconds))
        }
        reader.onWake = {
            let reloaded = session.reloadIfChanged()
            guard reloaded || WallClock.now() >= waiting.nextReminderCheck else { return [] }
            let lines = session.dueReminders().map { styler.render($0) }
            waiting.nextReminderCheck = WallClock.now() + session.secondsUntilNextReminder()
            return lines
        }
        var editRequest: CommandResult.EditRequest?
        var lineNumber = 0
        while true {
            Output.flush()
            let input: LineInput
            if let request = editRequest {
                // `edit ITEM` alone: the text is on the line to change; Enter saves it, Ctrl-C leaves it.
                reader.currentPrompt = nil
                input = reader.read(prompt: "edit #\(request.itemID)> ", editing: request.text)
            } else {
                reader.currentPrompt = { prompt() }
                input = reader.read(prompt: prompt())
            }
            let editing = editRequest
            editRequest = nil
            switch input {
            case .endOfInput:
                // Ctrl-D on the empty line of an edit leaves the item as it was; elsewhere it ends.
                if editing != nil { continue }
                // The line reader has already ended the line on the terminal.
                reader.restoreTerminal()
                Output.flush()
                return .success
            case .interrupted:
                continue
            case .rejected(let reason):
                lineNumber += 1
                if json { Output.problem("error", reason, line: lineNumber) } else { Output.error("error: \(reason)") }
            case .line(let line):
                lineNumber += 1
                let result: CommandResult
                if let editing {
                    result = session.run(words: ["edit", "#\(editing.itemID)", line])
                } else {
                    guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
                    reader.addHistory(line)
                    // Parsed once, as `Session.run(_:)` parses a line: marked words, so that quick
                    // add leaves what was quoted as text.
                    let parsed: Result<Command?, any Error> = Result { try Command.parse(CommandWords.marked(line)) }
                    // git and ssh may ask on the terminal (a host key, a passphrase): give it its own
                    // settings back for them; the next read takes the editor's mode again.
                    var syncing = false
                    switch parsed {
                    case .success(.sync?), .success(.caldav?):
                        reader.restoreTerminal()
                        syncing = reader.isEditing
                    default: break
                    }
                    let ran = syncing ? Self.interruptible { session.run(parsed: parsed) } : session.run(parsed: parsed)
                    // The editor `note ITEM` opens takes the terminal with its own settings.
                    if ran.noteRequest != nil { reader.restoreTerminal() }
                    result = NoteEditing.finish(ran, session: session, environment: environment)
                }
                if json {
                    Output.showJSON(result, line: lineNumber)
                } else {
                    Output.show(result, styler: styler, errorPrefix: "error: ", warningPrefix: "warning: ")
                }
                editRequest = result.editRequest
                names.lists = session.book.checklists.map(\.name)
                names.tags = Array(session.book.tagSpellings.values)
                if let problem = reader.historySaveError { Output.error("note: history not saved: \(problem)") }
                if result.quit {
                    reader.restoreTerminal()
                    Output.flush()
                    return .success
                }
            }
        }
    }

    /// Runs `body` (a sync) with SIGINT caught by a handler that does nothing instead of ignored:
    /// an ignored signal is discarded, and the sync, which waits on its children with SIGINT
    /// blocked, could not see Ctrl-C and stop them (SPEC §11: SIGINT ends a sync within a second).
    /// One that comes between the sync's waits does nothing, as an ignored one would.
    private static func interruptible<Result>(_ body: () -> Result) -> Result {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        defer { sigaction(SIGINT, &previous, nil) }
        return body()
    }

    /// How often, at most, the prompt looks at the data file for changes made by other processes.
    static let promptRefreshSeconds = 0.5

    /// When the waiting REPL next looks for due reminders (it looks sooner when the file changes).
    final class WaitingState: @unchecked Sendable {
        var nextReminderCheck: Double

        init(nextReminderCheck: Double) {
            self.nextReminderCheck = nextReminderCheck
        }
    }

    /// `Groceries (3)> `, or `checklists> ` when no checklist is current.
    private func prompt() -> String {
        guard let current = session.book.current else { return "checklists> " }
        return "\(current.name) (\(current.remainingCount))> "
    }
}
