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

    /// Counts the changes from `old` to `new` (a missing `old`: every item is added), by item ID.
    public init(from old: ChecklistBook?, to new: ChecklistBook) {
        var before: [Int: (list: String, item: ChecklistItem)] = [:]
        for list in old?.checklists ?? [] {
            for item in list.items { before[item.itemID] = (list.name, item) }
        }
        for list in new.checklists {
            for item in list.items {
                if let previous = before.removeValue(forKey: item.itemID) {
                    if previous.item != item || previous.list != list.name { changed += 1 }
                } else {
                    added += 1
                }
            }
        }
        removed = before.count
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { added == 0 && changed == 0 && removed == 0 }

    /// `2 added, 1 changed`, or `nothing` when there are no changes.
    public var summary: String {
        let parts = [(added, "added"), (changed, "changed"), (removed, "removed")].filter { $0.0 > 0 }
        return parts.isEmpty ? "nothing" : parts.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}
