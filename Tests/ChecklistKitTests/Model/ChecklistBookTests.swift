import ChecklistKit
import Testing

struct ChecklistBookTests {
    private func list(_ name: String, ids: [Int] = []) -> Checklist {
        Checklist(name: name, items: ids.map { ChecklistItem(text: "item \($0)", itemID: $0, created: 0) })
    }

    @Test func theFirstRunHasOneCurrentEmptyChecklistNamedList() {
        let book = ChecklistBook.firstRun
        #expect(book.checklists.map(\.name) == ["List"])
        #expect(book.current?.name == "List")
        #expect(book.nextItemID == 0)
    }

    @Test func checklistsAreSortedByNameAndTheCurrentOneFollows() {
        let book = ChecklistBook(
            checklists: [list("List 10"), list("list 2"), list("Apples")], currentIndex: 0, nextItemID: 0)
        #expect(book.checklists.map(\.name) == ["Apples", "list 2", "List 10"])
        #expect(book.current?.name == "List 10")
    }

    @Test func theNextItemIDIsNeverBelowAnIDInUse() {
        let book = ChecklistBook(checklists: [list("A", ids: [4, 9])], currentIndex: nil, nextItemID: 2)
        #expect(book.nextItemID == 10)
        #expect(book.current == nil)
    }

    @Test func anOutOfRangeCurrentIndexMeansNoCurrentChecklist() {
        let book = ChecklistBook(checklists: [list("A")], currentIndex: 3, nextItemID: 0)
        #expect(book.currentIndex == nil)
    }

    @Test func takingItemIDsHandsOutEachOnce() {
        var book = ChecklistBook.firstRun
        #expect(book.takeItemID() == 0)
        #expect(book.takeItemID() == 1)
        #expect(book.nextItemID == 2)
    }

    @Test func insertingKeepsTheOrderAndReturnsThePosition() {
        var book = ChecklistBook(checklists: [list("B"), list("D")], currentIndex: 1, nextItemID: 0)
        let position = book.insert(list("C"))
        #expect(position == 1)
        #expect(book.checklists.map(\.name) == ["B", "C", "D"])
        #expect(book.current?.name == "D")
        #expect(book.insert(list("A")) == 0)
        #expect(book.insert(list("E")) == 4)
    }

    @Test func renamingReordersAndTheCurrentChecklistStaysCurrent() {
        var book = ChecklistBook(checklists: [list("A"), list("B"), list("C")], currentIndex: 0, nextItemID: 0)
        let moved = book.update(at: 0) { $0.name = "Z" }
        #expect(moved == 2)
        #expect(book.checklists.map(\.name) == ["B", "C", "Z"])
        #expect(book.current?.name == "Z")
    }

    @Test func removingAChecklistKeepsTheCurrentOneOrClearsIt() {
        var book = ChecklistBook(checklists: [list("A"), list("B"), list("C")], currentIndex: 2, nextItemID: 0)
        book.remove(at: 0)
        #expect(book.current?.name == "C")
        book.remove(at: 1)
        #expect(book.current == nil)
        #expect(book.checklists.map(\.name) == ["B"])
    }

    @Test func findingAnItemByIDLooksInEveryChecklist() {
        let book = ChecklistBook(
            checklists: [list("A", ids: [0, 1]), list("B", ids: [2, 3])], currentIndex: 0, nextItemID: 4)
        #expect(book.location(ofItemID: 3)?.list == 1)
        #expect(book.location(ofItemID: 3)?.item == 1)
        #expect(book.location(ofItemID: 7) == nil)
        #expect(book.allItems.count == 4)
    }

    @Test func replacingChecklistsNeverTakesTheNextIDBack() {
        var book = ChecklistBook(checklists: [list("A", ids: [0, 1, 2])], currentIndex: 0, nextItemID: 3)
        book.replaceChecklists(with: [list("A", ids: [0])])
        #expect(book.nextItemID == 3)
        #expect(book.current?.name == "A")
        book.replaceChecklists(with: [list("B", ids: [7])])
        #expect(book.nextItemID == 8)
        #expect(book.current == nil)
    }
}
