import PropertyBased
import Testing

@testable import ChecklistKit

/// `ChecklistDelta`: a change to one checklist kept as the items it touched, both ways.
struct ChecklistDeltaTests {
    typealias Run = ChecklistDelta.Run

    /// A checklist of `count` items with IDs from 0.
    static func big(_ count: Int) -> Checklist {
        Checklist(name: "Big", items: (0..<count).map { ChecklistItem(text: "item \($0)", itemID: $0, created: 0) })
    }

    /// Checks that each side of the delta between `before` and `after` is made back from the other.
    @discardableResult
    private func roundTrip(
        _ before: Checklist?, _ after: Checklist?, sourceLocation: SourceLocation = #_sourceLocation
    )
        -> ChecklistDelta
    {
        let delta = ChecklistDelta(before: before, after: after)
        if let side = delta.before {
            #expect(ChecklistDelta.make(side, from: after?.items ?? []) == before, sourceLocation: sourceLocation)
        }
        if let side = delta.after {
            #expect(ChecklistDelta.make(side, from: before?.items ?? []) == after, sourceLocation: sourceLocation)
        }
        return delta
    }

    @Test func addingToA20000ItemChecklistKeepsOnlyTheNewItem() {
        let before = Self.big(20_000)
        var after = before
        after.items.append(ChecklistItem(text: "new", itemID: 20_000, created: 0))
        let delta = roundTrip(before, after)
        #expect(delta.before?.runs == [Run(start: 0, count: 20_000)])
        #expect(delta.before?.items == [])
        #expect(delta.after?.runs == [Run(start: 0, count: 20_000), Run(start: nil, count: 1)])
        #expect(delta.after?.items.map(\.text) == ["new"])
    }

    @Test func checkingAnItemKeepsItOnBothSides() {
        let before = Self.big(20_000)
        var after = before
        after.items[4].checked = true
        let delta = roundTrip(before, after)
        #expect(
            delta.after?.runs == [Run(start: 0, count: 4), Run(start: nil, count: 1), Run(start: 5, count: 19_995)])
        #expect(delta.after?.items == [after.items[4]])
        #expect(delta.before?.items == [before.items[4]])
    }

    @Test func movingTheFirstItemLastKeepsNoItem() {
        let before = Self.big(20_000)
        var after = before
        after.items.append(after.items.removeFirst())
        let delta = roundTrip(before, after)
        #expect(delta.after?.runs == [Run(start: 1, count: 19_999), Run(start: 0, count: 1)])
        #expect(delta.after?.items == [] && delta.before?.items == [])
    }

    @Test func aNewOrRemovedChecklistKeepsAllItsItemsOnItsSide() {
        let list = Self.big(3)
        #expect(roundTrip(nil, list).after?.items == list.items)
        #expect(roundTrip(list, nil).before?.items == list.items)
        #expect(roundTrip(Checklist(name: "Empty"), nil).before?.runs == [])
    }

    @Test func aRenameKeepsTheNamesAndNoItem() {
        let before = Self.big(100)
        var after = before
        after.name = "Renamed"
        after.iconName = "Inbox"
        let delta = roundTrip(before, after)
        #expect(delta.before?.name == "Big" && delta.after?.name == "Renamed" && delta.after?.iconName == "Inbox")
        #expect(delta.after?.items == [])
    }

    @Test func repeatedIDsCostCopiesNeverCorrectness() {
        var before = Self.big(6)
        before.items[3].itemID = 1
        var after = before
        after.items.swapAt(1, 3)
        after.items[5].itemID = 1
        roundTrip(before, after)
    }

    @Test func noItemIsCopiedTwiceEvenWhenEqualItemsRepeat() {
        let item = ChecklistItem(text: "same", itemID: 3, created: 0)
        let before = Checklist(name: "List", items: [item])
        let after = Checklist(name: "List", items: [item, item, item])
        let delta = roundTrip(before, after)
        #expect(delta.after?.items.count == 2)
    }

    @Test func aSideIsNotMadeFromAChecklistOtherThanTheOneRecorded() throws {
        let before = Self.big(10)
        var after = before
        after.items.remove(at: 2)
        let delta = ChecklistDelta(before: before, after: after)
        let side = try #require(delta.before)
        var changed = after
        changed.items[7].text = "changed behind the journal's back"
        #expect(ChecklistDelta.make(side, from: changed.items) == nil)
        #expect(ChecklistDelta.make(side, from: Array(after.items.dropLast())) == nil)
        var damaged = side
        damaged.runs.append(Run(start: 0, count: 1_000_000))
        #expect(ChecklistDelta.make(damaged, from: after.items) == nil)
        damaged = side
        damaged.runs[0] = Run(start: 5, count: Int.max >> 2)
        #expect(ChecklistDelta.make(damaged, from: after.items) == nil)
        damaged = side
        damaged.count = Int.max >> 2
        damaged.runs = Array(repeating: Run(start: 0, count: after.items.count), count: 1_000)
        #expect(ChecklistDelta.make(damaged, from: after.items) == nil)
    }

    @Test func eachSideIsMadeBackFromTheOtherForRandomEdits() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000).array(of: 0...12)) { script in
            let before = Self.big(40)
            var after = before
            var nextID = 40
            for (step, code) in script.enumerated() {
                let position = after.items.isEmpty ? 0 : (code / 8) % after.items.count
                switch code % 6 {
                case 0:
                    after.items.insert(
                        ChecklistItem(text: "new \(step)", itemID: nextID, created: 0),
                        at: (code / 8) % (after.items.count + 1))
                    nextID += 1
                case 1 where !after.items.isEmpty: after.items.remove(at: position)
                case 2 where !after.items.isEmpty: after.items[position].checked.toggle()
                case 3 where !after.items.isEmpty: after.items[position].text += "!"
                case 4 where !after.items.isEmpty:
                    let moved = after.items.remove(at: position)
                    after.items.insert(moved, at: (code / 1024) % (after.items.count + 1))
                case 5 where !after.items.isEmpty: after.items[position].dueDate = Double(code)
                default: break
                }
            }
            roundTrip(before, after)
        }
    }
}
