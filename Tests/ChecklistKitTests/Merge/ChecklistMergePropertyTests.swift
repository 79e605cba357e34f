import ChecklistKit
import PropertyBased
import Testing

/// The merge rules of SPEC §8 checked on random edit scripts applied to both sides of a random base.
struct ChecklistMergePropertyTests {
    /// A script of edits: each number picks an edit and what it applies to.
    typealias Script = [Int]

    private static let script = Gen.int(in: 0...1_000_000).array(of: 0...25)

    /// Applies `script` to `book`; new checklist names start with `prefix`, so no two sides
    /// invent the same name.
    static func apply(_ script: Script, to book: ChecklistBook, prefix: String) -> ChecklistBook {
        var book = book
        for (step, code) in script.enumerated() {
            let lists = book.checklists.count
            let list = lists == 0 ? nil : (code / 16) % lists
            let count = list.map { book.checklists[$0].items.count } ?? 0
            let item = count == 0 ? nil : (code / 256) % count
            switch (code % 11, list, item) {
            case (0, let list?, _), (1, let list?, _):
                let id = book.takeItemID()
                book.update(at: list) {
                    $0.items.append(ChecklistItem(text: "\(prefix) new \(step)", itemID: id, created: Double(step)))
                }
            case (2, let list?, let item?):
                book.update(at: list) { $0.items[item].text += " \(prefix)\(step)" }
            case (3, let list?, let item?):
                book.update(at: list) { $0.items[item].checked.toggle() }
            case (4, let list?, let item?):
                book.update(at: list) {
                    $0.items[item].dueDate = $0.items[item].dueDate == nil ? Double(code) : nil
                    $0.items[item].shouldRemind.toggle()
                    $0.items[item].repeatRule =
                        $0.items[item].repeatRule == nil
                        ? RepeatRule(rrule: "FREQ=DAILY;INTERVAL=\(code % 3 + 1)") : nil
                }
            case (5, let list?, let item?):
                book.update(at: list) { $0.items.remove(at: item) }
            case (6, let list?, let item?):
                book.update(at: list) {
                    let moved = $0.items.remove(at: item)
                    $0.items.insert(moved, at: (code / 4096) % ($0.items.count + 1))
                }
            case (7, let list?, let item?) where lists > 1:
                let target = (list + 1 + (code / 4096) % (lists - 1)) % lists
                let moved = book.checklists[list].items[item]
                book.update(at: list) { $0.items.remove(at: item) }
                book.update(at: target) { $0.items.append(moved) }
            case (8, let list?, _):
                book.update(at: list) { $0.name = "\(prefix) renamed \(step)" }
            case (9, _, _):
                book.insert(Checklist(name: "\(prefix) list \(step)"))
            case (10, let list?, _):
                book.remove(at: list)
            default:
                break
            }
        }
        return book
    }

    static func base(_ script: Script) -> ChecklistBook {
        let start = ChecklistBook(
            checklists: [Checklist(name: "A"), Checklist(name: "B"), Checklist(name: "C")], currentIndex: 0,
            nextItemID: 0)
        // Plenty of items first, so that the edits have something to change.
        let filled = apply((0..<12).map { $0 * 16 }, to: start, prefix: "fill")
        return apply(script, to: filled, prefix: "base")
    }

    /// Every item by ID, with the name of its checklist.
    static func items(_ book: ChecklistBook) -> [Int: (list: String, item: ChecklistItem)] {
        var result: [Int: (list: String, item: ChecklistItem)] = [:]
        for list in book.checklists { for item in list.items { result[item.itemID] = (list.name, item) } }
        return result
    }

    @Test func everyRuleHoldsForRandomEditsOnBothSides() async {
        await propertyCheck(count: 500, input: Self.script, Self.script, Self.script) {
            baseScript, ourScript, theirScript in
            let base = Self.base(baseScript)
            let ours = Self.apply(ourScript, to: base, prefix: "O")
            let theirs = Self.apply(theirScript, to: base, prefix: "T")
            let result = ChecklistMerge.merge(base: base, ours: ours, theirs: theirs)
            let merged = Self.items(result.book)

            // IDs stay unique; the next ID is above every one and both counters.
            let ids = result.book.checklists.flatMap { $0.items.map(\.itemID) }
            #expect(Set(ids).count == ids.count)
            #expect(result.book.nextItemID > (ids.max() ?? -1))
            #expect(result.book.nextItemID >= max(ours.nextItemID, theirs.nextItemID))

            let baseItems = Self.items(base)
            let oursItems = Self.items(ours)
            let theirsItems = Self.items(theirs)
            let renumbered = Dictionary(uniqueKeysWithValues: result.renumbered.map { ($0.from, $0.to) })
            // Items new on THEIRS keep their ID and content (pushed IDs never change); items new
            // on OURS are there too, under a fresh ID when THEIRS had another item under theirs.
            for (id, entry) in theirsItems where baseItems[id] == nil {
                #expect(merged[id]?.item == entry.item)
            }
            for (id, entry) in oursItems where baseItems[id] == nil {
                let kept = merged[renumbered[id] ?? id]?.item
                #expect(kept?.text == entry.item.text && kept?.checked == entry.item.checked)
            }
            // What one side left alone takes the other side's version, deletes included; an item
            // deleted on one side and changed on the other (in what a user sees) is kept with the
            // change.
            for (id, original) in baseItems {
                for (side, other) in [(oursItems, theirsItems), (theirsItems, oursItems)] {
                    guard let untouched = other[id], untouched.item == original.item, untouched.list == original.list
                    else { continue }
                    #expect(merged[id]?.item == side[id]?.item)
                }
                if oursItems[id] == nil, let changed = theirsItems[id], !changed.item.saysTheSame(as: original.item) {
                    #expect(merged[id]?.item == changed.item)
                }
                if theirsItems[id] == nil, let changed = oursItems[id], !changed.item.saysTheSame(as: original.item) {
                    #expect(merged[id]?.item == changed.item)
                }
            }
            // Rule 8.
            #expect(ChecklistMerge.merge(base: base, ours: ours, theirs: base).book.checklists == ours.checklists)
            #expect(ChecklistMerge.merge(base: base, ours: base, theirs: theirs).book.checklists == theirs.checklists)
            #expect(ChecklistMerge.merge(base: ours, ours: ours, theirs: ours).book == ours)
        }
    }
}
