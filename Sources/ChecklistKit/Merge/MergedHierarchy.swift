/// The sub-items of a merge's result (SPEC §13): parents kept for the sub-items the other side
/// gave them, and no item its own ancestor.
struct MergedHierarchy {
    /// An item the merge dropped (deleted on one side, unchanged on the other): the version of
    /// the side that still held it.
    struct Dropped {
        var item: ChecklistItem
        var slot: Int
        /// Whether OURS held it (THEIRS deleted it), else THEIRS (OURS deleted it).
        var keptByOurs: Bool
    }

    /// An item that was its own ancestor, and the parent it was given instead.
    struct BrokenCycle {
        var itemID: Int
        /// The parent the item keeps (OURS's), `nil` for top-level.
        var kept: String?
        /// The parent it lost.
        var dropped: String?
    }

    /// The merged items by ID.
    var items: [Int: ChecklistItem]
    /// The slot (merged checklist) of each item, by ID.
    var slots: [Int: Int]

    /// Whether any item is a sub-item: without one there is nothing to do.
    var hasSubItems: Bool { items.values.contains { $0.parentUID != nil } }

    /// Brings back each dropped parent a kept item is a sub-item of, as SPEC §8 rule 4 keeps an
    /// item one side changed and the other deleted: the side that kept the parent gave it that
    /// sub-item (added it, or nested it there), which the delete did not know of.
    ///
    /// A sub-item the deleting side also held under that parent brings nothing back: that side
    /// deleted the parent knowing of it. `parentOnDeletingSide(id, deletedOnOurs)` is the parent
    /// UID the deleting side gives item `id`. A parent brought back may bring back its own.
    mutating func keepParents(
        dropped: [String: Dropped], parentOnDeletingSide: (_ id: Int, _ deletedOnOurs: Bool) -> String?
    ) {
        guard !dropped.isEmpty else { return }
        var present = Set(items.values.compactMap(\.uid))
        var pending = Array(items.values)
        while let item = pending.popLast() {
            guard let parent = item.parentUID, !present.contains(parent), let gone = dropped[parent],
                parentOnDeletingSide(item.itemID, !gone.keptByOurs) != parent
            else { continue }
            present.insert(parent)
            items[gone.item.itemID] = gone.item
            slots[gone.item.itemID] = gone.slot
            pending.append(gone.item)
        }
    }

    /// Makes each item that is its own ancestor (one side nested A under B, the other B under A)
    /// take OURS's parent again, or none where OURS does not hold it; returns what it changed,
    /// for the merge to report as conflicts.
    ///
    /// OURS alone has no cycle, so each one holds an item whose parent is not OURS's.
    mutating func breakCycles(oursParent: (Int) -> String?) -> [BrokenCycle] {
        var idOfUID: [String: Int] = [:]
        for (id, item) in items { if let uid = item.uid { idOfUID[uid] = id } }
        var broken: [BrokenCycle] = []
        // Items known to lead up to a top-level item: a walk stops at one, so a chain of sub-items
        // thousands deep is walked once, not once from each of its items.
        var settled = Set<Int>()
        for start in items.keys.sorted() {
            // Each round either finds no cycle above `start` or sets one item back to OURS's parent.
            for _ in 0..<items.count {
                guard let cycle = cycle(above: start, idOfUID: idOfUID, settled: &settled) else { break }
                let changed = cycle.first { items[$0]?.parentUID != oursParent($0) } ?? cycle.min() ?? start
                let kept = items[changed]?.parentUID != oursParent(changed) ? oursParent(changed) : nil
                broken.append(BrokenCycle(itemID: changed, kept: kept, dropped: items[changed]?.parentUID))
                items[changed]?.parentUID = kept
            }
        }
        return broken
    }

    /// The IDs of the items of the cycle reached by walking up from `start`, if there is one; when
    /// there is none, the items walked join `settled`, the items known to lead up to no cycle.
    ///
    /// Breaking a cycle changes the parent of an item of it, never of a settled one, and a settled
    /// item leads up through settled items only, so it stays settled.
    private func cycle(above start: Int, idOfUID: [String: Int], settled: inout Set<Int>) -> [Int]? {
        var path: [Int] = []
        var seen: [Int: Int] = [:]
        var current = start
        while let item = items[current], !settled.contains(current) {
            if let index = seen[current] { return Array(path[index...]) }
            seen[current] = path.count
            path.append(current)
            guard let parent = item.parentUID, let next = idOfUID[parent], slots[next] == slots[current] else {
                break
            }
            current = next
        }
        settled.formUnion(path)
        return nil
    }
}
