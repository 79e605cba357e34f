/// How many items one version of the checklists added, changed and removed against another.
public struct ItemChanges: Sendable, Equatable {
    /// Items whose ID only the new version has.
    public var added = 0
    /// Items in both whose fields or checklist differ.
    public var changed = 0
    /// Items whose ID only the old version has.
    public var removed = 0

    /// Changes counted already.
    public init(added: Int, changed: Int, removed: Int) {
        self.added = added
        self.changed = changed
        self.removed = removed
    }

    /// Checklists renamed: a checklist only the old version has whose items are, more than half
    /// of them, in one checklist only the new version has (or, both empty, the one left of each,
    /// as the merge pairs them). Their items count as changed only when their own fields did.
    public var renamedLists = 0

    /// Empty checklists only the new version has, a renamed one aside (none when there is no
    /// old version): a change no item count shows (one with items shows in `added`).
    public var addedLists = 0

    /// Empty checklists only the old version has, a renamed one aside.
    public var removedLists = 0

    /// Counts the changes from `old` to `new` (a missing `old`: every item is added), by item ID.
    public init(from old: ChecklistBook?, to new: ChecklistBook) {
        let oldLists = old?.checklists ?? []
        let oldNames = Set(oldLists.map(\.name))
        let newNames = Set(new.checklists.map(\.name))
        var before: [Int: (list: String, item: ChecklistItem)] = [:]
        for list in oldLists {
            for item in list.items { before[item.itemID] = (list.name, item) }
        }
        // Items that only went from a checklist now gone to one that is new: a rename, if most did.
        var moved: [String: [String: Int]] = [:]
        for list in new.checklists {
            for item in list.items {
                guard let previous = before.removeValue(forKey: item.itemID) else {
                    added += 1
                    continue
                }
                if !previous.item.saysTheSame(as: item) {
                    changed += 1
                } else if previous.list != list.name {
                    if !newNames.contains(previous.list), !oldNames.contains(list.name) {
                        moved[previous.list, default: [:]][list.name, default: 0] += 1
                    } else {
                        changed += 1
                    }
                }
            }
        }
        removed = before.count
        let sizes = Dictionary(oldLists.map { ($0.name, $0.items.count) }, uniquingKeysWith: max)
        for (gone, targets) in moved {
            for count in targets.values {
                if count * 2 > sizes[gone, default: 0] { renamedLists += 1 } else { changed += count }
            }
        }
        let emptyGone = oldLists.filter { $0.items.isEmpty && !newNames.contains($0.name) }
        let emptyNew = new.checklists.filter { $0.items.isEmpty && !oldNames.contains($0.name) }
        if old != nil, emptyGone.count == 1, emptyNew.count == 1 {
            renamedLists += 1
        } else if old != nil {
            addedLists = emptyNew.count
            removedLists = emptyGone.count
        }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        added == 0 && changed == 0 && removed == 0 && renamedLists == 0 && addedLists == 0 && removedLists == 0
    }

    /// `2 added, 1 changed, 1 list added, 1 list renamed`, or `nothing` when there are no changes.
    public var summary: String {
        var parts = [(added, "added"), (changed, "changed"), (removed, "removed")].filter { $0.0 > 0 }.map {
            "\($0.0) \($0.1)"
        }
        for (count, what) in [(addedLists, "added"), (removedLists, "removed"), (renamedLists, "renamed")]
        where count > 0 {
            parts.append("\(count) \(count == 1 ? "list" : "lists") \(what)")
        }
        return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
    }
}
