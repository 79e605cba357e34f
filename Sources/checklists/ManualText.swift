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
        if isManual { return 72 }
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
            delete and clear; quote text with " or ' at the start of a word; inside one, as in don't, \
            a quote is a character):

            \(commands.joined(separator: "\n"))

            LIST is a number from lists, a name (ignoring case) or a unique prefix of one. ITEM is a \
            position from show (3), a range (2-5) or a stable ID (#17). DATE is \
            \(DateExpression.forms), in the local time zone; a day alone means the whole day \
            (help due lists every form). RULE is \(RepeatPattern.forms); a checked item that repeats \
            comes back, due at the rule's next date.

            QUICK ADD: add (and sub) reads what follows the text: a DATE at its end (alone or after on, at, by \
            or due) is the due date and a RULE before or after it the repeat rule (a rule alone is \
            due today); anywhere, +WORD is a tag and !!!, !! or ! the priority (high, medium, low): \
            add Call mum sunday 6pm +family !!. Quoted words stay text (add "Read 1984 tomorrow"; \
            one-shot, an argument holding a space), and so does a text that would be left empty \
            (add tomorrow), or an ending that is mostly part of a title: now, noon, sow or soy alone, \
            one after the, a or an, 3d after in, a weekday after Black, Good, Ruby and the like \
            (add Watch Black Friday). One undo takes it all back; edit never reads its text.

            FILTERS: show [LIST], find [TEXT] and upcoming take filter words anywhere among their \
            words, each applying: +WORD (has the tag), -+WORD (lacks it), ! !! !!! (at least that \
            priority), open, done, overdue, today (due today or overdue), week (due within 7 days or \
            overdue), startable (no start date to come) and repeating: show open +home, find +work \
            !!, upcoming week. A quoted word is never a filter; find with filters alone searches \
            every checklist.

            \(isManual ? manualSections : "SYNC, CALDAV, CONFLICTS, REPEATING ITEMS, NOTES, TAGS AND SUB-ITEMS, JSON OUTPUT, REMINDERS and AGENTS: see man checklists.")

            FILES: The data file is --file, else $CHECKLISTS_FILE, else \
            $XDG_DATA_HOME/checklists/Checklists.plist, else ~/.local/share/checklists/Checklists.plist \
            (an NSKeyedArchiver binary property list, as the iOS Checklists app writes it), locked \
            through Checklists.plist.lock beside it. In $XDG_STATE_HOME/checklists (else \
            ~/.local/state/checklists): the REPL history is history; the undo journal of each data \
            file is undo/HASH (the last 100 changes, at most 8 MiB); fired reminders are recorded in \
            reminders (locked through reminders.lock). A CalDAV account is kept in \
            $XDG_CONFIG_HOME/checklists/caldav/HASH (else ~/.config/checklists/caldav/HASH; 0600; the \
            URL, home and user, never the password) and its sync state, the lists as the server had \
            them after the last sync, in caldav/HASH under the state folder, with HASH.tmp/ holding \
            one sync's request and answer bodies while it runs. HASH names the data file's real \
            path, so every name of one file shares them. None of these is needed to read the data file.

            A data file its owner may not write (mode 0400 or 0444) is read but never replaced, even \
            by root: a change is refused with exit 74 (chmod u+w allows changes). A damaged data file \
            is left as it is and every command that needs it exits 65, naming the way out: move it \
            aside (mv PATH PATH.damaged) and the next command starts afresh or, in a sync repository, \
            brings back the last sync's version; help and inspect of another file still work.

            ENVIRONMENT: CHECKLISTS_FILE, XDG_DATA_HOME, XDG_STATE_HOME (as above); NO_COLOR turns \
            colour off; EDITRC names the editrc file (else ~/.editrc); DBUS_SESSION_BUS_ADDRESS is \
            where watch sends desktop notifications; CHECKLISTS_EXEC_TIMEOUT is how many seconds a \
            program watch runs to deliver a reminder (--exec, notify-send) may take (60 when unset); \
            CHECKLISTS_CALDAV_PASSWORD is the CalDAV password (else ~/.netrc, else secret-tool); \
            CHECKLISTS_CALDAV_TIMEOUT is how many seconds a CalDAV request may go without progress \
            (30 when unset); CHECKLISTS_GIT_TIMEOUT is how many seconds each fetch or push of sync may take \
            (300 when unset); CURL_CA_BUNDLE names the certificate authorities curl trusts for HTTPS \
            instead of the system's; CHECKLISTS_PROGRESS_DELAY is how many seconds long work (a batch, a \
            CalDAV sync) runs before its progress shows on a terminal (1 when unset); TZ is the local time zone.

            EXIT STATUS: 0 success, 1 a command failed, 2 invalid invocation, 65 the data file (or an \
            archive given to merge or cat) is not a readable checklists archive, 74 the data file \
            could not be read, locked or written, or sync failed.

            EXAMPLES:

            checklists new Groceries
            checklists add Buy milk
            checklists add Call mum sunday 6pm +family !!
            checklists due 1 tomorrow 09:00 && checklists remind 1 on
            printf 'check 1\\nshow\\n' | checklists
            checklists sync init ssh://server/~/checklists.git
            systemctl --user enable --now checklists-watch
            """
    }

    /// Whether this run dumps the help for the manual page, which alone has `manualSections`.
    static let isManual: Bool = CommandLine.arguments.contains("--experimental-dump-help")

    /// What the manual has beyond `--help`: how sync, CalDAV, conflicts, repeating items, notes,
    /// tags and sub-items, JSON output and reminders work, each one paragraph (`Scripts/manpage.awk` makes each a section).
    static var manualSections: String {
        """
        SYNC: sync init URL makes the data folder a git repository with URL (any remote git \
        reaches) as origin, with this program as git's merge driver and diff text for the data \
        file, and syncs; a machine with no data file takes the remote's checklists, one with its \
        own merges both. Then sync commits, fetches, merges item by item and pushes (5 tries when \
        the remote moved meanwhile) and prints one line: what came in and went out. Git never \
        writes the data file, so a sync killed at any instant leaves it whole. The current \
        checklist is each machine's own. Git must be installed. A remote that stops answering is \
        given up after CHECKLISTS_GIT_TIMEOUT seconds (exit 74, nothing changed).

        CALDAV: caldav init URL [USER] finds the account's task lists (Nextcloud, Radicale, \
        Fastmail; a phone with DAVx5 and Tasks.org, or iOS Reminders, sees the same lists), \
        joins lists of the same name (items of the same text are paired), makes a task list for \
        every other checklist, and syncs; then caldav (or sync, which runs git's sync first where \
        that is set up) keeps both in step. The password comes from $CHECKLISTS_CALDAV_PASSWORD, \
        else ~/.netrc, else secret-tool (service checklists host HOST user USER); it is never \
        stored by this program nor put on a command line. Each request runs through curl. A sync \
        that fails changes nothing here (exit 74) and a sync killed at any point loses nothing: \
        the next one finishes without duplicates. caldav off forgets the account.

        CONFLICTS: Git sync and CalDAV sync merge three ways: this machine's checklists, the \
        other side's, and the last synced version. Changes to different items or fields are all \
        kept; an item deleted on one side and changed on the other is kept with the change; a \
        field both sides changed keeps this machine's value and says so on standard error; an item \
        moved to another checklist moves, its #ID and UID with it. Two machines adding items get \
        distinct IDs (a renumbered item is named on the sync's line). No conflict marker ever \
        lands in the data file.

        REPEATING ITEMS: repeat ITEM RULE makes an item come back after it is checked: the checked \
        one stays, without the rule, and the next occurrence is added after it, unchecked, due at \
        the first date the rule gives after the checked one's due date that is not past, with the \
        same text, reminder and rule. An item without a due date gets today; a time after the \
        rule (every 2nd tuesday at 7pm) is the time it is due at. The rule is shown in words \
        (every 2nd Tuesday, every month on the 1st and 15th, every December 25) that typed back \
        set the same rule; a phrase that is no rule is refused with the nearest one that is. \
        After a rule, after done (every 3 days after done; every! 3 days) counts the next date \
        from the day the item is checked. repeat ITEM none stops it. On CalDAV a rule is the task's RRULE (a rule the words cannot say is shown in \
        RRULE form and repeats all the same).

        NOTES, TAGS AND SUB-ITEMS: An item holds what phones keep in a task. note ITEM TEXT sets its \
        note (\\n in TEXT is a line break; in the interactive mode or a batch, put TEXT in single \
        quotes so that the backslash stays), note ITEM none clears it, and note ITEM alone opens it \
        in $VISUAL, else $EDITOR, else vi when standard input and output are a terminal (saved when \
        the editor exits 0, as git commit does) or prints it otherwise. tag ITEM... +WORD... and \
        untag add and remove tags, one word each, matched ignoring case and accents and kept as \
        first typed; tags lists those in use with their open items. priority ITEM high, medium, low, \
        none or 1 to 9 (RFC 5545: 1 is the highest). start ITEM DATE is when work can start. sub \
        PARENT TEXT adds a sub-item; nest ITEM PARENT and unnest ITEM change where an item hangs, in \
        its own checklist, never under itself. show prints a sub-item under its parent, two spaces \
        deeper a level (positions count the lines as shown), the priority as !!! (1-4), !! (5) or ! \
        (6-9) before the text, [note] after it when it has a note, starts DATE while the start is to \
        come (the item dimmed), and the tags as +word. delete and move take a parent's sub-items \
        along; checking a parent leaves them as they are. info ITEM shows everything an item holds. \
        On CalDAV these are DESCRIPTION, CATEGORIES, PRIORITY, RELATED-TO and DTSTART.

        JSON OUTPUT: With --json every command prints one JSON document on one line (in batch \
        mode one a line, JSON Lines) instead of text, the same whatever the locale, colour or \
        terminal, as version 1 of an interface kept across releases (keys may be added; a key \
        changed or taken away makes a new version). Each has "version": 1 and "command" (the \
        command's full name). lists: "lists", each {name, iconName, current, items, open}. show: \
        "list" (as in lists) and "items" that pass the filter words, in the order show prints \
        them, series unfolded. find and upcoming: "items", each naming its "list". agenda: \
        "overdue" (items) and "days", each {date, items}; an item on its start day has \
        "starting": true, a series' later date "occurrence": true and "occurrenceDue". tags: "tags", \
        each {name, open}. info: "item", with "remindAt" when it reminds, and "subItems", its \
        sub-items at any depth as items, in show's order. A command that changes \
        items: "message" (the line text mode prints), "current" (the current checklist or null), \
        "items" (those it reported or changed, as they are now), "deleted" (those it removed, as \
        they were), "lists" (checklists it created, renamed or gave an icon) and "droppedLists" \
        (names). export json without FILE: the export itself, on one line. Any other command: \
        "lines", its text. A command that fails prints no document, only its error. An item: \
        "list" (but in show), "position" \
        (as show numbers it), then the fields of export json: itemID, text, checked, dueDate \
        (ISO 8601: YYYY-MM-DD for a day, a UTC time with Z, or null), shouldRemind, and where it \
        has them repeat (an RRULE), note, tags, priority (1-9), parent (its parent's itemID), start \
        and uid; "cancelled": true for a task cancelled on another client. A problem goes to \
        standard error as {"error": MESSAGE, "line": N} ("note" and "warning" likewise), N the \
        batch or REPL line, 1 for a one-shot command, 0 before any; the exit status is as usual. \
        merge and cat, git's helpers, print as they do without it.

        REMINDERS: An item reminds once, at its due time (09:00 for a whole-day due date), when its \
        reminder is on (remind ITEM on) and it is unchecked. checklists watch fires reminders as \
        desktop notifications (notify-send) or runs --exec CMD for each; watch --once fires what \
        is due now and exits (for cron); systemctl --user enable --now checklists-watch runs it at \
        login. The interactive mode shows due reminders above the prompt.

        AGENTS: checklists mcp is a Model Context Protocol server on standard input and output, \
        for agent hosts: {"mcpServers": {"checklists": {"command": "checklists", "args": ["mcp"]}}}. \
        Its tools (lists, show, find, upcoming, info, tags, new_list, add, update, check, uncheck, \
        delete, move, undo, redo) answer with the --json document of the same command; items are \
        named by #ID or UID. Every change is one undo step, so checklists undo takes back what an \
        agent did. mcp --read-only offers the reading tools alone.
        """
    }

    /// The command table in lines shorter than `columns` (ArgumentParser re-wraps a line that
    /// fills the width, without indentation): each summary beside its usage, continued under
    /// itself; on a narrow screen each usage on a line of its own with the summary indented below.
    static func commandTable(columns: Int) -> [String] {
        let commands = CommandDeclaration.listed
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
