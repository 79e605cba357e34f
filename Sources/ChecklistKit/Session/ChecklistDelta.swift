/// What one change did to one checklist, both ways, holding only the items the change touched.
///
/// Each side (the checklist as the change found it, and as it left it; `nil` when the change made
/// or removed the checklist) is kept as its name, icon, item count and digest, and as the runs
/// that make its items from the other side's: stretches copied from the other side, and the
/// side's own items (new ones, and those the change altered). Adding an item to a 20,000-item
/// checklist keeps one item and three runs, not 40,000 items. Undo checks the checklist it
/// replaces against its side's count and digest, so it refuses as before when anything in that
/// checklist changed since, touched by the change or not.
struct ChecklistDelta: Equatable {
    /// A stretch of a side's items: `count` items of the other side from `start`, or, when
    /// `start` is `nil`, the next `count` of the side's own `items`.
    struct Run: Equatable {
        var start: Int?
        var count: Int
    }

    /// The checklist on one side of the change, as the other side, its runs and its own items make it.
    struct Side: Equatable {
        var name: String
        var iconName: String
        /// How many items the checklist has.
        var count: Int
        /// The checklist's `digest`.
        var digest: UInt64
        /// How its items are made, in order.
        var runs: [Run]
        /// Its items that are not in the other side as they are, in their order.
        var items: [ChecklistItem]
    }

    /// The checklist as the change found it; `nil` when the change made it.
    var before: Side?
    /// The checklist as the change left it; `nil` when the change removed it.
    var after: Side?

    /// A delta from its two sides, as recorded.
    init(before: Side?, after: Side?) {
        self.before = before
        self.after = after
    }

    /// The delta between a checklist as a change found it and as it left it (either may be missing).
    init(before: Checklist?, after: Checklist?) {
        // The items the two have in common at their start and their end are the same either way:
        // compared once (a change in a 1,000-item checklist compares about a thousand items).
        let ends = Self.commonEnds(before?.items ?? [], after?.items ?? [])
        self.before = before.map { Self.side($0, from: after?.items ?? [], ends: ends) }
        self.after = after.map { Self.side($0, from: before?.items ?? [], ends: ends) }
    }

    /// How many items `one` and `other` have in common at their start, and then at their end.
    private static func commonEnds(_ one: [ChecklistItem], _ other: [ChecklistItem]) -> (prefix: Int, suffix: Int) {
        var prefix = 0
        while prefix < min(one.count, other.count), one[prefix] == other[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(one.count, other.count) - prefix,
            one[one.count - 1 - suffix] == other[other.count - 1 - suffix]
        {
            suffix += 1
        }
        return (prefix, suffix)
    }

    /// `list` as runs over `other`: the common start and end are `ends` (found by comparing in
    /// place), the middle found through an index of the other side's middle by item ID (so a change costs what it
    /// touches, plus one comparison per untouched item); an item is copied only when it is equal
    /// in every field, so duplicate or reused IDs cost copies, never correctness. No item of
    /// `other` is copied twice, so a side never has more items than the other's and its own
    /// (which `make` relies on to bound what a damaged record can build).
    private static func side(_ list: Checklist, from other: [ChecklistItem], ends: (prefix: Int, suffix: Int)) -> Side {
        let items = list.items
        let (prefix, suffix) = ends
        var runs: [Run] = []
        var own: [ChecklistItem] = []
        if prefix > 0 { runs.append(Run(start: 0, count: prefix)) }
        let middleEnd = items.count - suffix
        let otherEnd = other.count - suffix
        var positions: [Int: Int] = [:]
        // Which of the other side's middle items were copied already, by position from `prefix`.
        var copied: [Bool] = []
        if prefix < middleEnd, prefix < otherEnd {
            positions.reserveCapacity(otherEnd - prefix)
            for position in prefix..<otherEnd where positions[other[position].itemID] == nil {
                positions[other[position].itemID] = position
            }
            copied = Array(repeating: false, count: otherEnd - prefix)
        }
        var index = prefix
        while index < middleEnd {
            if let start = positions[items[index].itemID], !copied[start - prefix], other[start] == items[index] {
                var count = 1
                while index + count < middleEnd, start + count < otherEnd, !copied[start + count - prefix],
                    other[start + count] == items[index + count]
                {
                    count += 1
                }
                for position in start..<(start + count) { copied[position - prefix] = true }
                runs.append(Run(start: start, count: count))
                index += count
            } else {
                if let last = runs.last, last.start == nil {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append(Run(start: nil, count: 1))
                }
                own.append(items[index])
                index += 1
            }
        }
        if suffix > 0 { runs.append(Run(start: otherEnd, count: suffix)) }
        return Side(
            name: list.name, iconName: list.iconName, count: items.count, digest: list.digest, runs: runs, items: own)
    }

    /// The checklist on `side`, made from the other side's items; `nil` when the runs do not fit
    /// them, or the result is not the checklist recorded (its count or digest differ).
    static func make(_ side: Side, from other: [ChecklistItem]) -> Checklist? {
        // A side never has more items than these (see `side(_:from:ends:)`): a damaged record cannot
        // make a huge list.
        guard side.count >= 0, side.count <= other.count + side.items.count else { return nil }
        var items: [ChecklistItem] = []
        items.reserveCapacity(side.count)
        var taken = 0
        for run in side.runs {
            guard run.count >= 0, run.count <= side.count - items.count else { return nil }
            if let start = run.start {
                guard start >= 0, start <= other.count, run.count <= other.count - start else { return nil }
                items += other[start..<(start + run.count)]
            } else {
                guard run.count <= side.items.count - taken else { return nil }
                items += side.items[taken..<(taken + run.count)]
                taken += run.count
            }
        }
        let list = Checklist(name: side.name, items: items, iconName: side.iconName)
        guard taken == side.items.count, items.count == side.count, list.digest == side.digest else { return nil }
        return list
    }
}
