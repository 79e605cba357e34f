import KeyedArchive

/// Runs command lines against a store: parses, resolves references, applies and saves changes,
/// and keeps this session's current checklist and undo history.
///
/// Each change is one locked read-modify-write of the store; references (positions, names) are
/// resolved inside it, against the freshest data. Nothing here prints: results are values.
public final class Session {
    /// The store changes are saved to.
    public let store: ChecklistStore
    /// The current time as seconds since 2001-01-01 UTC.
    let clock: @Sendable () -> Double
    /// The program this session runs in, which runs what is not ChecklistKit's to do: the
    /// history, git sync, CalDAV sync and `watch` (`nil`: none of them is available).
    public var host: (any SessionHost)?
    /// The name of this session's current checklist, kept across reloads from disk.
    var currentName: String?
    /// Whether the current checklist is the file's, as it is when a change takes the lock (a
    /// one-shot command, SPEC §5), rather than this session's own, kept across other processes'
    /// changes (the REPL, batch lines).
    public var currentFromFile = false
    /// What the command being run reads of the file: a change reads it again when the file
    /// changed before the lock.
    private var runningReach: CommandReach?
    /// The reminders this session has shown (the REPL shows each once).
    var shownReminders = FiredReminders()
    /// The changes made to the data file, by this process and others, for undo and redo.
    let journal: UndoJournal
    /// Whether this session has said that `TZ` names no known zone (it says so once).
    var toldZoneProblem = false
    /// Whether `edit ITEM` without TEXT may ask for the text to be changed on the line: only where
    /// a line editor answers `CommandResult.editRequest` (the REPL).
    public var editsInPlace = false
    /// Whether results carry the JSON document `--json` prints (`CommandResult.document`, SPEC
    /// §14); the commands that read build it instead of their lines.
    public var reportsJSON = false
    /// The `#ID`s of the items the running command reported, for its JSON document (kept only
    /// with `reportsJSON`).
    var reportedItemIDs: [Int] = []
    /// The checklists the running command's changes took away and put in their place, for its
    /// JSON document; `nil` unless it went through `change` with `reportsJSON`.
    var changedChecklists: (removed: [Checklist], added: [Checklist])?
    /// Whether `note ITEM` alone asks for the note to be edited in an editor
    /// (`CommandResult.noteRequest`), as it does on a terminal; elsewhere it prints the note.
    public var editsNotes = false
    /// Told how far long work inside a command has come (`import`), for the executable to show;
    /// `nil` when it is over.
    public var onProgress: (ProgressReport?) -> Void = { _ in }
    /// The width views such as `agenda` fit their lines to: the terminal's, or 80.
    public var columns = 80

    /// Starts a session on `store`; the current checklist is the one the file names. Changes are
    /// recorded in `journal` (by default in memory, for this session only).
    public init(
        store: ChecklistStore, clock: @escaping @Sendable () -> Double = WallClock.now,
        journal: UndoJournal = UndoJournal(path: nil)
    ) {
        self.store = store
        self.clock = clock
        self.journal = journal
        currentName = store.book.current?.name
    }

    /// The book as this session sees it: the store's, with this session's current checklist.
    public var book: ChecklistBook {
        var book = store.book
        applyCurrent(to: &book)
        return book
    }

    func applyCurrent(to book: inout ChecklistBook) {
        guard !currentFromFile, let currentName else { return }
        if let index = book.checklists.firstIndex(where: { $0.name == currentName }) {
            book.select(index)
        } else {
            self.currentName = book.current?.name
        }
    }

    /// Runs one line; an empty or blank line does nothing.
    public func run(_ line: String) -> CommandResult {
        // Marked words: quick add leaves what was quoted as text.
        run(parsed: Result { try Command.parse(CommandWords.marked(line)) })
    }

    /// Runs a command already split into words (as the shell splits one-shot arguments).
    public func run(words: [String]) -> CommandResult {
        run(parsed: Result { try Command.parse(words) })
    }

    /// Runs what parsing a command gave: its command (`nil`, an empty line, does nothing) or why
    /// it could not be parsed. Every failure becomes the result's error and exit status.
    public func run(parsed: Result<Command?, any Error>) -> CommandResult {
        do {
            guard let command = try parsed.get() else { return CommandResult() }
            return try run(command)
        } catch let error as StoreError {
            let reported = error.withWayOut(
                host.flatMap { host in Self.damagedPath(error).flatMap(host.wayOutOfDamage) })
            return CommandResult(error: reported.description, exitStatus: error.exitStatus)
        } catch let error as InspectionError {
            return CommandResult(error: error.description, exitStatus: .dataError)
        } catch {
            return CommandResult(error: "\(error)")
        }
    }

