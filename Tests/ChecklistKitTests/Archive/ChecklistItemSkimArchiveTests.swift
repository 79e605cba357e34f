import KeyedArchive
import Testing

@testable import ChecklistKit

/// Items read in place by the partial load (`ChecklistItem.init(skimmed:)`) are the items decoding
/// gives (`init(from:)`): our own files and the iOS app's, every kind of due date, in two zones.
@Suite(.serialized)
struct ChecklistItemSkimArchiveTests {
    /// The first checklist's items of `bytes`, read in place where they can be, and decoded.
    private func bothWays(_ bytes: [UInt8]) throws -> (read: [ChecklistItem], decoded: [ChecklistItem]) {
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let list = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists")?.first)
        let uids = try #require(
            try unarchiver.decoder(forObject: list, of: Checklist.archivedClass).arrayElementUIDs(forKey: "Items"))
        let read = try unarchiver.decode(ChecklistItem.self, objects: uids, reading: ChecklistItem.skim)
        let decoded = try KeyedUnarchiver(bytes: bytes).decode(ChecklistItem.self, objects: uids)
        return (read, decoded)
    }

    /// Items of every kind this program writes, several of each shape.
    private func ownItems() throws -> [ChecklistItem] {
        let day = try #require(CalendarDay(year: 2026, month: 11, day: 25))
        var items: [ChecklistItem] = []
        for round in 0..<4 {
            let id = round * 10
            let created = 700_000_000 + Double(round)
            items.append(ChecklistItem(text: "plain \(round)", itemID: id, created: created))
            items.append(ChecklistItem(text: "done", checked: true, itemID: id + 1, created: created))
            items.append(
                ChecklistItem(text: "at a time", itemID: id + 2, created: created, due: .time(created + 3_600)))
            items.append(
                ChecklistItem(text: "whole day", itemID: id + 3, created: created, due: .day(day), shouldRemind: true))
            items.append(
                ChecklistItem(
                    text: "repeats", itemID: id + 4, created: created, due: .day(day),
                    repeatRule: RepeatRule(rrule: "FREQ=WEEKLY;INTERVAL=2")))
            var synced = ChecklistItem(text: "from a phone ☕️", itemID: id + 5, created: created)
            synced.uid = "uid-\(round)"
            synced.serverMark = "mark-\(round)"
            items.append(synced)
            var rich = ChecklistItem(text: "rich", itemID: id + 6, created: created, due: .day(day))
            rich.note = "line one\nline two"
            rich.tags = ["home", "Küche"]
            rich.priority = round + 1
            rich.parentUID = "uid-\(round)"
            rich.start = round.isMultiple(of: 2) ? .day(day) : .time(created + 60)
            rich.alarmOffset = round.isMultiple(of: 2) ? -900 : nil
            items.append(rich)
        }
        return items
    }

    @Test(arguments: [LocalZone.utc, LocalZone.berlin])
    func ourOwnItemsReadInPlaceAreTheDecodedOnes(zone: String) throws {
        try LocalZone.with(zone) {
            let items = try ownItems()
            let book = ChecklistBook(checklists: [Checklist(name: "A", items: items)], currentIndex: 0, nextItemID: 99)
            let (read, decoded) = try bothWays(book.archived())
            #expect(decoded == items)
            #expect(read == decoded)
        }
    }

    @Test(arguments: [LocalZone.utc, LocalZone.berlin])
    func theIOSAppsAndEarlierVersionsItemsReadInPlaceAreTheDecodedOnes(zone: String) throws {
        try LocalZone.with(zone) {
            var items: [TestArchivedItem<IOSAppModule>] = []
            for round in 0..<4 {
                let id = round * 10
                // Local midnight in Berlin, then a time: an earlier version's whole day and time.
                let midnight = 803_080_800 + Double(round) * 86_400
                items += [
                    TestArchivedItem("app", dueDate: midnight, itemID: id),
                    TestArchivedItem("reminder", dueDate: midnight, shouldRemind: true, itemID: id + 1),
                    TestArchivedItem("earlier day", dueDate: midnight, itemID: id + 2, hasDueDate: true),
                    TestArchivedItem("earlier time", dueDate: midnight + 61, itemID: id + 3, hasDueDate: true),
                    TestArchivedItem("no ID", checked: true, dueDate: midnight),
                    TestArchivedItem(
                        "not due", dueDate: midnight, shouldRemind: true, itemID: id + 4, hasDueDate: false),
                ]
            }
            let (read, decoded) = try bothWays(TestArchive.checklists([TestArchivedList<IOSAppModule>("A", items)]))
            #expect(decoded.map(\.text) == items.map(\.text))
            #expect(read == decoded)
        }
    }

    @Test func tagsWrittenAsOneStringReadInPlaceAsTheDecodedOnes() throws {
        // Files written before `Tags` was an array hold one string, a tag a line.
        let items = (0..<6).map { index in
            TestArchivedItem<IOSAppModule>("tagged \(index)", dueDate: 5, itemID: index, tagLines: "home\nKüche")
        }
        let (read, decoded) = try bothWays(TestArchive.checklists([TestArchivedList<IOSAppModule>("A", items)]))
        #expect(decoded.map(\.tags) == Array(repeating: ["home", "Küche"], count: 6))
        #expect(read == decoded)
    }
}
