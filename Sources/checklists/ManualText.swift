import ChecklistKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command language as text, for `--help` and the manual page (generated from the same
/// command-line definition, so the two cannot drift apart).
enum ManualText {
    /// The width `--help` is written for: `COLUMNS`, else the terminal's, else 80 (as
    /// ArgumentParser decides it); 72 for the manual page, whose literal blocks are indented.
    static let columns: Int = {
        if CommandLine.arguments.contains("--experimental-dump-help") { return 72 }
        if let text = getenv("COLUMNS"), let value = Int(String(cString: text)), value > 0 { return value }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }()

    /// Whether this run shows the help or dumps it for the manual page: only then is the
    /// discussion built (the command table wrapped to the width, about a sixth of the
    /// instructions of `--version` otherwise).
    static let isAskedFor: Bool = CommandLine.arguments.dropFirst().contains {
        $0 == "--help" || $0 == "-h" || $0 == "--experimental-dump-help"
    }

    /// The discussion of `checklists --help` and the DESCRIPTION of `man checklists`.
    static var discussion: String {
        let commands = commandTable(columns: columns)
        return """
            With a COMMAND, runs it and exits (checklists add "Buy milk"). Without one, reads commands \
            from standard input: an interactive line editor on a terminal (history, Tab completion, \
            Ctrl-R search, Ctrl-C discards the line, Ctrl-D leaves), one command per line otherwise \
            (blank lines and lines starting with # are skipped).

            COMMANDS (names may be shortened to a unique prefix, of three letters at least for drop, \
            delete and clear; quote text with " or '):

            \(commands.joined(separator: "\n"))

            LIST is a number from lists, a name (ignoring case) or a unique prefix of one. ITEM is a \
            position from show (3), a range (2-5) or a stable ID (#17). DATE is \
            \(DateExpression.forms), in the local time zone; a day alone means the whole day \
            (help due lists every form). RULE is \(RepeatPattern.forms); a checked item that repeats \
            comes back, due at the rule's next date.

            FILES: The data file is --file, else $CHECKLISTS_FILE, else \
            $XDG_DATA_HOME/checklists/Checklists.plist, else ~/.local/share/checklists/Checklists.plist \
            (an NSKeyedArchiver binary property list, as the iOS Checklists app writes it), locked \
            through Checklists.plist.lock beside it. In $XDG_STATE_HOME/checklists (else \
            ~/.local/state/checklists): the REPL history is history; the undo journal of each data \
            file is undo/HASH (the last 100 changes, at most 8 MiB); fired reminders are recorded in \
            reminders (locked through reminders.lock). None of these is needed to read the data file.

            ENVIRONMENT: CHECKLISTS_FILE, XDG_DATA_HOME, XDG_STATE_HOME (as above); NO_COLOR turns \
            colour off; EDITRC names the editrc file (else ~/.editrc); DBUS_SESSION_BUS_ADDRESS is \
            where watch sends desktop notifications; CHECKLISTS_EXEC_TIMEOUT is how many seconds a \
            program watch runs to deliver a reminder (--exec, notify-send) may take (60 when unset); \
            CHECKLISTS_CALDAV_PASSWORD is the CalDAV password (else ~/.netrc, else secret-tool); \
            CHECKLISTS_CALDAV_TIMEOUT is how many seconds a CalDAV request may go without progress \
            (30 when unset); CURL_CA_BUNDLE names the certificate authorities curl trusts for HTTPS \
            instead of the system's; TZ is the local time zone.

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

    /// The command table in lines shorter than `columns` (ArgumentParser re-wraps a line that
    /// fills the width, without indentation): each summary beside its usage, continued under
    /// itself; on a narrow screen each usage on a line of its own with the summary indented below.
    static func commandTable(columns: Int) -> [String] {
        let commands = CommandName.allCases.filter { $0 != .exit }
        let width = commands.map(\.usage.count).max() ?? 0
        let limit = max(columns - 1, 20)
        let beside = limit - width - 2
        var lines: [String] = []
        for command in commands {
            if beside >= 30 {
                let summary = wrapped(command.summary, to: beside)
                for (index, line) in summary.enumerated() {
                    let label = index == 0 ? command.usage : ""
                    lines.append(label + String(repeating: " ", count: width + 2 - label.count) + line)
                }
            } else {
                lines.append(command.usage)
                lines += wrapped(command.summary, to: limit - 4).map { "    " + $0 }
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone).
    static func wrapped(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
