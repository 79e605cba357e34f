import KeyedArchive

extension ChecklistBook {
    /// The file this book makes as an edit of the one `layout` was read from; `nil` when the edit cannot express the change (a checklist removed,
    /// renamed or given another icon; a file whose widths cannot address what is added), and the
    /// book must be encoded afresh.
    ///
    /// Every object this book did not change keeps its bytes: only changed items, new items, new
    /// checklists and the arrays that list them are written (`ArchiveEditor`). An item counts as
    /// unchanged when it equals the item of its ID as loaded. A checklist that was not loaded must
    /// be as loaded. An empty checklist whose name the file does not hold is a new one (`new`).
    func edit(of layout: ArchivedLayout) throws(KeyedArchiveError) -> EditedArchive? {
        var editor = try ArchiveEditor(file: layout.file, ownWrite: layout.ownWrite, booleans: layout.booleanObjects)
        let placed = layout.lists
        let loaded = Dictionary(layout.book.checklists.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var added: [String: UInt64] = [:]
        var kept = 0
        for list in checklists {
            guard let place = placed[list.name] else {
                // New (`new`): empty. A list the file holds under another name (renamed) leaves one of
                // the file's lists unmatched, which `kept` tells below. New lists with items (`import`)
                // are encoded afresh: an edit that adds many texts looks each one up in the file.
                guard list.unloadedItemCount == nil, list.items.isEmpty, added[list.name] == nil else { return nil }
                added[list.name] = editor.append(list)
                continue
            }
            kept += 1
            guard let original = loaded[list.name], list.iconName == original.iconName else { return nil }
            if original.unloadedItemCount != nil {
                guard list == original else {
                    throw .notAKeyedArchive("checklist \"\(list.name)\" changed while it was not loaded")
                }
                continue
            }
            // A loaded checklist's item UIDs were read with it.
            guard let placedUIDs = place.itemUIDs else { return nil }
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
                let item = list.items[position]
                if item != original.items[position] { try editor.replace(uid, with: item) }
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
            guard uids != placedUIDs else { continue }
            guard let itemsUID = place.itemsUID else { return nil }
            try editor.replaceArray(itemsUID, elements: uids)
        }
        // Every list of the file is still here: none removed or renamed.
        guard kept == placed.count else { return nil }
        let order = checklists.map(\.name)
        if order != layout.order {
            try editor.replaceArray(
                layout.checklistsUID, elements: order.compactMap { placed[$0]?.uid ?? added[$0] })
        }
        editor.setTopInteger(currentIndex ?? -1, forKey: "ChecklistIndex")
        editor.setTopInteger(nextItemID, forKey: "ChecklistItemID")
        return editor.finish()
    }
}
