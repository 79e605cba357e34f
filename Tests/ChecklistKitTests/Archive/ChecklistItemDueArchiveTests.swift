import ChecklistKit
import KeyedArchive
import Testing

/// Whole days and times at midnight in the file (SPEC §4, §6): distinct through a save, the same
/// day in every zone, readable by the iOS app, and earlier files read as they were meant.
@Suite(.serialized)
struct ChecklistItemDueArchiveTests {
    /// Japan (UTC+9, no daylight saving) and Los Angeles (UTC-8/-7), as POSIX rules.
    private static let tokyo = "JST-9"
    private static let losAngeles = "PST8PDT,M3.2.0,M11.1.0"

    /// The due-date keys of an item as another reader of the file finds them.
    private struct WrittenDueKeys: KeyedArchivable {
        static var archivedClass: ArchivedClass { ArchivedClass(name: "Checklists.ChecklistItem") }
        var dueDate: Double?
        var hasDueDate: Bool?
        var allDay: Bool?
        var dueDay: String?

        func encode(with coder: inout KeyedEncoder) {}

        init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
            dueDate = try coder.decodeDateIfPresent(forKey: "DueDate")
            hasDueDate = try coder.decodeIfPresent(Bool.self, forKey: "HasDueDate")
            allDay = try coder.decodeIfPresent(Bool.self, forKey: "AllDay")
            dueDay = try coder.decodeIfPresent(String.self, forKey: "DueDay")
        }
    }

    /// The lists of the file, each item reduced to its due-date keys.
    private struct WrittenList: KeyedArchivable {
        static var archivedClass: ArchivedClass { ArchivedClass(name: "Checklists.Checklist") }
        var items: [WrittenDueKeys]

        func encode(with coder: inout KeyedEncoder) {}

        init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
            items = try coder.decode([WrittenDueKeys].self, forKey: "Items")
        }
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDay {
        try #require(CalendarDay(year: year, month: month, day: day))
    }

    private func book(_ items: [ChecklistItem]) -> ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: "A", items: items)], currentIndex: 0, nextItemID: items.count)
    }

    private func written(_ book: ChecklistBook) throws -> [WrittenDueKeys] {
        try KeyedUnarchiver(bytes: book.archived()).topLevel.decode([WrittenList].self, forKey: "Checklists")
            .flatMap(\.items)
    }

    @Test func aWholeDayAndATimeAtMidnightStayDistinctThroughASave() throws {
        try LocalZone.with(LocalZone.utc) {
            let wholeDay = ChecklistItem(text: "day", itemID: 0, created: 0, due: .day(try day(2026, 11, 25)))
            let midnight = ChecklistItem(
                text: "midnight", itemID: 1, created: 0, due: .time(TestTime.utc(2026, 11, 25)))
            #expect(wholeDay.archivedDate == midnight.archivedDate)
            let reloaded = try ChecklistBook(archive: book([wholeDay, midnight]).archived(), loadTime: 0)
            let items = try #require(reloaded.current?.items)
            #expect(items.map(\.due) == [.day(try day(2026, 11, 25)), .time(TestTime.utc(2026, 11, 25))])
            #expect(items == [wholeDay, midnight])
        }
    }

    @Test func theFileMarksWholeDaysAndKeepsDueDateForTheIOSApp() throws {
        let keys = try LocalZone.with(Self.tokyo) {
            try written(
                book([
                    ChecklistItem(text: "day", itemID: 0, created: 0, due: .day(try day(2026, 11, 25))),
                    ChecklistItem(text: "midnight", itemID: 1, created: 0, due: .time(TestTime.utc(2026, 11, 25))),
                    ChecklistItem(text: "none", itemID: 2, created: 7),
                ]))
        }
        // The whole day's DueDate is its start in Tokyo, where it was set: 15:00 UTC the day before.
        #expect(keys[0].dueDate == TestTime.utc(2026, 11, 24, 15))
        #expect(keys[0].hasDueDate == true && keys[0].allDay == true && keys[0].dueDay == "2026-11-25")
        #expect(keys[1].dueDate == TestTime.utc(2026, 11, 25))
        #expect(keys[1].hasDueDate == true && keys[1].allDay == false && keys[1].dueDay == nil)
        #expect(keys[2].dueDate == 7 && keys[2].hasDueDate == false && keys[2].allDay == nil && keys[2].dueDay == nil)
    }

    @Test func aWholeDaySetInOneZoneIsThatDayInAnother() throws {
        let bytes = try LocalZone.with(Self.tokyo) {
            book([ChecklistItem(text: "day", itemID: 0, created: 0, due: .day(try day(2026, 11, 25)))]).archived()
        }
        try LocalZone.with(Self.losAngeles) {
            let item = try #require(try ChecklistBook(archive: bytes, loadTime: 0).current?.items.first)
            #expect(item.due == .day(try day(2026, 11, 25)))
            #expect(item.due?.text == "2026-11-25")
            // Overdue only once 25 November is over in Los Angeles (08:00 UTC on the 26th).
            #expect(item.due?.isOverdue(now: TestTime.utc(2026, 11, 26, 7, 59)) == false)
            #expect(item.due?.isOverdue(now: TestTime.utc(2026, 11, 26, 8)) == true)
        }
    }

    @Test func anEarlierVersionsDateAtLocalMidnightIsReadAsTheWholeDay() throws {
        try LocalZone.with(LocalZone.berlin) {
            let bytes = TestArchive.checklists([
                TestArchivedList<IOSAppModule>(
                    "A",
                    [
                        TestArchivedItem("day", dueDate: TestTime.utc(2026, 6, 14, 22), itemID: 0, hasDueDate: true),
                        TestArchivedItem("time", dueDate: TestTime.utc(2026, 6, 15, 7), itemID: 1, hasDueDate: true),
                    ])
            ])
            let items = try #require(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items)
            #expect(items.map(\.due) == [.day(try day(2026, 6, 15)), .time(TestTime.utc(2026, 6, 15, 7))])
        }
    }

    @Test func theIOSAppsDateAtMidnightIsATime() throws {
        try LocalZone.with(LocalZone.utc) {
            let bytes = TestArchive.checklists([
                TestArchivedList<IOSAppModule>(
                    "A",
                    [TestArchivedItem("app", dueDate: TestTime.utc(2026, 6, 15), shouldRemind: true, itemID: 0)])
            ])
            let item = try #require(try ChecklistBook(archive: bytes, loadTime: 0).checklists.first?.items.first)
            #expect(item.due == .time(TestTime.utc(2026, 6, 15)))
        }
    }

    @Test func clearingAWholeDayKeepsTheStoredDateAndForgetsTheDay() throws {
        try LocalZone.with(LocalZone.utc) {
            var item = ChecklistItem(text: "day", itemID: 0, created: 0, due: .day(try day(2026, 11, 25)))
            item.due = nil
            #expect(item.dueDay == nil && !item.hasDueDate && item.archivedDate == TestTime.utc(2026, 11, 25))
            let keys = try written(book([item]))
            #expect(keys[0].allDay == nil && keys[0].dueDay == nil)
        }
    }
}
