extension Session {
    /// `help [COMMAND]`: the commands, or one command's usage; nothing of the data file.
    static func help(_ name: String?) throws -> CommandResult {
        if let name {
            let command = try CommandName.resolve(name).declaration
            let lines = [OutputLine(command.usage, .heading), OutputLine("  " + command.summary)]
            return CommandResult(lines: lines + command.details.map { OutputLine($0, .dim) })
        }
        let commands = CommandDeclaration.listed
        let width = commands.map(\.usage.count).max() ?? 0
        var lines = commands.map { command in
            OutputLine([.init(TextWidth.padded(command.usage, to: width), .heading), .init("  " + command.summary)])
        }
        lines.append("")
        lines.append(OutputLine("LIST: a number from lists, a name or a unique prefix.", .dim))
        lines.append(OutputLine("ITEM: a position from show (3), a range (2-5) or an ID (#17).", .dim))
        lines.append(OutputLine("DATE: \(DateExpression.forms), in the local time zone (help due).", .dim))
        lines.append(OutputLine("RULE: \(RepeatPattern.forms).", .dim))
        lines.append(
            OutputLine(
                "Commands may be shortened to a unique prefix (drop, delete and clear to three letters at least);"
                    + " quote text with \" or '.", .dim))
        return CommandResult(lines: lines)
    }

    /// `find [TEXT]`: the items of every checklist whose text contains TEXT (any, when empty) and
    /// that pass `filter`, at their positions as `show` prints them.
    func find(_ text: String, filter: ItemFilter = ItemFilter()) -> [OutputLine] {
        let book = self.book
        let now = clock()
        var outlines = OutlineCache()
        let lines = found(text, filter: filter, in: book).map { location in
            let list = book.checklists[location.list]
            let prefix = (location.list == book.currentIndex ? "* " : "  ") + list.name + ": "
            return itemLine(
                list.items[location.item],
                position: outlines.outline(of: location.list, in: book).position(ofIndex: location.item), width: 1,
                now: now, prefix: prefix)
        }
        guard lines.isEmpty else { return lines }
        return [OutputLine(text.isEmpty ? "no items pass the filter" : "no items contain \"\(text)\"", .dim)]
    }

    /// Where `find` finds items: those whose text contains `text` and that pass `filter`, each
    /// checklist's in outline order.
    func found(_ text: String, filter: ItemFilter, in book: ChecklistBook) -> [ItemLocation] {
        let key = SearchFolding.key(text)
        let now = clock()
        var locations: [ItemLocation] = []
        for (index, list) in book.checklists.enumerated() {
            for item in ChecklistOutline(list.items).order
            where (key.isEmpty || SearchFolding.key(list.items[item].text).contains(key))
                && filter.matches(list.items[item], now: now)
            {
                locations.append((index, item))
            }
        }
        return locations
    }

    /// `upcoming`: open items with a due date that pass `filter`, soonest first.
    func upcoming(filter: ItemFilter = ItemFilter()) -> [OutputLine] {
        let book = self.book
        let now = clock()
        let locations = upcomingItems(filter: filter, in: book)
        guard !locations.isEmpty else {
            if !filter.isEmpty { return [OutputLine("no items pass the filter", .dim)] }
            return [OutputLine("no items have a due date; set one with due ITEM DATE", .dim)]
        }
        var outlines = OutlineCache()
        return locations.map { location in
            let list = book.checklists[location.list]
            return itemLine(
                list.items[location.item],
                position: outlines.outline(of: location.list, in: book).position(ofIndex: location.item), width: 1,
                now: now, prefix: list.name + ": ")
        }
    }

    /// The items `upcoming` lists: open, with a due date, passing `filter`, soonest first.
    func upcomingItems(filter: ItemFilter, in book: ChecklistBook) -> [ItemLocation] {
        let now = clock()
        var entries: [(due: Double, list: Int, position: Int)] = []
        for (index, list) in book.checklists.enumerated() {
            for (position, item) in list.items.enumerated() {
                // SPEC §12: done is done; a series' completed occurrences would pile up here.
                if let due = item.due, !item.checked, filter.matches(item, now: now) {
                    entries.append((due.start, index, position))
                }
            }
        }
        entries.sort { ($0.due, $0.list, $0.position) < ($1.due, $1.list, $1.position) }
        return entries.map { ($0.list, $0.position) }
    }

    /// Reverts the most recent change in the journal. The journal is read under the store's lock,
    /// like the change it makes: read before, a change another process made while this one waited
    /// for the lock would be missing from it, and the undo refused as if the journal did not hold it.
    func undo() throws -> CommandResult {
        try changeResult("undo", recorded: journal.recordUndo) { book in
            let next = journal.next()
            guard let entry = next.undo else { throw CommandError.refused(nothingTo("undo", next.warning)) }
            guard let exchange = entry.exchange(undoing: true, in: book.checklists),
                Self.replace(
                    exchange.old, with: exchange.new, in: &book, reselecting: entry.currentBefore,
                    leaving: entry.currentAfter)
            else {
                throw CommandError.refused(
                    "cannot undo \(entry.summary): the checklists it would restore were changed since"
                        + " (by a sync, another machine or the iOS app); show what is there now")
            }
            return [OutputLine("undid \(entry.summary)", .success)]
        }
    }

    /// Re-applies the most recently undone change, reading the journal under the lock as `undo` does.
    func redo() throws -> CommandResult {
        try changeResult("redo", recorded: journal.recordRedo) { book in
            let next = journal.next()
            guard let entry = next.redo else { throw CommandError.refused(nothingTo("redo", next.warning)) }
            guard let exchange = entry.exchange(undoing: false, in: book.checklists),
                Self.replace(
                    exchange.old, with: exchange.new, in: &book, reselecting: entry.currentAfter,
                    leaving: entry.currentBefore)
            else {
                throw CommandError.refused(
                    "cannot redo \(entry.summary): the checklists it would change were changed since")
            }
            return [OutputLine("redid \(entry.summary)", .success)]
        }
    }

    /// `nothing to undo`, with the journal's warning when it was damaged.
    private func nothingTo(_ action: String, _ warning: String?) -> String {
        "nothing to \(action)" + (warning.map { " (\($0))" } ?? "")
    }

    /// Replaces the checklists `old` in `book` with `new`, when `old` are there exactly as recorded
    /// and no other checklist has a name of `new`; whether it did.
    ///
    /// `reselecting` becomes current when the current checklist goes, and also when the current
    /// checklist is still `leaving`, the one the step being reverted or re-applied left current:
    /// redoing `new` makes the new checklist current again, as the change itself did.
    static func replace(
        _ old: [Checklist], with new: [Checklist], in book: inout ChecklistBook, reselecting: String?,
        leaving: String?
    ) -> Bool {
        var byName: [String: Checklist] = [:]
        for list in book.checklists { byName[list.name] = list }
        for list in old where byName[list.name] != list { return false }
        let going = Set(old.map(\.name))
        let kept = book.checklists.filter { !going.contains($0.name) }
        let keptNames = Set(kept.map { $0.name.lowercased() })
        guard new.allSatisfy({ !keptNames.contains($0.name.lowercased()) }) else { return false }
        let stillAsLeft = book.current?.name == leaving
        book.replaceChecklists(with: kept + new, fallbackCurrent: reselecting)
        if stillAsLeft, reselecting != leaving, let reselecting,
            let index = book.checklists.firstIndex(where: { $0.name == reselecting })
        {
            book.select(index)
        }
        return true
    }
}
