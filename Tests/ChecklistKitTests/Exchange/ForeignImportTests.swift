import ChecklistKit
import Testing

/// Merging another tool's items into the book: by UID in place, else into the checklist of
/// their name.
struct ForeignImportTests {
    private func item(_ uid: String, _ text: String, id: Int = -1) -> ChecklistItem {
        var item = ChecklistItem(text: text, itemID: id, created: TestTime.now)
        item.uid = uid
        return item
    }

    @Test func newItemsJoinTheChecklistOfTheirNameOrANewOne() {
        let book = [Checklist(name: "Home", items: [item("h", "Sweep", id: 1)])]
        let foreign = ForeignImport(
            source: "Test",
            lists: [
                Checklist(name: "Home", items: [item("a", "Milk")]),
                Checklist(name: "Work", items: [item("b", "Mail")]),
            ])
        var next = 10
        let (lists, counts) = foreign.merged(into: book) {
            defer { next += 1 }
            return next
        }
        #expect(lists.map(\.name) == ["Home", "Work"])
        #expect(lists[0].items.map(\.text) == ["Sweep", "Milk"])
        #expect(lists[0].items.map(\.itemID) == [1, 10])
        #expect(lists[1].items.map(\.itemID) == [11])
        #expect(counts == ForeignImport.Counts(added: 2, updated: 0, unchanged: 0))
    }

    @Test func anItemWithAKnownUIDIsUpdatedWhereItIsKeepingItsID() {
        let book = [
            Checklist(name: "Moved here", items: [item("a", "Milk", id: 4), item("b", "Bread", id: 5)])
        ]
        let foreign = ForeignImport(
            source: "Test", lists: [Checklist(name: "Home", items: [item("a", "Oat milk"), item("b", "Bread")])])
        let (lists, counts) = foreign.merged(into: book) { 99 }
        #expect(lists.map(\.name) == ["Moved here"], "an item the user moved stays where it is")
        #expect(lists[0].items.map(\.text) == ["Oat milk", "Bread"])
        #expect(lists[0].items.map(\.itemID) == [4, 5])
        #expect(counts == ForeignImport.Counts(added: 0, updated: 1, unchanged: 1))
    }
}