    /// The path of the damaged file `error` reports, `nil` for any other error.
    static func damagedPath(_ error: StoreError) -> String? {
        guard case .undecodable(let path, _, _) = error else { return nil }
        return path
    }

    /// What the REPL says when another process changed the data file and it was loaded again
    /// before a command (SPEC §5: "the REPL says so").
    var reloadNotice: String { "\(store.path) was changed by another process; reloaded it first" }

    /// Runs a parsed command.
    public func run(_ command: Command) throws -> CommandResult {
        var notices: [String] = []
        if try store.reloadIfChanged() {
            notices.append(reloadNotice)
        }
        let reach = command.reach
        try readMissingItems(for: reach)
        runningReach = reach
        reportedItemIDs = []
        changedChecklists = nil
        defer { runningReach = nil }
        var result: CommandResult
        if reportsJSON {
            result = try readingReport(command) ?? dispatch(command)
            // A command that failed prints its error alone (SPEC §14), whatever it had done.
            if result.document == nil, result.error == nil { result.document = report(of: command.name, result) }
        } else {
            result = try dispatch(command)
        }
        if command.involvesDates, !toldZoneProblem, let problem = LocalTime.zoneProblem() {
            notices.append(problem)
            toldZoneProblem = true
        }
        result.notices = notices + result.notices
        if let warning = journal.takeWarning() { result.warnings.append(warning) }
        return result
    }

    // swift-format-ignore: CyclomaticComplexity
    private func dispatch(_ command: Command) throws -> CommandResult {
        switch command {
        case .help(let name): return try Self.help(name)
        case .lists: return CommandResult(lines: listLines(book))
        case .new(let name): return try newList(name)
        case .use(let reference): return try use(reference)
        case .rename(let name): return try rename(name)
        case .icon(let name): return try icon(name)
        case .drop(let reference): return try drop(reference)
        case .show(let reference, let filter): return try show(reference, filter: filter)
        case .add(let reading): return try add(reading)
        case .edit(let item, let text): return try edit(item, text)
        case .editInPlace(let item): return try editInPlace(item)
        case .mark(let items, let action): return try mark(items, action)
        case .delete(let items): return try delete(items)
        case .move(let item, .position(let position)): return try move(item, to: position)
        case .move(let item, .list(let list, let position)): return try move(item, toList: list, at: position)
        case .due(let item, let argument): return try due(item, argument)
        case .remind(let item, let on): return try remind(item, on)
        case .repeat(let item, let rule, let time): return try setRepeat(item, rule, at: time)
        case .note(let item, let argument): return try note(item, argument)
        case .tag(let items, let tags, let adding): return try tag(items, tags, adding: adding)
        case .tags: return tagCounts()
        case .priority(let item, let priority): return try setPriority(item, priority)
        case .start(let item, let argument): return try setStart(item, argument)
        case .sub(let parent, let reading): return try sub(parent, reading)
        case .nest(let item, let parent): return try nest(item, under: parent)
        case .unnest(let item): return try unnest(item)
        case .info(let item): return try info(item)
        case .clear: return try clearChecked()
        case .find(let text, let filter): return CommandResult(lines: find(text, filter: filter))
        case .upcoming(let filter): return CommandResult(lines: upcoming(filter: filter))
        case .agenda(let days, let filter): return CommandResult(lines: agenda(days: days, filter: filter))
        case .undo: return try undo()
        case .redo: return try redo()
        case .export(let format, let file): return try export(format, to: file)
        case .import(let file, let dryRun): return try importFile(file, dryRun: dryRun)
        case .inspect(let raw, let file): return try Self.inspect(file, raw: raw)
        case .caldav(let action):
            guard let host else { throw CommandError.refused("caldav is not available here") }
            return try host.caldav(action)
        case .sync(let initialize, let url):
            guard let host else { throw CommandError.refused("sync is not available here") }
            return try host.sync(initialize: initialize, url: url)
        case .watch(let once, let exec):
            guard let host, host.runsWatch else {
                throw CommandError.refused(
                    "watch runs on its own: start checklists watch in a terminal or as a service")
            }
            return try host.watch(once: once, exec: exec)
        case .mcp:
            throw CommandError.refused("mcp runs on its own: an agent host starts checklists mcp")
        case .merge, .cat:
            return Self.runStandalone(command, now: clock()) ?? CommandResult()
        case .history:
            let entries = host?.history() ?? []
            let width = String(entries.count).count
            return CommandResult(
                lines: entries.enumerated().map { OutputLine(pad(String($0.offset + 1), width) + "  " + $0.element) })
        case .quit:
            var result = CommandResult()
            result.quit = true
            return result
        }
    }

