import ChecklistKit
import Testing

/// One test per merge rule of SPEC §8, each with the smallest books that show it.
struct ChecklistMergeTests {
    private func item(_ text: String, _ id: Int, checked: Bool = false, due: Double? = nil) -> ChecklistItem {
        ChecklistItem(text: text, checked: checked, itemID: id, created: 100, dueDate: due)
    }

    private func book(_ lists: [(String, [ChecklistItem])], current: Int? = 0, next: Int = 0) -> ChecklistBook {
        ChecklistBook(
            checklists: lists.map { Checklist(name: $0.0, items: $0.1) }, currentIndex: current, nextItemID: next)
    }

    private func texts(_ book: ChecklistBook) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: book.checklists.map { ($0.name, $0.items.map(\.text)) })
    }

    private var base: ChecklistBook {
        book([("Groceries", [item("Milk", 0), item("Eggs", 1), item("Bread", 2)]), ("Work", [item("Report", 3)])])
    }

    // Rule 1: items by ItemID, checklists by name, renames followed.

    @Test func aChecklistRenamedOnOneSideKeepsTheOtherSidesChangesToItsItems() {
        let ours = book([
            ("Food", [item("Milk", 0), item("Eggs", 1), item("Bread", 2)]), ("Work", [item("Report", 3)]),
        ])
        let theirs = book([
            ("Groceries", [item("Milk", 0, checked: true), item("Eggs", 1), item("Bread", 2), item("Jam", 4)]),
            ("Work", [item("Report", 3)]),
        ])
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book
        #expect(texts(merged) == ["Food": ["Milk", "Eggs", "Bread", "Jam"], "Work": ["Report"]])
        #expect(merged.checklists.first?.items.first?.checked == true)
    }

    @Test func aChecklistHoldingHalfOrLessOfTheBaseItemsIsNotTheRenamedOne() {
        // Ours moved one of three items to a new list and deleted Groceries: no rename.
        let ours = book([("Other", [item("Milk", 0)]), ("Work", [item("Report", 3)])])
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: base).book
        #expect(texts(merged) == ["Other": ["Milk"], "Work": ["Report"]])
    }

    @Test func bothSidesRenamingAChecklistDifferentlyKeepsOursAndSaysSo() {
        let ours = book([("Food", base.checklists[0].items), ("Work", [item("Report", 3)])])
        let theirs = book([("Shopping", base.checklists[0].items), ("Work", [item("Report", 3)])])
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.book.checklists.map(\.name) == ["Food", "Work"])
        #expect(
            result.conflicts.map(\.description) == [
                #"checklist "Food" name: kept "Food" over "Shopping" from the other side"#
            ])
    }

    @Test func aRenameOfAnEmptyChecklistIsFollowedAndTheOriginsSaySo() {
        // THEIRS renamed the empty "Trips" to "Journeys": with the pairing, or without it as the
        // one empty checklist left on each side, one checklist renamed, its icon changed here kept.
        let base = book([("Groceries", [item("Milk", 0)]), ("Trips", [])])
        let ours = ChecklistBook(
            checklists: [
                Checklist(name: "Groceries", items: [item("Milk", 0)]), Checklist(name: "Trips", iconName: "Trips"),
            ],
            currentIndex: 0, nextItemID: 1)
        let theirs = book([("Groceries", [item("Milk", 0)]), ("Journeys", [])])
        let unpaired = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(unpaired.book.checklists.map(\.name) == ["Groceries", "Journeys"])
        #expect(unpaired.book.checklists.map(\.iconName) == ["No Icon", "Trips"])
        let paired = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs, theirsOfBase: [0: 0, 1: 1])
        #expect(paired.book.checklists.map(\.name) == ["Groceries", "Journeys"])
        #expect(paired.book.checklists.map(\.iconName) == ["No Icon", "Trips"])
        #expect(
            paired.origins == [
                MergeOrigin(base: 0, ours: 0, theirs: 0), MergeOrigin(base: 1, ours: 1, theirs: 1),
            ])
        // The origins follow the book's order by name, not the order the checklists were merged in.
        let added = ChecklistMerge.merge(
            base: base, ours: book([("Zoo", [])] + [("Groceries", [item("Milk", 0)]), ("Trips", [])]), theirs: base,
            theirsOfBase: [0: 0, 1: 1])
        #expect(added.book.checklists.map(\.name) == ["Groceries", "Trips", "Zoo"])
        #expect(added.origins.map(\.theirs) == [0, 1, nil])
    }

    // Rule 2: one side's changes taken, the same change once, fields separately.

    @Test func fieldsMergeSeparately() {
        var ours = base
        ours.update(at: 0) { $0.items[0].checked = true }
        var theirs = base
        theirs.update(at: 0) { $0.items[0].text = "Whole milk" }
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.book.checklists[0].items[0] == item("Whole milk", 0, checked: true))
        #expect(result.conflicts.isEmpty)
    }

    @Test func theSameChangeOnBothSidesIsTakenOnce() {
        var changed = base
        changed.update(at: 0) { $0.items[1].text = "Free-range eggs" }
        changed.update(at: 0) { $0.items.append(self.item("Jam", 4)) }
        let result = ChecklistMerge.merge(base: base, ours: changed, theirs: changed)
        #expect(result.book.checklists == changed.checklists)
        #expect(result.conflicts.isEmpty)
        #expect(result.renumbered.isEmpty)
    }

    @Test func aDueDateAndWhetherItIsSetAreOneField() {
        var ours = base
        ours.update(at: 0) { $0.items[0].dueDate = 1_000 }
        var theirs = base
        theirs.update(at: 0) { $0.items[0].shouldRemind = true }
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book.checklists[0].items[0]
        #expect(merged.dueDate == 1_000)
        #expect(merged.shouldRemind)
    }

    // Rule 3: both changed one field differently: ours wins, reported.

    @Test func aRepeatRuleIsAFieldOfItsOwn() {
        let weekly = RepeatRule(words: "weekly")
        let monthly = RepeatRule(words: "monthly")
        var ours = base
        ours.update(at: 0) { $0.items[0].repeatRule = weekly }
        var theirs = base
        theirs.update(at: 0) {
            $0.items[0].text = "Whole milk"
            $0.items[1].repeatRule = monthly
        }
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.book.checklists[0].items.map(\.repeatRule) == [weekly, monthly, nil])
        #expect(result.book.checklists[0].items[0].text == "Whole milk")
        #expect(result.conflicts.isEmpty)
    }

    @Test func aRepeatRuleChangedDifferentlyOnBothSidesKeepsOursAndSaysSo() {
        var ours = base
        ours.update(at: 0) { $0.items[0].repeatRule = RepeatRule(words: "every 2 weeks on fri") }
        var theirs = base
        theirs.update(at: 0) { $0.items[0].repeatRule = RepeatRule(rrule: "FREQ=MONTHLY;BYDAY=-2TU") }
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.book.checklists[0].items[0].repeatRule == RepeatRule(words: "every 2 weeks on fri"))
        #expect(
            result.conflicts.map(\.description) == [
                "Groceries #0 repeat: kept every 2 weeks on Friday over RRULE:FREQ=MONTHLY;BYDAY=-2TU from the other side"
            ])
    }

    @Test func conflictingChangesKeepOursAndReportEachField() {
        var ours = base
        ours.update(at: 0) { $0.items[2].text = "White bread" }
        var theirs = base
        theirs.update(at: 0) {
            $0.items[2].text = "Rye bread"
            $0.items[2].checked = true
        }
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.book.checklists[0].items[2] == item("White bread", 2, checked: true))
        #expect(
            result.conflicts.map(\.description) == [
                #"Groceries #2 text: kept "White bread" over "Rye bread" from the other side"#
            ])
    }

    // Rule 4: deleted on one side, changed on the other.

    @Test func anItemDeletedOnOneSideAndChangedOnTheOtherIsKeptWithTheChange() {
        var ours = base
        ours.update(at: 0) { $0.items.remove(at: 1) }
        var theirs = base
        theirs.update(at: 0) { $0.items[1].text = "Free-range eggs" }
        #expect(
            texts(ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book)["Groceries"] == [
                "Milk", "Free-range eggs", "Bread",
            ])
        #expect(
            texts(ChecklistMerge.merge(base: base, ours: theirs, theirs: ours).book)["Groceries"] == [
                "Milk", "Free-range eggs", "Bread",
            ])
    }

    @Test func anItemDeletedOnOneSideAndUnchangedOnTheOtherIsGone() {
        var ours = base
        ours.update(at: 0) { $0.items.remove(at: 1) }
        var theirs = base
        theirs.update(at: 0) { $0.items[0].checked = true }
        #expect(
            texts(ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book)["Groceries"] == ["Milk", "Bread"])
    }

    @Test func aChecklistDeletedOnOneSideKeepsOnlyWhatTheOtherSideAddedOrChanged() {
        var ours = base
        ours.remove(at: 0)
        var theirs = base
        theirs.update(at: 0) {
            $0.items[0].checked = true
            $0.items.append(self.item("Jam", 4))
        }
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book
        #expect(texts(merged) == ["Groceries": ["Milk", "Jam"], "Work": ["Report"]])
        // Nothing changed on the other side: the checklist stays deleted.
        #expect(texts(ChecklistMerge.merge(base: base, ours: ours, theirs: base).book) == ["Work": ["Report"]])
    }

    // Rule 5: an item moved to another checklist moves with its ID.

    @Test func anItemMovedToAnotherChecklistMovesAndTakesTheOtherSidesEdit() {
        var ours = base
        ours.update(at: 0) { $0.items.remove(at: 2) }
        ours.update(at: 1) { $0.items.append(self.item("Bread", 2)) }
        var theirs = base
        theirs.update(at: 0) { $0.items[2].checked = true }
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book
        #expect(texts(merged) == ["Groceries": ["Milk", "Eggs"], "Work": ["Report", "Bread"]])
        #expect(merged.checklists[1].items[1] == item("Bread", 2, checked: true))
    }

    // Rule 6: order.

    @Test func theOrderOfTheSideThatReorderedWinsWithTheOtherSidesNewItemsAfterTheirPredecessor() {
        var ours = base
        ours.update(at: 0) { $0.items.insert(self.item("Butter", 4), at: 1) }  // Milk Butter Eggs Bread
        ours.update(at: 0) { $0.items.insert(self.item("Salt", 5), at: 0) }  // Salt Milk Butter Eggs Bread
        var theirs = base
        theirs.update(at: 0) { $0.items.reverse() }  // Bread Eggs Milk
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book
        #expect(texts(merged)["Groceries"] == ["Salt", "Bread", "Eggs", "Milk", "Butter"])
    }

    @Test func whenBothSidesReorderOursOrderWins() {
        var ours = base
        ours.update(at: 0) { $0.items.swapAt(0, 1) }  // Eggs Milk Bread
        var theirs = base
        theirs.update(at: 0) { $0.items.swapAt(1, 2) }  // Milk Bread Eggs
        theirs.update(at: 0) { $0.items.append(self.item("Jam", 4)) }  // Milk Bread Eggs Jam
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book
        // Jam follows Eggs on their side, so it follows Eggs here.
        #expect(texts(merged)["Groceries"] == ["Eggs", "Jam", "Milk", "Bread"])
    }

    @Test func anItemFirstOnTheOtherSideGoesFirst() {
        var theirs = base
        theirs.update(at: 0) { $0.items.insert(self.item("Salt", 4), at: 0) }
        let merged = ChecklistMerge.merge(base: base, ours: base, theirs: theirs).book
        #expect(texts(merged)["Groceries"] == ["Salt", "Milk", "Eggs", "Bread"])
    }

    // Rule 7: the same new ID on both sides.

    @Test func itemsNewOnBothSidesUnderOneIDAreBothKeptAndOursIsRenumbered() {
        let base = book([("Groceries", [item("Milk", 0)])], next: 1)
        let ours = book([("Groceries", [item("Milk", 0), item("Butter", 1)])], next: 2)
        let theirs = book([("Groceries", [item("Milk", 0), item("Cheese", 1), item("Jam", 2)])], next: 3)
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        let items = result.book.checklists[0].items
        #expect(items.map(\.text) == ["Milk", "Cheese", "Jam", "Butter"])
        #expect(items.map(\.itemID) == [0, 1, 2, 3])
        #expect(result.renumbered == [RenumberedItem(from: 1, to: 3, text: "Butter")])
        #expect(result.renumbered.first?.description == #"renumbered #1 → #3 ("Butter")"#)
        #expect(result.book.nextItemID == 4)
    }

    @Test func anIDTheOtherSideHandedOutAndDeletedIsNotReused() throws {
        // THEIRS added #1 and deleted it; OURS, which never saw it, handed out #1 again. A third
        // machine may still hold THEIRS's #1 and change it: OURS's item must not be that one.
        let base = book([("Groceries", [item("Milk", 0)])], next: 1)
        let ours = book([("Groceries", [item("Milk", 0), item("Butter", 1)])], next: 2)
        let theirs = book([("Groceries", [item("Milk", 0)])], next: 2)
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.renumbered == [RenumberedItem(from: 1, to: 2, text: "Butter")])
        #expect(result.book.checklists[0].items.map(\.itemID) == [0, 2])
        #expect(result.book.nextItemID == 3)
        // An ID THEIRS never handed out stays.
        let unseen = book([("Groceries", [item("Milk", 0)])], next: 1)
        #expect(ChecklistMerge.merge(base: base, ours: ours, theirs: unseen).renumbered.isEmpty)
    }

    @Test(arguments: [Int.max - 1, Int.max, 1 << 62, -1, Int.min])
    func aCraftedBaseWithExtremeIDsNeverMergesTwoNewItemsIntoOne(_ extreme: Int) throws {
        // Crafted files reach the merge only through decoding, as git's driver and sync read them.
        func decoded(_ lists: [(String, [ChecklistItem])], next: Int) throws -> ChecklistBook {
            let bytes = book(lists, next: 0).archived()
            return try ChecklistBook(archive: bytes, loadTime: 0)
        }
        let crafted = item("Crafted", extreme)
        let base = try decoded([("Groceries", [crafted])], next: 0)
        let ours = try decoded([("Groceries", [crafted, item("Ours", 5)])], next: 0)
        let theirs = try decoded([("Groceries", [crafted, item("Theirs", 5)])], next: 0)
        let merged = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs).book
        let items = merged.checklists.flatMap(\.items)
        #expect(Set(items.map(\.text)).isSuperset(of: ["Ours", "Theirs"]))
        #expect(Set(items.map(\.itemID)).count == items.count)
        #expect(items.allSatisfy { $0.itemID >= 0 && $0.itemID < merged.nextItemID })
    }

    @Test func theNextItemIDEndsAboveEveryIDAndBothCounters() {
        let ours = book([("Groceries", [item("Milk", 0)])], next: 10)
        let theirs = book([("Groceries", [item("Milk", 0), item("Jam", 20)])], next: 21)
        #expect(ChecklistMerge.merge(base: nil, ours: ours, theirs: theirs).book.nextItemID == 21)
        #expect(ChecklistMerge.merge(base: nil, ours: ours, theirs: ours).book.nextItemID == 10)
    }

    @Test func theCurrentChecklistIsOurs() {
        let ours = book([("Groceries", []), ("Work", [])], current: 1)
        let theirs = book([("Groceries", []), ("Work", [])], current: 0)
        #expect(ChecklistMerge.merge(base: nil, ours: ours, theirs: theirs).book.current?.name == "Work")
    }

    // Rule 8: identities.

    @Test func mergingWithAnUnchangedSideGivesTheOtherSide() {
        var changed = base
        changed.update(at: 0) {
            $0.items[0].checked = true
            $0.items.remove(at: 1)
            $0.items.append(self.item("Jam", 4))
            $0.iconName = "Groceries"
        }
        changed.update(at: 1) { $0.name = "Office" }
        #expect(ChecklistMerge.merge(base: base, ours: changed, theirs: base).book.checklists == changed.checklists)
        #expect(ChecklistMerge.merge(base: base, ours: base, theirs: changed).book.checklists == changed.checklists)
        #expect(ChecklistMerge.merge(base: base, ours: base, theirs: base).book == base)
    }

    // Without a common version (unrelated histories).

    @Test func withoutABaseChecklistsOfOneNameAreOneAndTheSameItemIsKeptOnce() {
        let ours = book([("Groceries", [item("Milk", 0)]), ("Work", [])])
        let theirs = book([("groceries", [item("Milk", 0), item("Jam", 1)])])
        let merged = ChecklistMerge.merge(base: nil, ours: ours, theirs: theirs).book
        #expect(texts(merged) == ["Groceries": ["Milk", "Jam"], "Work": []])
    }

    // Rule 1: one UID, one item (issue #35, finding 1).

    private func item(_ text: String, _ id: Int, uid: String, checked: Bool = false) -> ChecklistItem {
        var made = item(text, id, checked: checked)
        made.uid = uid
        return made
    }

    @Test func aPhonesTaskTakenByTwoMachinesUnderTwoItemIDsIsOneItem() {
        // Both machines took the phone's task from the server before git carried it: 7 here, 9 there.
        let base = book([("Groceries", [item("Milk", 0, uid: "m")])], next: 7)
        let ours = book([("Groceries", [item("Milk", 0, uid: "m"), item("Call", 7, uid: "phone", checked: true)])])
        let theirs = book([("Groceries", [item("Milk", 0, uid: "m"), item("Call", 9, uid: "phone")])], next: 10)
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(result.book.checklists.first?.items.map(\.text) == ["Milk", "Call"])
        #expect(result.book.checklists.first?.items.last?.itemID == 9)
        #expect(result.book.checklists.first?.items.last?.checked == true)
        #expect(result.renumbered == [RenumberedItem(from: 7, to: 9, text: "Call")])
    }

    @Test func anItemDeletedOnOneSideAndOnlyRenumberedOrMarkedOnTheOtherIsGone() {
        // A phone deleted the task; git meanwhile renumbered the item and a sync marked it: no
        // change a user made, so the delete wins (it came back in the CalDAV random test).
        let base = book([("Work", [item("Report", 9, uid: "r"), item("Call", 3, uid: "c")])], next: 10)
        let ours = book([("Work", [item("Report", 7, uid: "r"), item("Call", 3, uid: "c")])], next: 10)
        var marked = ours
        marked.update(at: 0) { $0.items[0].serverMark = "seen" }
        let theirs = book([("Work", [item("Call", 3, uid: "c")])], next: 10)
        for side in [ours, marked] {
            let result = ChecklistMerge.merge(base: base, ours: side, theirs: theirs, sharedCounter: false)
            #expect(result.book.checklists.first?.items.map(\.text) == ["Call"])
        }
    }

    @Test func twoMachinesDatingAServersTaskApartIsNoConflictNorAChange() {
        // Each read the phone's task at its own time: the stored dates of "no due date" differ.
        let base = book([("Work", [item("Report", 1, uid: "r")])], next: 9)
        var ours = base
        ours.update(at: 0) { $0.items.append(ChecklistItem(text: "Call", itemID: 7, created: 500)) }
        ours.update(at: 0) { $0.items[1].uid = "phone" }
        var theirs = base
        theirs.update(at: 0) { $0.items.append(ChecklistItem(text: "Call", itemID: 8, created: 900)) }
        theirs.update(at: 0) { $0.items[1].uid = "phone" }
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs, sharedCounter: false)
        #expect(result.conflicts.isEmpty)
        // And one deleting it while the other only dated it apart: the delete wins.
        var deleted = base
        deleted.update(at: 0) { $0.items.removeAll() }
        var redated = base
        redated.update(at: 0) { $0.items[0].archivedDate = 12_345 }
        #expect(ChecklistMerge.merge(base: base, ours: redated, theirs: deleted).book.checklists.first?.items == [])
    }

    @Test func twoItemsOfOneUIDInAFileAreFoldedIntoOne() {
        // A file an older version doubled: the same task twice under two IDs.
        let doubled = book([("Groceries", [item("Call", 3, uid: "phone"), item("Call", 5, uid: "phone")])])
        let merged = ChecklistMerge.merge(base: doubled, ours: doubled, theirs: doubled).book
        #expect(merged.checklists.first?.items.map(\.itemID) == [3])
    }

    @Test func anItemBothSidesTookFromTheServerHasWhatThisMachineSyncedAsItsBase() {
        // Here by CalDAV before git carried it (issue #47, finding 1); checked there since.
        let base = book([("Groceries", [item("Milk", 0, uid: "m")])], next: 7)
        var call = item("Call", 7, uid: "phone")
        call.serverMark = "read"
        let ours = book([("Groceries", [item("Milk", 0, uid: "m"), call])], next: 8)
        var checked = call
        checked.itemID = 9
        checked.checked = true
        let theirs = book([("Groceries", [item("Milk", 0, uid: "m"), checked])], next: 10)
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs, synced: ours)
        #expect(result.conflicts.isEmpty)
        #expect(result.book.checklists.first?.items.last?.checked == true)
        // Changed here since that sync, or read there from another version of the task: no base,
        // OURS's value kept and said.
        var edited = ours
        edited.update(at: 0) { $0.items[1].text = "Call mum" }
        var older = theirs
        older.update(at: 0) { $0.items[1].serverMark = "read before" }
        for (here, there) in [(edited, theirs), (ours, older)] {
            let kept = ChecklistMerge.merge(base: base, ours: here, theirs: there, synced: ours)
            #expect(kept.conflicts.map(\.field).contains("checked"))
            #expect(kept.book.checklists.first?.items.last?.checked == false)
        }
    }

    @Test func anItemDroppedForHoldingTheUIDOfAnotherIsNamed() {
        // A commit holding one UID on two items (issue #47, finding 4): one is kept, and said so.
        let base = book([("Groceries", [item("Milk", 0, uid: "m")])], next: 1)
        let doubled = [item("Milk", 0, uid: "m"), item("Call", 3, uid: "phone"), item("Call mum", 5, uid: "phone")]
        let theirs = book([("Groceries", doubled)], next: 6)
        let result = ChecklistMerge.merge(base: base, ours: base, theirs: theirs)
        #expect(result.book.checklists.first?.items.map(\.text) == ["Milk", "Call"])
        #expect(
            result.notes.map(\.description) == [
                #"two items from the other side share the UID phone: kept Groceries #3 "Call", dropped Groceries #5 "Call mum""#
            ])
    }

    @Test func twoMachinesThatGaveOneItemUIDsOfTheirOwnAgreeOnOne() {
        let base = book([("Groceries", [item("Milk", 0)])], next: 1)
        let ours = book([("Groceries", [item("Milk", 0, uid: "b-uid")])], next: 1)
        let theirs = book([("Groceries", [item("Milk", 0, uid: "a-uid")])], next: 1)
        let forward = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
        let backward = ChecklistMerge.merge(base: base, ours: theirs, theirs: ours)
        #expect(forward.book.checklists.first?.items.map(\.uid) == ["a-uid"])
        #expect(backward.book.checklists.first?.items.map(\.uid) == ["a-uid"])
        #expect(forward.conflicts.isEmpty)
    }

    @Test func anItemWithoutAUIDGetsTheSameOneOnEveryMachine() {
        var here = item("Milk", 4)
        var there = item("Milk", 4)
        here.giveUID()
        there.giveUID()
        #expect(here.uid == there.uid)
        var other = item("Milk", 5)
        other.giveUID()
        #expect(other.uid != here.uid)
    }

    @Test func twoEmptyChecklistsNewHereAreNotTakenForOneRenamed() {
        let base = book([("Groceries", [item("Milk", 0)]), ("Trips", [])])
        let ours = book([("Groceries", [item("Milk", 0)]), ("Journeys", []), ("Voyages", [])])
        let result = ChecklistMerge.merge(base: base, ours: ours, theirs: base)
        #expect(result.book.checklists.map(\.name) == ["Groceries", "Journeys", "Voyages"])
    }
}
