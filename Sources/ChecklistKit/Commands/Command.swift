/// A parsed command, with its arguments checked for shape (not yet against the data).
public enum Command: Sendable, Equatable {
    /// What `check`, `uncheck` and `toggle` do to the check mark.
    public enum Mark: Sendable, Equatable {
        case check, uncheck, toggle
    }

    /// The formats `export` writes.
    public enum ExportFormat: String, Sendable, Equatable {
        case json, markdown, ics
    }

    /// Where `move` puts an item.
    public enum MoveTarget: Sendable, Equatable {
        /// `move ITEM POSITION`: another position in the item's checklist.
        case position(Int)
        /// `move ITEM to LIST [POSITION]`: the checklist LIST names, at POSITION or at its end.
        case list(String, position: Int?)
    }

    /// The argument of `due`.
    public enum DueArgument: Sendable, Equatable {
        /// A DATE expression, still to be evaluated in the local time zone.
        case date(String)
        /// `none`: clear the due date.
        case none
    }

    /// The argument of `note`.
    public enum NoteArgument: Sendable, Equatable {
        /// The note to set, line breaks and all (an empty one clears it).
        case text(String)
        /// `none`: clear the note.
        case none
        /// No argument: edit the note where an editor can run (a terminal), else print it.
        case show
    }

    case help(String?)
    case lists
    case new(String)
    case use(String)
    case rename(String)
    case icon(String?)
    case drop(String)
    /// `show [LIST]`, with the filter words among its arguments (SPEC §14).
    case show(String?, ItemFilter)
    /// `add TEXT`: the text with what quick add read in it (SPEC §14).
    case add(QuickAdd)
    case edit(ItemReference, String)
    /// `edit ITEM` without TEXT: the item's text to be changed on the line (the REPL only).
    case editInPlace(ItemReference)
    case mark([ItemReference], Mark)
    case delete([ItemReference])
    case move(ItemReference, MoveTarget)
    case due(ItemReference, DueArgument)
    case remind(ItemReference, Bool)
    /// `repeat ITEM RULE` (the rule, and the time of day its dates are due at when the RULE
    /// ends with one) or `repeat ITEM none` (`nil`).
    case `repeat`(ItemReference, RepeatRule?, at: DateExpression.Clock? = nil)
    /// `note ITEM TEXT|none`, or `note ITEM` alone.
    case note(ItemReference, NoteArgument)
    /// `tag ITEM... +WORD...` (`adding`) or `untag ITEM... +WORD...`: the tags without their `+`.
    case tag([ItemReference], [String], adding: Bool)
    case tags
    /// `priority ITEM LEVEL`: RFC 5545's 1-9, `nil` for `none`.
    case priority(ItemReference, Int?)
    /// `start ITEM DATE|none`.
    case start(ItemReference, DueArgument)
    /// `sub PARENT TEXT`: the text with what quick add read in it, as `add`.
    case sub(ItemReference, QuickAdd)
    /// `nest ITEM PARENT`.
    case nest(ItemReference, parent: ItemReference)
    case unnest(ItemReference)
    case info(ItemReference)
    case clear
    /// `find [TEXT]`: TEXT may be empty when filter words are given.
    case find(String, ItemFilter)
    case upcoming(ItemFilter)
    /// `agenda [DAYS] [FILTER...]`: the days from today to show.
    case agenda(days: Int, ItemFilter)
    case undo
    case redo
    case export(ExportFormat, String?)
    /// `import [--dry-run] FILE`: with `dryRun`, only say what an import would do.
    case `import`(String, dryRun: Bool = false)
    case inspect(raw: Bool, String)
    case history
    /// What `caldav` does.
    public enum CalDAVAction: Sendable, Equatable {
        /// `caldav init URL [USER]`.
        case initialize(url: String, user: String?)
        /// `caldav`: one sync.
        case sync
        /// `caldav off`: forget the account.
        case off
    }

