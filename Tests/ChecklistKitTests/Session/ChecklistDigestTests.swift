import Testing

@testable import ChecklistKit

/// `Checklist.digest`: what undo compares to know a checklist is as a change left it.
struct ChecklistDigestTests {
    private static let list = Checklist(
        name: "Groceries",
        items: [
            ChecklistItem(text: "Milk", itemID: 0, created: 10),
            ChecklistItem(
                text: "Œufs frais, 12 — 中文", checked: true, itemID: 7, created: 20, dueDate: 800_000_000,
                shouldRemind: true, repeatRule: RepeatRule(rrule: "FREQ=WEEKLY")),
        ],
        iconName: "Groceries")

    @Test func everyStoredFieldOfAnItemIsInTheDigest() {
        // A field added to ChecklistItem (or Checklist) must be added to `Checklist.digest` too,
        // or undo would not notice a change of it made behind the journal's back.
        let item = Mirror(reflecting: ChecklistItem(text: "", itemID: 0, created: 0)).children.compactMap(\.label)
        #expect(
            item == [
                "text", "checked", "archivedDate", "hasDueDate", "dueDay", "shouldRemind", "itemID", "repeatRule",
                "uid", "serverMark", "extras",
            ])
        // The fields most items lack, in their box.
        #expect(
            Mirror(reflecting: ExtraFields()).children.compactMap(\.label) == [
                "note", "tags", "priority", "parentUID", "start", "alarmOffset", "cancelled",
            ])
        #expect(
            Mirror(reflecting: Self.list).children.compactMap(\.label) == [
                "name", "items", "iconName", "unloadedItemCount",
            ])
    }

    @Test func aChangeOfAnyFieldChangesTheDigest() {
        let changes: [(String, (inout Checklist) -> Void)] = [
            ("name", { $0.name = "Food" }),
            ("icon", { $0.iconName = "Inbox" }),
            ("text", { $0.items[0].text = "Milk " }),
            ("checked", { $0.items[0].checked = true }),
            ("date", { $0.items[0].archivedDate = 11 }),
            ("has due date", { $0.items[1].hasDueDate = false }),
            ("remind", { $0.items[1].shouldRemind = false }),
            ("ID", { $0.items[0].itemID = 1 }),
            ("rule", { $0.items[1].repeatRule = nil }),
            ("rule text", { $0.items[1].repeatRule = RepeatRule(rrule: "FREQ=DAILY") }),
            ("rule on", { $0.items[0].repeatRule = RepeatRule(rrule: "") }),
            ("whole day", { $0.items[1].due = .day(CalendarDay(year: 2026, month: 5, day: 1) ?? .earliest) }),
            ("note", { $0.items[0].note = "Semi-skimmed" }),
            ("tags", { $0.items[0].tags = ["dairy"] }),
            ("tag order", { $0.items[0].tags = ["fresh", "dairy"] }),
            ("tags in one", { $0.items[0].tags = ["dairy\nfresh"] }),
            ("priority", { $0.items[0].priority = 1 }),
            ("parent", { $0.items[0].parentUID = "task-2" }),
            ("start time", { $0.items[0].start = .time(5) }),
            ("start day", { $0.items[0].start = .day(CalendarDay(year: 2026, month: 5, day: 1) ?? .earliest) }),
            ("alarm time", { $0.items[0].alarmOffset = -900 }),
            ("cancelled", { $0.items[1].cancelled = true }),
            ("order", { $0.items.reverse() }),
            ("item removed", { $0.items.removeLast() }),
            ("item added", { $0.items.append(ChecklistItem(text: "", itemID: 9, created: 0)) }),
            (
                "items not loaded",
                {
                    $0.items = []; $0.unloadedItemCount = 2
                }
            ),
        ]
        var seen: Set<UInt64> = [Self.list.digest]
        for (what, change) in changes {
            var list = Self.list
            change(&list)
            #expect(seen.insert(list.digest).inserted, "\(what)")
        }
    }

    @Test func aUIDAndServerMarkGivenByASyncLeaveTheDigestAsItWas() {
        // A sync gives items their UID; an undo of the change before it must still be possible.
        var list = Self.list
        list.items[0].uid = "task-1"
        list.items[0].serverMark = "mark-1"
        #expect(list.digest == Self.list.digest)
    }

    @Test func theDigestIsTheSameInEveryProcessAndRelease() {
        // Journals outlive the process that wrote them: the digest is not Swift's seeded hashing.
        #expect(Checklist(name: "List").digest == 11_281_323_865_847_639_335)
        #expect(Self.list.digest == 11_243_960_837_179_271_366)
    }

    /// An item with every field SPEC §13 adds set, and a start of the given kind.
    private static func richItem(start: Due) -> ChecklistItem {
        var item = ChecklistItem(text: "Bake a cake for the party", itemID: 3, created: 30, dueDate: 790_000_000)
        item.note = "Grandma's recipe,\nthe one with cherries"
        item.tags = ["xmas", "Küche", ""]
        item.priority = 2
        item.parentUID = "party-1"
        item.start = start
        item.alarmOffset = -900
        item.checked = true
        item.cancelled = true
        return item
    }

    @Test func theDigestsOfEveryKindOfItemStayAsUndoJournalsOnDiskHoldThem() {
        // Pinned to what the code gave before `ItemField` declared the digest's fields: a change
        // of any of these values makes every undo journal on users' disks unusable.
        let day = CalendarDay(year: 2026, month: 12, day: 24) ?? .earliest
        let plain = Checklist(name: "Plain", items: [ChecklistItem(text: "Milk", itemID: 0, created: 10)])
        let tree = ChecklistItem(text: "Tree", itemID: 1, created: 20, due: .day(day), shouldRemind: true)
        let wholeDay = Checklist(name: "Days", items: [tree])
        let rich = Checklist(
            name: "Rich", items: [Self.richItem(start: .time(780_000_000)), Self.richItem(start: .day(day))],
            iconName: "Inbox")
        var unloaded = Checklist(name: "Later")
        unloaded.unloadedItemCount = 3
        #expect(plain.digest == 11_702_982_079_083_571_671)
        #expect(wholeDay.digest == 8_600_541_350_895_375_977)
        #expect(rich.digest == 6_120_050_390_484_347_835)
        #expect(unloaded.digest == 4_373_718_277_297_012_758)
    }
}
