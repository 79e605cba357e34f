/// The three-way merge of two versions of the checklists with their last common version (SPEC §8).
///
/// BASE is the last common version (`nil`: none, as for unrelated histories), OURS this machine's,
/// THEIRS the remote's. Items are identified by ItemID, checklists by name (or, once renamed on
/// one side, by holding most of the base checklist's items). What one side changed is taken from
/// it, field by field; where both changed a field differently OURS wins and a conflict is
/// reported. Nothing here reads the clock or a file: books in, a book and a report out.
public enum ChecklistMerge {
    /// Merges `ours` and `theirs`, which both started from `base`.
    ///
    /// `sharedCounter` says THEIRS's IDs come from the same counter as OURS's (another machine's
    /// file, through git): then an ID below THEIRS's counter was handed out there even if THEIRS
    /// no longer holds it. A CalDAV server's tasks get their IDs here, so there it is `false`.
    ///
    /// `theirsOfBase` pairs base checklists (by position) with THEIRS's (by position) where the
    /// pairing is known for sure (a CalDAV collection keeps its URL through a rename); the
    /// others are matched by name or items as usual.
    ///
    /// `synced` is OURS as this machine's last sync with another remote left it (a CalDAV
    /// server's). An item new on both sides that OURS still holds as it is there, and that THEIRS
    /// read from the same version of the server (the same server mark), has that copy as its
    /// base: both sides took it from the server, so what THEIRS changed since is taken.
    public static func merge(
        base: ChecklistBook?, ours: ChecklistBook, theirs: ChecklistBook, sharedCounter: Bool = true,
        theirsOfBase: [Int: Int] = [:], synced: ChecklistBook? = nil
    ) -> MergeResult {
        var merger = Merger(
            base: base?.checklists ?? [], ours: ours.checklists, theirs: theirs.checklists,
            nextItemID: max(base?.nextItemID ?? 0, ours.nextItemID, theirs.nextItemID),
            theirsNextItemID: sharedCounter ? theirs.nextItemID : Int.min)
        for list in synced?.checklists ?? [] {
            for item in list.items { if let uid = item.uid { merger.synced[uid] = item } }
        }
        merger.theirsFixed = theirsOfBase.filter { pair in
            merger.base.indices.contains(pair.key) && merger.theirs.indices.contains(pair.value)
        }
        let lists = merger.run()
        let currentName = ours.current.flatMap { current in
            merger.slots.firstIndex { $0.ours.map { ours.checklists[$0].name } == current.name }
        }.flatMap { merger.names[$0] }
        let currentIndex = currentName.flatMap { name in lists.firstIndex { $0.name == name } }
        let book = ChecklistBook(checklists: lists, currentIndex: currentIndex, nextItemID: merger.nextItemID)
        // The book sorts its checklists by name; the merged names are unique.
        var slotOfName: [String: Int] = [:]
        for index in merger.keptSlots { if let name = merger.names[index] { slotOfName[name] = index } }
        let origins = book.checklists.map { list in
            let slot = slotOfName[list.name].map { merger.slots[$0] }
            return MergeOrigin(base: slot?.base, ours: slot?.ours, theirs: slot?.theirs)
        }
        return MergeResult(
            book: book, conflicts: merger.conflicts, renumbered: merger.renumbered, origins: origins,
            duplicates: merger.duplicates)
    }
}

/// The merge's working state: checklists matched across the three versions (slots), and items.
private struct Merger {
    /// One checklist of the result-to-be: where it is in each version (`nil`: not there).
    struct Slot {
        var base: Int?
        var ours: Int?
        var theirs: Int?
    }

    /// An item of one version, with the slot of the checklist holding it.
    struct Placed {
        var slot: Int
        var item: ChecklistItem
    }

    var base: [Checklist]
    var ours: [Checklist]
    var theirs: [Checklist]
    var nextItemID: Int
    /// THEIRS's counter: every ID below it was handed out on THEIRS's side, whether or not the
    /// item is still there.
    let theirsNextItemID: Int
    var slots: [Slot] = []
    /// The merged name of each slot, once known.
    var names: [Int: String] = [:]
    var conflicts: [MergeConflict] = []
    var renumbered: [RenumberedItem] = []
    /// Base checklist → THEIRS checklist pairs known beforehand.
    var theirsFixed: [Int: Int] = [:]
    /// The slot of each checklist of the result, in order.
    var keptSlots: [Int] = []
    /// Items of OURS's or THEIRS's dropped for another item's UID.
    var duplicates: [DroppedDuplicate] = []
    /// Each item of OURS as the last sync with another remote left it, by UID.
    var synced: [String: ChecklistItem] = [:]