    /// `caldav`, `caldav init URL [USER]`, `caldav off`.
    case caldav(CalDAVAction)
    /// `sync init [URL]` (`initialize` with the remote, if any) or `sync`.
    case sync(initialize: Bool, url: String?)
    /// `merge BASE OURS THEIRS`: git's merge driver.
    case merge(base: String, ours: String, theirs: String)
    /// `cat FILE`: an archive as Markdown, for git's text conversion.
    case cat(String)
    /// `watch [--once] [--exec CMD]`: fire reminders when they come due.
    case watch(once: Bool, exec: String?)
    /// `mcp [--read-only]`: serve the lists to agents over the Model Context Protocol (SPEC §16).
    case mcp(readOnly: Bool)
    case quit

    /// The name the command is called by (`check` for a check, whichever prefix was typed).
    public var name: CommandName {
        switch self {
        case .help: .help
        case .lists: .lists
        case .new: .new
        case .use: .use
        case .rename: .rename
        case .icon: .icon
        case .drop: .drop
        case .show: .show
        case .add: .add
        case .edit, .editInPlace: .edit
        case .mark(_, .check): .check
        case .mark(_, .uncheck): .uncheck
        case .mark(_, .toggle): .toggle
        case .delete: .delete
        case .move: .move
        case .due: .due
        case .remind: .remind
        case .repeat: .repeat
        case .note: .note
        case .tag(_, _, let adding): adding ? .tag : .untag
        case .tags: .tags
        case .priority: .priority
        case .start: .start
        case .sub: .sub
        case .nest: .nest
        case .unnest: .unnest
        case .info: .info
        case .clear: .clear
        case .find: .find
        case .upcoming: .upcoming
        case .agenda: .agenda
        case .undo: .undo
        case .redo: .redo
        case .export: .export
        case .import: .import
        case .inspect: .inspect
        case .history: .history
        case .caldav: .caldav
        case .sync: .sync
        case .merge: .merge
        case .cat: .cat
        case .watch: .watch
        case .mcp: .mcp
        case .quit: .quit
        }
    }

    /// Whether the command reads or shows dates in the local time zone.
    public var involvesDates: Bool {
        switch self {
        case .due(_, .date), .start(_, .date), .show, .upcoming, .agenda, .find, .watch, .info: true
        case .add(let reading), .sub(_, let reading): reading.due != nil || reading.rule != nil
        default: false
        }
    }

    /// Parses the words the shell split (a one-shot command's arguments); `nil` for no words.
    public static func parse(_ words: [String]) throws(CommandError) -> Command? {
        try parse(words.map(CommandWord.init(argument:)))
    }

    /// Parses a line's words, marked quoted or not (`CommandWords.marked`); `nil` for no words:
    /// finds the command's declaration by its first word, which reads the arguments.
    public static func parse(_ words: [CommandWord]) throws(CommandError) -> Command? {
        guard let first = words.first else { return nil }
        let name = try CommandName.resolve(first.text)
        return try name.declaration.parse(CommandArguments(name, marked: words.dropFirst()))
    }
}

extension Command {
    /// The priority a word names: `high` (1), `medium` (5), `low` (9), `none` (`nil`), a number
    /// from 1 to 9, or Apple Reminders' marks `!!!`, `!!`, `!`: `.some(nil)` for `none`, `nil`
    /// when the word is not a priority.
    static func priorityLevel(_ word: String) -> Int?? {
        switch word.lowercased() {
        case "high", "!!!": return .some(1)
        case "medium", "!!": return .some(5)
        case "low", "!": return .some(9)
        case "none": return .some(nil)
        default:
            guard word.count == 1, let digit = Int(word), (1...9).contains(digit) else { return nil }
            return .some(digit)
        }
    }

    /// A note as typed on one line: `\n` is a line break and `\\` a backslash.
    static func unescapingLineBreaks(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "\\": result.append("\\")
                default: result += "\\" + String(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
