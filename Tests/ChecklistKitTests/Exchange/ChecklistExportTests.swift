import ChecklistKit
import Foundation
import Testing

struct ChecklistExportTests {
    private let lists = [
        Checklist(
            name: "Groceries",
            items: [
                ChecklistItem(
                    text: "Crème \"brûlée\"", checked: true, itemID: 4, created: 0,
                    dueDate: TestTime.utc(2026, 11, 21, 9, 30), shouldRemind: true),
                ChecklistItem(text: "牛奶\nline two", itemID: 7, created: 5),
            ],
            iconName: "Groceries"),
        Checklist(name: "Empty 🎉"),
    ]

    @Test func jsonHasExactlyTheShapeOfTheSpecification() throws {
        let text = ChecklistExport.json(lists)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Array(root.keys) == ["checklists"])
        let checklists = try #require(root["checklists"] as? [[String: Any]])
        #expect(checklists.count == 2)
        for list in checklists {
            #expect(Set(list.keys) == ["name", "iconName", "items"])
        }
        #expect(checklists.map { $0["name"] as? String } == ["Groceries", "Empty 🎉"])
        #expect(checklists.map { $0["iconName"] as? String } == ["Groceries", "No Icon"])
        let items = try #require(checklists[0]["items"] as? [[String: Any]])
        #expect((checklists[1]["items"] as? [Any])?.isEmpty == true)
        for item in items {
            #expect(Set(item.keys) == ["itemID", "text", "checked", "dueDate", "shouldRemind"])
        }
        #expect(items.map { ($0["itemID"] as? NSNumber)?.intValue } == [4, 7])
        #expect(items.map { $0["text"] as? String } == ["Crème \"brûlée\"", "牛奶\nline two"])
        #expect(items.map { ($0["checked"] as? NSNumber)?.boolValue } == [true, false])
        #expect(items.map { ($0["shouldRemind"] as? NSNumber)?.boolValue } == [true, false])
        #expect(items[0]["dueDate"] as? String == "2026-11-21T09:30:00Z")
        #expect(items[1]["dueDate"] is NSNull)
    }

    @Test func jsonKeysComeInTheSpecifiedOrder() {
        let text = ChecklistExport.json([
            Checklist(name: "A", items: [ChecklistItem(text: "x", itemID: 0, created: 0)], iconName: "Inbox")
        ])
        #expect(
            text == """
                {
                  "checklists": [
                    {
                      "name": "A",
                      "iconName": "Inbox",
                      "items": [
                        {
                          "itemID": 0,
                          "text": "x",
                          "checked": false,
                          "dueDate": null,
                          "shouldRemind": false
                        }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test func jsonOfNoChecklistsIsAnEmptyArray() throws {
        let text = ChecklistExport.json([])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((root["checklists"] as? [Any])?.isEmpty == true)
    }

    @Test func controlCharactersAreEscaped() throws {
        let text = ChecklistExport.json([
            Checklist(name: "tab\there", items: [ChecklistItem(text: "bell\u{7}\\", itemID: 0, created: 0)])
        ])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let list = try #require((root["checklists"] as? [[String: Any]])?.first)
        #expect(list["name"] as? String == "tab\there")
        #expect((list["items"] as? [[String: Any]])?.first?["text"] as? String == "bell\u{7}\\")
    }

    private let chores = [
        Checklist(
            name: "Chores",
            items: [
                ChecklistItem(
                    text: "Water plants", itemID: 1, created: 0, dueDate: TestTime.utc(2026, 6, 15),
                    repeatRule: RepeatRule(words: "every mon,thu")),
                ChecklistItem(text: "Rent", checked: true, itemID: 2, created: 0),
                ChecklistItem(
                    text: "Club", itemID: 3, created: 0, repeatRule: RepeatRule(rrule: "FREQ=MONTHLY;BYDAY=-2TU")),
            ])
    ]

    @Test func jsonGivesAnItemThatRepeatsItsRRuleAndTheOthersNoKey() throws {
        let text = ChecklistExport.json(chores)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let list = try #require((root["checklists"] as? [[String: Any]])?.first)
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(items.map { $0["repeat"] as? String } == ["FREQ=WEEKLY;BYDAY=MO,TH", nil, "FREQ=MONTHLY;BYDAY=-2TU"])
        #expect(items[1].keys.contains("repeat") == false)
        #expect(text.contains("\"shouldRemind\": false,\n          \"repeat\": \"FREQ=WEEKLY;BYDAY=MO,TH\""))
    }

    @Test func markdownEndsATaskThatRepeatsWithItsRule() {
        #expect(
            ChecklistExport.markdown(chores) == """
                ## Chores

                - [ ] Water plants 🔁 every Monday and Thursday 📅 2026-06-15T00:00:00Z
                - [x] Rent
                - [ ] Club 🔁 RRULE:FREQ=MONTHLY;BYDAY=-2TU

                """)
    }

    @Test func rulesSurviveAJSONAndAMarkdownRoundTrip() throws {
        for text in [ChecklistExport.json(chores), ChecklistExport.markdown(chores)] {
            let lists = try ChecklistImport.checklists(from: Array(text.utf8), fallbackName: "x", now: 0)
            #expect(lists.first?.items.map(\.repeatRule) == chores.first?.items.map(\.repeatRule))
            #expect(lists.first?.items.map(\.text) == ["Water plants", "Rent", "Club"])
        }
    }

    @Test func markdownHasAHeadingPerChecklistAndTaskLines() {
        #expect(
            ChecklistExport.markdown(lists) == """
                ## Groceries

                - [x] Crème "brûlée" 📅 2026-11-21T09:30:00Z
                - [ ] 牛奶 line two

                ## Empty 🎉

                """)
    }

    @Test(arguments: ItemField.allCases, [false, true])
    func anItemWithEveryFieldKeepsTheFieldThroughMarkdownWhereItCarriesIt(field: ItemField, details: Bool) throws {
        // Not carried: the IDs are the file's own, and the server mark and the alarm time belong
        // to a CalDAV account; the reminder only in `cat`'s details. The parent is carried as
        // the indentation: checked below, by the UID the import gives it.
        var notCarried: Set<ItemField> = [.itemID, .uid, .serverMark, .alarmOffset, .parent]
        if !details { notCarried.insert(.shouldRemind) }
        var item = ItemFieldTests.fullItem()
        // The marks say high, medium or low: 1, 5 or 9 read back as they were.
        item.priority = 1
        var parent = ChecklistItem(text: "Party", itemID: 1, created: 0)
        parent.uid = item.parentUID
        let markdown = ChecklistExport.markdown([Checklist(name: "Home", items: [parent, item])], details: details)
        let read = try ChecklistImport.checklists(from: Array(markdown.utf8), fallbackName: "x", now: 0)
        let items = try #require(read.first?.items)
        try #require(items.count == 2)
        #expect(ItemFieldTests.same(field, items[1], item) == !notCarried.contains(field))
        if field == .parent { #expect(items[1].parentUID != nil && items[1].parentUID == items[0].uid) }
    }
}