    init(base: [Checklist], ours: [Checklist], theirs: [Checklist], nextItemID: Int, theirsNextItemID: Int) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.nextItemID = nextItemID
        self.theirsNextItemID = theirsNextItemID
    }

    mutating func run() -> [Checklist] {
        alignByUID()
        matchChecklists()
        renumberCollisions()
        let baseItems = placed(base, side: \.base)
        let oursItems = placed(ours, side: \.ours)
        let theirsItems = placed(theirs, side: \.theirs)
        var merged: [Int: ChecklistItem] = [:]
        var slotOf: [Int: Int] = [:]
        var ids = Set(baseItems.keys)
        ids.formUnion(oursItems.keys)
        ids.formUnion(theirsItems.keys)
        var dropped: [String: MergedHierarchy.Dropped] = [:]
        for id in ids {
            guard let item = mergeItem(base: baseItems[id], ours: oursItems[id], theirs: theirsItems[id]) else {
                // Deleted on one side only: a parent the other side gave a sub-item may come back.
                if let kept = oursItems[id] ?? theirsItems[id], let uid = kept.item.uid {
                    dropped[uid] = MergedHierarchy.Dropped(
                        item: kept.item, slot: kept.slot, keptByOurs: oursItems[id] != nil)
                }
                continue
            }
            merged[id] = item.item
            slotOf[id] = item.slot
        }
        var hierarchy = MergedHierarchy(items: merged, slots: slotOf)
        if hierarchy.hasSubItems {
            hierarchy.keepParents(dropped: dropped) { id, deletedOnOurs in
                (deletedOnOurs ? oursItems[id] : theirsItems[id])?.item.parentUID
            }
            for broken in hierarchy.breakCycles(oursParent: { oursItems[$0]?.item.parentUID }) {
                record(
                    Disagreement(
                        field: "parent", ours: ParentField(parentUID: broken.kept).description,
                        theirs: ParentField(parentUID: broken.dropped).description),
                    list: listName(slotOf[broken.itemID] ?? 0), item: broken.itemID)
            }
            merged = hierarchy.items
            slotOf = hierarchy.slots
        }
        var membersOf: [Int: Set<Int>] = [:]
        for (id, slot) in slotOf { membersOf[slot, default: []].insert(id) }
        var lists: [Checklist] = []
        var taken = UniqueNames([])
        for index in slots.indices {
            let members = membersOf[index] ?? []
            guard var list = mergeFields(of: index, keepEmpty: !members.isEmpty) else { continue }
            list.items = order(of: index, members: members).compactMap { merged[$0] }
            list.name = taken.claim(list.name)
            names[index] = list.name
            lists.append(list)
            keptSlots.append(index)
        }
        let highest = lists.flatMap(\.items).map(\.itemID).max() ?? -1
        nextItemID = max(nextItemID, highest + 1)
        return lists
    }

    // MARK: One UID, one item (rule 1)

    /// Gives every item of one UID the same ItemID in all three versions: THEIRS's (it was
    /// pushed and never changes), else OURS's, else BASE's.
    ///
    /// Two machines that each took a phone's new task from the CalDAV server before git carried
    /// it hold it under two ItemIDs; by UID they are one item, merged field by field. OURS's items
    /// that change ID are reported as renumbered. Two items of one UID in one version (a file an
    /// older version doubled) become one: the first, and OURS's or THEIRS's say so.
    mutating func alignByUID() {
        var canonical: [String: Int] = [:]
        for lists in [theirs, ours, base] {
            for list in lists {
                for item in list.items where item.uid.map({ canonical[$0] == nil }) == true {
                    canonical[item.uid ?? ""] = item.itemID
                }
            }
        }
        guard !canonical.isEmpty else { return }
        func align(_ lists: inout [Checklist], reporting: Bool, naming: Bool?) {
            var seen: [String: DroppedDuplicate.Item] = [:]
            for listIndex in lists.indices {
                var items: [ChecklistItem] = []
                let name = lists[listIndex].name
                for var item in lists[listIndex].items {
                    if let uid = item.uid, let id = canonical[uid] {
                        if let kept = seen[uid] {
                            if let fromTheirs = naming {
                                duplicates.append(
                                    DroppedDuplicate(
                                        uid: uid, fromTheirs: fromTheirs, kept: kept,
                                        dropped: .init(list: name, itemID: item.itemID, text: item.text)))
                            }
                            continue
                        }
                        seen[uid] = .init(list: name, itemID: item.itemID, text: item.text)
                        if id != item.itemID {
                            if reporting {
                                renumbered.append(RenumberedItem(from: item.itemID, to: id, text: item.text))
                            }
                            item.itemID = id
                        }
                    }
                    items.append(item)
                }
                lists[listIndex].items = items
            }
        }
        align(&theirs, reporting: false, naming: true)
        align(&ours, reporting: true, naming: false)
        align(&base, reporting: false, naming: nil)
    }

    // MARK: Checklists (rule 1)

    /// Pairs each base checklist with its counterpart on each side — the one with its name
    /// (ignoring case), else, for those left, the one holding more than half of its item IDs (it
    /// was renamed) — then pairs checklists new on both sides by name.
    mutating func matchChecklists() {
        let oursMatch = Self.counterparts(of: base, in: ours)
        let theirsMatch = Self.counterparts(of: base, in: theirs, fixed: theirsFixed)
        for index in base.indices {
            slots.append(Slot(base: index, ours: oursMatch[index], theirs: theirsMatch[index]))
        }
        let oursTaken = Set(oursMatch.values)
        let theirsTaken = Set(theirsMatch.values)
        var newTheirs: [String: Int] = [:]
        for (index, list) in theirs.enumerated() where !theirsTaken.contains(index) {
            newTheirs[list.name.lowercased()] = index
        }
        for (index, list) in ours.enumerated() where !oursTaken.contains(index) {
            let t = newTheirs.removeValue(forKey: list.name.lowercased())
            slots.append(Slot(base: nil, ours: index, theirs: t))
        }
        for index in newTheirs.values.sorted() {
            slots.append(Slot(base: nil, ours: nil, theirs: index))
        }
    }

    /// For each base checklist (by position), its counterpart in `lists`, where it has one.
    ///
    /// Names are matched first, for every checklist, so that a checklist that merely received
    /// another's items is not taken for that one renamed. The `fixed` pairs come before both.
    static func counterparts(of base: [Checklist], in lists: [Checklist], fixed: [Int: Int] = [:]) -> [Int: Int] {
        var result: [Int: Int] = [:]
        var taken = Set<Int>()
        for (index, list) in fixed.sorted(by: { $0.key < $1.key }) where !taken.contains(list) {
            result[index] = list
            taken.insert(list)
        }
        var byName: [String: Int] = [:]
        for (index, list) in lists.enumerated() where !taken.contains(index) { byName[list.name.lowercased()] = index }
        for (index, list) in base.enumerated() where result[index] == nil {
            if let same = byName[list.name.lowercased()], !taken.contains(same) {
                result[index] = same
                taken.insert(same)
            }
        }
        var listOfItem: [Int: Int] = [:]
        for (index, list) in lists.enumerated() where !taken.contains(index) {
            for item in list.items { listOfItem[item.itemID] = index }
        }
        for (index, list) in base.enumerated() where result[index] == nil {
            var counts: [Int: Int] = [:]
            for item in list.items {
                if let holder = listOfItem[item.itemID] { counts[holder, default: 0] += 1 }
            }
            // Ties cannot pass: more than half of the items are in at most one checklist.
            guard let (holder, count) = counts.max(by: { $0.value < $1.value }), count * 2 > list.items.count,
                !taken.contains(holder)
            else { continue }
            result[index] = holder
            taken.insert(holder)
        }
        // An empty checklist has no items to follow when it is renamed: when exactly one empty
        // base checklist is left and exactly one empty checklist with a name new to BASE is left
        // here, that is the one renamed (a drop and a new of an empty checklist end the same way).
        let baseNames = Set(base.map { $0.name.lowercased() })
        let leftInBase = base.indices.filter { result[$0] == nil && base[$0].items.isEmpty }
        let leftHere = lists.indices.filter {
            !taken.contains($0) && lists[$0].items.isEmpty && !baseNames.contains(lists[$0].name.lowercased())
        }
        if leftInBase.count == 1, leftHere.count == 1, let index = leftInBase.first, let renamed = leftHere.first {
            result[index] = renamed
        }
        return result
    }

    /// Merges a checklist's own fields (name, icon); `nil` when it is deleted.
    ///
    /// A checklist deleted on one side survives only with what the other side added to it or
    /// changed in it (`keepEmpty` says whether items are left in it), or when that side renamed it
    /// or changed its icon (rule 4).
    mutating func mergeFields(of index: Int, keepEmpty hasItems: Bool) -> Checklist? {
        let slot = slots[index]
        let b = slot.base.map { base[$0] }
        let o = slot.ours.map { ours[$0] }
        let t = slot.theirs.map { theirs[$0] }
        switch (o, t) {
        case (nil, nil):
            return nil
        case (let kept?, nil), (nil, let kept?):
            guard let b else { return kept }
            let fieldsChanged = kept.name != b.name || kept.iconName != b.iconName
            return hasItems || fieldsChanged ? kept : nil
        case (var o?, let t?):
            var found: [Disagreement] = []
            o.name = Self.pick(b?.name, o.name, t.name, "name", &found)
            o.iconName = Self.pick(b?.iconName, o.iconName, t.iconName, "icon", &found)
            for disagreement in found { record(disagreement, list: o.name, item: nil) }
            return o
        }
    }

    // MARK: Items (rules 2–5, 7)

    /// Every item of `lists` by ID, with its slot.
    func placed(_ lists: [Checklist], side: KeyPath<Slot, Int?>) -> [Int: Placed] {
        var slotOfList: [Int: Int] = [:]
        for (index, slot) in slots.enumerated() {
            if let list = slot[keyPath: side] { slotOfList[list] = index }
        }
        var result: [Int: Placed] = [:]
        for (index, list) in lists.enumerated() {
            guard let slot = slotOfList[index] else { continue }
            for item in list.items { result[item.itemID] = Placed(slot: slot, item: item) }
        }
        return result
    }

    /// Gives OURS's new items a fresh ID where THEIRS handed out the same ID (rule 7): each
    /// machine hands out IDs from its own counter, and an ID that was pushed (THEIRS's) must
    /// never change, nor be reused (SPEC §3).
    ///
    /// An item new since BASE whose ID THEIRS holds for a different item collides. So does one
    /// whose ID THEIRS's counter has passed although THEIRS no longer holds it: that ID was
    /// handed out on THEIRS's side and deleted there, and a third machine may still hold the
    /// deleted item and change it, which must not land on OURS's new one. The same item added on
    /// both sides (an identical item under the same ID in the same checklist) is kept as one.
    mutating func renumberCollisions() {
        var baseIDs = Set<Int>()
        for list in base { for item in list.items { baseIDs.insert(item.itemID) } }
        var theirsItems: [Int: (list: String, item: ChecklistItem)] = [:]
        var highest = nextItemID - 1
        for list in theirs {
            for item in list.items {
                theirsItems[item.itemID] = (list.name.lowercased(), item)
                highest = max(highest, item.itemID)
            }
        }
        for list in ours { for item in list.items { highest = max(highest, item.itemID) } }
        nextItemID = highest + 1
        for listIndex in ours.indices {
            let name = ours[listIndex].name.lowercased()
            for itemIndex in ours[listIndex].items.indices {
                let item = ours[listIndex].items[itemIndex]
                guard !baseIDs.contains(item.itemID) else { continue }
                if let other = theirsItems[item.itemID] {
                    guard other.item != item || other.list != name else { continue }
                    if let uid = item.uid, other.item.uid == uid { continue }
                } else {
                    guard item.itemID < theirsNextItemID else { continue }
                }
                let fresh = nextItemID
                nextItemID += 1
                ours[listIndex].items[itemIndex].itemID = fresh
                renumbered.append(RenumberedItem(from: item.itemID, to: fresh, text: item.text))
            }
        }
    }

    /// Merges one item's versions; `nil` when it is gone.
    ///
    /// An item deleted on one side is kept when the other side changed it (a field, or the
    /// checklist it is in), with that change; else the delete wins.
    mutating func mergeItem(base b: Placed?, ours o: Placed?, theirs t: Placed?) -> Placed? {
        switch (o, t) {
        case (nil, nil):
            return nil
        case (let kept?, nil), (nil, let kept?):
            guard let b else { return kept }
            return kept.item.saysTheSame(as: b.item) && kept.slot == b.slot ? nil : kept
        case (var o?, let t?):
            var found: [Disagreement] = []
            let before = b?.item ?? syncedBase(ours: o.item, theirs: t.item)
            for field in Self.mergeOrder { Self.merge(field, before, &o.item, t.item, &found) }
            let oursList = listName(o.slot)
            let theirsList = listName(t.slot)
            o.slot = Self.pick(b?.slot, o.slot, t.slot, "checklist", &found)
            for var disagreement in found {
                if disagreement.field == "checklist" {
                    disagreement.ours = "\"\(oursList)\""
                    disagreement.theirs = "\"\(theirsList)\""
                }
                record(disagreement, list: oursList, item: o.item.itemID)
            }
            return o
        }
    }

    /// The copy of an item new on both sides that the last sync with another remote left here,
    /// when OURS still says what it says and THEIRS read the same version of that remote.
    ///
    /// Both sides then took the item from that remote's one version: it is their common base.
    /// THEIRS's server mark must be that copy's, or THEIRS may hold an older version, whose
    /// values would then undo this machine's changes as if they were THEIRS's.
    func syncedBase(ours: ChecklistItem, theirs: ChecklistItem) -> ChecklistItem? {
        guard let uid = ours.uid, let copy = synced[uid], let mark = copy.serverMark, ours.serverMark == mark,
            theirs.serverMark == mark, copy.saysTheSame(as: ours)
        else { return nil }
        return copy
    }

    /// Every item field, in the order the merge reports disagreements about them.
    static let mergeOrder: [ItemField] = [
        .text, .checked, .shouldRemind, .due, .repeatRule, .uid, .note, .tags, .priority, .parent, .start,
        .cancelled, .alarmOffset, .serverMark, .itemID,
    ]

    /// Merges `field` of an item both sides hold into `item` (OURS's): a change on one side wins,
    /// two different changes keep OURS's and are added to `found` (`pick`); the tags merge as a
    /// set. `before` is the item's base, if known.
    static func merge(
        _ field: ItemField, _ before: ChecklistItem?, _ item: inout ChecklistItem, _ theirs: ChecklistItem,
        _ found: inout [Disagreement]
    ) {
        switch field {
        case .text: item.text = pick(before?.text, item.text, theirs.text, "text", &found)
        case .checked: item.checked = pick(before?.checked, item.checked, theirs.checked, "checked", &found)
        case .shouldRemind:
            item.shouldRemind = pick(before?.shouldRemind, item.shouldRemind, theirs.shouldRemind, "reminder", &found)
        case .due:
            let due = pick(before.map(DueField.init), DueField(item), DueField(theirs), "due date", &found)
            // Two stored dates without a due date (creation times, which machines reading one
            // server task may set apart) are no conflict a user could see: OURS's, unreported.
            if !item.hasDueDate, !theirs.hasDueDate { found.removeAll { $0.field == "due date" } }
            item.archivedDate = due.date
            item.hasDueDate = due.isSet
            item.dueDay = due.day
        case .repeatRule:
            item.repeatRule =
                pick(before.map(RepeatField.init), RepeatField(item), RepeatField(theirs), "repeat", &found).rule
        case .uid:
            // The CalDAV identity: set on one side only when that side gave it first. Two sides
            // that gave one each (a due date set on one before) agree on the smaller, silently:
            // the next CalDAV sync removes the other's task.
            if before?.uid == nil, let mine = item.uid, let other = theirs.uid, mine != other {
                item.uid = min(mine, other)
            } else {
                item.uid = pick(before?.uid, item.uid, theirs.uid, "CalDAV UID", &found)
            }
        case .note:
            item.note = pick(before.map(NoteField.init), NoteField(item), NoteField(theirs), "note", &found).note
        case .tags: item.tags = TagSet.merge(base: before?.tags, ours: item.tags, theirs: theirs.tags)
        case .priority:
            item.priority =
                pick(before.map(PriorityField.init), PriorityField(item), PriorityField(theirs), "priority", &found)
                .priority
        case .parent:
            item.parentUID =
                pick(before.map(ParentField.init), ParentField(item), ParentField(theirs), "parent", &found).parentUID
        case .start:
            item.start = pick(before.map(StartField.init), StartField(item), StartField(theirs), "start", &found).start
        case .cancelled:
            item.cancelled = pick(before.map(\.cancelled), item.cancelled, theirs.cancelled, "cancelled", &found)
        case .alarmOffset:
            item.alarmOffset = pick(
                before.map(\.alarmOffset), item.alarmOffset, theirs.alarmOffset, "alarm time", &found)
        case .serverMark:
            // Not the user's: a one-sided change is taken, and two machines that synced with
            // the server apart keep OURS's without a word (either is a true mark of some version).
            var unreported: [Disagreement] = []
            item.serverMark = pick(before?.serverMark, item.serverMark, theirs.serverMark, "", &unreported)
        case .itemID:
            // OURS's: two machines that handed out one ID are told apart by renumbering, not here.
            break
        }
    }

    /// The name a slot's checklist has on OURS's side, else THEIRS's, else the base's.
    func listName(_ slot: Int) -> String {
        let entry = slots[slot]
        return entry.ours.map { ours[$0].name } ?? entry.theirs.map { theirs[$0].name }
            ?? entry.base.map { base[$0].name } ?? ""
    }

    /// A field both sides changed to different values: its name and the two values, as text.
    struct Disagreement {
        var field: String
        var ours: String
        var theirs: String
    }

    /// The three-way choice of one field: a change on one side wins; both changed it the same way:
    /// that; both differently: OURS, with the disagreement added to `found`.
    static func pick<Value: Equatable>(
        _ base: Value?, _ ours: Value, _ theirs: Value, _ field: String, _ found: inout [Disagreement]
    ) -> Value {
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        found.append(Disagreement(field: field, ours: describe(ours), theirs: describe(theirs)))
        return ours
    }

    static func describe<Value>(_ value: Value) -> String {
        switch value {
        case let text as String: "\"\(text)\""
        case let field as CustomStringConvertible: field.description
        default: "\(value)"
        }
    }

    mutating func record(_ disagreement: Disagreement, list: String, item: Int?) {
        conflicts.append(
            MergeConflict(
                list: list, itemID: item, field: disagreement.field, ours: disagreement.ours,
                theirs: disagreement.theirs))
    }

    // MARK: Order (rule 6)

    /// The order of a merged checklist's items: that of the side that reordered it (OURS's if
    /// both did or neither did), with each item the other side brought in placed after the item
    /// it follows there (at the start if it is first there).
    func order(of index: Int, members: Set<Int>) -> [Int] {
        let slot = slots[index]
        let baseOrder = slot.base.map { base[$0].items.map(\.itemID) } ?? []
        let oursOrder = slot.ours.map { ours[$0].items.map(\.itemID) }
        let theirsOrder = slot.theirs.map { theirs[$0].items.map(\.itemID) }
        let theirsFirst =
            theirsOrder.map { Self.reordered(baseOrder, $0) } == true
            && oursOrder.map { Self.reordered(baseOrder, $0) } != true
        let (primary, other) =
            theirsFirst || oursOrder == nil
            ? (theirsOrder ?? [], oursOrder ?? []) : (oursOrder ?? [], theirsOrder ?? [])
        var placed = Set<Int>()
        var after: [Int?: [Int]] = [:]
        var kept: [Int] = []
        for id in primary where members.contains(id) && placed.insert(id).inserted { kept.append(id) }
        var previous: Int?
        for id in other {
            if members.contains(id), placed.insert(id).inserted {
                after[previous, default: []].append(id)
            }
            if placed.contains(id) { previous = id }
        }
        var result: [Int] = []
        result.reserveCapacity(members.count)
        // Depth first through the items placed after each one, without recursion: a run of
        // thousands of new items in a row would otherwise nest as deep.
        func emit(following anchor: Int?) {
            var stack = Array((after[anchor] ?? []).reversed())
            while let id = stack.popLast() {
                result.append(id)
                stack += (after[id] ?? []).reversed()
            }
        }
        emit(following: nil)
        for id in kept {
            result.append(id)
            emit(following: id)
        }
        // Items in neither side's list of this checklist cannot occur; kept for safety, in ID order.
        if result.count < members.count {
            let missing = members.subtracting(result).sorted()
            result += missing
        }
        return result
    }

    /// Whether `side` moved items of `base` relative to one another.
    static func reordered(_ base: [Int], _ side: [Int]) -> Bool {
        let inBase = Set(base)
        let inSide = Set(side)
        let sideOrder = side.filter { inBase.contains($0) }
        let baseOrder = base.filter { inSide.contains($0) }
        return sideOrder != baseOrder
    }
}
