extension Session {
    /// `note ITEM TEXT|none` sets or clears the notes of the items; `note ITEM` alone asks the
    /// executable to edit the note in an editor where one can run (`editsNotes`), else prints it.
    func note(_ reference: ItemReference, _ argument: Command.NoteArgument) throws -> CommandResult {
        let note: String
        switch argument {
        case .text(let text): note = text
        case .none: note = ""
        case .show: return try showNote(reference)
        }
        return try changeResult("note") { book in
            let locations = try changeItems(reference, in: &book) { $0.note = note }
            return reportLines(book, locations, verb: note.isEmpty ? "no note:" : "note set:")
        }
    }

    /// `note ITEM` alone: a request to edit the note (on a terminal), or the note's lines.
    private func showNote(_ reference: ItemReference) throws -> CommandResult {
        let book = self.book
        let locations = try resolveItems([reference], in: book)
        guard locations.count == 1, let location = locations.first else {
            throw CommandError.refused("note shows one item's note; give a single position or #ID")
        }
        let item = book.checklists[location.list].items[location.item]
        guard !editsNotes else {
            var result = CommandResult()
            result.noteRequest = CommandResult.EditRequest(itemID: item.itemID, text: item.note)
            return result
        }
        guard !item.note.isEmpty else { return CommandResult() }
        return CommandResult(lines: Self.lines(of: item.note).map { OutputLine($0) })
    }

    /// The lines of `text`, split at its line breaks (`\n`, `\r\n`, `\r`).
    static func lines(of text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// `tag ITEM... +WORD...` / `untag ITEM... +WORD...`: a tag in use (ignoring case and accents)
    /// is kept as first typed; `untag` of tags none of the items has is refused.
    func tag(_ references: [ItemReference], _ typed: [String], adding: Bool) throws -> CommandResult {
        try changeResult(adding ? "tag" : "untag") { book in
            let locations = try resolveItems(references, in: book)
            let inUse = book.tagSpellings
            var changed = false
            for location in locations {
                book.update(at: location.list) { list in
                    var item = list.items[location.item]
                    if adding { item.addTags(typed, inUse: inUse) } else { item.removeTags(typed) }
                    changed = changed || item.tags != list.items[location.item].tags
                    list.items[location.item] = item
                }
            }
            if !adding, !changed {
                let named = typed.map { "+" + (inUse[$0.tagKey] ?? $0) }.joined(separator: " ")
                let whose = locations.count == 1 ? "the item does not carry" : "none of the items carries"
                throw CommandError.refused("\(whose) \(named); info ITEM shows an item's tags")
            }
            return reportLines(book, locations, verb: adding ? "tagged:" : "untagged:")
        }
    }

    /// `tags`: every tag in use, as first typed, with how many open items carry it.
    func tagCounts() -> CommandResult {
        let tally = tagTally()
        guard !tally.isEmpty else {
            return CommandResult(lines: [OutputLine("no tags yet; add one with tag ITEM +WORD", .dim)])
        }
        // Each tag's width measured once, for the column's width and for its own padding.
        let columns = tally.map { TextWidth.columns($0.tag) + 1 }
        let width = columns.max() ?? 0
        return CommandResult(
            lines: zip(tally, columns).map { entry, used in
                let (tag, open) = entry
                return OutputLine([
                    .init("+" + tag + String(repeating: " ", count: width - used), .tag),
                    .init("  \(open) open", open == 0 ? .dim : .plain),
                ])
            })
    }

    /// Every tag in use, spelt as first typed and in natural order, with how many open items have it.
    func tagTally() -> [(tag: String, open: Int)] {
        let book = self.book
        var open: [String: Int] = [:]
        for list in book.checklists {
            for item in list.items where !item.checked {
                for key in Set(item.tags.map(\.tagKey)) { open[key, default: 0] += 1 }
            }
        }
        return NaturalOrder.sorted(Array(book.tagSpellings), byName: \.value).map { key, tag in
            (tag, open[key] ?? 0)
        }
    }

    /// `priority ITEM LEVEL`: RFC 5545's 1 (highest) to 9, or none.
    func setPriority(_ reference: ItemReference, _ priority: Int?) throws -> CommandResult {
        try changeResult("priority") { book in
            let locations = try changeItems(reference, in: &book) { $0.priority = priority }
            return reportLines(book, locations, verb: priority == nil ? "no priority:" : "priority set:")
        }
    }

    /// `start ITEM DATE|none`: the day or time work on the item can start, read as `due` reads DATE.
    func setStart(_ reference: ItemReference, _ argument: Command.DueArgument) throws -> CommandResult {
        let date = try date(of: argument)
        return try changeResult("start") { book in
            let locations = try changeItems(reference, in: &book) { $0.start = date }
            return reportLines(book, locations, verb: date == nil ? "no start date:" : "starts:")
        }
    }
}