    /// Applies a change to the freshest book under the lock, saves it, and records it for undo.
    ///
    /// `change` sees the book with this session's current checklist selected; its errors
    /// refuse the change. The journal gets the change while the lock is still held, so it lists
    /// changes in the order they were made; `recorded` replaces that record (undo and redo
    /// record themselves); `summarizing` names the change from what `change` returned, when the
    /// summary depends on the data (the items a `delete` removed). Returns what `change` returned.
    func change<Result>(
        _ summary: String,
        undoable: Bool = true,
        recorded: (() -> Void)? = nil,
        summarizing: ((Result) -> String)? = nil,
        _ change: (inout ChecklistBook) throws -> Result
    ) throws -> (result: Result, notices: [String]) {
        // A change, even one that leaves the file as it was, reports as one (JSON's `items`).
        if reportsJSON, changedChecklists == nil { changedChecklists = ([], []) }
        var removed: [Checklist] = []
        var added: [Checklist] = []
        var currentBefore: String?
        var currentAfter: String?
        var summaryText = summary
        let applied = try store.modify(
            reloaded: { [runningReach] in
                // Resolved against the file as it is under the lock: what the command reads of it
                // is read again from the file another process changed.
                if let runningReach { try self.readMissingItems(for: runningReach) }
            },
            { book in
                applyCurrent(to: &book)
                let before = book.checklists
                currentBefore = book.current?.name
                let result = try change(&book)
                if let summarizing { summaryText = summarizing(result) }
                currentAfter = book.current?.name
                (removed, added) = Self.difference(before, book.checklists)
                try Self.refuseArchiveNull(removing: removed, adding: added)
                return result
            },
            afterSave: {
                self.changedChecklists?.removed += removed
                self.changedChecklists?.added += added
                if let recorded {
                    recorded()
                } else if undoable, !removed.isEmpty || !added.isEmpty {
                    self.journal.recordChange(
                        UndoJournal.Entry(
                            summary: summaryText, removed: removed, added: added, currentBefore: currentBefore,
                            currentAfter: currentAfter))
                }
            })
        currentName = store.book.current?.name
        let notices = applied.reloaded ? [reloadNotice] : []
        return (applied.result, notices)
    }

    /// Refuses a change that would store `KeyedArchiver.nullString` ("$null") as a checklist's name or an item's text
    /// where it was not before (`removed` became `added`): Foundation would read it as nothing and
    /// drop the item or the whole checklist. One already in the file (from an earlier version)
    /// does not block other changes.
    static func refuseArchiveNull(removing removed: [Checklist], adding added: [Checklist]) throws(CommandError) {
        let archiveNull = KeyedArchiver.nullString
        func count(_ lists: [Checklist]) -> Int {
            lists.reduce(0) { sum, list in
                // Texts compared in place: a closure over the items copied each one.
                var found = list.name == archiveNull ? 1 : 0
                for index in list.items.indices where list.items[index].text == archiveNull { found += 1 }
                return sum + found
            }
        }
        let adding = count(added)
        guard adding > 0, adding > count(removed) else { return }
        throw .refused(
            "\"\(archiveNull)\" cannot be a text or a checklist name: the iOS app would read it as nothing and drop it")
    }

    /// The checklists of `before` that `after` does not hold unchanged, and those of `after` that
    /// are new or changed, matched by name.
    static func difference(_ before: [Checklist], _ after: [Checklist]) -> (removed: [Checklist], added: [Checklist]) {
        var earlier: [String: Checklist] = [:]
        for list in before { earlier[list.name] = list }
        var unchanged = Set<String>()
        var added: [Checklist] = []
        for list in after {
            if earlier[list.name] == list { unchanged.insert(list.name) } else { added.append(list) }
        }
        return (before.filter { !unchanged.contains($0.name) }, added)
    }

    /// Runs `change` and wraps its lines in a result with the change's notices.
    func changeResult(
        _ summary: String,
        undoable: Bool = true,
        recorded: (() -> Void)? = nil,
        _ change: (inout ChecklistBook) throws -> [OutputLine]
    ) throws -> CommandResult {
        let (lines, notices) = try self.change(summary, undoable: undoable, recorded: recorded, change)
        var result = CommandResult(lines: lines)
        result.notices = notices
        return result
    }

    func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
