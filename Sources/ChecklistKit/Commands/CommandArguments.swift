/// The arguments of one command line being parsed, with the checks every command's parser uses
/// and the parsers of the few commands whose grammar is more than a line.
struct CommandArguments {
    /// The command they belong to.
    let name: CommandName
    /// The words after the command's name.
    let words: [String]
    /// The same words, marked quoted or not (for quick add and filters).
    let marked: ArraySlice<CommandWord>

    /// The arguments of `name` in a line's words after the command's.
    init(_ name: CommandName, marked: ArraySlice<CommandWord>) {
        self.name = name
        self.marked = marked
        words = marked.map(\.text)
    }

    /// The words with a space between each two.
    var text: String { words.spaced }

    /// A usage error of the command, saying `problem`.
    func fail(_ problem: String) -> CommandError {
        .usage(command: name.rawValue, usage: name.usage, problem: problem)
    }

    /// Checks that there are as many words as `range` allows.
    func expect(_ range: ClosedRange<Int>) throws(CommandError) {
        guard range.contains(words.count) else {
            throw fail(words.count < range.lowerBound ? "missing argument" : "too many arguments")
        }
    }

    /// `command`, which takes no arguments.
    func alone(_ command: Command) throws(CommandError) -> Command {
        try expect(0...0)
        return command
    }

    /// The item `word` names.
    func item(_ word: String) throws(CommandError) -> ItemReference {
        guard let reference = ItemReference(word) else {
            throw fail("\"\(word)\" is not an item (a position like 3, a range like 2-5, or an ID like #17)")
        }
        return reference
    }

    /// The items `words` name, at least one.
    func items(_ words: ArraySlice<String>) throws(CommandError) -> [ItemReference] {
        guard !words.isEmpty else { throw fail("missing ITEM") }
        var result: [ItemReference] = []
        for word in words { result.append(try item(word)) }
        return result
    }

    /// All the items the words name (`check ITEM...`).
    func items() throws(CommandError) -> [ItemReference] { try items(words[...]) }

    /// The one item the only word names.
    func onlyItem() throws(CommandError) -> ItemReference {
        try expect(1...1)
        return try item(words[0])
    }

    /// The whole text, which must hold more than spaces; else the error names `what` is missing.
    func nonEmpty(_ what: String) throws(CommandError) -> String {
        let text = text
        guard !text.trimmingSpaces.isEmpty else { throw fail("missing \(what)") }
        return text
    }

    /// The item of the first word and the rest of the words (`due ITEM DATE`), both needed.
    func itemAndRest(missing what: String) throws(CommandError) -> (ItemReference, String) {
        guard words.count >= 2 else { throw fail("missing ITEM or \(what)") }
        return (try item(words[0]), words.dropFirst().spaced)
    }

    /// `due ITEM DATE|none` and `start ITEM DATE|none`: the item and the date expression.
    func itemAndDate() throws(CommandError) -> (ItemReference, Command.DueArgument) {
        let (reference, date) = try itemAndRest(missing: "DATE")
        return (reference, date.lowercased() == "none" ? .none : .date(date))
    }

    /// `edit ITEM [TEXT]`.
    func edit() throws(CommandError) -> Command {
        guard let first = words.first else { throw fail("missing ITEM") }
        guard words.count >= 2 else { return .editInPlace(try item(first)) }
        return .edit(try item(first), words.dropFirst().spaced)
    }

    /// `move ITEM POSITION|to LIST [POSITION]`.
    func move() throws(CommandError) -> Command {
        if words.count >= 2, words[1].lowercased() == "to" {
            // A last word that is a number is the POSITION, unless it is all LIST says (a
            // checklist's number from lists); a name ending in a number goes in quotes.
            var list = words.dropFirst(2)
            guard !list.isEmpty else { throw fail("missing LIST") }
            var position: Int?
            if list.count >= 2, let last = list.last, let number = Int(last) {
                guard number >= 1 else { throw fail("\"\(last)\" is not a position (1 or more)") }
                position = number
                list = list.dropLast()
            }
            return .move(try item(words[0]), .list(list.spaced, position: position))
        }
        try expect(2...2)
        guard let position = Int(words[1]), position >= 1 else {
            throw fail("\"\(words[1])\" is not a position (1 or more), or to LIST")
        }
        return .move(try item(words[0]), .position(position))
    }

    /// `remind ITEM on|off`.
    func remind() throws(CommandError) -> Command {
        try expect(2...2)
        switch words[1].lowercased() {
        case "on": return .remind(try item(words[0]), true)
        case "off": return .remind(try item(words[0]), false)
        default: throw fail("say on or off, not \"\(words[1])\"")
        }
    }

    /// `repeat ITEM RULE|none`.
    func repeatRule() throws(CommandError) -> Command {
        let (reference, words) = try itemAndRest(missing: "RULE")
        if words.lowercased() == "none" { return .repeat(reference, nil) }
        guard let phrase = RepeatPhrase(words) else {
            if let nearest = RepeatPhrase.nearest(to: words) {
                throw fail("\"\(words)\" is not a repeat rule; did you mean \"\(nearest)\"?")
            }
            throw fail("\"\(words)\" is not a repeat rule; RULE is \(RepeatPattern.forms), or none")
        }
        return .repeat(reference, phrase.rule, at: phrase.time)
    }

    /// `note ITEM [TEXT|none]`.
    func note() throws(CommandError) -> Command {
        guard let first = words.first else { throw fail("missing ITEM") }
        let reference = try item(first)
        guard words.count >= 2 else { return .note(reference, .show) }
        let note = words.dropFirst().spaced
        if note.lowercased() == "none" { return .note(reference, .none) }
        return .note(reference, .text(Command.unescapingLineBreaks(note)))
    }

