import ChecklistKit
import Foundation
import Testing

/// SPEC §13's fields through `export json`, `export markdown`, `cat` and `import`.
struct RichFieldExchangeTests {
    private static let day = CalendarDay(year: 2026, month: 12, day: 24) ?? .earliest

    /// A trip with a sub-item two levels deep, notes that look like Markdown, and every field.
    private static let trip = Checklist(
        name: "Trip",
        items: [
            item("Pack", 3, uid: "pack") {
                $0.note = "Check the \"big\" bag\n- [ ] not a task\n\n\\ a backslash\n  indented\tand tabbed"
                $0.tags = ["travel", "Été"]
                $0.priority = 1
                $0.start = .day(day)
                $0.due = .day(CalendarDay(year: 2026, month: 12, day: 26) ?? .earliest)
            },
            item("Socks", 5, uid: "socks", parent: "pack") { $0.priority = 5 },
            item("Wool ones", 6, uid: "wool", parent: "socks") {
                $0.priority = 9
                $0.checked = true
                $0.start = .time(820_000_000)
            },
            item("Tickets 🎫", 7, uid: "tickets") {
                $0.note = "due 2026-01-01, reminder on"
                $0.repeatRule = RepeatRule(rrule: "FREQ=WEEKLY")
                $0.tags = ["admin"]
            },
            item("Passport", 8, uid: "passport", parent: "gone"),
        ])

    private static func item(
        _ text: String, _ id: Int, uid: String, parent: String? = nil, edit: (inout ChecklistItem) -> Void
    ) -> ChecklistItem {
        var made = ChecklistItem(text: text, itemID: id, created: 0)
        made.uid = uid
        made.parentUID = parent
        edit(&made)
        return made
    }

    private static func item(_ text: String, _ id: Int, uid: String, parent: String? = nil) -> ChecklistItem {
        item(text, id, uid: uid, parent: parent) { _ in }
    }

    private func imported(_ text: String) throws -> [Checklist] {
        try ChecklistImport.checklists(from: Array(text.utf8), fallbackName: "Imported", now: 0)
    }

    @Test func jsonWritesEachFieldAnItemHasAndTheParentByItsItemID() throws {
        let text = ChecklistExport.json([Self.trip])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let items = try #require((root["checklists"] as? [[String: Any]])?.first?["items"] as? [[String: Any]])
        #expect(items[0]["note"] as? String == Self.trip.items[0].note)
        #expect(items[0]["tags"] as? [String] == ["travel", "Été"])
        #expect(items.map { ($0["priority"] as? NSNumber)?.intValue } == [1, 5, 9, nil, nil])
        #expect(items.map { ($0["parent"] as? NSNumber)?.intValue } == [nil, 3, 5, nil, nil])
        #expect(items.map { $0["start"] as? String } == ["2026-12-24", nil, "2026-12-26T17:46:40Z", nil, nil])
        #expect(items.map { $0["uid"] as? String } == ["pack", "socks", "wool", "tickets", "passport"])
        // A dangling parent is no parent; an item without a field has no key for it.
        #expect(items[4].keys.sorted() == ["checked", "dueDate", "itemID", "shouldRemind", "text", "uid"])
    }

    @Test func jsonReadsBackEveryField() throws {
        let lists = try imported(ChecklistExport.json([Self.trip]))
        var expected = Self.trip.items
        expected[4].parentUID = nil
        #expect(lists.first?.items.map { $0.withoutItemID } == expected.map { $0.withoutItemID })
    }

    @Test func jsonTextsWithControlCharactersAndQuotesRoundTrip() throws {
        var item = ChecklistItem(text: "Tab\there \"quoted\" \u{1}\u{7F} 中文", itemID: 0, created: 0)
        item.note = "Line one\r\nLine \\two\u{0}\u{1F}\n\n🎉"
        item.tags = ["a\"b", "ünïcode"]
        let lists = try imported(ChecklistExport.json([Checklist(name: "L", items: [item])]))
        #expect(lists.first?.items.first?.note == item.note)
        #expect(lists.first?.items.first?.text == item.text)
        #expect(lists.first?.items.first?.tags == item.tags)
    }

