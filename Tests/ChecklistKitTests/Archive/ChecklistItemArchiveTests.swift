import ChecklistKit
import KeyedArchive
import Testing

/// The optional `Repeat` key of an item (SPEC §4, §12).
struct ChecklistItemArchiveTests {
    private func book(_ items: [ChecklistItem]) -> ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: "Chores", items: items)], currentIndex: 0, nextItemID: 0)
    }

    @Test func aRuleSurvivesARoundTripAndOnlyAnItemThatRepeatsHasTheKey() throws {
        let weekly = RepeatRule(words: "every mon,thu")
        let book = book([
            ChecklistItem(text: "Water plants", itemID: 0, created: 10, dueDate: 1_000, repeatRule: weekly),
            ChecklistItem(text: "Buy a pot", itemID: 1, created: 20),
        ])
        let bytes = book.archived()
        let written = try #require(try TestArchive.read(bytes).first?.items)
        #expect(written.map(\.repeatRule) == ["FREQ=WEEKLY;BYDAY=MO,TH", nil])
        let reloaded = try ChecklistBook(archive: bytes, loadTime: 0)
        #expect(reloaded == book)
        #expect(reloaded.checklists.first?.items.first?.repeatRule == weekly)
    }

    @Test func aFileWithoutRulesReadsAsItemsThatDoNotRepeat() throws {
        let bytes = TestArchive.checklists(
            [TestArchivedList<IOSAppModule>("A", [TestArchivedItem("x", dueDate: 5, itemID: 0)])], index: 0)
        let item = try #require(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items.first)
        #expect(item.repeatRule == nil)
    }

    @Test func aRuleTheWordsCannotSayIsWrittenBackExactlyAsRead() throws {
        let rrule = "RRULE:FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20301231T000000Z"
        let bytes = TestArchive.checklists(
            [
                TestArchivedList<IOSAppModule>(
                    "A", [TestArchivedItem("Rent", dueDate: 5, itemID: 0, hasDueDate: true, repeatRule: rrule)])
            ], index: 0)
        var book = try ChecklistBook(archive: bytes, loadTime: 0)
        #expect(book.checklists.first?.items.first?.repeatRule?.description == rrule)
        book.update(at: 0) { $0.items[0].text = "Pay rent" }
        #expect(try TestArchive.read(book.archived()).first?.items.first?.repeatRule == rrule)
    }

    @Test func aRepeatKeyThatIsNotAStringIsRejected() {
        let bytes = KeyedArchiver.archive { coder in coder.encode([NumberRepeatList()], forKey: "Checklists") }
        #expect(throws: (any Error).self) { try ChecklistBook(archive: bytes, loadTime: 0) }
    }
}

/// A checklist whose one item has a number for `Repeat`.
private struct NumberRepeatList: KeyedArchivable {
    static var archivedClass: ArchivedClass { ArchivedClass(name: "Checklists.Checklist") }

    func encode(with coder: inout KeyedEncoder) {
        coder.encode("A", forKey: "Name")
        coder.encode([NumberRepeatItem()], forKey: "Items")
    }

    init() {}

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {}
}

/// An item with a number for `Repeat`.
private struct NumberRepeatItem: KeyedArchivable {
    static var archivedClass: ArchivedClass { ArchivedClass(name: "Checklists.ChecklistItem") }

    func encode(with coder: inout KeyedEncoder) {
        coder.encode("x", forKey: "Text")
        coder.encode(0, forKey: "ItemID")
        coder.encode(7, forKey: "Repeat")
    }

    init() {}

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {}
}
