import ChecklistKit
import Foundation
import TestSupport
import Testing

/// Files our writer makes, read by Foundation's `NSKeyedUnarchiver` as the iOS app reads them:
/// SPEC §13's optional keys change nothing the app sees (SPEC §4).
struct ChecklistBookFoundationTests {
    /// Three checklists of items: with `rich`, every item carries a note, tags, a priority, a
    /// start, a UID, a repeat rule and (all but the first of each) a parent.
    private static func book(rich: Bool) -> ChecklistBook {
        let day = CalendarDay(year: 2026, month: 12, day: 24) ?? .earliest
        var nextID = 0
        let lists = ["Groceries", "Trip", "Work"].map { name in
            let items = (0..<40).map { index in
                var item = ChecklistItem(
                    text: "\(name) \(index) — ünïcode 中文", checked: index % 3 == 0, itemID: nextID,
                    created: 800_000_000 + Double(index), due: index % 2 == 0 ? .day(day) : nil,
                    shouldRemind: index % 4 == 0)
                nextID += 1
                guard rich else { return item }
                item.uid = "\(name)-\(index)"
                item.note = "Note of \(index)\nsecond line \"quoted\""
                item.tags = ["tag\(index % 5)", "Été"]
                item.priority = index % 9 + 1
                item.parentUID = index == 0 ? nil : "\(name)-\(index / 2)"
                item.start = index % 2 == 0 ? .day(day) : .time(790_000_000)
                item.repeatRule = RepeatRule(rrule: "FREQ=WEEKLY")
                return item
            }
            return Checklist(name: name, items: items, iconName: name == "Trip" ? "Trips" : "No Icon")
        }
        return ChecklistBook(checklists: lists, currentIndex: 1, nextItemID: nextID)
    }

    /// The checklists of `bytes` as Foundation decodes them with the iOS app's classes.
    private static func foundationRead(_ bytes: [UInt8]) throws -> [FoundationChecklist] {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        #expect(unarchiver.decodeInteger(forKey: "ChecklistIndex") == 1)
        return try FoundationChecklist.unarchived(from: bytes)
    }

    @Test func foundationReadsAFileWhoseItemsCarryEveryNewFieldWhole() throws {
        let rich = Self.book(rich: true)
        let seen = try Self.foundationRead(rich.archived())
        #expect(seen.map(\.name) == ["Groceries", "Trip", "Work"])
        #expect(seen.map(\.items.count) == [40, 40, 40])
        // The app sees what it would see of the same items without the new fields.
        #expect(seen.map(\.summary) == (try Self.foundationRead(Self.book(rich: false).archived())).map(\.summary))
        // Tags are an array of strings, as Foundation archives a Swift `[String]` (SPEC §4).
        #expect(seen.flatMap(\.items).map(\.tags) == rich.checklists.flatMap(\.items).map { Optional($0.tags) })
    }

    @Test func aFileWithoutTheNewFieldsReadsAsBeforeBothWays() throws {
        let plain = Self.book(rich: false)
        let seen = try Self.foundationRead(plain.archived())
        #expect(seen.flatMap(\.items).count == 120)
        let read = try ChecklistBook(archive: plain.archived(), loadTime: 0)
        #expect(read == plain)
        let items = read.checklists.flatMap(\.items)
        #expect(items.allSatisfy { $0.note.isEmpty && $0.tags.isEmpty && $0.priority == nil })
        #expect(items.allSatisfy { $0.parentUID == nil && $0.start == nil })
    }
}
