import ChecklistKit

/// The command language as text, for `--help` and the manual page (generated from the same
/// command-line definition, so the two cannot drift apart).
enum ManualText {
    /// The discussion of `checklists --help` and the DESCRIPTION of `man checklists`.
    static var discussion: String {
        let width = CommandName.allCases.map(\.usage.count).max() ?? 0
        let commands = CommandName.allCases.filter { $0 != .exit }.map { command in
            command.usage + String(repeating: " ", count: max(0, width - command.usage.count)) + "  " + command.summary
        }
        return """
            With a COMMAND, runs it and exits (checklists add "Buy milk"). Without one, reads commands \
            from standard input: an interactive line editor on a terminal (history, Tab completion, \
            Ctrl-R search, Ctrl-C discards the line, Ctrl-D leaves), one command per line otherwise \
            (blank lines and lines starting with # are skipped).

            COMMANDS (names may be shortened to a unique prefix; quote text with " or '):

            \(commands.joined(separator: "\n"))

            LIST is a number from lists, a name (ignoring case) or a unique prefix of one. ITEM is a \
            position from show (3), a range (2-5) or a stable ID (#17). DATE is \
            \(DateExpression.forms), in the local time zone; a day alone means the whole day. RULE is \
            \(RepeatPattern.forms); a checked item that repeats comes back, due at the rule's next date.

            FILES: the data file is --file, else $CHECKLISTS_FILE, else \
            $XDG_DATA_HOME/checklists/Checklists.plist, else ~/.local/share/checklists/Checklists.plist \
            (an NSKeyedArchiver binary property list, as the iOS Checklists app writes it), locked \
            through Checklists.plist.lock beside it. The REPL history is \
            $XDG_STATE_HOME/checklists/history (else ~/.local/state/checklists/history); fired \
            reminders are recorded in $XDG_STATE_HOME/checklists/reminders.

            ENVIRONMENT: CHECKLISTS_FILE, XDG_DATA_HOME, XDG_STATE_HOME (as above); NO_COLOR turns \
            colour off; EDITRC names the editrc file (else ~/.editrc); DBUS_SESSION_BUS_ADDRESS is \
            where watch sends desktop notifications; CHECKLISTS_EXEC_TIMEOUT is how many seconds a \
            program watch runs to deliver a reminder (--exec, notify-send) may take (60 when unset); \
            TZ is the local time zone.

            EXIT STATUS: 0 success, 1 a command failed, 2 invalid invocation, 65 the data file (or an \
            archive given to merge or cat) is not a readable checklists archive, 74 the data file \
            could not be read, locked or written, or sync failed.

            EXAMPLES:

            checklists new Groceries
            checklists add Buy milk
            checklists due 1 tomorrow 09:00 && checklists remind 1 on
            printf 'check 1\\nshow\\n' | checklists
            checklists sync init ssh://server/~/checklists.git
            systemctl --user enable --now checklists-watch
            """
    }
}
