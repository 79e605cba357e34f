import KeyedArchive

extension Session {
    /// The JSON document of a command that only reads (`lists`, `show`, `find`, `upcoming`,
    /// `tags`, `info` with its `subItems`), built in place of its lines; `nil` for any other command.
    func readingReport(_ command: Command) throws -> CommandResult? {
        let book = self.book
        let body: (inout JSONWriter) throws -> Void
        switch command {
        case .lists:
            body = { writer in
                writer.key("lists")
                writer.beginArray()
                for (index, list) in book.checklists.enumerated() {
                    JSONReport.checklist(list, current: index == book.currentIndex, to: &writer)
                }
                writer.endArray()
            }
        case .show(let reference, let filter):
            let index = try shownList(reference, in: book)
            body = { writer in
                let list = book.checklists[index]
                let outline = ChecklistOutline(list.items)
                let now = self.clock()
                writer.key("list")
                JSONReport.checklist(list, current: index == book.currentIndex, to: &writer)
                writer.key("items")
                writer.beginArray()
                for item in outline.order where filter.matches(list.items[item], now: now) {
                    JSONReport.item(item, of: list, outline: outline, naming: false, to: &writer)
                }
                writer.endArray()
            }
        case .find(let text, let filter):
            body = { writer in self.writeItems(self.found(text, filter: filter, in: book), of: book, to: &writer) }
        case .upcoming(let filter):
            body = { writer in self.writeItems(self.upcomingItems(filter: filter, in: book), of: book, to: &writer) }
        case .agenda(let days, let filter):
            body = { writer in
                self.writeAgenda(Agenda(of: book, days: days, filter: filter, now: self.clock()), of: book, to: &writer)
            }
        case .tags:
            body = { writer in
                writer.key("tags")
                writer.beginArray()
                for (tag, open) in self.tagTally() {
                    writer.beginObject()
                    writer.member("name", tag)
                    writer.member("open", open)
                    writer.endObject()
                }
                writer.endArray()
            }
        case .info(let reference):
            let location = try singleItem(reference, in: book, for: "info")
            body = { writer in
                let list = book.checklists[location.list]
                let held = list.items[location.item]
                let outline = ChecklistOutline(list.items)
                writer.key("item")
                JSONReport.item(location.item, of: list, outline: outline, naming: true, to: &writer) { writer in
                    guard held.shouldRemind, let due = held.due else { return }
                    writer.member(
                        "remindAt", Due.time(ReminderSchedule.fireTime(due, alarmOffset: held.alarmOffset)).iso8601)
                }
                // Its sub-items at every depth, in `show`'s order, as `info` lists them.
                writer.key("subItems")
                writer.beginArray()
                for index in outline.subtree(ofIndex: location.item).dropFirst() {
                    JSONReport.item(index, of: list, outline: outline, naming: true, to: &writer)
                }
                writer.endArray()
            }
        default:
            return nil
        }
        var result = CommandResult()
        result.document = try JSONReport.document(command.name, body)
        return result
    }

    /// Writes `agenda` as SPEC §17 shapes it: `overdue` items, then `days`, each a `date` with its
    /// `items`; a series' later date has `"occurrence": true` and its `"occurrenceDue"`, an
    /// item shown on its start day `"starting": true`.
    private func writeAgenda(_ agenda: Agenda, of book: ChecklistBook, to writer: inout JSONWriter) {
        var outlines = OutlineCache()
        func write(_ entries: [Agenda.Entry]) {
            writer.beginArray()
            for entry in entries {
                JSONReport.item(
                    entry.item, of: book.checklists[entry.list], outline: outlines.outline(of: entry.list, in: book),
                    naming: true, to: &writer
                ) { writer in
                    switch entry.kind {
                    case .due: break
                    case .occurrence:
                        writer.member("occurrence", true)
                        writer.member("occurrenceDue", entry.date.iso8601)
                    case .starting: writer.member("starting", true)
                    }
                }
            }
            writer.endArray()
        }
        writer.key("overdue")
        write(agenda.overdue)
        writer.key("days")
        writer.beginArray()
        for (day, entries) in agenda.days {
            writer.beginObject()
            writer.member("date", day.description)
            writer.key("items")
            write(entries)
            writer.endObject()
        }
        writer.endArray()
    }

    /// Writes `items`: the items at `locations` of `book`, each naming its checklist.
    private func writeItems(_ locations: [ItemLocation], of book: ChecklistBook, to writer: inout JSONWriter) {
        var outlines = OutlineCache()
        writer.key("items")
        writer.beginArray()
        for location in locations {
            JSONReport.item(
                location.item, of: book.checklists[location.list],
                outline: outlines.outline(of: location.list, in: book), naming: true, to: &writer)
        }
        writer.endArray()
    }

    /// The JSON document of a command (named `name`) that ran without one of its own: a change's (what it
    /// changed), or any other's output as lines.
    func report(of name: CommandName, _ result: CommandResult) -> [UInt8] {
        guard let changed = changedChecklists else { return JSONReport.lines(name, result.lines) }
        let book = self.book
        var locations: [Int: ItemLocation] = [:]
        for (list, checklist) in book.checklists.enumerated() {
            for (index, item) in checklist.items.enumerated() where locations[item.itemID] == nil {
                locations[item.itemID] = (list, index)
            }
        }
        // The items the command reported, then any other it changed (an undo's, a clear's).
        var reported: [ItemLocation] = []
        var seen = Set<Int>()
        func report(_ itemID: Int) {
            guard seen.insert(itemID).inserted, let location = locations[itemID] else { return }
            reported.append(location)
        }
        reportedItemIDs.forEach(report)
        var before: [Int: (list: String, item: ChecklistItem)] = [:]
        for list in changed.removed {
            for item in list.items { before[item.itemID] = (list.name, item) }
        }
        var kept = Set<Int>()
        for list in changed.added {
            for item in list.items {
                kept.insert(item.itemID)
                if let earlier = before[item.itemID], earlier.list == list.name, earlier.item == item { continue }
                report(item.itemID)
            }
        }
        let earlierLists = Dictionary(changed.removed.map { ($0.name, $0.iconName) }, uniquingKeysWith: { $1 })
        let laterNames = Set(changed.added.map(\.name))
        return JSONReport.document(name) { writer in
            writer.member("message", result.lines.map(\.text).joined(separator: "\n"))
            writer.key("current")
            if let current = book.current { writer.string(current.name) } else { writer.null() }
            writeItems(reported, of: book, to: &writer)
            writer.key("deleted")
            writer.beginArray()
            for list in changed.removed {
                let outline = ChecklistOutline(list.items)
                for (index, item) in list.items.enumerated() where !kept.contains(item.itemID) {
                    JSONReport.item(index, of: list, outline: outline, naming: true, to: &writer)
                }
            }
            writer.endArray()
            writer.key("lists")
            writer.beginArray()
            for list in changed.added where earlierLists[list.name] != list.iconName {
                JSONReport.checklist(list, current: list.name == book.current?.name, to: &writer)
            }
            writer.endArray()
            writer.key("droppedLists")
            JSONReport.strings(Set(earlierLists.keys).subtracting(laterNames).sorted(), to: &writer)
        }
    }
}
