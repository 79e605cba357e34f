import KeyedArchive
import Testing

@testable import ChecklistKit

/// `ItemField`: the one list of an item's fields, checked against the model, and every field
/// carried through each place that loops over it.
struct ItemFieldTests {
    /// An item with every field set to something other than its default.
    static func fullItem() -> ChecklistItem {
        let day = CalendarDay(year: 2026, month: 12, day: 24) ?? .earliest
        var item = ChecklistItem(
            text: "Bake", checked: true, itemID: 7, created: 10, due: .day(day), shouldRemind: true,
            repeatRule: RepeatRule(rrule: "FREQ=WEEKLY"))
        item.uid = "bake"
        item.serverMark = "mark"
        item.note = "Grandma's recipe"
        item.tags = ["xmas", "Küche"]
        item.priority = 2
        item.parentUID = "party"
        item.start = .time(790_000_000)
        item.alarmOffset = -900
        item.cancelled = true
        return item
    }

    /// `item` with `field` changed to another value, every other field as it was.
    private static func changing(_ field: ItemField, of item: ChecklistItem) -> ChecklistItem {
        var item = item
        switch field {
        case .text: item.text += "!"
        case .checked:
            // Unchecked, and so no longer cancelled (the archive keeps `Cancelled` on checked items).
            item.checked = false
            item.cancelled = false
        case .due: item.due = .time(800_000_000)
        case .shouldRemind: item.shouldRemind.toggle()
        case .itemID: item.itemID += 1
        case .repeatRule: item.repeatRule = RepeatRule(rrule: "FREQ=DAILY")
        case .uid: item.uid = "bread"
        case .serverMark: item.serverMark = "other mark"
        case .note: item.note += "\nand butter"
        case .tags: item.tags.append("oven")
        case .priority: item.priority = 9
        case .parent: item.parentUID = "dinner"
        case .start: item.start = .day(CalendarDay(year: 2026, month: 12, day: 20) ?? .earliest)
        case .alarmOffset: item.alarmOffset = -60
        case .cancelled: item.cancelled.toggle()
        }
        return item
    }

