// The partial load of one-shot commands and their save by editing the file
// (`ChecklistBook.partlyLoaded`, `ChecklistBook.edit(of:)`, `ArchivedLayout.loadingEverything`),
// fuzzed with the other readers by Fuzz/FuzzTarget.swift's entry point (built by Scripts/fuzz.sh).

/// The partial load and the edit: neither may trap, whatever the bytes; a book loaded in part
/// from a file this program wrote (the full load of the bytes, encoded) must be what the full
/// load gives, and every change saved by an edit must read back, in full, as the full load's book
/// with the change.
func fuzzPartialLoad(_ bytes: [UInt8]) {
    // Only a file noted as our own is loaded in part, and it is trusted: on hostile bytes the
    // results may be wrong, but the load, the edits, the edited files and the full reads must
    // still only throw or give nil.
    if let trusted = ChecklistBook.partlyLoaded(archive: bytes) {
        for change in PartialChange.allCases {
            var changed = trusted.book
            change.apply(to: &changed)
            if let edit = try? changed.edit(of: trusted.layout) {
                let edited = edit.bytes(original: bytes)
                _ = try? ChecklistBook(archive: edited, loadTime: 0)
                _ = ChecklistBook.partlyLoaded(archive: edited)
            }
            _ = try? trusted.layout.loadingEverything(of: changed, loadTime: 0)
        }
    }
    // Any other file is loaded in full and saved encoded whole: what the partial load then reads.
    guard let full = try? ChecklistBook(archive: bytes, loadTime: 0) else { return }
    let own = full.archived()
    checkPartialLoad(own, changes: PartialChange.allCases)
    checkLeavingCurrentUnread(own)
}

/// Checks the load in part for a command that needs no item of the current checklist
/// (`readingCurrent: false`): every checklist is left unread, and each change that touches no
/// item, saved by an edit, reads back as the full load's book with the change.
private func checkLeavingCurrentUnread(_ bytes: [UInt8]) {
    guard let (book, layout) = ChecklistBook.partlyLoaded(archive: bytes, readingCurrent: false),
        let full = try? ChecklistBook(archive: bytes, loadTime: 0)
    else { return }
    precondition(book.checklists.allSatisfy { $0.unloadedItemCount != nil }, "a checklist was read")
    precondition(book.nextItemID == full.nextItemID, "the load left unread has another next item ID")
    let changes: [PartialChange] = [.selectNext, .selectNone, .newList, .rename, .icon, .dropCurrent, .dropNext]
    for change in changes {
        var changed = book
        change.apply(to: &changed)
        var expected = full
        change.apply(to: &expected)
        guard let edit = try? changed.edit(of: layout) else { continue }
        let reread = try? ChecklistBook(archive: edit.bytes(original: bytes), loadTime: 0)
        precondition(reread == expected, "an edit of a book left unread does not hold the change (\(change))")
    }
}

/// Checks the partial load of `bytes`, a file this program wrote, against the full load, then
/// saves each of `changes` by an edit and checks the edited file.
///
/// With `editingAgain`, an edited file is checked in turn as the store reads it next (as our
/// own); the edit of a change adding an item is edited once more.
private func checkPartialLoad(_ bytes: [UInt8], changes: [PartialChange], editingAgain: Bool = true) {
    guard let (book, layout) = ChecklistBook.partlyLoaded(archive: bytes) else { return }
    guard let full = try? ChecklistBook(archive: bytes, loadTime: 0) else {
        preconditionFailure("the partial load accepted a file the full load refuses")
    }
    checkAgreement(partial: book, full: full)
    checkReadingMore(layout, full: full)
    for change in changes {
        var changed = book
        change.apply(to: &changed)
        var expected = full
        change.apply(to: &expected)
        // The save when the edit cannot express the change, or leaves too much dead: the
        // checklists not loaded read in full (this program wrote them, so they decode), a NaN
        // `DueDate` given the time of loading (0 here) as the full load gives it.
        let whole: ChecklistBook
        do {
            whole = try layout.loadingEverything(of: changed, loadTime: 0)
        } catch {
            preconditionFailure("reading the checklists not loaded failed: \(error) (\(change))")
        }
        precondition(
            whole == expected, "the book read in full differs from the full load (\(change))")
        // Throwing is allowed (hostile files can hold what the editor refuses to change), and
        // `nil` asks for the encode above.
        guard let edit = try? changed.edit(of: layout) else { continue }
        let edited = edit.bytes(original: bytes)
        precondition(edited.count == edit.length, "the edited file's length is not the one announced (\(change))")
        guard let reread = try? ChecklistBook(archive: edited, loadTime: 0) else {
            preconditionFailure("the edited file does not load (\(change))")
        }
        precondition(reread == expected, "the edited file does not hold the changed book (\(change))")
        guard editingAgain else { continue }
        checkPartialLoad(edited, changes: change == .add ? [.mixed] : [], editingAgain: false)
    }
}

