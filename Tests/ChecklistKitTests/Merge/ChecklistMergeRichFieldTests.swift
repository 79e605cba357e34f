import ChecklistKit
import Testing

/// SPEC §13's fields in the three-way merge of SPEC §8: each a field of its own, tags a set,
/// parents kept for the sub-items the other side gave them.
struct ChecklistMergeRichFieldTests {
    /// An item with a UID made from its ID, so that sub-items can name it.
    private func item(
        _ text: String, _ id: Int, parent: Int? = nil, edit: (inout ChecklistItem) -> Void = { _ in }
    )
        -> ChecklistItem
    {
        var made = ChecklistItem(text: text, itemID: id, created: 100)
        made.uid = "uid-\(id)"
        made.parentUID = parent.map { "uid-\($0)" }
        edit(&made)
        return made
    }

    private func book(_ items: [ChecklistItem], next: Int = 10) -> ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: "Groceries", items: items)], currentIndex: 0, nextItemID: next)
    }

    private func merged(_ base: ChecklistBook, _ ours: ChecklistBook, _ theirs: ChecklistBook) -> MergeResult {
        ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
    }

    @Test func eachFieldChangedOnOneSideIsTakenAlongsideTheOtherSidesChanges() {
        let day = CalendarDay(year: 2026, month: 12, day: 1) ?? .earliest
        let base = book([item("Milk", 0), item("Eggs", 1)])
        let ours = book([
            item("Milk", 0) { $0.note = "Semi-skimmed\nTwo bottles" }, item("Eggs", 1) { $0.priority = 1 },
        ])
        let theirs = book([item("Milk", 0) { $0.start = .day(day) }, item("Eggs", 1, parent: 0)])
        let result = merged(base, ours, theirs)
        let items = result.book.checklists.first?.items ?? []
        #expect(items.map(\.note) == ["Semi-skimmed\nTwo bottles", ""])
        #expect(items.map(\.start) == [.day(day), nil])
        #expect(items.map(\.priority) == [nil, 1])
        #expect(items.map(\.parentUID) == [nil, "uid-0"])
        #expect(result.conflicts.isEmpty)
    }

    @Test func eachFieldChangedDifferentlyOnBothSidesKeepsOursAndSaysSo() {
        let base = book([item("Milk", 0), item("Eggs", 1), item("Bread", 2)])
        let ours = book([
            item("Milk", 0), item("Eggs", 1),
            item("Bread", 2, parent: 0) {
                $0.note = "Rye"
                $0.priority = 1
                $0.start = .time(800_000_000)
            },
        ])
        let theirs = book([
            item("Milk", 0), item("Eggs", 1),
            item("Bread", 2, parent: 1) {
                $0.note = "Spelt, sliced, from the baker on the corner of the market square"
                $0.priority = 9
            },
        ])
        let result = merged(base, ours, theirs)
        let bread = result.book.checklists.first?.items.last
        #expect(bread?.note == "Rye" && bread?.priority == 1 && bread?.parentUID == "uid-0")
        #expect(
            result.conflicts.map(\.description) == [
                #"Groceries #2 note: kept note "Rye" over note "Spelt, sliced, from the baker on the cor…" from the other side"#,
                "Groceries #2 priority: kept priority 1 over priority 9 from the other side",
                "Groceries #2 parent: kept sub-item of uid-0 over sub-item of uid-1 from the other side",
            ])
    }

    @Test func tagsMergeAsASetMatchedIgnoringCaseAndAccents() {
        let base = book([item("Milk", 0) { $0.tags = ["dairy", "Café", "weekly"] }])
        // OURS adds "fresh" and removes "weekly"; THEIRS adds "URGENT", removes "cafe" and
        // retypes "dairy": both sides' additions and removals happen, OURS's spelling stays.
        let ours = book([item("Milk", 0) { $0.tags = ["Dairy", "Café", "fresh"] }])
        let theirs = book([item("Milk", 0) { $0.tags = ["DAIRY", "weekly", "URGENT", "Fresh"] }])
        let result = merged(base, ours, theirs)
        #expect(result.book.checklists.first?.items.first?.tags == ["Dairy", "fresh", "URGENT"])
        #expect(result.conflicts.isEmpty)
        // Without a base (the same item new on both sides), the tags of both.
        let joined = ChecklistMerge.merge(base: nil, ours: ours, theirs: theirs)
        #expect(joined.book.checklists.first?.items.first?.tags == ["Dairy", "Café", "fresh", "weekly", "URGENT"])
    }

    @Test func aParentDeletedOnOneSideIsKeptWhenTheOtherSideGaveItASubItem() {
        let base = book([item("Party", 0), item("Cake", 1)])
        let ours = book([item("Cake", 1)])
        let theirs = book([item("Party", 0), item("Cake", 1), item("Balloons", 2, parent: 0)])
        for result in [merged(base, ours, theirs), merged(base, theirs, ours)] {
            let items = result.book.checklists.first?.items ?? []
            #expect(Set(items.map(\.text)) == ["Party", "Cake", "Balloons"])
            #expect(items.first { $0.text == "Balloons" }?.parentUID == "uid-0")
        }
    }

    @Test func aGrandparentComesBackWithTheParent() {
        let base = book([item("Trip", 0), item("Packing", 1, parent: 0)])
        let ours = book([])
        let theirs = book([item("Trip", 0), item("Packing", 1, parent: 0), item("Socks", 2, parent: 1)])
        let items = merged(base, ours, theirs).book.checklists.first?.items ?? []
        #expect(items.map(\.text) == ["Trip", "Packing", "Socks"])
    }

    @Test func aParentDeletedByASideThatKnewItsSubItemsStaysDeleted() {
        // A phone deleted the parent alone; the other side changed nothing: the delete stands and
        // the sub-item, left as it was, no longer has its parent.
        let base = book([item("Party", 0), item("Cake", 1, parent: 0)])
        let ours = book([item("Cake", 1, parent: 0)])
        let result = merged(base, ours, base)
        #expect(result.book.checklists.first?.items.map(\.text) == ["Cake"])
        // The other side changed the sub-item's text, not its place: still deleted.
        let theirs = book([item("Party", 0), item("Cake (chocolate)", 1, parent: 0)])
        #expect(merged(base, ours, theirs).book.checklists.first?.items.map(\.text) == ["Cake (chocolate)"])
    }

    // A minute is minutes more than it takes; walking up from each item took over 300 s.
    @Test(.timeLimit(.minutes(1)))
    func aChainOfTwentyThousandSubItemsMergesBothSidesChanges() {
        let depth = 20_000
        let chain = (0..<depth).map { id in item("Step \(id)", id, parent: id > 0 ? id - 1 : nil) }
        var ours = chain
        ours[0].text = "First"
        var theirs = chain
        theirs[depth - 1].checked = true
        let result = merged(book(chain, next: depth), book(ours, next: depth), book(theirs, next: depth))
        let items = result.book.checklists.first?.items ?? []
        #expect(items.count == depth)
        #expect(items.first?.text == "First" && items.last?.checked == true)
        #expect(items.dropFirst().allSatisfy { $0.parentUID != nil })
        #expect(result.conflicts.isEmpty)
    }

    @Test func nestingEachUnderTheOtherOnTwoSidesKeepsOursAndSaysSo() {
        let base = book([item("Milk", 0), item("Eggs", 1)])
        let ours = book([item("Milk", 0, parent: 1), item("Eggs", 1)])
        let theirs = book([item("Milk", 0), item("Eggs", 1, parent: 0)])
        let result = merged(base, ours, theirs)
        #expect(result.book.checklists.first?.items.map(\.parentUID) == ["uid-1", nil])
        #expect(
            result.conflicts.map(\.description) == [
                "Groceries #1 parent: kept top-level over sub-item of uid-0 from the other side"
            ])
    }

    @Test func changesOfTheNewFieldsAreCounted() {
        let base = book([item("Milk", 0), item("Eggs", 1), item("Bread", 2), item("Jam", 3), item("Tea", 4)])
        let new = book([
            item("Milk", 0) { $0.note = "Oat" }, item("Eggs", 1) { $0.tags = ["farm"] },
            item("Bread", 2) { $0.priority = 5 }, item("Jam", 3, parent: 2),
            item("Tea", 4) { $0.start = .time(1) },
        ])
        #expect(ItemChanges(from: base, to: new) == ItemChanges(added: 0, changed: 5, removed: 0))
    }
}
