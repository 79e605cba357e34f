extension Session {
    /// Has a store that read only the current checklist's items (`LoadScope.currentChecklist`)
    /// read the others `command` needs: the checklist `drop`, `use`, `show` or `move … to` names, those undo or
    /// redo would replace, and those holding an `#ID` the items read do not hold.
    ///
    /// What the command would refuse (a name no checklist has, nothing to undo) reads nothing:
    /// the command then says what is wrong.
    func readItemsNeeded(by command: Command) throws {
        guard store.scope == .currentChecklist else { return }
        let book = self.book
        guard book.checklists.contains(where: { $0.unloadedItemCount != nil }) else { return }
        switch command {
        case .drop(let reference), .use(let reference), .show(let reference?, _):
            guard let index = try? resolveList(reference, in: book) else { return }
            try store.readItems(ofChecklistsNamed: [book.checklists[index].name])
        case .undo, .redo:
            // A look at the journal, outside the lock, for the names alone: the undo reads it
            // again under the lock, decodes the items, and says if it is damaged.
            let next = journal.nextChecklistNames()
            guard let names = command == .undo ? next.undo : next.redo else { return }
            try store.readItems(ofChecklistsNamed: names)
        default:
            if case .move(_, .list(let reference, _)) = command, let index = try? resolveList(reference, in: book) {
                try store.readItems(ofChecklistsNamed: [book.checklists[index].name])
            }
            let missing = command.namedItemIDs.filter { self.book.location(ofItemID: $0) == nil }
            guard !missing.isEmpty else { return }
            try store.readItems(ofChecklistsHoldingItemIDs: missing)
        }
    }
}

extension Session {
    /// Refuses a change of `list` when its items were not read: another process changed the data
    /// file after `readItemsNeeded(by:)` read them, and the name now leads to another checklist.
    func requireItemsRead(_ list: Checklist) throws(CommandError) {
        guard list.unloadedItemCount == nil else {
            throw .refused("the data file changed while the items of \(list.name) were read; run the command again")
        }
    }
}
