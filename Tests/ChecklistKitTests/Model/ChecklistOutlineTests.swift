import ChecklistKit
import Testing

struct ChecklistOutlineTests {
    /// Items named by their text, each with the UID `uid-TEXT` and the parent given (by text).
    private func items(_ entries: [(text: String, parent: String?)]) -> [ChecklistItem] {
        entries.enumerated().map { index, entry in
            var item = ChecklistItem(text: entry.text, itemID: index, created: 0)
            item.uid = "uid-" + entry.text
            item.parentUID = entry.parent.map { "uid-" + $0 }
            return item
        }
    }

    /// The texts in the order shown, each indented two spaces a level.
    private func shown(_ items: [ChecklistItem]) -> [String] {
        let outline = ChecklistOutline(items)
        return outline.order.map { String(repeating: "  ", count: outline.depth(ofIndex: $0)) + items[$0].text }
    }

    @Test func aChecklistWithoutSubItemsIsShownAsStored() {
        let list = items([("a", nil), ("b", nil), ("c", nil)])
        let outline = ChecklistOutline(list)
        #expect(outline.isFlat)
        #expect(outline.order == [0, 1, 2])
        #expect(outline.index(atPosition: 3) == 2)
        #expect(outline.index(atPosition: 4) == nil)
        #expect(outline.index(atPosition: 0) == nil)
        #expect(outline.subtree(ofIndex: 1) == [1])
    }

    @Test func subItemsComeRightAfterTheirParentWhereverTheyAreStored() {
        let list = items([
            ("Pack", "Trip"), ("Milk", nil), ("Trip", nil), ("Socks", "Pack"), ("Book", "Trip"), ("Shirts", "Pack"),
        ])
        #expect(shown(list) == ["Milk", "Trip", "  Pack", "    Socks", "    Shirts", "  Book"])
        let outline = ChecklistOutline(list)
        #expect(outline.index(atPosition: 3) == 0, "position 3 is Pack, stored first")
        #expect(outline.position(ofIndex: 0) == 3)
        #expect(outline.parent(ofIndex: 3) == 0)
        #expect(outline.subtree(ofIndex: 2) == [2, 0, 3, 5, 4])
        #expect(outline.subtree(ofIndex: 0) == [0, 3, 5])
    }

    @Test func anItemWhoseParentIsMissingOrItselfIsTopLevel() {
        let list = items([("a", "gone"), ("b", "b"), ("c", "a")])
        #expect(shown(list) == ["a", "  c", "b"])
    }

    @Test func aCycleIsShownFromItsFirstStoredItemAndEveryItemOnce() {
        let list = items([("x", nil), ("a", "c"), ("b", "a"), ("c", "b"), ("d", "c")])
        #expect(shown(list) == ["x", "a", "  b", "    c", "      d"])
        #expect(ChecklistOutline(list).order.sorted() == [0, 1, 2, 3, 4])
    }

    @Test func aLoopOfParentsIsBrokenAtItsFirstItem() {
        var a = ChecklistItem(text: "a", itemID: 0, created: 0)
        var b = ChecklistItem(text: "b", itemID: 1, created: 0)
        var c = ChecklistItem(text: "c", itemID: 2, created: 0)
        (a.uid, b.uid, c.uid) = ("a", "b", "c")
        (a.parentUID, b.parentUID, c.parentUID) = ("b", "a", "a")
        let settled = ChecklistOutline.withoutParentLoops([a, b, c])
        #expect(settled.map(\.parentUID) == [nil, "a", "a"])
    }

    @Test func aChainOfTwentyThousandSubTasksStaysAndALoopThroughAllIsBrokenAtTheFirst() {
        let count = 20_000
        var items = (0..<count).map { index in
            var item = ChecklistItem(text: "\(index)", itemID: index, created: 0)
            item.uid = "u\(index)"
            item.parentUID = index + 1 < count ? "u\(index + 1)" : nil
            return item
        }
        #expect(ChecklistOutline.withoutParentLoops(items) == items)
        // The last one under the first: one loop through all of them, broken at the first.
        items[count - 1].parentUID = "u0"
        let settled = ChecklistOutline.withoutParentLoops(items)
        #expect(settled[0].parentUID == nil)
        #expect(settled.dropFirst().allSatisfy { $0.parentUID != nil })
    }
}
