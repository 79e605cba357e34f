import KeyedArchive

extension ChecklistBook {
    /// The file this book makes as an edit of the one `layout` was read from; `nil` when the edit
    /// cannot express the change (a file whose widths cannot address what is added, a checklist
    /// without an `Items` array), and the book must be encoded afresh.
    ///
    /// Every object this book did not change keeps its bytes: only changed items, new items, new
    /// checklists, the fields of a checklist renamed or given another icon, and the arrays that
    /// list them are written (`ArchiveEditor`). An item counts as unchanged when it equals the
    /// item of its ID as loaded. A checklist that was not loaded must be as loaded, but for its
    /// name and icon. A checklist whose name the file does not hold is a new one (`new`, `import`,
    /// an `undo` of a `drop`), appended with its items; a checklist of the file whose name this
    /// book does not hold was dropped (`drop`), unless it is the only one and this book has a
    /// single checklist the file does not hold: that one is the same checklist, renamed (`rename`,
    /// which keeps its items).
    func edit(of layout: ArchivedLayout) throws(KeyedArchiveError) -> EditedArchive? {
        let editor = try ArchiveEditor(
            file: layout.file, booleans: layout.booleanObjects)
        let placed = layout.lists
        let loaded = Dictionary(layout.book.checklists.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(checklists.map(\.name))
        let gone = layout.order.filter { !names.contains($0) }
        let unplaced = checklists.filter { placed[$0.name] == nil }
        var renamed: (from: String, to: String)?
        if gone.count == 1, unplaced.count == 1, let from = gone.first, let to = unplaced.first?.name {
            renamed = (from, to)
        }
        // The UID of each checklist's object, by its name in this book.
        var uids: [String: UInt64] = [:]
        for list in checklists {
            var fileName = list.name
            if let renamed, renamed.to == list.name { fileName = renamed.from }
            guard let place = placed[fileName], let original = loaded[fileName] else {
                // New: appended with its items.
                guard list.unloadedItemCount == nil, uids[list.name] == nil else { return nil }
                uids[list.name] = editor.append(list)
                continue
            }
            uids[list.name] = place.uid
            var fields: [(key: String, value: String)] = []
            if list.name != original.name { fields.append(("Name", list.name)) }
            if list.iconName != original.iconName { fields.append(("IconName", list.iconName)) }
            if !fields.isEmpty { try editor.replaceStrings(ofObject: place.uid, fields) }
            if original.unloadedItemCount != nil {
                guard list.unloadedItemCount == original.unloadedItemCount, list.items.isEmpty else {
                    throw .notAKeyedArchive("checklist \"\(list.name)\" changed while it was not loaded")
                }
                continue
            }
            guard list.unloadedItemCount == nil,
                try Self.editItems(of: list, from: original, place: place, layout: layout, editor: editor)
            else { return nil }
        }
        // Dropped checklists leave their objects behind, counted as for items taken out.
        for name in gone where name != renamed?.from {
            let items = loaded[name].map { $0.unloadedItemCount ?? $0.items.count } ?? 0
            editor.countDead((items + 1) * layout.bytesPerItem)
        }
        let order = checklists.map(\.name)
        if order != layout.order {
            try editor.replaceArray(layout.checklistsUID, elements: order.compactMap { uids[$0] })
        }
        editor.setTopInteger(currentIndex ?? -1, forKey: "ChecklistIndex")
        editor.setTopInteger(nextItemID, forKey: "ChecklistItemID")
        return editor.finish()
    }

    /// Edits the items of `list`, loaded as `original` from `place`: changed items replaced, new
    /// ones appended, and the `Items` array written again when its elements changed. Returns
    /// `false` when the edit cannot express the change (the file's checklist has no `Items` array).
    private static func editItems(
        of list: Checklist, from original: Checklist, place: ArchivedLayout.List, layout: ArchivedLayout,
        editor: ArchiveEditor
    ) throws(KeyedArchiveError) -> Bool {
        // A loaded checklist's item UIDs were read with it.
        guard let placedUIDs = place.itemUIDs else { return false }
        // The items still where they were loaded (all of them after a change other than a
        // move, an add or a removal, most of them after those) are compared in place; the
        // others are found by their ID.
        let loadedCount = min(placedUIDs.count, original.items.count)
        var same = 0
        while same < min(loadedCount, list.items.count), list.items[same].itemID == original.items[same].itemID {
            same += 1
        }
        var uids: [UInt64] = []
        uids.reserveCapacity(list.items.count)
        for position in 0..<same {
            let uid = placedUIDs[position]
            // Compared in place: a copy of each item (its strings retained and released) cost
            // more than the comparison.
            if list.items[position] != original.items[position] { try editor.replace(uid, with: list.items[position]) }
            uids.append(uid)
        }
        var before: [Int: (uid: UInt64, item: ChecklistItem)] = [:]
        before.reserveCapacity(loadedCount - same)
        for position in same..<loadedCount {
            before[original.items[position].itemID] = (placedUIDs[position], original.items[position])
        }
        for item in list.items[same...] {
            if let old = before.removeValue(forKey: item.itemID) {
                if old.item != item { try editor.replace(old.uid, with: item) }
                uids.append(old.uid)
            } else {
                uids.append(editor.append(item))
            }
        }
        // Items taken out leave their objects behind (the item, its text, its date), which
        // the editor does not follow: counted at the file's bytes per item, an overestimate
        // (the file's envelope and arrays are in it), so compaction comes early, not late.
        editor.countDead(before.count * layout.bytesPerItem)
        guard uids != placedUIDs else { return true }
        guard let itemsUID = place.itemsUID else { return false }
        try editor.replaceArray(itemsUID, elements: uids)
        return true
    }
}
