import ChecklistKit
import Testing

struct ChecklistTests {
    private func item(_ id: Int, checked: Bool = false) -> ChecklistItem {
        ChecklistItem(text: "item \(id)", checked: checked, itemID: id, created: 0)
    }

    @Test func anEmptyChecklistSaysItHasNoItems() {
        #expect(Checklist(name: "Empty").status == "(No Items)")
    }

    @Test func aChecklistWithEverythingCheckedIsAllDone() {
        let list = Checklist(name: "Done", items: [item(0, checked: true), item(1, checked: true)])
        #expect(list.status == "All Done!")
        #expect(list.remainingCount == 0)
    }

    @Test func theStatusCountsUncheckedItems() {
        let list = Checklist(name: "Mixed", items: [item(0), item(1, checked: true), item(2)])
        #expect(list.status == "2 Remaining")
        #expect(Checklist(name: "One", items: [item(0)]).status == "1 Remaining")
    }

    @Test func aNewChecklistHasNoIcon() {
        #expect(Checklist(name: "New").iconName == "No Icon")
        #expect(Checklist.iconNames.count == 10)
        #expect(Checklist.iconNames.first == "No Icon")
    }

    @Test func aNewItemStoresItsCreationTimeUntilADueDateIsSet() {
        var item = ChecklistItem(text: "Milk", itemID: 3, created: 1000)
        #expect(item.dueDate == nil)
        #expect(item.archivedDate == 1000)
        item.dueDate = 5000
        #expect(item.dueDate == 5000)
        #expect(item.hasDueDate)
        item.dueDate = nil
        #expect(item.dueDate == nil)
        #expect(!item.hasDueDate)
        #expect(item.archivedDate == 5000, "the archived date stays, as the iOS app needs one")
    }
}
