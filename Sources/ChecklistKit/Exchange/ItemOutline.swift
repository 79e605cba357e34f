/// A checklist's items as an outline (SPEC §13): each sub-item right after its parent, with its
/// depth, for the exports that show sub-items by indenting them.
enum ItemOutline {
    /// The items of `items` with their depth: top-level items in their order, each followed by
    /// its sub-items (in their order, any depth). An item whose parent is not among `items` is
    /// top-level; so is the first item reached of parents that loop (a file made that way).
    static func lines(_ items: [ChecklistItem]) -> [(item: ChecklistItem, depth: Int)] {
        // Most checklists have no sub-items: their outline is their list.
        guard items.contains(where: { $0.parentUID != nil }) else { return items.map { ($0, 0) } }
        var indexOfUID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if let uid = item.uid, indexOfUID[uid] == nil { indexOfUID[uid] = index }
        }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for (index, item) in items.enumerated() {
            if let parent = item.parentUID.flatMap({ indexOfUID[$0] }), parent != index {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        var result: [(item: ChecklistItem, depth: Int)] = []
        result.reserveCapacity(items.count)
        var visited = Set<Int>()
        func emit(from root: Int) {
            // Without recursion: a deep outline must not exhaust the stack.
            var stack = [(root, 0)]
            while let (index, depth) = stack.popLast() {
                guard visited.insert(index).inserted else { continue }
                result.append((items[index], depth))
                for child in (children[index] ?? []).reversed() { stack.append((child, depth + 1)) }
            }
        }
        for root in roots { emit(from: root) }
        // Items whose parents loop are reached from no root.
        for index in items.indices where !visited.contains(index) { emit(from: index) }
        return result
    }
}
