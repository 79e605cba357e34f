import Testing

@testable import ChecklistKit

struct ChecklistItemTagsTests {
    @Test func aTagIsAddedOnceAsItIsSpelledInUse() {
        var item = ChecklistItem(text: "Milk", checked: false, itemID: 0, created: 0)
        item.tags = ["Home"]
        item.addTags(["home", "Work", "work", "café"], inUse: ["cafe": "Café"])
        #expect(item.tags == ["Home", "Work", "Café"])
    }

    @Test func tagsAreRemovedIgnoringCaseAndAccents() {
        var item = ChecklistItem(text: "Milk", checked: false, itemID: 0, created: 0)
        item.tags = ["Home", "Café", "Work"]
        item.removeTags(["home", "CAFE"])
        #expect(item.tags == ["Work"])
    }
}
