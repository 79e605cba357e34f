extension Session {
    /// Finds the checklist `reference` names: a number from `lists`, an exact name
    /// (ignoring case), or a unique prefix of one.
    func resolveList(_ reference: String, in book: ChecklistBook) throws(CommandError) -> Int {
        let lists = book.checklists
        if let number = Int(reference), number >= 1, number <= lists.count { return number - 1 }
        let lowered = reference.lowercased()
        if let exact = lists.firstIndex(where: { $0.name == reference }) { return exact }
        let sameIgnoringCase = lists.indices.filter { lists[$0].name.lowercased() == lowered }
        if sameIgnoringCase.count == 1, let only = sameIgnoringCase.first { return only }
        let prefixed = lists.indices.filter { lists[$0].name.lowercased().hasPrefix(lowered) }
        if prefixed.count == 1, let only = prefixed.first { return only }
        if prefixed.count > 1 { throw .ambiguousList(reference, candidates: prefixed.map { lists[$0].name }) }
        let hint =
            lists.isEmpty
            ? "there are no checklists yet; create one with new NAME"
            : "lists shows the \(lists.count) checklist\(lists.count == 1 ? "" : "s")"
        throw .noSuchList(reference, hint: hint)
    }

    /// The position of the current checklist, or an error saying how to choose one.
    func requireCurrent(_ book: ChecklistBook) throws(CommandError) -> Int {
        guard let index = book.currentIndex else { throw .noCurrentList }
        return index
    }

    func checkNewName(_ name: String, in book: ChecklistBook, except index: Int? = nil) throws(CommandError) {
        guard !name.trimmingSpaces.isEmpty else { throw .refused("a checklist name cannot be blank") }
        let lowered = name.lowercased()
        for (position, list) in book.checklists.enumerated()
        where position != index && list.name.lowercased() == lowered {
            throw .duplicateList(list.name)
        }
    }

    func newList(_ name: String) throws -> CommandResult {
        try changeResult("new \"\(name)\"") { book in
            try checkNewName(name, in: book)
            let index = book.insert(Checklist(name: name))
            book.select(index)
            return [OutputLine([.init("created "), .init(name, .current), .init(", now current")])]
        }
    }

    func use(_ reference: String) throws -> CommandResult {
        try changeResult("use", undoable: false) { book in
            let index = try resolveList(reference, in: book)
            book.select(index)
            let list = book.checklists[index]
            try requireItemsRead(list)
            return [OutputLine([.init("now using "), .init(list.name, .current), .init(" — \(list.status)", .dim)])]
        }
    }

    func rename(_ name: String) throws -> CommandResult {
        try changeResult("rename to \"\(name)\"") { book in
            let index = try requireCurrent(book)
            try checkNewName(name, in: book, except: index)
            let old = book.checklists[index].name
            book.update(at: index) { $0.name = name }
            return [OutputLine([.init("renamed \(old) to "), .init(name, .current)])]
        }
    }

    func icon(_ name: String?) throws -> CommandResult {
        guard let name else {
            let current = book.current?.iconName
            return CommandResult(
                lines: Checklist.iconNames.map { icon in
                    icon == current ? OutputLine("* " + icon, .current) : OutputLine("  " + icon)
                })
        }
        let lowered = name.lowercased()
        let matches =
            Checklist.iconNames.filter { $0.lowercased() == lowered }.first.map { [$0] }
            ?? Checklist.iconNames.filter { $0.lowercased().hasPrefix(lowered) }
        guard matches.count == 1, let icon = matches.first else {
            throw CommandError.refused(
                "no icon \"\(name)\"; the icons are " + Checklist.iconNames.joined(separator: ", "))
        }
        return try changeResult("icon \(icon)") { book in
            let index = try requireCurrent(book)
            book.update(at: index) { $0.iconName = icon }
            return [OutputLine("icon of \(book.checklists[index].name) set to \(icon)")]
        }
    }

    /// `drop LIST`; the undo journal names the checklist by its name, not by what was typed.
    func drop(_ reference: String) throws -> CommandResult {
        let (dropped, notices) = try change("drop", summarizing: \.summary) { book in
            let index = try resolveList(reference, in: book)
            let list = book.checklists[index]
            try requireItemsRead(list)
            book.remove(at: index)
            let count = list.items.count
            let line = OutputLine(
                "dropped \(list.name) and its \(count) item\(count == 1 ? "" : "s"); \(Self.undoBringsBack(1))")
            return (line: line, summary: "drop \"\(list.name)\"")
        }
        var result = CommandResult(lines: [dropped.line])
        result.notices = notices
        return result
    }

    /// What the result line of a command that deletes adds: the way back, for `count` things.
    static func undoBringsBack(_ count: Int) -> String {
        "undo brings \(count == 1 ? "it" : "them") back"
    }

    /// The `lists` table: number, name, icon, status; `*` marks the current checklist.
    func listLines(_ book: ChecklistBook) -> [OutputLine] {
        guard !book.checklists.isEmpty else {
            return [OutputLine("no checklists; create one with new NAME", .dim)]
        }
        let numberWidth = String(book.checklists.count).count
        let nameWidth = min(40, book.checklists.map { TextWidth.columns($0.name) }.max() ?? 0)
        let iconWidth = Checklist.iconNames.map(\.count).max() ?? 0
        return book.checklists.enumerated().map { index, list in
            let current = index == book.currentIndex
            return OutputLine([
                .init(current ? "* " : "  ", .current),
                .init(pad(String(index + 1), numberWidth) + "  "),
                .init(TextWidth.padded(list.name, to: nameWidth), current ? .current : .heading),
                .init("  " + TextWidth.padded(list.iconName, to: iconWidth) + "  ", .dim),
                .init(list.status, list.items.isEmpty || list.remainingCount == 0 ? .checked : .plain),
            ])
        }
    }

    /// `show [LIST]`: the items in outline order (`ChecklistOutline`), each sub-item indented two
    /// spaces a level under its parent, a series' completed occurrences folded (`SeriesFold`).
    /// With filter words, only the items that pass show, each at its position in the whole list,
    /// a sub-item one level under its nearest ancestor shown (none: not indented); when none
    /// passes, a line says so.
    func show(_ reference: String?, filter: ItemFilter = ItemFilter()) throws -> CommandResult {
        let book = self.book
        let list = book.checklists[try shownList(reference, in: book)]
        var lines = [OutputLine([.init(list.name, .heading), .init("  \(list.status)", .dim)])]
        let width = String(list.items.count).count
        let now = clock()
        let fold = SeriesFold(list.items)
        let outline = ChecklistOutline(list.items)
        // By index, for an outline with sub-items: the level an item is shown at, and the item
        // itself when shown, else its nearest ancestor shown (`nil`: none). Parents come first
        // in `order`, so each is known before its sub-items ask.
        var levels: [Int] = []
        var nearestShown: [Int?] = []
        if !outline.isFlat {
            levels = Array(repeating: 0, count: list.items.count)
            nearestShown = Array(repeating: nil, count: list.items.count)
        }
        for (offset, index) in outline.order.enumerated() {
            // One copy of the item for both its uses: each subscript copied all of it.
            let item = list.items[index]
            let passes = !fold.hidden.contains(index) && filter.matches(item, now: now)
            var level = 0
            if !outline.isFlat {
                let above = outline.parent(ofIndex: index).flatMap { nearestShown[$0] }
                level = above.map { levels[$0] + 1 } ?? 0
                levels[index] = level
                nearestShown[index] = passes ? index : above
            }
            guard passes else { continue }
            var line = itemLine(item, position: offset + 1, width: width, now: now, depth: level)
            if let count = fold.counts[index] {
                // Before the `#ID`, which ends every item line.
                line.spans.insert(.init("  ×\(count) done", .dim), at: max(0, line.spans.count - 1))
            }
            lines.append(line)
        }
        if lines.count == 1, !list.items.isEmpty {
            lines.append(OutputLine("no items pass the filter", .dim))
        }
        return CommandResult(lines: lines)
    }

    /// The index of the checklist `show [LIST]` shows: the one LIST names, else the current one.
    func shownList(_ reference: String?, in book: ChecklistBook) throws(CommandError) -> Int {
        guard let reference else { return try requireCurrent(book) }
        return try resolveList(reference, in: book)
    }

    /// The mark `show` gives a priority (Apple Reminders'): `!!!` high (1-4), `!!` medium (5),
    /// `!` low (6-9).
    static func priorityMark(_ priority: Int) -> String {
        priority <= 4 ? "!!!" : priority == 5 ? "!!" : "!"
    }

    /// The mark after the text of an item that has a note: plain ASCII, which every terminal and
    /// font shows, and not taken for a check box or a tag.
    static let noteMark = "[note]"

    /// Whether `start` has not come yet at `now`: a day after today, or a time later than now.
    static func startsLater(_ start: Due, now: Double) -> Bool {
        switch start {
        case .day(let day): day > LocalTime.day(now)
        case .time(let time): time > now
        }
    }

    /// The deepest level `show` and `info` indent a sub-item to; deeper ones line up with it, so a
    /// chain of thousands of sub-items prints lines a terminal can show, not megabytes of spaces.
    static let deepestIndentedLevel = 10

    /// The indentation of a sub-item `depth` levels deep: two spaces a level, down to
    /// `deepestIndentedLevel`.
    static func indentation(_ depth: Int) -> String {
        String(repeating: "  ", count: min(max(depth, 0), deepestIndentedLevel))
    }

    /// One item as `show` prints it: position, indentation (`depth` levels), check mark,
    /// priority, text, note mark, due date, start date yet to come, repeat rule, reminder, tags,
    /// `#ID`. An item that starts later is dimmed.
    func itemLine(
        _ item: ChecklistItem, position: Int, width: Int, now: Double, prefix: String = "", depth: Int = 0
    ) -> OutputLine {
        var spans: [OutputLine.Span] = []
        if !prefix.isEmpty { spans.append(.init(prefix, .dim)) }
        spans.append(.init(pad(String(position), width) + " " + Self.indentation(depth)))
        spans.append(item.cancelled ? .init("[-] ", .checked) : item.checked ? .init("[x] ", .checked) : .init("[ ] "))
        if let priority = item.priority { spans.append(.init(Self.priorityMark(priority) + " ", .priority)) }
        let later = item.start.map { Self.startsLater($0, now: now) } ?? false
        spans.append(.init(item.text, item.checked ? .checked : later ? .dim : .plain))
        if !item.note.isEmpty { spans.append(.init(" " + Self.noteMark, .dim)) }
        if item.cancelled { spans.append(.init("  cancelled", .dim)) }
        if let due = item.due {
            let overdue = !item.checked && due.isOverdue(now: now)
            spans.append(.init("  due " + due.text, overdue ? .overdue : .due))
            if overdue { spans.append(.init(" (overdue)", .overdue)) }
        }
        if let start = item.start, later { spans.append(.init("  starts " + start.text, .dim)) }
        if let rule = item.repeatRule { spans.append(.init("  " + rule.description, .due)) }
        if item.shouldRemind { spans.append(.init("  remind", .reminder)) }
        if !item.tags.isEmpty {
            var tags = " "
            for tag in item.tags {
                tags.append(" +")
                tags.append(tag)
            }
            spans.append(.init(tags, .tag))
        }
        spans.append(.init("  #\(item.itemID)", .identifier))
        return OutputLine(spans)
    }
}
