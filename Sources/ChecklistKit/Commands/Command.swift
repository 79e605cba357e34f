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
    /// `repeat ITEM RULE` (the rule) or `repeat ITEM none` (`nil`).
    case `repeat`(ItemReference, RepeatRule?)
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
    case undo
    case redo
    case export(ExportFormat, String?)
    case `import`(String)
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
        case .quit: .quit
        }
    }

    /// Whether the command reads or shows dates in the local time zone.
    public var involvesDates: Bool {
        switch self {
        case .due(_, .date), .start(_, .date), .show, .upcoming, .find, .watch, .info: true
        case .add(let reading), .sub(_, let reading): reading.due != nil || reading.rule != nil
        default: false
        }
    }

    /// Parses the words the shell split (a one-shot command's arguments); `nil` for no words.
    public static func parse(_ words: [String]) throws(CommandError) -> Command? {
        try parse(words.map(CommandWord.init(argument:)))
    }

    /// Parses a line's words, marked quoted or not (`CommandWords.marked`); `nil` for no words.
    public static func parse(_ words: [CommandWord]) throws(CommandError) -> Command? {
        guard let first = words.first else { return nil }
        let name = try CommandName.resolve(first.text)
        let arguments = words.dropFirst()
        return try parse(name, arguments.map(\.text), marked: arguments)
    }

    /// `words` with a space between each two. Not `joined(separator:)`: the standard library's
    /// generic one looks its types up by name at its first call, 170,000 instructions of every
    /// one-shot command (callgrind).
    private static func spaced(_ words: ArraySlice<String>) -> String {
        var text = ""
        for index in words.indices {
            if index > words.startIndex { text += " " }
            text += words[index]
        }
        return text
    }

    // swift-format-ignore: CyclomaticComplexity
    private static func parse(
        _ name: CommandName, _ arguments: [String], marked: ArraySlice<CommandWord>
    ) throws(CommandError) -> Command {
        let text = spaced(arguments[...])
        func fail(_ problem: String) -> CommandError {
            .usage(command: name.rawValue, usage: name.usage, problem: problem)
        }
        func expect(_ range: ClosedRange<Int>) throws(CommandError) {
            guard range.contains(arguments.count) else {
                throw fail(arguments.count < range.lowerBound ? "missing argument" : "too many arguments")
            }
        }
        func item(_ word: String) throws(CommandError) -> ItemReference {
            guard let reference = ItemReference(word) else {
                throw fail("\"\(word)\" is not an item (a position like 3, a range like 2-5, or an ID like #17)")
            }
            return reference
        }
        func items(_ words: ArraySlice<String>) throws(CommandError) -> [ItemReference] {
            guard !words.isEmpty else { throw fail("missing ITEM") }
            var result: [ItemReference] = []
            for word in words { result.append(try item(word)) }
            return result
        }
        func nonEmpty(_ what: String) throws(CommandError) -> String {
            guard !text.trimmingSpaces.isEmpty else { throw fail("missing \(what)") }
            return text
        }
        switch name {
        case .help:
            try expect(0...1)
            return .help(arguments.first)
        case .lists, .clear, .undo, .redo, .history, .quit, .exit, .tags:
            try expect(0...0)
            switch name {
            case .lists: return .lists
            case .tags: return .tags
            case .clear: return .clear
            case .undo: return .undo
            case .redo: return .redo
            case .history: return .history
            default: return .quit
            }
        case .new: return .new(try nonEmpty("NAME"))
        case .use: return .use(try nonEmpty("LIST"))
        case .rename: return .rename(try nonEmpty("NAME"))
        case .icon: return .icon(arguments.isEmpty ? nil : text)
        case .drop: return .drop(try nonEmpty("LIST"))
        case .show:
            let (filter, list) = ItemFilter.split(marked)
            return .show(list.isEmpty ? nil : spaced(list[...]), filter)
        case .upcoming:
            let (filter, rest) = ItemFilter.split(marked)
            if let word = rest.first { throw fail("\"\(word)\" is not a filter word (\(ItemFilter.wordList))") }
            return .upcoming(filter)
        case .add:
            _ = try nonEmpty("TEXT")
            return .add(QuickAdd.read(Array(marked)))
        case .edit:
            guard let first = arguments.first else { throw fail("missing ITEM") }
            guard arguments.count >= 2 else { return .editInPlace(try item(first)) }
            return .edit(try item(first), spaced(arguments.dropFirst()))
        case .check: return .mark(try items(arguments[...]), .check)
        case .uncheck: return .mark(try items(arguments[...]), .uncheck)
        case .toggle: return .mark(try items(arguments[...]), .toggle)
        case .delete: return .delete(try items(arguments[...]))
        case .move:
            if arguments.count >= 2, arguments[1].lowercased() == "to" {
                // A last word that is a number is the POSITION, unless it is all LIST says (a
                // checklist's number from lists); a name ending in a number goes in quotes.
                var list = arguments.dropFirst(2)
                guard !list.isEmpty else { throw fail("missing LIST") }
                var position: Int?
                if list.count >= 2, let last = list.last, let number = Int(last) {
                    guard number >= 1 else { throw fail("\"\(last)\" is not a position (1 or more)") }
                    position = number
                    list = list.dropLast()
                }
                return .move(try item(arguments[0]), .list(spaced(list), position: position))
            }
            try expect(2...2)
            guard let position = Int(arguments[1]), position >= 1 else {
                throw fail("\"\(arguments[1])\" is not a position (1 or more), or to LIST")
            }
            return .move(try item(arguments[0]), .position(position))
        case .due:
            guard arguments.count >= 2 else { throw fail("missing ITEM or DATE") }
            let date = spaced(arguments.dropFirst())
            return .due(try item(arguments[0]), date.lowercased() == "none" ? .none : .date(date))
        case .remind:
            try expect(2...2)
            switch arguments[1].lowercased() {
            case "on": return .remind(try item(arguments[0]), true)
            case "off": return .remind(try item(arguments[0]), false)
            default: throw fail("say on or off, not \"\(arguments[1])\"")
            }
        case .repeat:
            guard arguments.count >= 2 else { throw fail("missing ITEM or RULE") }
            let reference = try item(arguments[0])
            let words = spaced(arguments.dropFirst())
            if words.lowercased() == "none" { return .repeat(reference, nil) }
            guard let rule = RepeatRule(words: words) else {
                throw fail("\"\(words)\" is not a repeat rule; RULE is \(RepeatPattern.forms), or none")
            }
            return .repeat(reference, rule)
        case .note:
            guard let first = arguments.first else { throw fail("missing ITEM") }
            let reference = try item(first)
            guard arguments.count >= 2 else { return .note(reference, .show) }
            let note = spaced(arguments.dropFirst())
            if note.lowercased() == "none" { return .note(reference, .none) }
            return .note(reference, .text(Self.unescapingLineBreaks(note)))
        case .tag, .untag:
            guard let firstTag = arguments.firstIndex(where: { $0.hasPrefix("+") }) else {
                throw fail(arguments.isEmpty ? "missing ITEM" : "missing +WORD (a tag is written +word)")
            }
            for word in arguments[..<firstTag] where ItemReference(word) == nil {
                throw fail("\"\(word)\" is neither an ITEM nor a tag; write tags as +word")
            }
            let references = try items(arguments[..<firstTag])
            var tags: [String] = []
            // Each tag once (ignoring case and accents), found by its key.
            var keys = Set<String>()
            for word in arguments[firstTag...] {
                guard word.hasPrefix("+") else { throw fail("\"\(word)\" is not a tag; write tags as +word") }
                let tag = String(word.dropFirst())
                if let problem = tag.tagProblem { throw fail(problem) }
                if keys.insert(tag.tagKey).inserted { tags.append(tag) }
            }
            return .tag(references, tags, adding: name == .tag)
        case .priority:
            try expect(2...2)
            guard let level = Self.priorityLevel(arguments[1]) else {
                throw fail("\"\(arguments[1])\" is not a priority; say high, medium, low, none, or 1 (highest) to 9")
            }
            return .priority(try item(arguments[0]), level)
        case .start:
            guard arguments.count >= 2 else { throw fail("missing ITEM or DATE") }
            let date = spaced(arguments.dropFirst())
            return .start(try item(arguments[0]), date.lowercased() == "none" ? .none : .date(date))
        case .sub:
            guard let first = arguments.first else { throw fail("missing PARENT") }
            let text = spaced(arguments.dropFirst())
            guard !text.trimmingSpaces.isEmpty else { throw fail("missing TEXT") }
            return .sub(try item(first), QuickAdd.read(Array(marked.dropFirst())))
        case .nest:
            try expect(2...2)
            return .nest(try item(arguments[0]), parent: try item(arguments[1]))
        case .unnest:
            try expect(1...1)
            return .unnest(try item(arguments[0]))
        case .info:
            try expect(1...1)
            return .info(try item(arguments[0]))
        case .find:
            let (filter, words) = ItemFilter.split(marked)
            guard !words.isEmpty || !filter.isEmpty else { throw fail("missing TEXT or a filter word") }
            return .find(spaced(words[...]), filter)
        case .export:
            try expect(1...2)
            guard let format = ExportFormat(rawValue: arguments[0].lowercased()) else {
                throw fail("unknown format \"\(arguments[0])\" (json, markdown or ics)")
            }
            return .export(format, arguments.count == 2 ? arguments[1] : nil)
        case .import:
            try expect(1...1)
            return .import(arguments[0])
        case .sync:
            guard let first = arguments.first else { return .sync(initialize: false, url: nil) }
            guard first.lowercased() == "init" else { throw fail("say sync, or sync init [URL]") }
            guard arguments.count <= 2 else { throw fail("too many arguments") }
            return .sync(initialize: true, url: arguments.count == 2 ? arguments[1] : nil)
        case .caldav:
            guard let first = arguments.first?.lowercased() else { return .caldav(.sync) }
            if first == "off", arguments.count == 1 { return .caldav(.off) }
            guard first == "init", (2...3).contains(arguments.count) else {
                throw fail("say caldav, caldav init URL [USER], or caldav off")
            }
            return .caldav(.initialize(url: arguments[1], user: arguments.count == 3 ? arguments[2] : nil))
        case .merge:
            try expect(3...3)
            return .merge(base: arguments[0], ours: arguments[1], theirs: arguments[2])
        case .cat:
            try expect(1...1)
            return .cat(arguments[0])
        case .watch:
            var once = false
            var exec: String?
            var rest = arguments[...]
            while let option = rest.popFirst() {
                switch option {
                case "--once": once = true
                case "--exec":
                    guard let command = rest.popFirst(), !command.trimmingSpaces.isEmpty else {
                        throw fail("missing CMD")
                    }
                    exec = command
                default: throw fail("unknown option \"\(option)\" (--once or --exec CMD)")
                }
            }
            return .watch(once: once, exec: exec)
        case .inspect:
            let raw = arguments.first == "--raw"
            let rest = raw ? Array(arguments.dropFirst()) : arguments
            guard rest.count == 1 else { throw fail(rest.isEmpty ? "missing FILE" : "too many arguments") }
            return .inspect(raw: raw, rest[0])
        }
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
