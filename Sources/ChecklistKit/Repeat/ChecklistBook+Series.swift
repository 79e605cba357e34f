extension ChecklistBook {
    /// Adds the next occurrence of each series another client completed without adding one
    /// (SPEC §12: python caldav and plann mark the task `COMPLETED` and keep its `RRULE`): a
    /// checked item that still has a rule and whose next occurrence (`successorUID`) is in no
    /// checklist is completed as `check` completes it here. Two machines that see the same
    /// completion make the same UID, so the merge takes their next occurrences as one.
    public mutating func addMissingNextOccurrences(now: Double) {
        var uids = Set<String>()
        for list in checklists { for item in list.items { if let uid = item.uid { uids.insert(uid) } } }
        var completions = RepeatCompletions()
        var locations: [(list: Int, item: Int)] = []
        for (list, checklist) in checklists.enumerated() {
            for (position, item) in checklist.items.enumerated() where item.checked && item.repeatRule != nil {
                guard let next = item.successorUID, !uids.contains(next) else { continue }
                var completed = item
                completions.complete(&completed, now: now, book: &self)
                // A rule that gives no next date leaves the item as it was.
                guard completed.repeatRule == nil else { continue }
                update(at: list) { $0.items[position] = completed }
                locations.append((list, position))
            }
        }
        guard !locations.isEmpty else { return }
        _ = completions.insertNextOccurrences(after: locations, in: &self) { _, _, _ in OutputLine("") }
    }
}