    /// `tag ITEM... +WORD...` and `untag ITEM... +WORD...`.
    func tag() throws(CommandError) -> Command {
        guard let firstTag = words.firstIndex(where: { $0.hasPrefix("+") }) else {
            throw fail(words.isEmpty ? "missing ITEM" : "missing +WORD (a tag is written +word)")
        }
        for word in words[..<firstTag] where ItemReference(word) == nil {
            throw fail("\"\(word)\" is neither an ITEM nor a tag; write tags as +word")
        }
        let references = try items(words[..<firstTag])
        var tags: [String] = []
        // Each tag once (ignoring case and accents), found by its key.
        var keys = Set<String>()
        for word in words[firstTag...] {
            guard word.hasPrefix("+") else { throw fail("\"\(word)\" is not a tag; write tags as +word") }
            let tag = String(word.dropFirst())
            if let problem = tag.tagProblem { throw fail(problem) }
            if keys.insert(tag.tagKey).inserted { tags.append(tag) }
        }
        return .tag(references, tags, adding: name == .tag)
    }

    /// `priority ITEM high|medium|low|none|1-9`.
    func priority() throws(CommandError) -> Command {
        try expect(2...2)
        guard let level = Command.priorityLevel(words[1]) else {
            throw fail("\"\(words[1])\" is not a priority; say high, medium, low, none, or 1 (highest) to 9")
        }
        return .priority(try item(words[0]), level)
    }

    /// `sub PARENT TEXT`.
    func sub() throws(CommandError) -> Command {
        guard let first = words.first else { throw fail("missing PARENT") }
        guard !words.dropFirst().spaced.trimmingSpaces.isEmpty else { throw fail("missing TEXT") }
        return .sub(try item(first), QuickAdd.read(Array(marked.dropFirst())))
    }

    /// `show [LIST] [FILTER...]`.
    func show() -> Command {
        let (filter, list) = ItemFilter.split(marked)
        return .show(list.isEmpty ? nil : list.spaced, filter)
    }

    /// `find [TEXT] [FILTER...]`.
    func find() throws(CommandError) -> Command {
        let (filter, words) = ItemFilter.split(marked)
        guard !words.isEmpty || !filter.isEmpty else { throw fail("missing TEXT or a filter word") }
        return .find(words.spaced, filter)
    }

    /// `upcoming [FILTER...]`.
    func upcoming() throws(CommandError) -> Command {
        let (filter, rest) = ItemFilter.split(marked)
        if let word = rest.first { throw fail("\"\(word)\" is not a filter word (\(ItemFilter.wordList))") }
        return .upcoming(filter)
    }

    /// `agenda [DAYS] [FILTER...]`: DAYS, a whole number of days, comes first.
    func agenda() throws(CommandError) -> Command {
        let (filter, rest) = ItemFilter.split(marked)
        guard let first = rest.first else { return .agenda(days: Agenda.defaultDays, filter) }
        guard let days = Int(first), Agenda.dayLimit.contains(days) else {
            throw fail(
                "\"\(first)\" is neither a number of days (\(Agenda.dayLimit.lowerBound)-\(Agenda.dayLimit.upperBound))"
                    + " nor a filter word (\(ItemFilter.wordList))")
        }
        if let word = rest.dropFirst().first {
            throw fail("\"\(word)\" is not a filter word (\(ItemFilter.wordList))")
        }
        return .agenda(days: days, filter)
    }

    /// `export json|markdown|ics [FILE]`.
    func export() throws(CommandError) -> Command {
        try expect(1...2)
        guard let format = Command.ExportFormat(rawValue: words[0].lowercased()) else {
            throw fail("unknown format \"\(words[0])\" (json, markdown or ics)")
        }
        return .export(format, words.count == 2 ? words[1] : nil)
    }

    /// `sync [init [URL]]`.
    func sync() throws(CommandError) -> Command {
        guard let first = words.first else { return .sync(initialize: false, url: nil) }
        guard first.lowercased() == "init" else { throw fail("say sync, or sync init [URL]") }
        guard words.count <= 2 else { throw fail("too many arguments") }
        return .sync(initialize: true, url: words.count == 2 ? words[1] : nil)
    }

    /// `caldav [init URL [USER] | off]`.
    func caldav() throws(CommandError) -> Command {
        guard let first = words.first?.lowercased() else { return .caldav(.sync) }
        if first == "off", words.count == 1 { return .caldav(.off) }
        guard first == "init", (2...3).contains(words.count) else {
            throw fail("say caldav, caldav init URL [USER], or caldav off")
        }
        return .caldav(.initialize(url: words[1], user: words.count == 3 ? words[2] : nil))
    }

    /// `watch [--once] [--exec CMD]`.
    func watch() throws(CommandError) -> Command {
        var once = false
        var exec: String?
        var rest = words[...]
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
    }

    /// `import [--dry-run] FILE`.
    func importFile() throws(CommandError) -> Command {
        let dryRun = words.first == "--dry-run"
        let rest = dryRun ? Array(words.dropFirst()) : words
        guard rest.count == 1 else { throw fail(rest.isEmpty ? "missing FILE" : "too many arguments") }
        return .import(rest[0], dryRun: dryRun)
    }

    /// `inspect [--raw] FILE`.
    func inspect() throws(CommandError) -> Command {
        let raw = words.first == "--raw"
        let rest = raw ? Array(words.dropFirst()) : words
        guard rest.count == 1 else { throw fail(rest.isEmpty ? "missing FILE" : "too many arguments") }
        return .inspect(raw: raw, rest[0])
    }
}