    private static func book(_ items: [ChecklistItem]) -> ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: "Home", items: items)], currentIndex: 0, nextItemID: 100)
    }

    @Test func theTableNamesEveryStoredPropertyOfTheModelOnce() {
        // A property added to `ChecklistItem` or `ExtraFields` and not to `ItemField` fails here:
        // the archive, the skim and every other place that loops over the table would drop it.
        let item = Mirror(reflecting: ChecklistItem(text: "", itemID: 0, created: 0)).children.compactMap(\.label)
        let extras = Mirror(reflecting: ExtraFields()).children.compactMap(\.label)
        let model = item.filter { $0 != "extras" } + extras
        let table = ItemField.allCases.flatMap(\.storedProperties)
        #expect(table.sorted() == model.sorted())
        #expect(Set(table).count == table.count)
    }

    @Test func everyArchiveKeyBelongsToOneField() {
        let keys = ItemField.allCases.flatMap(\.archiveKeys)
        #expect(keys.sorted { $0.rawValue < $1.rawValue } == ItemArchiveKey.allCases)
        #expect(Set(ItemArchiveKey.allCases.map(\.name)).count == ItemArchiveKey.allCases.count)
    }

    @Test func anItemWithEveryFieldSurvivesTheArchiveAndTheSkim() throws {
        let full = Self.fullItem()
        // Several of one shape: the skim reads the later ones in place.
        let items = (0..<4).map { index in
            var item = full
            item.itemID = index
            return item
        }
        let bytes = Self.book(items).archived()
        #expect(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items == items)
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let list = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists")?.first)
        let uids = try #require(
            try unarchiver.decoder(forObject: list, of: Checklist.archivedClass).arrayElementUIDs(forKey: "Items"))
        #expect(try unarchiver.decode(ChecklistItem.self, objects: uids, reading: ChecklistItem.skim) == items)
    }

    @Test(arguments: ItemField.allCases)
    func aChangeOfTheFieldSurvivesTheArchive(field: ItemField) throws {
        let changed = Self.changing(field, of: Self.fullItem())
        #expect(changed != Self.fullItem())
        let bytes = Self.book([changed]).archived()
        #expect(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items == [changed])
    }

    @Test(arguments: ItemField.allCases)
    func aChangeOfTheFieldChangesTheDigestUnlessASyncMakesIt(field: ItemField) {
        let before = Checklist(name: "Home", items: [Self.fullItem()])
        let after = Checklist(name: "Home", items: [Self.changing(field, of: Self.fullItem())])
        // A sync gives items their UID and server mark: neither stops an undo (`Checklist.digest`).
        #expect((before.digest != after.digest) == field.isInUndoDigest)
        #expect(field.isInUndoDigest == ![.uid, .serverMark].contains(field))
    }

    @Test func theWrittenMarkTakesEveryFieldOnce() {
        #expect(ItemField.writtenMarkOrder.count == ItemField.allCases.count)
        #expect(Set(ItemField.writtenMarkOrder) == Set(ItemField.allCases))
    }

    @Test(arguments: ItemField.allCases)
    func aChangeOfTheFieldChangesTheWrittenMarkWhereItCoversIt(field: ItemField) {
        // The mark (`CalDAVWrittenMark.digest`) is the digest of these lines.
        func lines(_ item: ChecklistItem) -> [String] {
            ItemField.writtenMarkOrder.compactMap { $0.writtenMarkLine(of: item) }
        }
        let covered = field.writtenMarkLine(of: Self.fullItem()) != nil
        #expect((lines(Self.fullItem()) != lines(Self.changing(field, of: Self.fullItem()))) == covered)
        // Not what a task says: the file's own ID and the task's names.
        #expect(covered == ![.itemID, .uid, .serverMark].contains(field))
    }

    @Test(arguments: ItemField.allCases)
    func exportJSONCarriesTheFieldWhereItHasAMember(field: ItemField) throws {
        // Not in `export json`: the IDs are the file's own, and the server mark, the alarm time
        // and the cancellation belong to a CalDAV account.
        let notExported: Set<ItemField> = [.itemID, .serverMark, .alarmOffset, .cancelled]
        var item = Self.changing(field, of: Self.fullItem())
        item.parentUID = nil
        let json = ChecklistExport.json([Checklist(name: "Home", items: [item])])
        let read = try ChecklistImport.checklists(from: Array(json.utf8), fallbackName: "x", now: 10)
        let imported = try #require(read.first?.items.first)
        // The parent is linked by `itemID` among the file's items: `ChecklistImportTests` checks it.
        for other in ItemField.allCases where !notExported.contains(other) && other != .parent && other != .itemID {
            #expect(Self.same(other, imported, item), "\(other)")
        }
    }

    /// Whether `left` and `right` hold the same value of `field`.
    static func same(_ field: ItemField, _ left: ChecklistItem, _ right: ChecklistItem) -> Bool {
        switch field {
        case .text: left.text == right.text
        case .checked: left.checked == right.checked
        case .due: left.due == right.due
        case .shouldRemind: left.shouldRemind == right.shouldRemind
        case .itemID: left.itemID == right.itemID
        case .repeatRule: left.repeatRule == right.repeatRule
        case .uid: left.uid == right.uid
        case .serverMark: left.serverMark == right.serverMark
        case .note: left.note == right.note
        case .tags: left.tags == right.tags
        case .priority: left.priority == right.priority
        case .parent: left.parentUID == right.parentUID
        case .start: left.start == right.start
        case .alarmOffset: left.alarmOffset == right.alarmOffset
        case .cancelled: left.cancelled == right.cancelled
        }
    }

    @Test(arguments: ItemField.allCases)
    func theMergeTakesAOneSidedChangeOfTheField(field: ItemField) {
        let base = Self.book([Self.fullItem()])
        let theirs = Self.book([Self.changing(field, of: Self.fullItem())])
        let merged = ChecklistMerge.merge(base: base, ours: base, theirs: theirs).book
        let item = merged.checklists.first?.items.first
        #expect(item.map { Self.same(field, $0, Self.changing(field, of: Self.fullItem())) } == true)
    }
}
