extension Session {
    func help(_ name: String?) throws -> CommandResult {
        if let name {
            let command = try CommandName.resolve(name)
            return CommandResult(lines: [OutputLine(command.usage, .heading), OutputLine("  " + command.summary)])
        }
        let width = CommandName.allCases.map(\.usage.count).max() ?? 0
        var lines = CommandName.allCases.filter { $0 != .exit }.map { command in
            OutputLine([.init(TextWidth.padded(command.usage, to: width), .heading), .init("  " + command.summary)])
        }
        lines.append("")
        lines.append(OutputLine("LIST: a number from lists, a name or a unique prefix.", .dim))
        lines.append(OutputLine("ITEM: a position from show (3), a range (2-5) or an ID (#17).", .dim))
        lines.append(OutputLine("DATE: \(DateExpression.forms), in the local time zone.", .dim))
        lines.append(OutputLine("Commands may be shortened to a unique prefix; quote text with \" or '.", .dim))
        return CommandResult(lines: lines)
    }

    func find(_ text: String) -> [OutputLine] {
        let book = self.book
        let key = SearchFolding.key(text)
        let now = clock()
        var lines: [OutputLine] = []
        for (index, list) in book.checklists.enumerated() {
            for (position, item) in list.items.enumerated() where SearchFolding.key(item.text).contains(key) {
                let prefix = (index == book.currentIndex ? "* " : "  ") + list.name + ": "
                lines.append(itemLine(item, position: position + 1, width: 1, now: now, prefix: prefix))
            }
        }
        return lines.isEmpty ? [OutputLine("no items contain \"\(text)\"", .dim)] : lines
    }

    func upcoming() -> [OutputLine] {
        let book = self.book
        let now = clock()
        var entries: [(due: Double, list: Int, position: Int)] = []
        for (index, list) in book.checklists.enumerated() {
            for (position, item) in list.items.enumerated() {
                if let due = item.dueDate { entries.append((due, index, position)) }
            }
        }
        entries.sort { ($0.due, $0.list, $0.position) < ($1.due, $1.list, $1.position) }
        guard !entries.isEmpty else {
            return [OutputLine("no items have a due date; set one with due ITEM DATE", .dim)]
        }
        return entries.map { entry in
            let list = book.checklists[entry.list]
            return itemLine(
                list.items[entry.position], position: entry.position + 1, width: 1, now: now, prefix: list.name + ": ")
        }
    }

    func undo() throws -> CommandResult {
        guard let entry = undoStack.last else {
            throw CommandError.refused(
                "nothing to undo: this session has made no changes"
                    + " (undo works within one REPL or batch run; each one-shot command is a session of its own)")
        }
        let result = try changeResult("undo", undoable: false) { book in
            guard book.checklists == entry.after else {
                throw CommandError.refused(
                    "cannot undo \(entry.summary): another process changed the checklists since; show what is there now"
                )
            }
            book.replaceChecklists(with: entry.before, fallbackCurrent: entry.currentBefore)
            return [OutputLine("undid \(entry.summary)", .success)]
        }
        undoStack.removeLast()
        redoStack.append(entry)
        return result
    }

    func redo() throws -> CommandResult {
        guard let entry = redoStack.last else { throw CommandError.refused("nothing to redo") }
        let result = try changeResult("redo", undoable: false) { book in
            guard book.checklists == entry.before else {
                throw CommandError.refused(
                    "cannot redo \(entry.summary): another process changed the checklists since")
            }
            book.replaceChecklists(with: entry.after, fallbackCurrent: entry.currentAfter)
            return [OutputLine("redid \(entry.summary)", .success)]
        }
        redoStack.removeLast()
        undoStack.append(entry)
        return result
    }
}
