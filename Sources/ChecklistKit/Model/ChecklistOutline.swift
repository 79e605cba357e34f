/// The order `show` draws a checklist's items in (SPEC §13): each sub-item right after its
/// parent, under it, at any depth; positions (`check 3`) count the items in this order.
///
/// An item is a sub-item of the item of the same checklist whose UID its `parentUID` names.
/// Sub-items of one parent, and the top-level items, keep the checklist's order among
/// themselves, wherever they are stored. A parent that is not in the checklist makes an item
/// top-level; so does a cycle (which the commands refuse, but a file may hold): the cycle's
/// first stored item is shown as its top. A checklist without sub-items is shown as stored.
public struct ChecklistOutline: Sendable, Equatable {
    /// The items' indexes in the order shown; `nil` when that is the stored order (no sub-items).
    private let shown: [Int]?
    /// Each item's 1-based position as shown, by its index; `nil` as for `shown`.
    private let positions: [Int]?
    /// Each item's depth (0 for a top-level item), by its index; `nil` as for `shown`.
    private let depths: [Int]?
    /// Each item's parent's index, by its index; `nil` as for `shown`.
    private let parents: [Int?]?
    /// How many items there are.
    public let count: Int

    /// The outline of `items`, one checklist's.
    public init(_ items: [ChecklistItem]) {
        count = items.count
        guard items.contains(where: { $0.parentUID != nil }) else {
            (shown, positions, depths, parents) = (nil, nil, nil, nil)
            return
        }
        var indexByUID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if let uid = item.uid, indexByUID[uid] == nil { indexByUID[uid] = index }
        }
        var parents = [Int?](repeating: nil, count: count)
        for (index, item) in items.enumerated() {
            if let uid = item.parentUID, let parent = indexByUID[uid], parent != index { parents[index] = parent }
        }
        Self.breakCycles(&parents)
        var children = [[Int]](repeating: [], count: count)
        for index in 0..<count {
            if let parent = parents[index] { children[parent].append(index) }
        }
        var shown: [Int] = []
        shown.reserveCapacity(count)
        var depths = [Int](repeating: 0, count: count)
        for root in 0..<count where parents[root] == nil {
            // Depth first, children in stored order: a stack holding them reversed.
            var stack = [root]
            while let index = stack.popLast() {
                shown.append(index)
                for child in children[index].reversed() {
                    depths[child] = depths[index] + 1
                    stack.append(child)
                }
            }
        }
        var positions = [Int](repeating: 0, count: count)
        for (offset, index) in shown.enumerated() { positions[index] = offset + 1 }
        self.shown = shown
        self.positions = positions
        self.depths = depths
        self.parents = parents
    }

    /// Cuts every cycle of `parents` at its first stored item, which becomes top-level.
    private static func breakCycles(_ parents: inout [Int?]) {
        // 0: not seen, 1: on the path being walked, 2: known to reach a top-level item.
        var state = [UInt8](repeating: 0, count: parents.count)
        for start in parents.indices where state[start] == 0 {
            var path: [Int] = []
            var index: Int? = start
            while let current = index, state[current] == 0 {
                state[current] = 1
                path.append(current)
                index = parents[current]
            }
            if let current = index, state[current] == 1, let first = path.firstIndex(of: current) {
                let cycle = path[first...]
                if let top = cycle.min() { parents[top] = nil }
            }
            for member in path { state[member] = 2 }
        }
    }

    /// `items` with each loop of parents (`A` under `B` under `A`, as a phone or a file may write)
    /// broken where the outline breaks it: that item becomes top-level, the rest stay as written.
    public static func withoutParentLoops(_ items: [ChecklistItem]) -> [ChecklistItem] {
        let outline = ChecklistOutline(items)
        guard !outline.isFlat else { return items }
        let uids = Set(items.compactMap(\.uid))
        var result = items
        for index in items.indices where outline.parent(ofIndex: index) == nil {
            // A parent here that the outline does not follow: a loop was cut at this item.
            if let parent = items[index].parentUID, parent != items[index].uid, uids.contains(parent) {
                result[index].parentUID = nil
            }
        }
        return result
    }

    /// The index of the item shown at `position` (1-based), `nil` when there is none.
    public func index(atPosition position: Int) -> Int? {
        guard position >= 1, position <= count else { return nil }
        return shown?[position - 1] ?? position - 1
    }

    /// The position (1-based) at which the item at `index` is shown.
    public func position(ofIndex index: Int) -> Int {
        positions?[index] ?? index + 1
    }

    /// How many levels deep the item at `index` is shown: 0 for a top-level item.
    public func depth(ofIndex index: Int) -> Int {
        depths?[index] ?? 0
    }

    /// The index of the parent of the item at `index`, `nil` for a top-level item.
    public func parent(ofIndex index: Int) -> Int? {
        parents?[index] ?? nil
    }

    /// Whether the items are shown as stored: none is a sub-item.
    public var isFlat: Bool { shown == nil }

    /// The items' indexes in the order shown.
    public var order: [Int] {
        shown ?? Array(0..<count)
    }

    /// The item at `index` and all its sub-items at every depth, in the order shown (a run of
    /// consecutive positions).
    public func subtree(ofIndex index: Int) -> [Int] {
        guard let shown, let depths else { return [index] }
        let start = position(ofIndex: index) - 1
        var end = start + 1
        while end < shown.count, depths[shown[end]] > depths[index] { end += 1 }
        return Array(shown[start..<end])
    }
}
