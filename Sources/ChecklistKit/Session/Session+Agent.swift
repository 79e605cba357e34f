extension Session {
    /// Runs an agent's `add` or `update` (SPEC §16): every field in one change, so one undo step.
    ///
    /// `fields` are the commands that set one field each (`edit`, `due`, `start`, `repeat`,
    /// `priority`, `note`, `tag`, `untag`), parsed from the agent's arguments as a shell's words
    /// would be; their item references are not read. The result carries the `--json` document of
    /// `name` when the session reports JSON.
    public func runAgentChange(_ name: CommandName, _ target: AgentTarget, fields: [Command]) -> CommandResult {
        do {
            var notices: [String] = []
            if try store.reloadIfChanged() { notices.append(reloadNotice) }
            try readMissingItems(for: .wholeBook)
            reportedItemIDs = []
            changedChecklists = nil
            let now = clock()
            // Dates are read before the lock, as the commands read them.
            var dates: [Int: Due?] = [:]
            for (index, field) in fields.enumerated() {
                if case .due(_, let argument) = field { dates[index] = try date(of: argument) }
                if case .start(_, let argument) = field { dates[index] = try date(of: argument) }
            }
            var result = try changeResult(target.summary) { book in
                let location = try locate(target, in: &book, now: now)
                let inUse = book.tagSpellings
                try book.update(at: location.list) { list in
                    for (index, field) in fields.enumerated() {
                        try Self.apply(
                            field, date: dates[index] ?? nil, now: now, tagsInUse: inUse, to: &list.items[location.item]
                        )
                    }
                }
                return [reportLine(book, location, verb: target.verb)]
            }
            result.notices = notices + result.notices
            if reportsJSON { result.document = report(of: name, result) }
            if let warning = journal.takeWarning() { result.warnings.append(warning) }
            return result
        } catch {
            return CommandResult(error: "\(error)")
        }
    }

    /// Where the item the change is about is: a new item made for `add` (appended to its
    /// checklist, or the last sub-item of its parent), or the one `update` names.
    private func locate(_ target: AgentTarget, in book: inout ChecklistBook, now: Double) throws -> ItemLocation {
        switch target {
        case .existing(let reference):
            return try singleItem(reference, in: book, for: "update")
        case .new(let text, let listReference, let parentReference):
            guard !text.trimmingSpaces.isEmpty else { throw CommandError.refused("missing TEXT") }
            var item = ChecklistItem(text: text, itemID: book.takeItemID(), created: now)
            item.giveUID()
            if let parentReference {
                let parent = try singleItem(parentReference, in: book, for: "parent")
                if let listReference, try resolveList(listReference, in: book) != parent.list {
                    throw CommandError.refused("a sub-item is in its parent's checklist; leave out list or parent")
                }
                book.update(at: parent.list) { list in
                    list.items[parent.item].giveUID()
                    item.parentUID = list.items[parent.item].uid
                    let family = ChecklistOutline(list.items).subtree(ofIndex: parent.item)
                    list.items.insert(item, at: (family.max() ?? parent.item) + 1)
                }
            } else {
                let list =
                    try listReference.map { reference throws(CommandError) in
                        try resolveList(reference, in: book)
                    } ?? requireCurrent(book)
                book.update(at: list) { $0.items.append(item) }
            }
            guard let location = book.location(ofItemID: item.itemID) else {
                throw CommandError.refused("the new item could not be found after adding it")
            }
            return location
        }
    }

    /// Sets the one field `command` sets on `item`, with `date` the DATE it named, read already at `now`.
    private static func apply(
        _ command: Command, date: Due?, now: Double, tagsInUse: [String: String], to item: inout ChecklistItem
    ) throws {
        switch command {
        case .edit(_, let text):
            guard !text.trimmingSpaces.isEmpty else { throw CommandError.refused("an item's text cannot be blank") }
            item.text = text
        case .due: item.due = date
        case .start: item.start = date
        case .repeat(_, let rule, let time):
            setRepeat(rule, at: time, today: LocalTime.day(now), on: &item)
        case .priority(_, let priority): item.priority = priority
        case .note(_, .text(let text)): item.note = text
        case .note(_, .none), .note(_, .show): item.note = ""
        case .tag(_, let typed, adding: true): item.addTags(typed, inUse: tagsInUse)
        case .tag(_, let typed, adding: false): item.removeTags(typed)
        default:
            throw CommandError.refused("\(command.name.rawValue) does not set a field of an item")
        }
    }
}
