extension Session {
    /// The one item `reference` names, or an error saying that `command` takes one.
    func singleItem(
        _ reference: ItemReference, in book: ChecklistBook, for command: String
    ) throws(CommandError) -> ItemLocation {
        let locations = try resolveItems([reference], in: book)
        guard locations.count == 1, let location = locations.first else {
            throw .refused("\(command) takes one item there; give a single position or #ID")
        }
        return location
    }

    /// `sub PARENT TEXT`: a new item, the last sub-item of PARENT, stored after PARENT's others.
    /// PARENT gets a UID when it has none, since a sub-item names its parent by UID. TEXT is read
    /// as `add` reads it (quick add, SPEC §14).
    func sub(_ reference: ItemReference, _ reading: QuickAdd) throws -> CommandResult {
        let now = clock()
        let due = try quickAddDue(reading, now: now)
        return try changeResult("sub \"\(reading.text)\"") { book in
            let parent = try singleItem(reference, in: book, for: "sub")
            var item = quickAddItem(reading, due: due, itemID: book.takeItemID(), now: now)
            book.update(at: parent.list) { list in
                list.items[parent.item].giveUID()
                item.parentUID = list.items[parent.item].uid
                let family = ChecklistOutline(list.items).subtree(ofIndex: parent.item)
                list.items.insert(item, at: (family.max() ?? parent.item) + 1)
            }
            guard let added = book.location(ofItemID: item.itemID) else { return [] }
            return [reportLine(book, added, verb: "added")]
        }
    }

    /// `nest ITEM PARENT`: ITEM (with its own sub-items) becomes the last sub-item of PARENT, an
    /// item of the same checklist that is not ITEM nor one of its sub-items.
    func nest(_ reference: ItemReference, under parentReference: ItemReference) throws -> CommandResult {
        try changeResult("nest") { book in
            let child = try singleItem(reference, in: book, for: "nest")
            let parent = try singleItem(parentReference, in: book, for: "nest")
            let items = book.checklists[child.list].items
            let childItem = items[child.item]
            guard child.list == parent.list else {
                let parentItem = book.checklists[parent.list].items[parent.item]
                throw CommandError.refused(
                    "#\(childItem.itemID) is in \"\(book.checklists[child.list].name)\" and #\(parentItem.itemID) in"
                        + " \"\(book.checklists[parent.list].name)\": a sub-item is in its parent's checklist"
                        + " (move ITEM to LIST first)")
            }
            let family = ChecklistOutline(items).subtree(ofIndex: child.item)
            guard child.item != parent.item else {
                throw CommandError.refused("\"\(childItem.text)\" cannot be a sub-item of itself")
            }
            guard !family.contains(parent.item) else {
                throw CommandError.refused(
                    "cannot nest \"\(childItem.text)\" under \"\(items[parent.item].text)\", one of its own sub-items:"
                        + " an item cannot be under itself (unnest that one first)")
            }
            book.update(at: child.list) { list in
                list.items[parent.item].giveUID()
                list.items[child.item].parentUID = list.items[parent.item].uid
                Self.store(family, after: parent.item, in: &list)
            }
            guard let nested = book.location(ofItemID: childItem.itemID) else { return [] }
            return [reportLine(book, nested, verb: "nested:")]
        }
    }

    /// Moves the items at `family` (indexes) to just after the last of `parent`'s other sub-items
    /// (or `parent` itself) in `list`'s stored order, keeping their own order.
    private static func store(_ family: [Int], after parent: Int, in list: inout Checklist) {
        let moving = Set(family)
        let others = ChecklistOutline(list.items).subtree(ofIndex: parent).filter { !moving.contains($0) }
        var kept = list.items.indices.filter { !moving.contains($0) }
        let anchor = others.max() ?? parent
        let place = (kept.firstIndex(of: anchor) ?? kept.count - 1) + 1
        kept.insert(contentsOf: family.sorted(), at: place)
        let items = list.items
        list.items = kept.map { items[$0] }
    }

