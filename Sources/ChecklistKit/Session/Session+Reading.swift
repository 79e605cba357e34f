extension Session {
    /// Has a store that loads in part (`LoadScope.currentChecklist`) read what `reach` needs and
    /// the book as it is now leaves unread: the current checklist's items, the checklists the
    /// reach names (resolved against this book), those the undo journal's entry would replace,
    /// and those holding an `#ID` the items read do not hold. Runs before the command and again
    /// under the lock when another process changed the file, which may have moved every name.
    ///
    /// What the command would refuse (a name no checklist has, nothing to undo) reads nothing:
    /// the command then says what is wrong.
    func readMissingItems(for reach: CommandReach) throws {
        guard store.scope == .currentChecklist else { return }
        let book = self.book
        guard book.checklists.contains(where: { $0.unloadedItemCount != nil }) else { return }
        // A command that needs everything, run on a store opened in part, reads the rest.
        guard !reach.readsWholeBook else {
            try store.readItems(ofChecklistsNamed: book.checklists.filter { $0.unloadedItemCount != nil }.map(\.name))
            return
        }
        var names: [String] = []
        if reach.readsCurrentItems, let current = book.current, current.unloadedItemCount != nil {
            names.append(current.name)
        }
        for reference in reach.namedLists {
            if let index = try? resolveList(reference, in: book) { names.append(book.checklists[index].name) }
        }
        if let entry = reach.journalEntry {
            // A look at the journal, outside the lock, for the names alone: the undo reads it
            // again under the lock, decodes the items, and says if it is damaged.
            let next = journal.nextChecklistNames()
            names += (entry == .nextUndo ? next.undo : next.redo) ?? []
        }
        if !names.isEmpty { try store.readItems(ofChecklistsNamed: names) }
        let missing = reach.namedItemIDs.filter { self.book.location(ofItemID: $0) == nil }
        guard !missing.isEmpty else { return }
        try store.readItems(ofChecklistsHoldingItemIDs: missing)
    }
}

extension Session {
    /// Refuses a change of `list` when its items were not read: another process changed the data
    /// file after `readMissingItems(for:)` read them, and the name now leads to another checklist.
    func requireItemsRead(_ list: Checklist) throws(CommandError) {
        guard list.unloadedItemCount == nil else {
            throw .refused("the data file changed while the items of \(list.name) were read; run the command again")
        }
    }
}
