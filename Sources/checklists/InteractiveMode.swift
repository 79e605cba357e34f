import ChecklistKit
import LineEditor

#if canImport(Glibc)
import Glibc
#endif

/// The interactive REPL on libedit: prompt, history, Tab completion (SPEC §7).
struct InteractiveMode {
    let session: Session
    let styler: TerminalStyle
    let environment: [String: String]

    /// Checklist names for the completion callback, refreshed after every command.
    final class Names: @unchecked Sendable {
        var lists: [String] = []
    }

    /// Reads and runs lines until `quit`, `exit` or Ctrl-D on an empty line.
    ///
    /// A SIGINT (Ctrl-C typed ahead, or `kill -INT`) while a command runs is ignored: the command, which
    /// either saves its change whole or not at all, finishes and the session goes on. While a line is
    /// edited the reader discards the line instead. Without libedit (it could not be set up), a SIGINT
    /// ends the program as usual, since nothing else would answer Ctrl-C.
    func run() -> Int32 {
        let reader = EditLineReader(
            programName: "checklists", historyFile: DataLocation.historyFile(environment: environment))
        if reader.isEditing {
            signal(SIGINT, SIG_IGN)
        }
        let names = Names()
        names.lists = session.book.checklists.map(\.name)
        reader.completer = { line in
            Completion.candidates(lineBeforeCursor: line, checklistNames: names.lists)
        }
        reader.promptColor = styler.enabled ? "\u{1B}[1;36m" : nil
        session.historyProvider = { reader.historyEntries() }
        Output.line(styler.paint("checklists — type help for the commands, Ctrl-D to leave", .dim))
        for line in session.dueReminders() { Output.line(styler.render(line)) }
        // While a line is typed, reminders that come due are printed above it at their time.
        reader.wakeDelay = { session.secondsUntilNextReminder() }
        reader.onWake = { session.dueReminders().map { styler.render($0) } }
        while true {
            Output.flush()
            switch reader.read(prompt: prompt()) {
            case .endOfInput:
                // The line reader has already ended the line on the terminal.
                Output.flush()
                return 0
            case .interrupted:
                continue
            case .rejected(let reason):
                Output.error("error: \(reason)")
            case .line(let line):
                guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
                reader.addHistory(line)
                let result = session.run(line)
                Output.show(result, styler: styler, errorPrefix: "error: ", warningPrefix: "warning: ")
                names.lists = session.book.checklists.map(\.name)
                if let problem = reader.historySaveError { Output.error("note: history not saved: \(problem)") }
                if result.quit {
                    Output.flush()
                    return 0
                }
            }
        }
    }

    /// `Groceries (3)> `, or `checklists> ` when no checklist is current.
    private func prompt() -> String {
        guard let current = session.book.current else { return "checklists> " }
        return "\(current.name) (\(current.remainingCount))> "
    }
}
