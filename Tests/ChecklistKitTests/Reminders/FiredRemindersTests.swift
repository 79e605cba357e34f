import ChecklistKit
import Testing

/// Which item a fired reminder belongs to once the checklists changed (SPEC §9, issue #18).
struct FiredRemindersTests {
    private let due = TestTime.now - 60

    private func book(_ items: [(id: Int, text: String)]) -> ChecklistBook {
        let items = items.map {
            ChecklistItem(text: $0.text, itemID: $0.id, created: 0, dueDate: due, shouldRemind: true)
        }
        return ChecklistBook(checklists: [Checklist(name: "Groceries", items: items)], currentIndex: 0, nextItemID: 100)
    }

    private func key(_ id: Int, _ text: String?) -> FiredReminders.Key {
        FiredReminders.Key(itemID: id, due: due, text: text)
    }

    private func dueTexts(_ book: ChecklistBook, _ fired: FiredReminders) -> [String] {
        ReminderSchedule.due(in: book, at: TestTime.now, fired: fired.pruned(keeping: book)).map(\.text)
    }

    @Test func aReminderRenumberedBySyncStaysFiredAndTheItemTakingItsIDFires() {
        // This machine's Eggs (#5) fired; a sync gave it #9, because the other machine's new Milk
        // took #5, with the same due date.
        let fired = FiredReminders([key(5, "Eggs")])
        let synced = book([(5, "Milk"), (9, "Eggs")])
        #expect(fired.pruned(keeping: synced) == FiredReminders([key(9, "Eggs")]))
        #expect(dueTexts(synced, fired) == ["Milk"])
    }

    @Test func aRenumberedReminderWhoseOldIDIsFreeFollowsItsItem() {
        let fired = FiredReminders([key(5, "Eggs")])
        #expect(dueTexts(book([(9, "Eggs")]), fired).isEmpty)
    }

    @Test func aNewTextArmsTheItemAgain() {
        let fired = FiredReminders([key(5, "Eggs")])
        let edited = book([(5, "Free-range eggs")])
        #expect(fired.pruned(keeping: edited).keys.isEmpty)
        #expect(dueTexts(edited, fired) == ["Free-range eggs"])
    }

    @Test func oneFiredReminderFollowsOneItemOnly() {
        // Two new items of the same text and due date: one key moves to one of them.
        let fired = FiredReminders([key(5, "Pill")])
        #expect(dueTexts(book([(8, "Pill"), (9, "Pill")]), fired) == ["Pill"])
    }

    @Test func aKeyOfARecordWithoutTextsBelongsToTheItemWithItsIDAndDueDate() {
        let fired = FiredReminders([key(5, nil), key(6, nil)])
        let current = book([(5, "Eggs")])
        #expect(fired.pruned(keeping: current) == FiredReminders([key(5, "Eggs")]))
        #expect(dueTexts(current, fired).isEmpty)
    }
}
