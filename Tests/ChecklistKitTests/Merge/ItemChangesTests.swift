import ChecklistKit
import Testing

struct ItemChangesTests {
    private func item(_ text: String, _ id: Int, checked: Bool = false) -> ChecklistItem {
        ChecklistItem(text: text, checked: checked, itemID: id, created: 0)
    }

    private func book(_ lists: [String: [ChecklistItem]]) -> ChecklistBook {
        ChecklistBook(
            checklists: lists.map { Checklist(name: $0.key, items: $0.value) }, currentIndex: nil, nextItemID: 0)
    }

    @Test func itemsAreCountedAddedChangedAndRemovedByID() {
        let old = book(["A": [item("one", 0), item("two", 1), item("three", 2)]])
        let new = book(["A": [item("one", 0, checked: true), item("three", 2), item("four", 3), item("five", 4)]])
        let changes = ItemChanges(from: old, to: new)
        #expect(changes == ItemChanges(added: 2, changed: 1, removed: 1))
        #expect(changes.summary == "2 added, 1 changed, 1 removed")
    }

    @Test func anItemMovedToAnotherChecklistIsChanged() {
        let old = book(["A": [item("one", 0)], "B": []])
        let new = book(["A": [], "B": [item("one", 0)]])
        #expect(ItemChanges(from: old, to: new) == ItemChanges(added: 0, changed: 1, removed: 0))
    }

    @Test func withoutAnOldVersionEveryItemIsAdded() {
        let changes = ItemChanges(from: nil, to: book(["A": [item("one", 0), item("two", 1)]]))
        #expect(changes == ItemChanges(added: 2, changed: 0, removed: 0))
    }

    @Test func noChangesReadNothing() {
        let same = book(["A": [item("one", 0)]])
        let changes = ItemChanges(from: same, to: same)
        #expect(changes.isEmpty)
        #expect(changes.summary == "nothing")
    }

    @Test func aRenamedChecklistIsOneRenameNotEveryItemChanged() {
        let items = (0..<10).map { item("task \($0)", $0) }
        let old = book(["Groceries": items, "Trips": []])
        var checkedOne = items
        checkedOne[0].checked = true
        let new = book(["Shopping": checkedOne, "Journeys": []])
        let changes = ItemChanges(from: old, to: new)
        #expect(changes.renamedLists == 2)
        #expect(changes.summary == "1 changed, 2 lists renamed")
    }

    @Test func itemsMovedToANewChecklistFromOneThatStaysAreChanged() {
        let old = book(["A": [item("one", 0), item("two", 1), item("three", 2)]])
        let new = book(["A": [item("one", 0)], "B": [item("two", 1), item("three", 2)]])
        #expect(ItemChanges(from: old, to: new).summary == "2 changed")
    }

    @Test func aNewEmptyChecklistIsAChange() {
        let old = book(["A": [item("one", 0)]])
        let changes = ItemChanges(from: old, to: book(["A": [item("one", 0)], "Empty": []]))
        #expect(!changes.isEmpty)
        #expect(changes.summary == "1 list added", "it used to read nothing")
        #expect(ItemChanges(from: book(["A": [item("one", 0)], "Empty": []]), to: old).summary == "1 list removed")
    }

    @Test func aDroppedChecklistWithItemsIsCountedByItsItems() {
        let old = book(["A": [item("one", 0)], "Work": [item("report", 1), item("slides", 2)]])
        #expect(ItemChanges(from: old, to: book(["A": [item("one", 0)]])).summary == "2 removed")
    }
}
