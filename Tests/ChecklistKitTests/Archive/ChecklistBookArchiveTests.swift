import ChecklistKit
import Foundation
import KeyedArchive
import Testing

struct ChecklistBookArchiveTests {
    private let loadTime = TestTime.utc(2026, 1, 2, 3, 4, 5)

    private func sampleBook() -> ChecklistBook {
        ChecklistBook(
            checklists: [
                Checklist(
                    name: "Groceries",
                    items: [
                        ChecklistItem(text: "Crème brûlée", checked: true, itemID: 0, created: 10),
                        ChecklistItem(text: "牛奶 🥛", itemID: 4, created: 20, dueDate: 800_000_000, shouldRemind: true),
                        ChecklistItem(text: "Eggs", itemID: 2, created: 30, shouldRemind: true),
                    ],
                    iconName: "Groceries"),
                Checklist(name: "List 10", items: [ChecklistItem(text: "x", itemID: 7, created: 1.5)]),
                Checklist(name: "List 2", iconName: "Trips"),
            ],
            currentIndex: 2, nextItemID: 12)
    }

    @Test func aBookSurvivesARoundTripUnchanged() throws {
        let book = sampleBook()
        let reloaded = try ChecklistBook(archive: book.archived(), loadTime: loadTime)
        #expect(reloaded == book)
        #expect(reloaded.current?.name == "List 2")
        #expect(reloaded.currentIndex == 1)
        #expect(reloaded.nextItemID == 12)
    }