    @Test func jsonParentsThatAreMissingOrLoopMakeTopLevelItems() throws {
        let json = #"""
            {"checklists": [{"name": "L", "items": [
              {"itemID": 1, "text": "a", "parent": 2},
              {"itemID": 2, "text": "b", "parent": 1},
              {"itemID": 3, "text": "c", "parent": 99, "priority": null, "tags": ["x", 4]},
              {"itemID": 4, "text": "d", "parent": 4, "priority": 12},
              {"itemID": 5, "text": "e", "parent": 3, "priority": 3}
            ]}]}
            """#
        let items = try #require(try imported(json).first?.items)
        let parentTexts = items.map { item in items.first { $0.uid != nil && $0.uid == item.parentUID }?.text }
        // a is under b until b would be under a: b stays top-level.
        #expect(parentTexts == ["b", nil, nil, nil, "c"])
        #expect(items.map(\.priority) == [nil, nil, nil, nil, 3])
        #expect(items[2].tags == ["x"])
    }

    @Test func markdownWritesObsidianTasksMarksSubItemsAndNotes() {
        #expect(
            ChecklistExport.markdown([Self.trip]) == #"""
                ## Trip

                - [ ] Pack #travel #Été ⏫ 🛫 2026-12-24 📅 2026-12-26
                  Check the "big" bag
                  \- [ ] not a task

                  \\ a backslash
                    indented	and tabbed
                  - [ ] Socks 🔼
                    - [x] Wool ones 🔽 🛫 2026-12-26T17:46:40Z
                - [ ] Tickets 🎫 #admin 🔁 every week
                  \due 2026-01-01, reminder on
                - [ ] Passport

                """#)
    }

    @Test func markdownAndCatReadBackEveryField() throws {
        for details in [false, true] {
            let lists = try imported(ChecklistExport.markdown([Self.trip], details: details))
            let items = try #require(lists.first?.items)
            #expect(items.map(\.text) == Self.trip.items.map(\.text))
            #expect(items.map(\.note) == Self.trip.items.map(\.note))
            #expect(items.map(\.tags) == Self.trip.items.map(\.tags))
            #expect(items.map(\.priority) == Self.trip.items.map(\.priority))
            #expect(items.map(\.start) == Self.trip.items.map(\.start))
            #expect(items.map(\.due) == Self.trip.items.map(\.due))
            #expect(items.map(\.repeatRule) == Self.trip.items.map(\.repeatRule))
            #expect(items.map(\.checked) == Self.trip.items.map(\.checked))
            let parentTexts = items.map { item in items.first { $0.uid != nil && $0.uid == item.parentUID }?.text }
            #expect(parentTexts == [nil, "Pack", "Socks", nil, nil])
        }
    }

    @Test func catReadsBackTheReminder() throws {
        var item = ChecklistItem(text: "Call", itemID: 0, created: 0, due: .time(820_000_000), shouldRemind: true)
        item.note = "Ask about the bill"
        let text = ChecklistExport.markdown([Checklist(name: "L", items: [item])], details: true)
        #expect(text == "## L\n\n- [ ] Call\n  due 2026-12-26T17:46:40Z, reminder on\n  Ask about the bill\n")
        let read = try #require(try imported(text).first?.items.first)
        #expect(read.due == item.due && read.shouldRemind && read.note == item.note)
    }

    @Test func markdownReadsObsidianFilesIndentedWithTabs() throws {
        let text = """
            # Home
            - [ ] Paint the shed 🔺 #weekend 📅 2026-05-02
            \t- [ ] Buy paint 🔽
            \t\tThe note of Buy paint
            \t\t- [x] Pick a colour
            - [ ] Call #3 back
            - [ ] #urgent
            Some paragraph text.
            \tnot a note
            """
        let items = try #require(try imported(text).first?.items)
        #expect(items.map(\.text) == ["Paint the shed", "Buy paint", "Pick a colour", "Call #3 back", "#urgent"])
        #expect(items.map(\.tags) == [["weekend"], [], [], [], []])
        #expect(items.map(\.priority) == [1, 9, nil, nil, nil])
        #expect(items.map(\.note) == ["", "The note of Buy paint", "", "", ""])
        #expect(
            items.map { item in items.first { $0.uid != nil && $0.uid == item.parentUID }?.text } == [
                nil, "Paint the shed", "Buy paint", nil, nil,
            ])
        #expect(items[0].due == .day(CalendarDay(year: 2026, month: 5, day: 2) ?? .earliest))
    }

    @Test func aTagOfDigitsOnlyComesBackAsThatTagAndTheTextStaysAsItWas() throws {
        var item = ChecklistItem(text: "Taxes", itemID: 0, created: 0)
        item.tags = ["2026", "_7", "q3", "_"]
        let lists = [Checklist(name: "L", items: [item])]
        #expect(ChecklistExport.markdown(lists) == "## L\n\n- [ ] Taxes #_2026 #__7 #q3 #_\n")
        for details in [false, true] {
            let read = try #require(try imported(ChecklistExport.markdown(lists, details: details)).first?.items.first)
            #expect(read.text == "Taxes")
            #expect(read.tags == item.tags)
        }
        // Obsidian reads `#_2026` as a tag too; `#2026` is text there and here.
        #expect(try imported("- [ ] Taxes #2026").first?.items.first?.text == "Taxes #2026")
    }

    @Test func leadingSpacesOfTextsAndNoteLinesComeBack() throws {
        var indented = ChecklistItem(text: "  Indented", itemID: 0, created: 0)
        indented.note = "  first line indented\n\tsecond tabbed\n&#32;written as is\n\\ backslash\nplain"
        var hash = ChecklistItem(text: " #hash", itemID: 1, created: 0)
        hash.note = "\t- [ ] not a task"
        let literal = ChecklistItem(text: "&#32;not a space", itemID: 2, created: 0)
        let escaped = ChecklistItem(text: " \\&#9;x", itemID: 3, created: 0)
        let backslash = ChecklistItem(text: "\\ stays", itemID: 4, created: 0)
        let lists = [Checklist(name: "L", items: [indented, hash, literal, escaped, backslash])]
        let text = ChecklistExport.markdown(lists)
        #expect(
            text
                == #"""
                ## L

                - [ ] &#32;&#32;Indented
                  &#32;&#32;first line indented
                  \tsecond tabbed
                  \&#32;written as is
                  \\ backslash
                  plain
                - [ ] &#32;#hash
                  &#9;\- [ ] not a task
                - [ ] \&#32;not a space
                - [ ] &#32;\\&#9;x
                - [ ] \ stays

                """#.replacingOccurrences(of: "\\t", with: "\t"))
        for details in [false, true] {
            let items = try #require(try imported(ChecklistExport.markdown(lists, details: details)).first?.items)
            #expect(items.map(\.text) == lists[0].items.map(\.text))
            #expect(items.map(\.note) == lists[0].items.map(\.note))
            #expect(items.allSatisfy { $0.tags.isEmpty })
        }
    }

    @Test func anObsidianCancelledTaskIsACheckedCancelledItemAndIsWrittenSo() throws {
        let items = try #require(try imported("## L\n- [-] Old plan #work\n- [ ] Next\n").first?.items)
        #expect(items.map(\.text) == ["Old plan", "Next"])
        #expect(items.map(\.checked) == [true, false])
        #expect(items.map(\.cancelled) == [true, false])
        #expect(items.first?.tags == ["work"])
        let lists = [Checklist(name: "L", items: items)]
        #expect(ChecklistExport.markdown(lists) == "## L\n\n- [-] Old plan #work\n- [ ] Next\n")
        // A note line that would read as such a task is written escaped.
        var noted = ChecklistItem(text: "Plan", itemID: 0, created: 0)
        noted.note = "- [-] not a task"
        let note = ChecklistExport.markdown([Checklist(name: "L", items: [noted])])
        #expect(note == "## L\n\n- [ ] Plan\n  \\- [-] not a task\n")
        #expect(try imported(note).first?.items.map(\.note) == ["- [-] not a task"])
    }
}

extension ChecklistItem {
    /// The item with ID 0: what an import keeps (it hands out fresh IDs).
    fileprivate var withoutItemID: ChecklistItem {
        var item = self
        item.itemID = 0
        return item
    }
}
