/// The command table: each command declared once (see `CommandDeclaration`).
extension CommandName {
    /// The command's declaration. Built when asked for, one command at a time: a table of every
    /// command built at start-up would cost each one-shot run (`--version` included).
    public var declaration: CommandDeclaration {
        typealias Argument = CommandDeclaration.Argument
        let item = Argument("ITEM", .item)
        let items = Argument("ITEM", .item, repeated: true)
        let filters = Argument("FILTER", .filter, optional: true, repeated: true, completion: .tags)
        switch self {
        case .help:
            return CommandDeclaration(
                self, "help [COMMAND]", "list the commands, or explain one",
                arguments: [Argument("COMMAND", .text, optional: true, completion: .commandNames)], reach: .wholeBook
            ) { arguments throws(CommandError) in
                try arguments.expect(0...1)
                return .help(arguments.words.first)
            }
        case .lists:
            return CommandDeclaration(
                self, "lists", "every checklist: number, name, icon, status; * marks the current one",
                reach: .wholeBook, json: .lists
            ) { arguments throws(CommandError) in try arguments.alone(.lists) }
        case .new:
            return CommandDeclaration(
                self, "new NAME", "create a checklist and make it current", arguments: [Argument("NAME", .text)],
                reach: .nothing, json: .change
            ) { arguments throws(CommandError) in .new(try arguments.nonEmpty("NAME")) }
        case .use:
            return CommandDeclaration(
                self, "use LIST", "make a checklist current (by number from lists, name, or unique prefix)",
                arguments: [Argument("LIST", .list)], reach: .named, json: .change
            ) { arguments throws(CommandError) in .use(try arguments.nonEmpty("LIST")) }
        case .rename:
            return CommandDeclaration(
                self, "rename NAME", "rename the current checklist", arguments: [Argument("NAME", .text)],
                reach: .currentItems, json: .change
            ) { arguments throws(CommandError) in .rename(try arguments.nonEmpty("NAME")) }
        case .icon:
            return CommandDeclaration(
                self, "icon [ICON]", "list the icon names, or set the current checklist's icon",
                arguments: [Argument("ICON", .text, optional: true, completion: .iconNames)], reach: .currentItems,
                json: .change
            ) { arguments in .icon(arguments.words.isEmpty ? nil : arguments.text) }
        case .drop:
            return CommandDeclaration(
                self, "drop LIST", "delete a checklist with all its items", arguments: [Argument("LIST", .list)],
                reach: .named, json: .change
            ) { arguments throws(CommandError) in .drop(try arguments.nonEmpty("LIST")) }
        case .show:
            return CommandDeclaration(
                self, "show [LIST] [FILTER...]", "the items of the current checklist, or of LIST",
                details: [
                    "  A series' checked items show as one line, the latest's, with how many: ×9 done"
                        + " (find TEXT lists each)."
                ] + Self.filterDetails, arguments: [Argument("LIST", .list, optional: true), filters],
                reach: .named, json: .checklist
            ) { arguments in arguments.show() }
        case .add:
            return CommandDeclaration(
                self, "add TEXT", "append an item; a DATE at the end, a RULE, +tags and ! !! !!! are read (quick add)",
                arguments: [Argument("TEXT", .text)], reach: .currentItems, json: .change
            ) { arguments throws(CommandError) in
                _ = try arguments.nonEmpty("TEXT")
                return .add(QuickAdd.read(Array(arguments.marked)))
            }
        case .edit:
            return CommandDeclaration(
                self, "edit ITEM [TEXT]", "replace an item's text (interactive, without TEXT: change it on the line)",
                arguments: [item, Argument("TEXT", .text, optional: true)], reach: .named, json: .change
            ) { arguments throws(CommandError) in try arguments.edit() }
        case .check:
            return CommandDeclaration(
                self, "check ITEM...", "check items", arguments: [items], reach: .named, json: .change
            ) { arguments throws(CommandError) in .mark(try arguments.items(), .check) }
        case .uncheck:
            return CommandDeclaration(
                self, "uncheck ITEM...", "uncheck items", arguments: [items], reach: .named, json: .change
            ) { arguments throws(CommandError) in .mark(try arguments.items(), .uncheck) }
        case .toggle:
            return CommandDeclaration(
                self, "toggle ITEM...", "flip the check mark of items", arguments: [items], reach: .named,
                json: .change
            ) { arguments throws(CommandError) in .mark(try arguments.items(), .toggle) }
        case .delete:
            return CommandDeclaration(
                self, "delete ITEM...", "remove items",
                details: ["  A parent goes with its sub-items (the line says how many)."], arguments: [items],
                reach: .named, json: .change
            ) { arguments throws(CommandError) in .delete(try arguments.items()) }
        case .move:
            return CommandDeclaration(
                self, "move ITEM POSITION|to LIST [POSITION]",
                "move an item to another position in its checklist, or to another checklist (at its end or POSITION)",
                details: [
                    "  to LIST: the item keeps its #ID; one undo puts it back where it was.",
                    "  Its sub-items go with it; a sub-item stays one (moved to another checklist alone, it is"
                        + " top-level there).",
                ],
                // POSITION alone, in place of to LIST, moves the item within its checklist.
                arguments: [
                    item, Argument("to", .choice(["to"]), optional: true), Argument("LIST", .list, optional: true),
                    Argument("POSITION", .position, optional: true),
                ], reach: .named, json: .change
            ) { arguments throws(CommandError) in try arguments.move() }
        case .due:
            return CommandDeclaration(
                self, "due ITEM DATE|none", "set or clear an item's due date", details: DateExpression.formLines,
                arguments: [item, Argument("DATE", .date)], reach: .named, json: .change
            ) { arguments throws(CommandError) in
                let (reference, date) = try arguments.itemAndDate()
                return .due(reference, date)
            }
        case .remind:
            return CommandDeclaration(
                self, "remind ITEM on|off", "turn an item's reminder on or off",
                arguments: [item, Argument("on|off", .choice(["on", "off"]))], reach: .named, json: .change
            ) { arguments throws(CommandError) in try arguments.remind() }
        case .repeat:
            return CommandDeclaration(
                self, "repeat ITEM RULE|none",
                "make an item come back after it is checked, or stop it (RULE: daily, every 2 weeks on fri, ...)",
                details: [
                    "  RULE: \(RepeatPattern.forms).",
                    "  Checking it adds the next one; uncheck takes that back while it is open and unchanged.",
                ], arguments: [item, Argument("RULE", .rule)], reach: .named, json: .change
            ) { arguments throws(CommandError) in try arguments.repeatRule() }
        case .note:
            return CommandDeclaration(
                self, "note ITEM [TEXT|none]",
                "set or clear an item's note (\\n: a line break); alone, edit it in $VISUAL or print it",
                details: [
                    "  TEXT: \\n starts a new line (quote it in the REPL: note 3 'first\\nsecond'); none clears it.",
                    "  note ITEM alone: on a terminal, edit the note in $VISUAL, else $EDITOR, else vi; it is saved",
                    "  when the editor exits 0. Elsewhere it prints the note. show marks an item with a note "
                        + Session.noteMark + ".",
                ], arguments: [item, Argument("TEXT", .text, optional: true, completion: .words(["none"]))],
                reach: .named, json: .change
            ) { arguments throws(CommandError) in try arguments.note() }
        case .tag:
            return CommandDeclaration(
                self, "tag ITEM... +WORD...", "add tags to items (one word each, ignoring case and accents)",
                details: Self.tagDetails, arguments: [items, Argument("+WORD", .tag, repeated: true)],
                reach: .wholeBook, json: .change
            ) { arguments throws(CommandError) in try arguments.tag() }
        case .untag:
            return CommandDeclaration(
                self, "untag ITEM... +WORD...", "remove tags from items", details: Self.tagDetails,
                arguments: [items, Argument("+WORD", .tag, repeated: true)], reach: .wholeBook, json: .change
            ) { arguments throws(CommandError) in try arguments.tag() }
        case .tags:
            return CommandDeclaration(
                self, "tags", "every tag in use, with how many open items carry it", details: Self.tagDetails,
                reach: .wholeBook, json: .tags
            ) { arguments throws(CommandError) in try arguments.alone(.tags) }
        case .priority:
            let levels = ["high", "medium", "low", "none"]
            return CommandDeclaration(
                self, "priority ITEM high|medium|low|none|1-9",
                "set or clear an item's priority (shown as !!! high, !! medium, ! low)",
                details: [
                    "  high is 1, medium 5, low 9 (RFC 5545: 1-4 high, 5 medium, 6-9 low); show marks them !!!, !!, !."
                ],
                arguments: [
                    item,
                    Argument(
                        "LEVEL", .choice(levels + (1...9).map(String.init)), completion: .words(levels)),
                ], reach: .named, json: .change
            ) { arguments throws(CommandError) in try arguments.priority() }
        case .start:
            return CommandDeclaration(
                self, "start ITEM DATE|none", "set or clear the day (or time) work on an item can start",
                details: ["  show writes starts DATE while the day (or time) is to come, dimmed."]
                    + DateExpression.formLines,
                arguments: [item, Argument("DATE", .date)], reach: .named, json: .change
            ) { arguments throws(CommandError) in
                let (reference, date) = try arguments.itemAndDate()
                return .start(reference, date)
            }
        case .sub:
            return CommandDeclaration(
                self, "sub PARENT TEXT", "add an item as the last sub-item of PARENT", details: Self.outlineDetails,
                arguments: [Argument("PARENT", .item), Argument("TEXT", .text)], reach: .named, json: .change
            ) { arguments throws(CommandError) in try arguments.sub() }
        case .nest:
            return CommandDeclaration(
                self, "nest ITEM PARENT", "make an item a sub-item of another item of its checklist",
                details: Self.outlineDetails, arguments: [item, Argument("PARENT", .item)], reach: .named,
                json: .change
            ) { arguments throws(CommandError) in
                try arguments.expect(2...2)
                return .nest(try arguments.item(arguments.words[0]), parent: try arguments.item(arguments.words[1]))
            }
        case .unnest:
            return CommandDeclaration(
                self, "unnest ITEM", "make a sub-item a top-level item again", details: Self.outlineDetails,
                arguments: [item], reach: .named, json: .change
            ) { arguments throws(CommandError) in .unnest(try arguments.onlyItem()) }
        case .info:
            return CommandDeclaration(
                self, "info ITEM",
                "everything about one item: dates, reminder, repeat, priority, tags, sub-items, note, UID",
                arguments: [item], reach: .named, json: .item
            ) { arguments throws(CommandError) in .info(try arguments.onlyItem()) }
        case .clear:
            return CommandDeclaration(
                self, "clear", "remove the checked items of the current checklist", reach: .currentItems,
                json: .change
            ) { arguments throws(CommandError) in try arguments.alone(.clear) }
        case .find:
            return CommandDeclaration(
                self, "find [TEXT] [FILTER...]",
                "items of every checklist whose text contains TEXT (ignoring case and accents)",
                details: Self.filterDetails, arguments: [Argument("TEXT", .text, optional: true), filters],
                reach: .wholeBook, json: .items
            ) { arguments throws(CommandError) in try arguments.find() }
        case .upcoming:
            return CommandDeclaration(
                self, "upcoming [FILTER...]", "open items with a due date, soonest first, overdue ones marked",
                details: Self.filterDetails, arguments: [filters], reach: .wholeBook, json: .items
            ) { arguments throws(CommandError) in try arguments.upcoming() }
        case .agenda:
            return CommandDeclaration(
                self, "agenda [DAYS] [FILTER...]",
                "the overdue, then each day from today with what is due or starts, series on each date",
                details: [
                    "  DAYS: 1 to 366, 7 if not given. Lines carry #IDs, not positions: check #ID checks an"
                        + " item; a series' later dates (to come) are checked by checking the one before."
                ] + Self.filterDetails,
                arguments: [Argument("DAYS", .text, optional: true), filters], reach: .wholeBook, json: .agenda
            ) { arguments throws(CommandError) in try arguments.agenda() }
        case .undo:
            return CommandDeclaration(
                self, "undo", "revert the last change made to the checklists on this machine",
                reach: .journal(.nextUndo), json: .change
            ) { arguments throws(CommandError) in try arguments.alone(.undo) }
        case .redo:
            return CommandDeclaration(
                self, "redo", "re-apply the last change undone", reach: .journal(.nextRedo), json: .change
            ) { arguments throws(CommandError) in try arguments.alone(.redo) }
        case .export:
            return CommandDeclaration(
                self, "export json|markdown|ics [FILE]",
                "write all checklists as JSON, Markdown or iCalendar tasks to FILE or the output",
                arguments: [
                    Argument("FORMAT", .choice(["json", "markdown", "ics"])), Argument("FILE", .file, optional: true),
                ], reach: .wholeBook
            ) { arguments throws(CommandError) in try arguments.export() }
        case .import:
            return CommandDeclaration(
                self, "import [--dry-run] FILE",
                "add the checklists of a JSON export, Markdown task list, iCalendar file, keyed archive or iOS plist,"
                    + " or merge a Taskwarrior export",
                details: [
                    "  A Taskwarrior export (task export) is merged by uuid: importing it again updates the items.",
                    "  --dry-run: say what would be added, updated and left out, and change nothing.",
                ],
                arguments: [Argument("--dry-run", .choice(["--dry-run"]), optional: true), Argument("FILE", .file)],
                reach: .wholeBook, json: .change
            ) { arguments throws(CommandError) in try arguments.importFile() }
        case .inspect:
            return CommandDeclaration(
                self, "inspect [--raw] FILE", "print a property list or keyed archive as JSON (--raw: the plain tree)",
                arguments: [Argument("--raw", .choice(["--raw"]), optional: true), Argument("FILE", .file)],
                reach: .wholeBook
            ) { arguments throws(CommandError) in try arguments.inspect() }
        case .history:
            return CommandDeclaration(
                self, "history", "the commands typed in the interactive mode", reach: .wholeBook,
                interactiveOnly: true
            ) { arguments throws(CommandError) in try arguments.alone(.history) }
        case .sync:
            return CommandDeclaration(
                self, "sync [init [URL]]",
                "bring the checklists in step with other machines through git (init: set the folder up)",
                arguments: [
                    Argument("init", .choice(["init"]), optional: true), Argument("URL", .text, optional: true),
                ], reach: .wholeBook
            ) { arguments throws(CommandError) in try arguments.sync() }
        case .caldav:
            return CommandDeclaration(
                self, "caldav [init URL [USER] | off]",
                "two-way sync with a CalDAV server's task lists: phones, Nextcloud, Thunderbird (init: set up)",
                arguments: [
                    Argument("init|off", .choice(["init", "off"]), optional: true),
                    Argument("URL", .text, optional: true), Argument("USER", .text, optional: true),
                ], reach: .wholeBook
            ) { arguments throws(CommandError) in try arguments.caldav() }
        case .merge:
            return CommandDeclaration(
                self, "merge BASE OURS THEIRS",
                "merge two changed archives with their common base into OURS (git's merge driver)",
                arguments: [Argument("BASE", .file), Argument("OURS", .file), Argument("THEIRS", .file)],
                reach: .wholeBook
            ) { arguments throws(CommandError) in
                try arguments.expect(3...3)
                let words = arguments.words
                return .merge(base: words[0], ours: words[1], theirs: words[2])
            }
        case .cat:
            return CommandDeclaration(
                self, "cat FILE", "print an archive's checklists as Markdown (git's diff text)",
                arguments: [Argument("FILE", .file)], reach: .wholeBook
            ) { arguments throws(CommandError) in
                try arguments.expect(1...1)
                return .cat(arguments.words[0])
            }
        case .watch:
            return CommandDeclaration(
                self, "watch [--once] [--exec CMD]",
                "fire reminders when they come due (--once: what is due now; --exec: run CMD for each)",
                arguments: [
                    Argument("--once", .choice(["--once"]), optional: true),
                    Argument("--exec", .choice(["--exec"]), optional: true), Argument("CMD", .text, optional: true),
                ], reach: .wholeBook
            ) { arguments throws(CommandError) in try arguments.watch() }
        case .mcp:
            return CommandDeclaration(
                self, "mcp [--read-only]",
                "serve the checklists to agents over MCP on standard input and output (--read-only: only read)",
                details: [
                    "  Agent hosts run checklists mcp; items are named by #ID or UID, and checklists undo takes",
                    "  back what an agent changed.",
                ], arguments: [Argument("--read-only", .choice(["--read-only"]), optional: true)], reach: .wholeBook
            ) { arguments throws(CommandError) in
                try arguments.expect(0...1)
                guard let option = arguments.words.first else { return .mcp(readOnly: false) }
                guard option == "--read-only" else {
                    throw arguments.fail("unknown option \"\(option)\" (--read-only)")
                }
                return .mcp(readOnly: true)
            }
        case .quit, .exit:
            return CommandDeclaration(
                self, rawValue, "leave the interactive mode (Ctrl-D too)", reach: .wholeBook, interactiveOnly: true,
                listed: self == .quit
            ) { arguments throws(CommandError) in try arguments.alone(.quit) }
        }
    }

    /// What `help` says of filter words, for `show`, `find` and `upcoming`.
    private static let filterDetails = [
        "  FILTER, anywhere among the words, each applying: +WORD (has the tag), -+WORD (lacks it),",
        "  ! !! !!! (at least that priority), open, done, overdue, today (due today or overdue),",
        "  week (due within 7 days or overdue), startable (no start to come), repeating.",
        "  A quoted word is never a filter (show \"Week\"); find with filters alone searches them all.",
    ]

    /// What `help` says of tags, for `tag`, `untag` and `tags`.
    private static let tagDetails = [
        "  A tag is one word after + (tag 2-4 +home +urgent). Tags match ignoring case and accents and",
        "  keep the spelling first typed; show lists them as +word, tags lists every one in use.",
    ]

    /// What `help` says of sub-items, for `sub`, `nest` and `unnest`.
    private static let outlineDetails = [
        "  show prints sub-items right after their parent, two spaces deeper a level; positions count",
        "  the lines as shown. A parent is an item of the same checklist, never one of its own sub-items.",
        "  Checking a parent leaves its sub-items as they are; delete and move take them along.",
    ]
}