/// Checks what a command that needs more than the current checklist reads (`Session.readItemsNeeded`):
/// the checklists not loaded, read from `layout`, hold the full load's items, and a look for an
/// item's ID finds the checklist holding it.
private func checkReadingMore(_ layout: ArchivedLayout, full: ChecklistBook) {
    let unread = layout.book.checklists.filter { $0.unloadedItemCount != nil }.map(\.name)
    for (name, whole) in zip(unread, unread.compactMap { name in full.checklists.first { $0.name == name } }) {
        guard let id = whole.items.last?.itemID else { continue }
        guard let found = try? layout.unloadedChecklists(holdingAnyOf: [id]) else {
            preconditionFailure("the look for an ID failed on a file the partial load accepted")
        }
        precondition(found.contains(name), "the look for #\(id) missed the checklist holding it")
    }
    var more = layout
    // `false`: a NaN due date, which the full load repairs (the store then loads in full).
    guard (try? more.read(Set(unread))) == true else { return }
    for list in more.book.checklists {
        precondition(list.unloadedItemCount == nil, "a checklist asked for was left unread")
        precondition(
            list.items == full.checklists.first { $0.name == list.name }?.items,
            "a checklist read from the layout differs from the full load")
    }
}

/// Checks that `partial`, a book loaded in part, is `full`, the full load of the same file,
/// but for the items left unread.
private func checkAgreement(partial: ChecklistBook, full: ChecklistBook) {
    precondition(partial.checklists.count == full.checklists.count, "the partial load has other checklists")
    precondition(partial.currentIndex == full.currentIndex, "the partial load has another current checklist")
    precondition(partial.nextItemID == full.nextItemID, "the partial load has another next item ID")
    for (list, whole) in zip(partial.checklists, full.checklists) {
        precondition(list.name == whole.name, "the partial load has other checklist names or order")
        precondition(list.iconName == whole.iconName, "the partial load has another icon")
        precondition(whole.unloadedItemCount == nil, "the full load left items unread")
    }
    for index in partial.checklists.indices {
        let list = partial.checklists[index]
        let whole = full.checklists[index]
        if index == partial.currentIndex {
            precondition(list.unloadedItemCount == nil, "the partial load did not read the current checklist")
            precondition(list.items == whole.items, "the partial load read other items")
        } else {
            precondition(list.items.isEmpty, "the partial load read a checklist that is not current")
            precondition(list.unloadedItemCount == whole.items.count, "the partial load counted other items")
        }
    }
}

/// A change a one-shot command makes to the current checklist (or to which checklist is current),
/// made the way the session makes it.
private enum PartialChange: CaseIterable {
    /// No change: the edit rewrites only the envelope.
    case none
    /// `add`: an item with a fresh ID at the end.
    case add
    /// `toggle 1`.
    case toggleFirst
    /// `delete` of the last item.
    case deleteLast
    /// `edit 1` with a text that is not ASCII, then `due 1` a whole day and a repeat rule.
    case editFirst
    /// `delete 1`, `add`, then `move` of the new item to the top.
    case mixed
    /// Another checklist made current, and none.
    case selectNext
    case selectNone
    /// `rename` of the current checklist (to a name no other has), `icon`.
    case rename
    case icon
    /// `drop` of the current checklist, and of the one after it (not loaded).
    case dropCurrent
    case dropNext
    /// `new`: an empty checklist, made current.
    case newList
    /// `import` (or `undo` of a `drop`): a new checklist of forty items, a third of them with the
    /// current checklist's texts, made current: an edit that looks up many texts.
    case importList

