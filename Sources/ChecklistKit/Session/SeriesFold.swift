/// How `show` folds a checklist's series (SPEC §12): the checked items with the text of a
/// repeating item of the same checklist are that series' completed occurrences, and two or more
/// of them show as one line, the latest's, that counts them.
///
/// The latest is the one due last (the last in the list among equals); it keeps its position,
/// so every position shown still addresses its item, and the others' positions are still theirs
/// to `check`, `uncheck` or `delete` (`find TEXT` lists them).
struct SeriesFold {
    /// The positions (0-based) not shown.
    private(set) var hidden: Set<Int> = []
    /// How many completed occurrences each folded line stands for, by its position.
    private(set) var counts: [Int: Int] = [:]

    /// The fold of `items`, one checklist's.
    init(_ items: [ChecklistItem]) {
        // By index: each item reached through the array, not copied out of it.
        var series: Set<String> = []
        for index in items.indices where items[index].repeatRule != nil { series.insert(items[index].text) }
        guard !series.isEmpty else { return }
        var done: [String: [Int]] = [:]
        for (position, item) in items.enumerated() where item.checked && series.contains(item.text) {
            done[item.text, default: []].append(position)
        }
        for positions in done.values where positions.count > 1 {
            // Positions ascend, so among equal due dates the last in the list wins.
            guard
                let latest = positions.max(by: { a, b in
                    (items[a].due?.start ?? -Double.infinity, a) < (items[b].due?.start ?? -Double.infinity, b)
                })
            else { continue }
            counts[latest] = positions.count
            hidden.formUnion(positions.filter { $0 != latest })
        }
    }
}
