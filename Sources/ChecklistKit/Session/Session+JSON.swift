import KeyedArchive

extension Session {
    /// The JSON document of a command that only reads (`lists`, `show`, `find`, `upcoming`,
    /// `tags`, `info`), built in place of its lines; `nil` for any other command.
    func readingReport(_ command: Command) throws -> CommandResult? {
        let book = self.book
        let members: [(key: String, value: JSONValue)]
        switch command {
        case .lists:
            let lists = book.checklists.enumerated().map { index, list in
                JSONReport.checklist(list, current: index == book.currentIndex)
            }
            members = [("lists", .array(lists))]
        case .show(let reference, let filter):
            let index = try shownList(reference, in: book)
            let list = book.checklists[index]
            let outline = ChecklistOutline(list.items)
            let now = clock()
            let items = outline.order.filter { filter.matches(list.items[$0], now: now) }.map {
                JSONReport.item($0, of: list, outline: outline, naming: false)
            }
            members = [
                ("list", JSONReport.checklist(list, current: index == book.currentIndex)), ("items", .array(items)),
            ]
        case .find(let text, let filter):
            members = [("items", itemsReport(found(text, filter: filter, in: book), in: book))]
        case .upcoming(let filter):
            members = [("items", itemsReport(upcomingItems(filter: filter, in: book), in: book))]
        case .tags:
            let tags = tagTally().map { tag, open in
                JSONValue.object([("name", .string(tag)), ("open", .number(String(open)))])
            }
            members = [("tags", .array(tags))]
        case .info(let reference):
            let location = try singleItem(reference, in: book, for: "info")
            let list = book.checklists[location.list]
            var item = JSONReport.item(location.item, of: list, outline: ChecklistOutline(list.items), naming: true)
            let held = list.items[location.item]
            if held.shouldRemind, let due = held.due, case .object(var fields) = item {
                let fires = ReminderSchedule.fireTime(due, alarmOffset: held.alarmOffset)
                fields.append(("remindAt", .string(Due.time(fires).iso8601)))
                item = .object(fields)
            }
            members = [("item", item)]
        default:
            return nil
        }
        var result = CommandResult()
        result.document = JSONReport.document(command.name, members)
        return result
    }

    /// The items at `locations` of `book`, each naming its checklist.
    private func itemsReport(_ locations: [ItemLocation], in book: ChecklistBook) -> JSONValue {
        var outlines = OutlineCache()
        return .array(
            locations.map { location in
                JSONReport.item(
                    location.item, of: book.checklists[location.list],
                    outline: outlines.outline(of: location.list, in: book), naming: true)
            })
    }

    /// The JSON document of a command that ran without one of its own: a change's (what it
    /// changed), or any other's output as lines.
    func report(of command: Command, _ result: CommandResult) -> JSONValue {
        guard let changed = changedChecklists else { return JSONReport.lines(command.name, result.lines) }
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
        var deleted: [JSONValue] = []
        for list in changed.removed {
            let outline = ChecklistOutline(list.items)
            for (index, item) in list.items.enumerated() where !kept.contains(item.itemID) {
                deleted.append(JSONReport.item(index, of: list, outline: outline, naming: true))
            }
        }
        let earlierLists = Dictionary(changed.removed.map { ($0.name, $0.iconName) }, uniquingKeysWith: { $1 })
        let laterNames = Set(changed.added.map(\.name))
        let lists = changed.added.filter { earlierLists[$0.name] != $0.iconName }.map {
            JSONReport.checklist($0, current: $0.name == book.current?.name)
        }
        let dropped = Set(earlierLists.keys).subtracting(laterNames).sorted().map(JSONValue.string)
        return JSONReport.document(
            command.name,
            [
                ("message", .string(result.lines.map(\.text).joined(separator: "\n"))),
                ("current", book.current.map { .string($0.name) } ?? .null),
                ("items", itemsReport(reported, in: book)),
                ("deleted", .array(deleted)),
                ("lists", .array(lists)),
                ("droppedLists", .array(dropped)),
            ])
    }
}
