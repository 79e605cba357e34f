import Testing

@testable import ChecklistKit

/// How much of the data file a store holds: only a part loaded keeps a layout to save an edit
/// of, and only a part since edited must be read again.
struct LoadedPartTests {
    @Test func onlyAPartLoadedKeepsItsLayoutAndOnlyAnEditedOneIsReadAgain() throws {
        let book = ChecklistBook(
            checklists: [Checklist(name: "Groceries", items: [ChecklistItem(text: "Milk", itemID: 0, created: 100)])],
            currentIndex: 0, nextItemID: 1)
        let (_, layout) = try #require(ChecklistBook.partlyLoaded(archive: book.archived()))
        #expect(LoadedPart.whole.layout == nil)
        #expect(!LoadedPart.whole.mustReread)
        #expect(LoadedPart.partial(layout).layout?.file == layout.file)
        #expect(!LoadedPart.partial(layout).mustReread)
        #expect(LoadedPart.edited.layout == nil)
        #expect(LoadedPart.edited.mustReread)
    }
}
