import ChecklistKit
import KeyedArchive
import Testing

/// SPEC §13's optional keys of an item: `Note`, `Tags`, `Priority`, `Parent`, `Start`, `StartDay`.
struct ChecklistItemRichArchiveTests {
    private func book(_ items: [ChecklistItem]) -> ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: "Home", items: items)], currentIndex: 0, nextItemID: 2)
    }

    @Test func everyFieldSurvivesARoundTripInEveryZone() throws {
        for zone in [LocalZone.utc, LocalZone.berlin] {
            try LocalZone.with(zone) {
                let day = try #require(CalendarDay(year: 2026, month: 12, day: 24))
                var parent = ChecklistItem(text: "Bake", itemID: 0, created: 10)
                parent.uid = "bake"
                parent.note = "Grandma's recipe\nbutter, not margarine"
                parent.tags = ["xmas", "Küche"]
                parent.priority = 1
                parent.start = .day(day)
                var child = ChecklistItem(text: "Buy flour", itemID: 1, created: 20)
                child.parentUID = "bake"
                child.priority = 9
                child.start = .time(820_000_000)
                let book = book([parent, child])
                #expect(try ChecklistBook(archive: book.archived(), loadTime: 0) == book)
            }
        }
    }

    @Test func anItemWithoutTheFieldsIsWrittenWithoutTheirKeys() throws {
        let bytes = book([ChecklistItem(text: "Plain", itemID: 0, created: 10)]).archived()
        // Keys are stored as ASCII strings: a key written anywhere shows in the bytes.
        for key in ["Note", "Tags", "Priority", "Parent", "Start"] {
            #expect(!bytes.indices.contains { bytes[$0...].starts(with: Array(key.utf8)) }, "\(key)")
        }
    }

    @Test func theIOSAppsFileReadsAsItemsWithoutThem() throws {
        let bytes = TestArchive.checklists(
            [TestArchivedList<IOSAppModule>("A", [TestArchivedItem("x", dueDate: 5, itemID: 0)])], index: 0)
        let item = try #require(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items.first)
        #expect(item.note.isEmpty && item.tags.isEmpty && item.priority == nil)
        #expect(item.parentUID == nil && item.start == nil)
    }

    @Test func tagsAreWrittenAsAnArrayOfStrings() throws {
        var item = ChecklistItem(text: "Bake", itemID: 0, created: 10)
        item.tags = ["xmas", "Küche", "with space"]
        let unarchiver = try KeyedUnarchiver(bytes: book([item]).archived())
        let list = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists")?.first)
        let uids = try #require(
            try unarchiver.decoder(forObject: list, of: Checklist.archivedClass).arrayElementUIDs(forKey: "Items"))
        let itemUID = try #require(uids.first)
        let fields = try unarchiver.decoder(forObject: itemUID, of: ChecklistItem.archivedClass)
        #expect(try fields.decodeStringsIfPresent(forKey: "Tags") == ["xmas", "Küche", "with space"])
        // Not a string: an `NSArray`.
        #expect(throws: KeyedArchiveError.self) { try fields.decodeIfPresent(String.self, forKey: "Tags") }
    }

    @Test func tagsWrittenAsOneStringAreReadATagALine() throws {
        let bytes = TestArchive.checklists(
            [
                TestArchivedList<IOSAppModule>(
                    "A", [TestArchivedItem("x", dueDate: 5, itemID: 0, tagLines: "xmas\n\nKüche\n")])
            ], index: 0)
        let item = try #require(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items.first)
        #expect(item.tags == ["xmas", "Küche"])
        // Written back as an array, which reads the same.
        let book = ChecklistBook(checklists: [Checklist(name: "A", items: [item])], currentIndex: 0, nextItemID: 1)
        #expect(
            try ChecklistBook(archive: book.archived(), loadTime: 0).checklists.first?.items.first?.tags == item.tags)
    }
}