    @Test func theFileIsABinaryKeyedArchiveWithTheIOSAppsKeysAndClasses() throws {
        let bytes = sampleBook().archived()
        #expect(Array(bytes.prefix(8)) == Array("bplist00".utf8))
        let plist = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        let root = try #require(plist as? [String: Any])
        #expect(root["$archiver"] as? String == "NSKeyedArchiver")
        #expect((root["$version"] as? NSNumber)?.intValue == 100_000)
        let objects = try #require(root["$objects"] as? [Any])
        #expect(objects.first as? String == "$null")
        let top = try #require(root["$top"] as? [String: Any])
        #expect(Set(top.keys) == ["Checklists", "ChecklistIndex", "ChecklistItemID"])
        #expect((top["ChecklistIndex"] as? NSNumber)?.intValue == 1)
        #expect((top["ChecklistItemID"] as? NSNumber)?.intValue == 12)
        let classes = objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String }
        #expect(classes.contains("Checklists.Checklist"))
        #expect(classes.contains("Checklists.ChecklistItem"))
        #expect(classes.contains("NSDate"))
    }

    @Test func everyItemHasADueDateInTheFileForTheIOSApp() throws {
        let lists = try TestArchive.read(sampleBook().archived())
        #expect(lists.map(\.name) == ["Groceries", "List 2", "List 10"])
        let items = lists.flatMap(\.items)
        #expect(items.allSatisfy { $0.dueDate != nil && $0.itemID != nil && $0.hasDueDate != nil })
        #expect(items.map(\.dueDate) == [10, 800_000_000, 30, 1.5])
        #expect(items.map(\.hasDueDate) == [false, true, false, false])
        #expect(items.map(\.text) == ["Crème brûlée", "牛奶 🥛", "Eggs", "x"])
        #expect(lists.map(\.iconName) == ["Groceries", "Trips", "No Icon"])
    }

    @Test func noCurrentChecklistIsWrittenAsMinusOne() throws {
        let book = ChecklistBook(checklists: [Checklist(name: "A")], currentIndex: nil, nextItemID: 0)
        let top = try KeyedUnarchiver(bytes: book.archived()).topLevel
        #expect(try top.decode(Int.self, forKey: "ChecklistIndex") == -1)
        #expect(try ChecklistBook(archive: book.archived(), loadTime: 0).current == nil)
    }

    @Test func theEarlySingleListFormLoadsAsOneChecklistNamedChecklist() throws {
        let bytes = TestArchive.early([
            TestArchivedItem<NoModule>("Walk the dog", checked: true),
            TestArchivedItem<NoModule>("Brush teeth", checked: false),
        ])
        let book = try ChecklistBook(archive: bytes, loadTime: loadTime)
        #expect(book.checklists.map(\.name) == ["Checklist"])
        #expect(book.current?.name == "Checklist")
        let items = try #require(book.current?.items)
        #expect(items.map(\.text) == ["Walk the dog", "Brush teeth"])
        #expect(items.map(\.checked) == [true, false])
        #expect(items.map(\.itemID) == [0, 1])
        #expect(items.allSatisfy { $0.dueDate == nil && !$0.shouldRemind && $0.archivedDate == loadTime })
        #expect(book.nextItemID == 2)
    }

    @Test func withoutIndexAndNextIDTheIDsContinueAfterTheHighest() throws {
        let bytes = TestArchive.checklists([
            TestArchivedList<IOSAppModule>(
                "A", [TestArchivedItem("one", itemID: 3), TestArchivedItem("two", itemID: 41)])
        ])
        let book = try ChecklistBook(archive: bytes, loadTime: loadTime)
        #expect(book.nextItemID == 42)
        #expect(book.current == nil)
        #expect(book.checklists[0].items.map(\.itemID) == [3, 41])
    }

    @Test func aStoredNextIDBelowTheHighestIsRaised() throws {
        let bytes = TestArchive.checklists(
            [TestArchivedList<IOSAppModule>("A", [TestArchivedItem("one", itemID: 9)])], index: 0, nextItemID: 2)
        #expect(try ChecklistBook(archive: bytes, loadTime: 0).nextItemID == 10)
    }

    @Test func duplicateAndMissingItemIDsGetFreshOnes() throws {
        let bytes = TestArchive.checklists(
            [
                TestArchivedList<IOSAppModule>("A", [TestArchivedItem("first", itemID: 5), TestArchivedItem("no id")]),
                TestArchivedList<IOSAppModule>(
                    "B", [TestArchivedItem("copy", itemID: 5), TestArchivedItem("two", itemID: 2)]),
            ],
            index: 0, nextItemID: 6)
        let book = try ChecklistBook(archive: bytes, loadTime: 0)
        let ids = book.checklists.flatMap(\.items).map(\.itemID)
        #expect(Set(ids).count == ids.count, "IDs are unique: \(ids)")
        #expect(book.checklists[0].items[0].itemID == 5, "the first holder keeps its ID")
        #expect(book.checklists[1].items[1].itemID == 2)
        #expect(ids.allSatisfy { $0 < book.nextItemID })
        #expect(Set(ids).isSuperset(of: [6, 7]), "fresh IDs come after the highest: \(ids)")
    }

    /// The IDs a book gives items read with `ids` (nil: no ItemID) and a stored next ID of `next`:
    /// the rule with a set of the IDs seen, as the reader had it before it skipped the set for
    /// rising IDs.
    private static func expectedIDs(_ ids: [Int?], next stored: Int) -> [Int] {
        let limit = 1 << 53
        var next = stored > limit ? 0 : stored
        let read = ids.map { $0 ?? -1 }
        next = max(next, (read.filter { $0 <= limit }.max() ?? -1) + 1)
        var seen = Set<Int>()
        return read.map { id in
            guard id < 0 || id > limit || !seen.insert(id).inserted else { return id }
            defer { next += 1 }
            seen.insert(next)
            return next
        }
    }

    @Test func itemIDsAreKeptOrReplacedAlikeWhetherOrNotTheyRise() throws {
        var cases: [[Int?]] = [
            [], [nil, nil], [0, 1, 2, 5], [5, 3, 9], [1, 1, 2], [-1, 4, 4, nil, 7], [(1 << 53) + 1, 2, 3],
            [3, nil, 1, 2, 2], [-7, -3], [2, 2, 2], [0, 1 << 53, 5], [7, 8, 9, 9, 10],
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let count = Int.random(in: 0..<12, using: &random)
            cases.append(
                (0..<count).map { _ in
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0: nil
                    case 1: Int.random(in: -3 ... -1, using: &random)
                    case 2: (1 << 53) + Int.random(in: 1...3, using: &random)
                    default: Int.random(in: 0..<15, using: &random)
                    }
                })
        }
        for ids in cases {
            let stored = ids.count % 3 == 0 ? 0 : 20
            let items = ids.enumerated().map { TestArchivedItem<IOSAppModule>("item \($0.offset)", itemID: $0.element) }
            let bytes = TestArchive.checklists([TestArchivedList("A", items)], index: 0, nextItemID: stored)
            let book = try ChecklistBook(archive: bytes, loadTime: 0)
            #expect(book.checklists[0].items.map(\.itemID) == Self.expectedIDs(ids, next: stored), "\(ids)")
        }
    }

    @Test func aMissingDueDateGetsTheLoadTimeAndKeepsIt() throws {
        let bytes = TestArchive.checklists([
            TestArchivedList<IOSAppModule>("A", [TestArchivedItem("undated", itemID: 0)])
        ])
        let book = try ChecklistBook(archive: bytes, loadTime: loadTime)
        let item = try #require(book.checklists.first?.items.first)
        #expect(item.archivedDate == loadTime)
        #expect(item.dueDate == nil)
        let written = try TestArchive.read(book.archived())
        #expect(written.first?.items.first?.dueDate == loadTime)
        let later = try ChecklistBook(archive: book.archived(), loadTime: loadTime + 3600)
        #expect(later.checklists.first?.items.first?.archivedDate == loadTime)
    }

    @Test func withoutHasDueDateAnItemHasADueDateExactlyWhenItShouldRemind() throws {
        let bytes = TestArchive.checklists([
            TestArchivedList<IOSAppModule>(
                "A",
                [
                    TestArchivedItem("remind", checked: false, dueDate: 700_000_000, shouldRemind: true, itemID: 0),
                    TestArchivedItem("quiet", checked: false, dueDate: 700_000_100, shouldRemind: false, itemID: 1),
                ])
        ])
        let items = try #require(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items)
        #expect(items[0].dueDate == 700_000_000)
        #expect(items[0].shouldRemind)
        #expect(items[1].dueDate == nil)
        #expect(items[1].archivedDate == 700_000_100)
    }

    @Test func hasDueDateDecidesWhenPresent() throws {
        let bytes = TestArchive.checklists([
            TestArchivedList<IOSAppModule>(
                "A",
                [
                    TestArchivedItem("due", dueDate: 5, shouldRemind: false, itemID: 0, hasDueDate: true),
                    TestArchivedItem("not", dueDate: 6, shouldRemind: true, itemID: 1, hasDueDate: false),
                ])
        ])
        let items = try #require(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items)
        #expect(items.map(\.dueDate) == [5, nil])
    }

    @Test func theDueDateReadFromAFileIsWrittenBackUnchanged() throws {
        let stored = 654_321.125
        let bytes = TestArchive.checklists(
            [
                TestArchivedList<IOSAppModule>(
                    "A", [TestArchivedItem("x", checked: false, dueDate: stored, shouldRemind: false, itemID: 0)])
            ],
            index: 0, nextItemID: 1)
        var book = try ChecklistBook(archive: bytes, loadTime: 99)
        book.update(at: 0) { $0.items[0].checked = true }
        let written = try TestArchive.read(book.archived())
        #expect(written.first?.items.first?.dueDate == stored)
        #expect(written.first?.items.first?.hasDueDate == false)
    }

    @Test func anyModulePrefixOrNoneIsRead() throws {
        let other = TestArchive.checklists(
            [TestArchivedList<OtherModule>("Mine", [TestArchivedItem("a", itemID: 0)], iconName: "Inbox")], index: 0,
            nextItemID: 1)
        let bare = TestArchive.checklists(
            [TestArchivedList<NoModule>("Bare", [TestArchivedItem("b", checked: true, itemID: 0)])], index: 0,
            nextItemID: 1)
        let fromOther = try ChecklistBook(archive: other, loadTime: 0)
        #expect(fromOther.checklists.first?.name == "Mine")
        #expect(fromOther.checklists.first?.iconName == "Inbox")
        #expect(fromOther.checklists.first?.items.first?.text == "a")
        let fromBare = try ChecklistBook(archive: bare, loadTime: 0)
        #expect(fromBare.checklists.first?.items.first?.checked == true)
        #expect(fromBare.checklists.first?.iconName == "No Icon", "a missing IconName means No Icon")
    }

    @Test func checklistsStoredInAnyOrderAreSortedAndTheCurrentOneFollows() throws {
        let bytes = TestArchive.checklists(
            [
                TestArchivedList<IOSAppModule>("List 10"), TestArchivedList("b"), TestArchivedList("List 2"),
                TestArchivedList("A"),
            ],
            index: 0, nextItemID: 0)
        let book = try ChecklistBook(archive: bytes, loadTime: 0)
        #expect(book.checklists.map(\.name) == ["A", "b", "List 2", "List 10"])
        #expect(book.current?.name == "List 10")
    }

    @Test func anIndexPastTheEndMeansNoCurrentChecklist() throws {
        let bytes = TestArchive.checklists([TestArchivedList<IOSAppModule>("A")], index: 4, nextItemID: 0)
        #expect(try ChecklistBook(archive: bytes, loadTime: 0).current == nil)
    }

    @Test func bytesThatAreNotAChecklistsArchiveAreRejected() {
        let notAPlist = Array("hello, world".utf8)
        #expect(throws: KeyedArchiveError.self) { try ChecklistBook(archive: notAPlist, loadTime: 0) }
        #expect(throws: KeyedArchiveError.self) { try ChecklistBook(archive: [], loadTime: 0) }
        let plainPlist = BinaryPropertyListWriter.write(.array([.string("x")]))
        #expect(throws: KeyedArchiveError.self) { try ChecklistBook(archive: plainPlist, loadTime: 0) }
        let noChecklists = KeyedArchiver.archive { coder in coder.encode(1, forKey: "Other") }
        #expect(throws: KeyedArchiveError.missingKey("Checklists", inClass: "$top")) {
            try ChecklistBook(archive: noChecklists, loadTime: 0)
        }
        let wrongType = KeyedArchiver.archive { coder in coder.encode("text", forKey: "Checklists") }
        #expect(throws: KeyedArchiveError.self) { try ChecklistBook(archive: wrongType, loadTime: 0) }
    }

    @Test func objectsOfAnotherClassAreRejected() {
        let items = KeyedArchiver.archive { coder in
            coder.encode([TestArchivedItem<IOSAppModule>("not a list", itemID: 0)], forKey: "Checklists")
        }
        #expect(throws: KeyedArchiveError.self) { try ChecklistBook(archive: items, loadTime: 0) }
    }

    @Test func everyTruncationOfAValidFileIsRejectedWithoutCrashing() {
        let bytes = sampleBook().archived()
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: KeyedArchiveError.self) {
                try ChecklistBook(archive: Array(bytes.prefix(length)), loadTime: 0)
            }
        }
    }
}
