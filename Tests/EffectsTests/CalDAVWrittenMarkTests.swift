import ChecklistKit
import Testing

@testable import Effects

/// The mark a machine leaves on the tasks it writes stands in for BASE where this machine's sync
/// state has none (issue #35): the side still holding what was written is the base.
struct CalDAVWrittenMarkTests {
    private let home = "https://dav.example/bob/"

    private func item(_ text: String, checked: Bool = false) -> ChecklistItem {
        var item = ChecklistItem(text: text, checked: checked, itemID: 3, created: 100)
        item.uid = "eggs-1"
        return item
    }

    private func book(_ items: [ChecklistItem]) -> ChecklistBook {
        ChecklistBook(checklists: [Checklist(name: "Groceries", items: items)], currentIndex: 0, nextItemID: 4)
    }

    /// The task as a machine wrote `item`, then with `summary` as another client changed it.
    private func written(_ item: ChecklistItem, changedTo summary: String? = nil) -> CalendarComponent {
        var todo = CalDAVWrittenMark.marked(CalendarTask.todo(item, uid: "eggs-1", now: 0))
        if let summary { todo.set("SUMMARY", ContentLine("SUMMARY", value: summary)) }
        return todo
    }

    @Test func theMarkSaysWhatTheMappedFieldsSay() {
        let todo = written(item("Eggs"))
        #expect(CalDAVWrittenMark.carried(by: todo) == CalDAVWrittenMark.mark(of: todo))
        #expect(CalDAVWrittenMark.mark(of: todo) != CalDAVWrittenMark.mark(of: written(item("Eggs", checked: true))))
        #expect(
            CalDAVWrittenMark.carried(by: written(item("Eggs"), changedTo: "Eggs large"))
                == CalDAVWrittenMark.mark(of: todo))
    }

    /// SPEC §13's fields are mapped fields: a phone's edit of any of them is a change.
    @Test(arguments: [
        ContentLine("DESCRIPTION", value: "large ones"), ContentLine("CATEGORIES", value: "shop"),
        ContentLine("PRIORITY", value: "1"), ContentLine("RELATED-TO", value: "breakfast"),
        ContentLine("DTSTART", parameters: [.init("VALUE", ["DATE"])], value: "20261201"),
    ])
    func aPhonesEditOfANoteTagsPriorityParentOrStartChangesTheMark(_ edit: ContentLine) {
        let todo = written(item("Eggs"))
        var edited = todo
        edited.set(edit.name, edit)
        #expect(CalDAVWrittenMark.carried(by: edited) == CalDAVWrittenMark.mark(of: todo))
        #expect(CalDAVWrittenMark.mark(of: edited) != CalDAVWrittenMark.mark(of: todo))
    }

    /// An item with every field the mark covers set, and a start of the given kind.
    private static func richItem(start: Due) -> ChecklistItem {
        var item = ChecklistItem(
            text: "Bake", checked: true, itemID: 3, created: 30, dueDate: 790_000_000, shouldRemind: true,
            repeatRule: RepeatRule(rrule: "FREQ=WEEKLY"))
        item.note = "Grandma's recipe"
        item.tags = ["xmas", "Küche"]
        item.priority = 2
        item.parentUID = "party-1"
        item.start = start
        item.alarmOffset = -900
        item.cancelled = true
        return item
    }

    @Test func theMarksOfEveryKindOfItemStayAsServersHoldThem() {
        // Pinned to what the code gave before `ItemField` declared the mark's fields: tasks on
        // servers carry marks the old code wrote, and a changed value would read them all as edited.
        let day = CalendarDay(year: 2026, month: 12, day: 24) ?? .earliest
        let plain = ChecklistItem(text: "Eggs", itemID: 3, created: 100)
        let wholeDay = ChecklistItem(text: "Tree", itemID: 4, created: 100, due: .day(day))
        let marks = [plain, wholeDay, Self.richItem(start: .time(780_000_000)), Self.richItem(start: .day(day))]
            .map(CalDAVWrittenMark.digest(of:))
        #expect(marks == ["426ae32f055bf5ec", "220b90bc27f6ddc4", "cb977bcaaf9c1f08", "cef706f6d07aa9d7"])
    }

    @Test func oursAsWrittenIsTheBaseWhenOnlyTheServerChangedTheTask() {
        let base = book([])
        let ours = book([item("Eggs")])
        let theirs = book([item("Eggs large")])
        let todos = ["eggs-1": written(item("Eggs"), changedTo: "Eggs large")]
        let result = CalDAVWrittenMark.base(
            base, ours: ours, theirs: theirs, todos: todos, baseOf: [0: 0], onServer: ["eggs-1"], home: home)
        #expect(result?.checklists.first?.items.map(\.text) == ["Eggs"])
    }

    @Test func theirsIsTheBaseWhenTheServerStillHoldsWhatWasWritten() {
        let result = CalDAVWrittenMark.base(
            book([]), ours: book([item("Eggs", checked: true)]), theirs: book([item("Eggs")]),
            todos: ["eggs-1": written(item("Eggs"))], baseOf: [0: 0], onServer: ["eggs-1"], home: home)
        #expect(result?.checklists.first?.items.map(\.checked) == [false])
    }

    @Test func noBaseWhenBothChangedOrOnlyTheServerHoldsTheTask() {
        let changedOnBoth = CalDAVWrittenMark.base(
            book([]), ours: book([item("Brown eggs")]), theirs: book([item("Eggs large")]),
            todos: ["eggs-1": written(item("Eggs"), changedTo: "Eggs large")], baseOf: [0: 0], onServer: ["eggs-1"],
            home: home)
        #expect(changedOnBoth?.checklists.first?.items.isEmpty == true)
        // A task only the server holds is new here, never deleted.
        let newHere = CalDAVWrittenMark.base(
            book([]), ours: book([]), theirs: book([item("Eggs")]), todos: ["eggs-1": written(item("Eggs"))],
            baseOf: [0: 0], onServer: ["eggs-1"], home: home)
        #expect(newHere?.checklists.first?.items.isEmpty == true)
    }

    @Test func aTaskWithoutAMarkGetsNoBase() {
        let unmarked = CalendarTask.todo(item("Eggs"), uid: "eggs-1", now: 0)
        let result = CalDAVWrittenMark.base(
            book([]), ours: book([item("Eggs")]), theirs: book([item("Eggs")]), todos: ["eggs-1": unmarked],
            baseOf: [0: 0], onServer: ["eggs-1"], home: home)
        #expect(result?.checklists.first?.items.isEmpty == true)
    }

    /// `item` as read from its task on the account at `home` now: with its server mark.
    private func read(_ item: ChecklistItem, home: String? = nil) -> ChecklistItem {
        var read = item
        read.serverMark = CalDAVWrittenMark.serverMark(CalDAVWrittenMark.digest(of: item), home: home ?? self.home)
        return read
    }

    @Test func theServerMarkGitCarriedTellsWhichSideChangedAPhonesTask() {
        // Another machine read Eggs from the phone and passed it on by git, mark and all.
        let carried = read(item("Eggs"))
        let phoneEdited = CalendarTask.todo(item("Eggs large"), uid: "eggs-1", now: 0)
        let onlyThere = CalDAVWrittenMark.base(
            nil, ours: book([carried]), theirs: book([read(item("Eggs large"))]), todos: ["eggs-1": phoneEdited],
            baseOf: [:], onServer: ["eggs-1"], home: home)
        #expect(onlyThere?.checklists.map(\.name) == ["Groceries"])
        #expect(onlyThere?.checklists.first?.items.map(\.text) == ["Eggs"])
        var checkedHere = carried
        checkedHere.checked = true
        let onlyHere = CalDAVWrittenMark.base(
            nil, ours: book([checkedHere]), theirs: book([read(item("Eggs"))]),
            todos: ["eggs-1": CalendarTask.todo(item("Eggs"), uid: "eggs-1", now: 0)], baseOf: [:],
            onServer: ["eggs-1"], home: home)
        #expect(onlyHere?.checklists.first?.items.map(\.checked) == [false])
    }

    @Test func aTaskGoneFromTheAccountItsMarkNamesIsInBaseToBeDeleted() {
        let carried = read(item("Eggs"))
        let gone = CalDAVWrittenMark.base(
            book([]), ours: book([carried]), theirs: book([]), todos: [:], baseOf: [0: 0], onServer: [], home: home)
        #expect(gone?.checklists.first?.items.map(\.text) == ["Eggs"])
        // Not when it changed here since, nor when the server holds it unread, nor on another account.
        var edited = carried
        edited.text = "Brown eggs"
        for (ours, onServer, account) in [
            (edited, Set<String>(), home), (carried, Set(["eggs-1"]), home),
            (carried, Set<String>(), "https://other.example/bob/"),
        ] {
            let kept = CalDAVWrittenMark.base(
                book([]), ours: book([ours]), theirs: book([]), todos: [:], baseOf: [0: 0], onServer: onServer,
                home: account)
            #expect(kept?.checklists.first?.items.isEmpty == true)
        }
    }

    @Test func noBaseAndNothingToTellStaysNoBase() {
        let result = CalDAVWrittenMark.base(
            nil, ours: book([item("Eggs")]), theirs: book([item("Eggs large")]), todos: [:], baseOf: [:],
            onServer: ["eggs-1"], home: home)
        #expect(result == nil)
    }
}
