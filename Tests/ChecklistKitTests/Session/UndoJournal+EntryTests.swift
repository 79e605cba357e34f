import PropertyBased
import Testing

@testable import ChecklistKit

/// `UndoJournal.Entry`: a recorded change, its payload, and undo and redo made from it.
struct UndoJournalEntryTests {
    typealias Entry = UndoJournal.Entry

    /// The entry of the change from `before` to `after`, as `Session.change` records it.
    static func entry(_ summary: String, from before: ChecklistBook, to after: ChecklistBook) -> Entry {
        let (removed, added) = Session.difference(before.checklists, after.checklists)
        return Entry(
            summary: summary, removed: removed, added: added, currentBefore: before.current?.name,
            currentAfter: after.current?.name)
    }

    /// `book` with the change of `entry` undone (or redone); `nil` when it is refused.
    static func apply(_ entry: Entry, undoing: Bool, to book: ChecklistBook) -> ChecklistBook? {
        var book = book
        guard let exchange = entry.exchange(undoing: undoing, in: book.checklists),
            Session.replace(exchange.old, with: exchange.new, in: &book, reselecting: nil, leaving: nil)
        else { return nil }
        return book
    }

    @Test func randomChangesAreUndoneAndRedoneThroughTheirPayload() async {
        let script = Gen.int(in: 0...1_000_000).array(of: 0...10)
        await propertyCheck(count: 300, input: script, script) { baseScript, changeScript in
            let before = ChecklistMergePropertyTests.base(baseScript)
            let after = ChecklistMergePropertyTests.apply(changeScript, to: before, prefix: "C")
            let entry = Self.entry("change", from: before, to: after)
            let read = Entry(kind: UInt8(ascii: "d"), payload: entry.payload[...])
            #expect(read == entry)
            // The look before the lock reads the same names without the items.
            let names = entry.lists.flatMap { [$0.before?.name, $0.after?.name] }.compactMap { $0 }
            #expect(Entry.checklistNames(kind: UInt8(ascii: "d"), payload: entry.payload[...]) == names)
            #expect(Self.apply(entry, undoing: true, to: after)?.checklists == before.checklists)
            #expect(Self.apply(entry, undoing: false, to: before)?.checklists == after.checklists)
        }
    }

    @Test func undoIsRefusedWhenAnyItemOfAChecklistItWouldRestoreChanged() throws {
        let before = ChecklistBook(checklists: [ChecklistDeltaTests.big(1_000)], currentIndex: 0, nextItemID: 0)
        var after = before
        after.update(at: 0) { $0.items[10].checked = true }
        let entry = Self.entry("check", from: before, to: after)
        var elsewhere = after
        // An item the change did not touch, changed by something the journal does not hold.
        elsewhere.update(at: 0) { $0.items[900].text = "synced" }
        #expect(Self.apply(entry, undoing: true, to: elsewhere) == nil)
        #expect(Self.apply(entry, undoing: false, to: after) == nil)
        #expect(Self.apply(entry, undoing: true, to: after)?.checklists == before.checklists)
    }

    @Test func aPayloadCutOrDamagedAnywhereIsRefused() {
        let before = ChecklistBook(checklists: [ChecklistDeltaTests.big(30)], currentIndex: 0, nextItemID: 0)
        var after = before
        after.update(at: 0) { $0.items.remove(at: 3) }
        let payload = Self.entry("delete", from: before, to: after).payload
        let names = Entry.checklistNames(kind: UInt8(ascii: "d"), payload: payload[...])
        #expect(names == ["Big", "Big"])
        for length in 0..<payload.count {
            #expect(Entry(kind: UInt8(ascii: "d"), payload: payload[..<length]) == nil)
            // The names alone read from a payload cut after them, and from none cut before.
            let cut = Entry.checklistNames(kind: UInt8(ascii: "d"), payload: payload[..<length])
            #expect(cut == nil || cut == names, "\(length)")
        }
        for place in payload.indices {
            var damaged = payload
            damaged[place] ^= 0xFF
            // Decoding damaged bytes may succeed (a changed name or digest); it must never trap.
            _ = Entry(kind: UInt8(ascii: "d"), payload: damaged[...])
            _ = Entry.checklistNames(kind: UInt8(ascii: "d"), payload: damaged[...])
        }
    }

    @Test func aChangeRecordOfThePreviousReleaseIsRead() {
        let before = ChecklistBook(checklists: [Checklist(name: "List")], currentIndex: 0, nextItemID: 0)
        var after = before
        after.update(at: 0) { $0.items.append(ChecklistItem(text: "Milk", itemID: 0, created: 5)) }
        let (removed, added) = Session.difference(before.checklists, after.checklists)
        let payload = Self.previousReleasePayload(
            summary: "add \"Milk\"", currentBefore: "List", currentAfter: "List", removed: removed, added: added)
        let entry = Entry(kind: UInt8(ascii: "c"), payload: payload[...])
        #expect(entry == Self.entry("add \"Milk\"", from: before, to: after))
        #expect(Entry.checklistNames(kind: UInt8(ascii: "c"), payload: payload[...]) == ["List", "List"])
        #expect(Entry(kind: UInt8(ascii: "c"), payload: payload.dropLast()) == nil)
    }

    /// A change's payload as the previous release wrote it: summary, current before and after,
    /// then the checklists replaced and left, each set as a keyed archive.
    static func previousReleasePayload(
        summary: String, currentBefore: String?, currentAfter: String?, removed: [Checklist], added: [Checklist]
    ) -> [UInt8] {
        func field(_ bytes: [UInt8]?) -> [UInt8] {
            guard let bytes else { return [0xFF, 0xFF, 0xFF, 0xFF] }
            return (0..<4).map { UInt8(truncatingIfNeeded: bytes.count >> (8 * $0)) } + bytes
        }
        var payload: [UInt8] = []
        for text in [summary, currentBefore, currentAfter] { payload += field(text.map { Array($0.utf8) }) }
        for lists in [removed, added] {
            payload += field(ChecklistBook(checklists: lists, currentIndex: nil, nextItemID: 0).archived())
        }
        return payload
    }
}
