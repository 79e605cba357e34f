/// The commands of the language, with their usage and help text (SPEC §6).
public enum CommandName: String, CaseIterable, Sendable {
    case help, lists, new, use, rename, icon, drop, show, add, edit, check, uncheck, toggle, delete, move
    case due, remind, `repeat`, note, tag, untag, tags, priority, start, sub, nest, unnest, info
    case clear, find, upcoming, undo, redo, export, `import`, inspect, history
    case sync, caldav, merge, cat, watch, quit, exit

    /// How the command is called.
    public var usage: String {
        switch self {
        case .help: "help [COMMAND]"
        case .lists: "lists"
        case .new: "new NAME"
        case .use: "use LIST"
        case .rename: "rename NAME"
        case .icon: "icon [ICON]"
        case .drop: "drop LIST"
        case .show: "show [LIST] [FILTER...]"
        case .add: "add TEXT"
        case .edit: "edit ITEM [TEXT]"
        case .check: "check ITEM..."
        case .uncheck: "uncheck ITEM..."
        case .toggle: "toggle ITEM..."
        case .delete: "delete ITEM..."
        case .move: "move ITEM POSITION|to LIST [POSITION]"
        case .due: "due ITEM DATE|none"
        case .remind: "remind ITEM on|off"
        case .repeat: "repeat ITEM RULE|none"
        case .note: "note ITEM [TEXT|none]"
        case .tag: "tag ITEM... +WORD..."
        case .untag: "untag ITEM... +WORD..."
        case .tags: "tags"
        case .priority: "priority ITEM high|medium|low|none|1-9"
        case .start: "start ITEM DATE|none"
        case .sub: "sub PARENT TEXT"
        case .nest: "nest ITEM PARENT"
        case .unnest: "unnest ITEM"
        case .info: "info ITEM"
        case .clear: "clear"
        case .find: "find [TEXT] [FILTER...]"
        case .upcoming: "upcoming [FILTER...]"
        case .undo: "undo"
        case .redo: "redo"
        case .export: "export json|markdown|ics [FILE]"
        case .import: "import FILE"
        case .inspect: "inspect [--raw] FILE"
        case .history: "history"
        case .sync: "sync [init [URL]]"
        case .caldav: "caldav [init URL [USER] | off]"
        case .merge: "merge BASE OURS THEIRS"
        case .cat: "cat FILE"
        case .watch: "watch [--once] [--exec CMD]"
        case .quit: "quit"
        case .exit: "exit"
        }
    }

    /// One line saying what the command does.
    public var summary: String {
        switch self {
        case .help: "list the commands, or explain one"
        case .lists: "every checklist: number, name, icon, status; * marks the current one"
        case .new: "create a checklist and make it current"
        case .use: "make a checklist current (by number from lists, name, or unique prefix)"
        case .rename: "rename the current checklist"
        case .icon: "list the icon names, or set the current checklist's icon"
        case .drop: "delete a checklist with all its items"
        case .show: "the items of the current checklist, or of LIST"
        case .add: "append an item; a DATE at the end, a RULE, +tags and ! !! !!! are read (quick add)"
        case .edit: "replace an item's text (interactive, without TEXT: change it on the line)"
        case .check: "check items"
        case .uncheck: "uncheck items"
        case .toggle: "flip the check mark of items"
        case .delete: "remove items"
        case .move:
            "move an item to another position in its checklist, or to another checklist (at its end or POSITION)"
        case .due: "set or clear an item's due date"
        case .remind: "turn an item's reminder on or off"
        case .repeat: "make an item come back after it is checked, or stop it (RULE: daily, every 2 weeks on fri, ...)"
        case .note: "set or clear an item's note (\\n: a line break); alone, edit it in $VISUAL or print it"
        case .tag: "add tags to items (one word each, ignoring case and accents)"
        case .untag: "remove tags from items"
        case .tags: "every tag in use, with how many open items carry it"
        case .priority: "set or clear an item's priority (shown as !!! high, !! medium, ! low)"
        case .start: "set or clear the day (or time) work on an item can start"
        case .sub: "add an item as the last sub-item of PARENT"
        case .nest: "make an item a sub-item of another item of its checklist"
        case .unnest: "make a sub-item a top-level item again"
        case .info: "everything about one item: dates, reminder, repeat, priority, tags, sub-items, note, UID"
        case .clear: "remove the checked items of the current checklist"
        case .find: "items of every checklist whose text contains TEXT (ignoring case and accents)"
        case .upcoming: "open items with a due date, soonest first, overdue ones marked"
        case .undo: "revert the last change made to the checklists on this machine"
        case .redo: "re-apply the last change undone"
        case .export: "write all checklists as JSON, Markdown or iCalendar tasks to FILE or the output"
        case .import:
            "add the checklists of a JSON export, Markdown task list, iCalendar file, keyed archive or iOS plist"
        case .inspect: "print a property list or keyed archive as JSON (--raw: the plain tree)"
        case .history: "the commands typed in the interactive mode"
        case .sync: "bring the checklists in step with other machines through git (init: set the folder up)"
        case .caldav: "two-way sync with a CalDAV server's task lists: phones, Nextcloud, Thunderbird (init: set up)"
        case .merge: "merge two changed archives with their common base into OURS (git's merge driver)"
        case .cat: "print an archive's checklists as Markdown (git's diff text)"
        case .watch: "fire reminders when they come due (--once: what is due now; --exec: run CMD for each)"
        case .quit, .exit: "leave the interactive mode (Ctrl-D too)"
        }
    }

    /// The commands that delete at once (`undo` brings back what they took).
    public static let deleting: [CommandName] = [.drop, .delete, .clear]

    /// The fewest letters of a prefix naming a command that deletes: two keys (`dr`, `cl`) are too
    /// easily typed by a slip, or meant as another command, to drop a checklist on their own.
    public static let deletingPrefixLength = 3

    /// Finds the command `word` names: case-insensitive, exact or a unique prefix (of at least
    /// `deletingPrefixLength` letters for a command that deletes).
    public static func resolve(_ word: String) throws(CommandError) -> CommandName {
        let lowered = word.lowercased()
        if let exact = CommandName(rawValue: lowered) { return exact }
        let candidates = allCases.filter { $0.rawValue.hasPrefix(lowered) }
        guard !lowered.isEmpty, let first = candidates.first else { throw .unknownCommand(word) }
        guard candidates.count == 1 else { throw .ambiguousCommand(word, candidates: candidates.map(\.rawValue)) }
        if deleting.contains(first), lowered.count < deletingPrefixLength {
            throw .shortPrefix(word, command: first.rawValue, letters: deletingPrefixLength)
        }
        return first
    }
}