    /// Applies the change to `book` (the same to a book loaded in part and to a full one).
    func apply(to book: inout ChecklistBook) {
        if self == .newList {
            guard !book.checklists.contains(where: { $0.name == "Fuzz new" }) else { return }
            book.select(book.insert(Checklist(name: "Fuzz new")))
            return
        }
        if self == .importList {
            guard !book.checklists.contains(where: { $0.name == "Fuzz imported" }) else { return }
            let texts = book.current?.items.map(\.text) ?? []
            var list = Checklist(name: "Fuzz imported")
            for index in 0..<40 {
                let text = index % 3 == 0 && !texts.isEmpty ? texts[index % texts.count] : "imported \(index) é"
                list.items.append(ChecklistItem(text: text, itemID: book.takeItemID(), created: 800_000_000))
            }
            book.select(book.insert(list))
            return
        }
        guard let list = book.currentIndex else {
            if self == .selectNext, !book.checklists.isEmpty { book.select(0) }
            return
        }
        let count = book.checklists[list].items.count
        switch self {
        case .none:
            break
        case .add:
            let item = ChecklistItem(text: "fuzz added", itemID: book.takeItemID(), created: 800_000_000)
            book.update(at: list) { $0.items.append(item) }
        case .toggleFirst:
            guard count > 0 else { return }
            book.update(at: list) { $0.items[0].checked.toggle() }
        case .deleteLast:
            guard count > 0 else { return }
            book.update(at: list) { _ = $0.items.removeLast() }
        case .editFirst:
            guard count > 0 else { return }
            book.update(at: list) { checklist in
                checklist.items[0].text = "édité 中文"
                checklist.items[0].due = CalendarDay(year: 2026, month: 3, day: 1).map(Due.day)
                checklist.items[0].repeatRule = RepeatRule(rrule: "FREQ=WEEKLY")
            }
        case .mixed:
            let item = ChecklistItem(text: "fuzz moved", itemID: book.takeItemID(), created: 800_000_000, dueDate: 1)
            book.update(at: list) { checklist in
                if count > 0 { checklist.items.removeFirst() }
                checklist.items.insert(item, at: 0)
            }
        case .selectNext:
            book.select((list + 1) % book.checklists.count)
        case .selectNone:
            book.select(nil)
        case .rename:
            guard !book.checklists.contains(where: { $0.name == "Renommé 中文" }) else { return }
            book.update(at: list) { $0.name = "Renommé 中文" }
        case .icon:
            book.update(at: list) { $0.iconName = $0.iconName == "Trips" ? "Folder" : "Trips" }
        case .dropCurrent:
            book.remove(at: list)
        case .dropNext:
            guard book.checklists.count > 1 else { return }
            book.remove(at: (list + 1) % book.checklists.count)
        case .newList, .importList:
            break
        }
    }
}

/// Seeds for the partial load: several checklists with one in the middle current (or none), items
/// of every kind, and files after one and two edits (dead bytes, appended objects, a new envelope).
func partialLoadSeeds() -> [(name: String, bytes: [UInt8])] {
    var items: [ChecklistItem] = []
    for id in 0..<9 {
        var item = ChecklistItem(
            text: id % 3 == 0 ? "Käse \(id) 中文" : "item \(id)", checked: id % 2 == 0, itemID: id,
            created: 700_000_000 + Double(id) * 60)
        if id % 4 == 1 { item.due = .time(700_100_000 + Double(id)) }
        if id % 4 == 2 { item.due = CalendarDay(year: 2025, month: 12, day: id).map(Due.day) }
        if id % 3 == 1 { item.shouldRemind = true }
        if id % 5 == 3 { item.repeatRule = RepeatRule(rrule: "FREQ=DAILY;INTERVAL=2") }
        if id == 4 { item.uid = "uid-4@checklists" }
        items.append(item)
    }
    let lists = [
        Checklist(name: "Groceries", items: Array(items[0..<3]), iconName: "Groceries"),
        Checklist(name: "Home", items: Array(items[3..<7]), iconName: "Chores"),
        Checklist(name: "Trips", items: [], iconName: "Trips"),
        Checklist(name: "Work", items: Array(items[7..<9])),
    ]
    let middle = ChecklistBook(checklists: lists, currentIndex: 1, nextItemID: 12).archived()
    var seeds: [(name: String, bytes: [UInt8])] = [
        ("current-middle", middle),
        ("no-current", ChecklistBook(checklists: lists, currentIndex: nil, nextItemID: 9).archived()),
        ("current-empty", ChecklistBook(checklists: lists, currentIndex: 2, nextItemID: 9).archived()),
    ]
    // One edit (an item added, one checked, one deleted), then another of the edited file as
    // the store makes it: trusted as our own, another checklist made current.
    guard var first = ChecklistBook.partlyLoaded(archive: middle)?.book,
        let layout = ChecklistBook.partlyLoaded(archive: middle)?.layout
    else { return seeds }
    PartialChange.add.apply(to: &first)
    PartialChange.toggleFirst.apply(to: &first)
    PartialChange.deleteLast.apply(to: &first)
    guard let edit = try? first.edit(of: layout) else { return seeds }
    let edited = edit.bytes(original: middle)
    seeds.append(("edited", edited))
    guard let (book, again) = ChecklistBook.partlyLoaded(archive: edited) else { return seeds }
    var second = book
    PartialChange.mixed.apply(to: &second)
    PartialChange.selectNext.apply(to: &second)
    if let edit = try? second.edit(of: again) { seeds.append(("edited-twice", edit.bytes(original: edited))) }
    return seeds
}