    /// `unnest ITEM`: a sub-item becomes top-level (its own sub-items stay under it).
    func unnest(_ reference: ItemReference) throws -> CommandResult {
        try changeResult("unnest") { book in
            let location = try singleItem(reference, in: book, for: "unnest")
            let item = book.checklists[location.list].items[location.item]
            guard item.parentUID != nil else {
                throw CommandError.refused("\"\(item.text)\" is not a sub-item; nest ITEM PARENT makes one")
            }
            book.update(at: location.list) { $0.items[location.item].parentUID = nil }
            return [reportLine(book, location, verb: "unnested:")]
        }
    }

    /// `info ITEM`: everything the item holds, one field a line, the note in full.
    func info(_ reference: ItemReference) throws -> CommandResult {
        let book = self.book
        let location = try singleItem(reference, in: book, for: "info")
        let list = book.checklists[location.list]
        let item = list.items[location.item]
        let outline = ChecklistOutline(list.items)
        let now = clock()
        var lines: [OutputLine] = [OutputLine(item.text, item.checked ? .checked : .heading)]
        func field(_ name: String, _ value: String, _ style: OutputLine.Style = .plain) {
            lines.append(OutputLine([.init("  " + TextWidth.padded(name, to: 11), .dim), .init(value, style)]))
        }
        func continued(_ value: String, _ style: OutputLine.Style = .plain) {
            lines.append(OutputLine([.init(String(repeating: " ", count: 13)), .init(value, style)]))
        }
        field("checklist", list.name)
        field("position", String(outline.position(ofIndex: location.item)))
        field("state", item.cancelled ? "cancelled" : item.checked ? "done" : "open", item.checked ? .checked : .plain)
        if let due = item.due {
            let overdue = !item.checked && due.isOverdue(now: now)
            field("due", due.text + (overdue ? " (overdue)" : ""), overdue ? .overdue : .due)
        } else {
            field("due", "none", .dim)
        }
        if item.shouldRemind, let due = item.due {
            field(
                "reminder",
                "on, fires " + LocalTime.format(ReminderSchedule.fireTime(due, alarmOffset: item.alarmOffset)),
                .reminder)
        } else {
            field("reminder", item.shouldRemind ? "on, once the item has a due date" : "off", .dim)
        }
        field("repeat", item.repeatRule?.description ?? "none", item.repeatRule == nil ? .dim : .due)
        if let start = item.start {
            field("start", start.text + (Self.startsLater(start, now: now) ? "" : " (started)"))
        } else {
            field("start", "none", .dim)
        }
        if let priority = item.priority {
            let level = priority <= 4 ? "high" : priority == 5 ? "medium" : "low"
            field("priority", "\(level) (\(priority)) \(Self.priorityMark(priority))", .priority)
        } else {
            field("priority", "none", .dim)
        }
        field("tags", item.tags.isEmpty ? "none" : item.tags.map { "+" + $0 }.joined(separator: " "), .tag)
        func described(_ index: Int) -> String {
            let other = list.items[index]
            let mark = other.checked ? "[x]" : "[ ]"
            return "\(outline.position(ofIndex: index)) \(mark) \(other.text)  #\(other.itemID)"
        }
        if let parent = outline.parent(ofIndex: location.item) {
            field("parent", described(parent))
        } else {
            field("parent", item.parentUID == nil ? "none" : "none here (\(item.parentUID ?? ""))", .dim)
        }
        let family = outline.subtree(ofIndex: location.item).dropFirst()
        let depth = outline.depth(ofIndex: location.item)
        for (offset, index) in family.enumerated() {
            let indent = Self.indentation(outline.depth(ofIndex: index) - depth - 1)
            if offset == 0 {
                field("sub-items", indent + described(index))
            } else {
                continued(indent + described(index))
            }
        }
        if family.isEmpty { field("sub-items", "none", .dim) }
        let note = Self.lines(of: item.note)
        for (offset, line) in note.enumerated() where !item.note.isEmpty {
            if offset == 0 { field("note", line) } else { continued(line) }
        }
        if item.note.isEmpty { field("note", "none", .dim) }
        field("uid", item.uid ?? "none (given when a sync or a sub-item needs one)", item.uid == nil ? .dim : .plain)
        field("id", "#\(item.itemID)", .identifier)
        return CommandResult(lines: lines)
    }
}
