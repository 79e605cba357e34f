extension Session {
    /// Where an item is: its checklist and position there.
    typealias ItemLocation = (list: Int, item: Int)

    /// Resolves item references against `book`, in order, each item once. Positions and ranges
    /// count the current checklist's items as `show` prints them (`ChecklistOutline`).
    func resolveItems(_ references: [ItemReference], in book: ChecklistBook) throws(CommandError) -> [ItemLocation] {
        var locations: [ItemLocation] = []
        var seen = Set<Int>()
        var outline: ChecklistOutline?
        func take(_ location: ItemLocation) {
            if seen.insert(book.checklists[location.list].items[location.item].itemID).inserted {
                locations.append(location)
            }
        }
        func shown(_ list: Int) -> ChecklistOutline {
            if let outline { return outline }
            let made = ChecklistOutline(book.checklists[list].items)
            outline = made
            return made
        }
        for reference in references {
            switch reference {
            case .id(let id):
                guard let location = book.location(ofItemID: id) else {
                    throw .noSuchItem("no item #\(id); show or find TEXT lists the items with their IDs")
                }
                take(location)
            case .position(let position):
                let list = try requireCurrent(book)
                take((list, try checkPosition(position, in: book.checklists[list], outline: shown(list))))
            case .range(let from, let to):
                let list = try requireCurrent(book)
                guard from <= to else {
                    throw .noSuchItem("the range \(from)-\(to) runs backwards; write it as \(to)-\(from)")
                }
                let items = shown(list)
                _ = try checkPosition(from, in: book.checklists[list], outline: items)
                _ = try checkPosition(to, in: book.checklists[list], outline: items)
                for position in from...to {
                    if let index = items.index(atPosition: position) { take((list, index)) }
                }
            }
        }
        return locations
    }

    /// The index of the item `show` prints at a 1-based position, with an error naming the list's size.
    func checkPosition(_ position: Int, in list: Checklist, outline: ChecklistOutline) throws(CommandError) -> Int {
        guard let index = outline.index(atPosition: position) else {
            let count = list.items.count
            let has = count == 0 ? "has no items" : "has \(count) item\(count == 1 ? "" : "s")"
            throw .noSuchItem("no item \(position): \"\(list.name)\" \(has)")
        }
        return index
    }

    /// The line reporting an item after a change, with its checklist named when not current;
    /// `outline` is its checklist's, when the caller has it.
    func reportLine(
        _ book: ChecklistBook, _ location: ItemLocation, verb: String, outline: ChecklistOutline? = nil
    ) -> OutputLine {
        let list = book.checklists[location.list]
        if reportsJSON { reportedItemIDs.append(list.items[location.item].itemID) }
        let prefix = location.list == book.currentIndex ? "" : list.name + ": "
        let position = (outline ?? ChecklistOutline(list.items)).position(ofIndex: location.item)
        var line = itemLine(list.items[location.item], position: position, width: 1, now: clock(), prefix: prefix)
        line.spans.insert(.init(verb + " ", .success), at: 0)
        return line
    }

    /// The lines reporting items after a change, each checklist's outline made once.
    func reportLines(_ book: ChecklistBook, _ locations: [ItemLocation], verb: String) -> [OutputLine] {
        var outlines = OutlineCache()
        return locations.map { location in
            reportLine(book, location, verb: verb, outline: outlines.outline(of: location.list, in: book))
        }
    }

    /// `add TEXT`: appends an item with what quick add read in TEXT (SPEC §14): its due date,
    /// rule, tags and priority, all in one change and so one undo step.
    func add(_ reading: QuickAdd) throws -> CommandResult {
        let now = clock()
        let due = try quickAddDue(reading, now: now)
        return try changeResult("add \"\(reading.text)\"") { book in
            let list = try requireCurrent(book)
            let item = quickAddItem(reading, due: due, itemID: book.takeItemID(), now: now)
            book.update(at: list) { $0.items.append(item) }
            return [reportLine(book, (list, book.checklists[list].items.count - 1), verb: "added")]
        }
    }

    /// A new item, with a UID, holding what quick add read and the due date it gives.
    func quickAddItem(_ reading: QuickAdd, due: Due?, itemID: Int, now: Double) -> ChecklistItem {
        var item = ChecklistItem(text: reading.text, itemID: itemID, created: now)
        item.due = due
        item.repeatRule = reading.rule
        item.tags = reading.tags
        item.priority = reading.priority
        item.giveUID()
        return item
    }

    /// The due date of an item quick add reads (`add`, `sub`) at `now`; a DATE that is
    /// none here is refused with the way out.
    func quickAddDue(_ reading: QuickAdd, now: Double) throws(CommandError) -> Due? {
        do {
            return try reading.dueDate(now: now)
        } catch {
            throw .refused("\(error.description); to add the words as text, quote them")
        }
    }

    func edit(_ reference: ItemReference, _ text: String) throws -> CommandResult {
        guard !text.trimmingSpaces.isEmpty else { throw CommandError.refused("an item's text cannot be blank") }
        return try changeResult("edit") { book in
            let locations = try resolveItems([reference], in: book)
            guard locations.count == 1, let location = locations.first else {
                throw CommandError.refused("edit changes one item; give a single position or #ID")
            }
            book.update(at: location.list) { $0.items[location.item].text = text }
            return [reportLine(book, location, verb: "edited")]
        }
    }

    /// `edit ITEM` alone: in the REPL, the item's text to change on the line; elsewhere TEXT is missing.
    func editInPlace(_ reference: ItemReference) throws -> CommandResult {
        guard editsInPlace else {
            throw CommandError.usage(
                command: "edit", usage: CommandName.edit.usage,
                problem: "missing TEXT (edit ITEM alone changes the text on the line, in the interactive mode)")
        }
        let book = self.book
        let locations = try resolveItems([reference], in: book)
        guard locations.count == 1, let location = locations.first else {
            throw CommandError.refused("edit changes one item; give a single position or #ID")
        }
        let item = book.checklists[location.list].items[location.item]
        guard !item.text.contains(where: \.isNewline) else {
            throw CommandError.refused(
                "the text of #\(item.itemID) has a line break; give the new text: edit ITEM TEXT")
        }
        var result = CommandResult()
        result.editRequest = CommandResult.EditRequest(itemID: item.itemID, text: item.text)
        return result
    }

    func mark(_ references: [ItemReference], _ mark: Command.Mark) throws -> CommandResult {
        let verb: String
        switch mark {
        case .check: verb = "checked"
        case .uncheck: verb = "unchecked"
        case .toggle: verb = "toggled"
        }
        let now = clock()
        return try changeResult(verb) { book in
            var locations = try resolveItems(references, in: book)
            let named = Set(locations.map { book.checklists[$0.list].items[$0.item].itemID })
            var completions = RepeatCompletions()
            var takenBack: [(list: Int, itemID: Int)] = []
            var notes: [OutputLine] = []
            for location in locations {
                var item = book.checklists[location.list].items[location.item]
                let wasChecked = item.checked
                switch mark {
                case .check: item.checked = true
                case .uncheck: item.checked = false
                case .toggle: item.checked.toggle()
                }
                // Open again, or checked here: no longer as a client cancelled it.
                if item.checked != wasChecked { item.cancelled = false }
                if !wasChecked && item.checked && item.repeatRule != nil {
                    completions.complete(&item, now: now, book: &book)
                }
                if wasChecked && !item.checked,
                    let next = Self.openNextOccurrence(of: item, in: book.checklists[location.list]),
                    !named.contains(next.itemID)
                {
                    // SPEC §12: a series never has two open occurrences; this one is open again.
                    item.repeatRule = next.repeatRule?.oneOccurrenceEarlier
                    takenBack.append((location.list, next.itemID))
                    notes.append(
                        OutputLine("took back its next one, due \(next.due?.text ?? "-")  #\(next.itemID)", .dim))
                }
                book.update(at: location.list) { $0.items[location.item] = item }
            }
            if !takenBack.isEmpty {
                let ids = locations.map { book.checklists[$0.list].items[$0.item].itemID }
                for (list, itemID) in takenBack {
                    book.update(at: list) { $0.items.removeAll { $0.itemID == itemID } }
                }
                locations = ids.compactMap { book.location(ofItemID: $0) }
            }
            guard !completions.isEmpty else { return reportLines(book, locations, verb: verb) + notes }
            return completions.insertNextOccurrences(after: locations, in: &book) { book, location, isNext in
                reportLine(book, location, verb: isNext ? "next:" : verb)
            } + notes
        }
    }

    /// The next occurrence `item` made when it was completed, while it is still open and as it
    /// was made (same text, reminder, note, tags, priority and parent, still repeating): found in
    /// `list` by its UID (`ChecklistItem.successorUID`).
    static func openNextOccurrence(of item: ChecklistItem, in list: Checklist) -> ChecklistItem? {
        guard let uid = item.successorUID,
            let next = list.items.first(where: { $0.uid == uid }),
            !next.checked, next.repeatRule != nil, next.text == item.text, next.shouldRemind == item.shouldRemind,
            next.note == item.note, next.tags == item.tags, next.priority == item.priority,
            next.parentUID == item.parentUID
        else { return nil }
        return next
    }

    /// `delete ITEM...`: the items go with their sub-items at every depth (SPEC §13), and each
    /// line says how many sub-items went with its item.
    func delete(_ references: [ItemReference]) throws -> CommandResult {
        let (lines, notices) = try change("delete", summarizing: \.summary) { book in
            let locations = try resolveItems(references, in: book)
            var outlines: [Int: ChecklistOutline] = [:]
            var doomed: [Int: Set<Int>] = [:]
            var lines: [OutputLine] = []
            for location in locations {
                let outline = outlines[location.list] ?? ChecklistOutline(book.checklists[location.list].items)
                outlines[location.list] = outline
                var line = reportLine(book, location, verb: "deleted", outline: outline)
                let subtree = outline.subtree(ofIndex: location.item)
                if subtree.count > 1 {
                    let count = subtree.count - 1
                    line.spans.append(.init(" and its \(count) sub-item\(count == 1 ? "" : "s")", .success))
                }
                lines.append(line)
                doomed[location.list, default: []].formUnion(subtree)
            }
            let texts = locations.map { book.checklists[$0.list].items[$0.item].text }
            for (list, indexes) in doomed {
                book.update(at: list) { checklist in
                    checklist.items = checklist.items.enumerated().filter { !indexes.contains($0.offset) }.map(
                        \.element)
                }
            }
            return (lines: lines, summary: "delete " + Self.naming(texts))
        }
        var result = CommandResult(lines: lines.lines)
        result.notices = notices
        return result
    }

    /// Items named by their texts for an undo summary: `"Milk"`, `"Milk", "Eggs"`, or the first
    /// two and how many more.
    static func naming(_ texts: [String]) -> String {
        // Appended one by one: `joined(separator:)` ran unspecialized and looked its types up by
        // name at every one-shot `delete`.
        let shown = texts.count > 3 ? 2 : texts.count
        var naming = ""
        for (index, text) in texts.prefix(shown).enumerated() {
            naming.append(index == 0 ? "\"" : ", \"")
            naming.append(text)
            naming.append("\"")
        }
        return shown == texts.count ? naming : naming + " and \(texts.count - shown) more"
    }

    /// `move ITEM POSITION`: the item and its sub-items go to POSITION as `show` counts them. A
    /// sub-item stays a sub-item (SPEC §13): among its parent's, it comes where it was put.
    func move(_ reference: ItemReference, to position: Int) throws -> CommandResult {
        try changeResult("move") { book in
            let locations = try resolveItems([reference], in: book)
            guard locations.count == 1, let location = locations.first else {
                throw CommandError.refused("move takes one item; give a single position or #ID")
            }
            let list = book.checklists[location.list]
            let count = list.items.count
            guard position <= count else {
                let range = count == 1 ? "the only position is 1" : "give a position from 1 to \(count)"
                throw CommandError.refused(
                    "cannot move to position \(position): \"\(list.name)\" has \(count) item\(count == 1 ? "" : "s"); \(range)"
                )
            }
            let outline = ChecklistOutline(list.items)
            guard !outline.isFlat else {
                let target = position - 1
                book.update(at: location.list) { checklist in
                    let item = checklist.items.remove(at: location.item)
                    checklist.items.insert(item, at: target)
                }
                return [reportLine(book, (location.list, target), verb: "moved")]
            }
            // The checklist is stored in the order shown, with the item's run of lines moved.
            let block = outline.subtree(ofIndex: location.item)
            let moving = Set(block)
            var order = outline.order.filter { !moving.contains($0) }
            order.insert(contentsOf: block, at: min(position - 1, order.count))
            let itemID = list.items[location.item].itemID
            book.update(at: location.list) { checklist in
                let items = checklist.items
                checklist.items = order.map { items[$0] }
            }
            let index = book.checklists[location.list].items.firstIndex { $0.itemID == itemID } ?? 0
            return [reportLine(book, (location.list, index), verb: "moved")]
        }
    }

    /// `move ITEM to LIST [POSITION]`: the item leaves its checklist for LIST's, at POSITION or
    /// at the end, with its `#ID` and UID (so the git merge and CalDAV follow it, SPEC §8 rule 5),
    /// and with its sub-items. In another checklist it is a top-level item, since a parent is
    /// one of the same checklist. One change of both checklists, so one undo step brings it back.
    func move(_ reference: ItemReference, toList listReference: String, at position: Int?) throws -> CommandResult {
        try changeResult("move") { book in
            let locations = try resolveItems([reference], in: book)
            guard locations.count == 1, let location = locations.first else {
                throw CommandError.refused("move takes one item; give a single position or #ID")
            }
            let target = try resolveList(listReference, in: book)
            let list = book.checklists[target]
            try requireItemsRead(list)
            let source = book.checklists[location.list].items
            let block = ChecklistOutline(source).subtree(ofIndex: location.item)
            var moved = block.map { source[$0] }
            // In its own checklist the item is counted once: the places are those of the others.
            let count = list.items.count - (target == location.list ? block.count : 0)
            let index = (position ?? count + 1) - 1
            guard index <= count else {
                throw CommandError.refused(
                    "cannot move to position \(index + 1) of \"\(list.name)\": give a position from 1 to \(count + 1)")
            }
            if target != location.list, !moved.isEmpty { moved[0].parentUID = nil }
            let leaving = Set(block)
            book.update(at: location.list) { checklist in
                checklist.items = checklist.items.enumerated().filter { !leaving.contains($0.offset) }.map(\.element)
            }
            book.update(at: target) { checklist in
                let outline = ChecklistOutline(checklist.items)
                if outline.isFlat {
                    checklist.items.insert(contentsOf: moved, at: index)
                } else {
                    // Stored in the order shown, so that POSITION means what show says.
                    let items = checklist.items
                    var ordered = outline.order.map { items[$0] }
                    ordered.insert(contentsOf: moved, at: index)
                    checklist.items = ordered
                }
            }
            let itemID = source[location.item].itemID
            let placed = book.checklists[target].items.firstIndex { $0.itemID == itemID } ?? index
            var line = reportLine(book, (target, placed), verb: "moved")
            if target == book.currentIndex, target != location.list {
                line.spans.insert(.init(list.name + ": ", .dim), at: 1)
            }
            return [line]
        }
    }

    /// The date a `DATE|none` argument names (`nil` for none), read at the session's clock.
    func date(of argument: Command.DueArgument) throws -> Due? {
        guard case .date(let text) = argument else { return nil }
        do {
            return try DateExpression.evaluate(text, now: clock())
        } catch {
            throw CommandError.refused(error.description)
        }
    }

    /// Changes each item `reference` names in `book` with `change`; returns where they are.
    func changeItems(
        _ reference: ItemReference, in book: inout ChecklistBook, _ change: (inout ChecklistItem) -> Void
    ) throws -> [ItemLocation] {
        let locations = try resolveItems([reference], in: book)
        for location in locations {
            book.update(at: location.list) { change(&$0.items[location.item]) }
        }
        return locations
    }

    func due(_ reference: ItemReference, _ argument: Command.DueArgument) throws -> CommandResult {
        let date = try date(of: argument)
        return try changeResult("due") { book in
            let locations = try changeItems(reference, in: &book) { $0.due = date }
            return reportLines(book, locations, verb: date == nil ? "no due date:" : "due set:")
        }
    }

    func remind(_ reference: ItemReference, _ on: Bool) throws -> CommandResult {
        try changeResult("remind") { book in
            let locations = try changeItems(reference, in: &book) { $0.shouldRemind = on }
            let verb = on ? "reminder on:" : "reminder off:"
            var lines = reportLines(book, locations, verb: verb)
            if on, locations.contains(where: { book.checklists[$0.list].items[$0.item].dueDate == nil }) {
                lines.append(
                    OutputLine("note: the reminder fires only once the item has a due date (due ITEM DATE)", .warning))
            }
            return lines
        }
    }

    func clearChecked() throws -> CommandResult {
        try changeResult("clear") { book in
            let index = try requireCurrent(book)
            let count = book.checklists[index].items.count(where: \.checked)
            book.update(at: index) { $0.items.removeAll(where: \.checked) }
            let name = book.checklists[index].name
            let line = "removed \(count) checked item\(count == 1 ? "" : "s") from \(name)"
            return [OutputLine(count == 0 ? line : line + "; " + Self.undoBringsBack(count))]
        }
    }
}
