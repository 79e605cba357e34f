import ChecklistKit

/// The mark a machine leaves on every task it writes: a digest of the task's mapped fields as
/// written (`X-CHECKLISTS-WRITTEN`), kept by clients that edit the task afterwards.
///
/// It stands in for BASE where this machine's sync state has none for a task: an item that came
/// here by git after another machine wrote it to the server. Without it, a phone's edit of such a
/// task met the item as git brought it, both looked new, and "OURS wins" undid the phone's edit.
/// With it, the side that still holds what was written is the base, and the other side's changes
/// are taken (SPEC §8 rule 2) as they would have been had this machine synced the task before.
enum CalDAVWrittenMark {
    /// The property's name.
    static let property = "X-CHECKLISTS-WRITTEN"

    /// The mark of a task: the digest of what it says in the fields the mapping covers.
    static func mark(of todo: CalendarComponent) -> String {
        digest(of: CalendarTask.item(todo, itemID: 0, created: 0))
    }

    /// The digest of what an item read from a task says in the fields the mapping covers: its
    /// lines of `ItemField.writtenMarkLine`, in `ItemField.writtenMarkOrder`.
    static func digest(of item: ChecklistItem) -> String {
        ItemField.writtenMarkOrder.compactMap { $0.writtenMarkLine(of: item) }.joined(separator: "\u{1F}").stableDigest
    }

    /// The server mark (`ChecklistItem.serverMark`) of a task of mark `mark` on the account whose
    /// calendar home is `home`: tied to the account, so a task another account never held is
    /// not taken as deleted from this one.
    static func serverMark(_ mark: String, home: String) -> String {
        (home + "\u{1F}" + mark).stableDigest
    }

    /// `todo` with its mark set to what it says now.
    static func marked(_ todo: CalendarComponent) -> CalendarComponent {
        var marked = todo
        marked.set(property, ContentLine(property, value: mark(of: todo)))
        return marked
    }

    /// The mark a task carries, if a machine wrote it.
    static func carried(by todo: CalendarComponent) -> String? {
        todo.property(property).map { $0.value.filter { !$0.isWhitespace } }
    }

    /// BASE with what the marks tell of tasks it does not know (a task that came here by git
    /// before this machine's sync saw it), `nil` when there is nothing to tell and no BASE.
    ///
    /// For a task both sides hold, the side that still says what a mark says is taken as BASE:
    /// the task's own mark (what a machine wrote) or the item's server mark (what the server held
    /// when another machine last synced it), so only the other side changed it. A task the item's
    /// server mark says was on this account, gone from it and unchanged here since, goes into
    /// BASE too: the merge then takes it as deleted there, as it would had this machine synced it.
    /// `onServer` are the UIDs of every task the server holds, read or not.
    static func base(
        _ base: ChecklistBook?, ours: ChecklistBook, theirs: ChecklistBook, todos: [String: CalendarComponent],
        baseOf: [Int: Int], onServer: Set<String>, home: String
    ) -> ChecklistBook? {
        var bases = BaseLists(base: base, ours: ours, theirs: theirs, paired: baseOf)
        var oursByUID: [String: ChecklistItem] = [:]
        for list in ours.checklists { for item in list.items { if let uid = item.uid { oursByUID[uid] = item } } }
        for (index, list) in theirs.checklists.enumerated() {
            for item in list.items {
                // Only for a task both sides hold: one only THEIRS holds is new here, not deleted.
                guard let uid = item.uid, !bases.known.contains(uid), let held = oursByUID[uid],
                    let unchanged = unchangedSide(held, theirs: item, todo: todos[uid], home: home)
                else { continue }
                bases.add(unchanged, forTheirs: index)
            }
        }
        for list in ours.checklists {
            guard let index = theirs.checklists.firstIndex(where: { $0.name.lowercased() == list.name.lowercased() })
            else { continue }
            for held in list.items {
                guard let uid = held.uid, let mark = held.serverMark, !bases.known.contains(uid),
                    !onServer.contains(uid), mark == serverMark(of: held, uid: uid, home: home)
                else { continue }
                bases.add(held, forTheirs: index)
            }
        }
        return bases.book
    }

    /// The side of a task both hold that still says what a mark says (THEIRS's item, or OURS's
    /// under THEIRS's ItemID), if one does.
    private static func unchangedSide(
        _ held: ChecklistItem, theirs item: ChecklistItem, todo: CalendarComponent?, home: String
    ) -> ChecklistItem? {
        var written = held
        written.itemID = item.itemID
        if let todo, let mark = carried(by: todo) {
            if mark == Self.mark(of: todo) { return item }
            if mark == Self.mark(of: CalendarTask.todo(held, uid: item.uid ?? "", now: 0)) { return written }
        }
        if let mark = held.serverMark {
            if mark == item.serverMark { return item }
            if mark == serverMark(of: held, uid: item.uid ?? "", home: home) { return written }
        }
        return nil
    }

    /// The server mark `held` would carry had it been read from its task as it is here.
    private static func serverMark(of held: ChecklistItem, uid: String, home: String) -> String {
        serverMark(mark(of: CalendarTask.todo(held, uid: uid, now: 0)), home: home)
    }

    /// BASE's checklists as the marks add to them, with the UIDs they hold.
    private struct BaseLists {
        var lists: [Checklist]
        var known = Set<String>()
        /// BASE's checklist of each of THEIRS's, by position.
        var paired: [Int: Int]
        let hadBase: Bool
        let ours: ChecklistBook
        let theirs: ChecklistBook
        let nextItemID: Int

        init(base: ChecklistBook?, ours: ChecklistBook, theirs: ChecklistBook, paired: [Int: Int]) {
            lists = base?.checklists ?? []
            for list in lists { for item in list.items { if let uid = item.uid { known.insert(uid) } } }
            self.paired = paired
            hadBase = base != nil
            self.ours = ours
            self.theirs = theirs
            nextItemID = base?.nextItemID ?? 0
        }

        /// BASE, or `nil` when there was none and nothing was added.
        var book: ChecklistBook? {
            guard hadBase || !lists.isEmpty else { return nil }
            return ChecklistBook(checklists: lists, currentIndex: nil, nextItemID: nextItemID)
        }

        /// Adds `item` to BASE's checklist of THEIRS's checklist `index`. Where BASE has none
        /// (this machine never synced that list), one is made with THEIRS's name and icon when
        /// OURS has a checklist of that name, so all three hold it and nothing reads as deleted.
        mutating func add(_ item: ChecklistItem, forTheirs index: Int) {
            guard theirs.checklists.indices.contains(index) else { return }
            let list = theirs.checklists[index]
            let found: Int
            if let paired = paired[index], lists.indices.contains(paired) {
                found = paired
            } else {
                let name = list.name.lowercased()
                guard ours.checklists.contains(where: { $0.name.lowercased() == name }),
                    !lists.contains(where: { $0.name.lowercased() == name })
                else { return }
                lists.append(Checklist(name: list.name, iconName: list.iconName))
                found = lists.count - 1
                paired[index] = found
            }
            lists[found].items.append(item)
            if let uid = item.uid { known.insert(uid) }
        }
    }
}
