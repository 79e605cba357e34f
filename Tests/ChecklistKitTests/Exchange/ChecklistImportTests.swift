import ChecklistKit
import Foundation
import Testing

struct ChecklistImportTests {
    private let now = TestTime.now

    private func read(_ text: String, fallback: String = "Notes") throws -> [Checklist] {
        try ChecklistImport.checklists(from: Array(text.utf8), fallbackName: fallback, now: now)
    }

    private let codable = [
        CodableChecklist(
            name: "Trips 中文",
            items: [
                CodableChecklistItem(
                    text: "Pack 🎒", checked: true, dueDate: TestTime.date(TestTime.utc(2026, 8, 1, 7)),
                    shouldRemind: true, itemID: 3),
                CodableChecklistItem(
                    text: "Crème solaire", checked: false, dueDate: TestTime.date(TestTime.utc(2026, 1, 1)),
                    shouldRemind: false, itemID: 9),
            ],
            iconName: "Trips"),
        CodableChecklist(name: "Empty", items: [], iconName: "No Icon"),
    ]

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func theIOSAppsCodablePlistIsRead(format: PropertyListSerialization.PropertyListFormat) throws {
        let bytes = try codable.encoded(as: format)
        let lists = try ChecklistImport.checklists(from: bytes, fallbackName: "x", now: now)
        #expect(lists.map(\.name) == ["Trips 中文", "Empty"])
        #expect(lists.map(\.iconName) == ["Trips", "No Icon"])
        let items = lists[0].items
        #expect(items.map(\.text) == ["Pack 🎒", "Crème solaire"])
        #expect(items.map(\.checked) == [true, false])
        #expect(items.map(\.shouldRemind) == [true, false])
        #expect(items[0].dueDate == TestTime.utc(2026, 8, 1, 7), "a reminder makes the date a due date")
        #expect(items[1].dueDate == nil, "without a reminder the iOS app ignores the date")
        #expect(items[1].archivedDate == TestTime.utc(2026, 1, 1), "the date is still kept for the file")
    }

    @Test func jsonItemsKeepTheirDatesAndFlags() throws {
        let lists = try read(
            """
            {"checklists": [{"name": "A", "iconName": "Inbox", "items": [
              {"itemID": 5, "text": "one", "checked": true,
               "dueDate": "2026-07-01T12:00:00+02:00", "shouldRemind": true},
              {"text": "two", "dueDate": "2026-07-01T10:00:00.5Z"},
              {"text": "three", "dueDate": null}
            ]}]}
            """)
        let items = try #require(lists.first?.items)
        #expect(lists.first?.iconName == "Inbox")
        #expect(items.map(\.text) == ["one", "two", "three"])
        #expect(items[0].dueDate == TestTime.utc(2026, 7, 1, 10))
        #expect(items[0].checked && items[0].shouldRemind)
        #expect(items[1].dueDate == TestTime.utc(2026, 7, 1, 10) + 0.5)
        #expect(items[2].dueDate == nil)
        #expect(items[2].archivedDate == now, "an item without a date was created now")
    }

    @Test func aJSONRepeatIsAnRRuleAsItIsOrRuleWords() throws {
        let lists = try read(
            """
            {"checklists": [{"name": "Chores", "items": [
              {"text": "a", "repeat": "FREQ=WEEKLY;INTERVAL=1;BYDAY=FR"},
              {"text": "b", "repeat": "every 2 weeks on fri"},
              {"text": "c", "repeat": null},
              {"text": "d", "repeat": 3},
              {"text": "e", "repeat": " "}
            ]}]}
            """)
        #expect(
            lists.first?.items.map(\.repeatRule?.rrule) == [
                "FREQ=WEEKLY;INTERVAL=1;BYDAY=FR", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", nil, nil, nil,
            ])
    }

    @Test func aMarkdownTaskEndingInARuleRepeatsAndOtherwiseKeepsItsText() throws {
        let lists = try read(
            """
            - [ ] Water plants 🔁 every week
            - [ ] Fix the 🔁 icon
            - [ ] Club 🔁 RRULE:FREQ=MONTHLY;BYDAY=2TU
            - [x] Pills 🔁 daily
            """)
        let items = try #require(lists.first?.items)
        #expect(items.map(\.text) == ["Water plants", "Fix the 🔁 icon", "Club", "Pills"])
        #expect(items.map(\.repeatRule?.rrule) == ["FREQ=WEEKLY", nil, "FREQ=MONTHLY;BYDAY=2TU", "FREQ=DAILY"])
    }

    @Test func badJSONIsRejectedWithTheReason() {
        let cases = [
            "{\"checklists\": [", "{\"lists\": []}", "[1, 2]", "{\"checklists\": [{\"items\": []}]}",
            "{\"checklists\": [{\"name\": \"A\", \"items\": [{\"checked\": true}]}]}",
            "{\"checklists\": [{\"name\": \"A\", \"items\": [{\"text\": \"x\", \"dueDate\": \"soon\"}]}]}",
        ]
        for text in cases {
            #expect(throws: ChecklistImport.Failure.self, "\(text)") { try read(text) }
        }
    }

    @Test func markdownHeadingsBecomeChecklistsAndTaskLinesItems() throws {
        let lists = try read(
            """
            # Weekend

            Some prose that is skipped.
            - [ ] Bake   bread
            - [x] Water plants
            * [X] Call mum
            + [ ] 学中文
            - plain bullet, skipped

            ### Later
              - [ ] indented
            """)
        #expect(lists.map(\.name) == ["Weekend", "Later"])
        #expect(lists[0].items.map(\.text) == ["Bake   bread", "Water plants", "Call mum", "学中文"])
        #expect(lists[0].items.map(\.checked) == [false, true, true, false])
        #expect(lists[1].items.map(\.text) == ["indented"])
        #expect(lists[0].items.allSatisfy { $0.archivedDate == now && $0.dueDate == nil })
    }

    @Test func taskLinesBeforeAnyHeadingGoToTheFallbackName() throws {
        let lists = try read("- [ ] one\r\n- [x] two\r\n", fallback: "todo")
        #expect(lists.map(\.name) == ["todo"])
        #expect(lists[0].items.map(\.text) == ["one", "two"])
    }

    @Test func filesWithNothingToImportAreRejected() {
        #expect(throws: ChecklistImport.Failure.self) { try read("just some text\nno tasks") }
        #expect(throws: ChecklistImport.Failure.self) { try read("") }
        #expect(throws: ChecklistImport.Failure.self) {
            try ChecklistImport.checklists(from: [0xFF, 0xFE, 0x00, 0x41], fallbackName: "x", now: 0)
        }
        #expect(throws: ChecklistImport.Failure.self) {
            try ChecklistImport.checklists(from: Array("bplist00garbage".utf8), fallbackName: "x", now: 0)
        }
    }

    @Test func aKeyedArchiveIsReadLikeTheDataFile() throws {
        let bytes = TestArchive.checklists(
            [TestArchivedList<OtherModule>("Archived", [TestArchivedItem("kept", checked: true, itemID: 4)])])
        let lists = try ChecklistImport.checklists(from: bytes, fallbackName: "x", now: now)
        #expect(lists.map(\.name) == ["Archived"])
        #expect(lists[0].items.first?.checked == true)
        #expect(lists[0].items.first?.archivedDate == now)
    }
}
