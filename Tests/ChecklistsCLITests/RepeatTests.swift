import Foundation
import Testing

/// Repeating items end to end (SPEC §12): the built binary, its data file, undo journal and merge.
///
/// Due dates lie in 2099, so the next occurrence follows the completed one's due date whatever
/// the day the tests run; the backlog rule (the next one in the future) is tested in ChecklistKit.
struct RepeatTests {
    /// An item of `export json`, with the fields these tests look at.
    struct Item: Equatable {
        var itemID: Int
        var text: String
        var checked: Bool
        var dueDate: String?
        var rule: String?
    }

    /// The items of the first checklist of the data file at `file` (the fixture's own by default).
    private func items(_ cli: ChecklistsProcess, file: String? = nil) throws -> [Item] {
        let outcome = try cli.run((file.map { ["--file", $0] } ?? []) + ["export", "json"])
        try #require(outcome.status == 0, "\(outcome.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let list = try #require((root["checklists"] as? [[String: Any]])?.first)
        return try #require(list["items"] as? [[String: Any]]).map { item in
            Item(
                itemID: (item["itemID"] as? Int) ?? -1, text: (item["text"] as? String) ?? "",
                checked: (item["checked"] as? Bool) ?? false, dueDate: item["dueDate"] as? String,
                rule: item["repeat"] as? String)
        }
    }

    @discardableResult
    private func must(_ cli: ChecklistsProcess, _ arguments: [String]) throws -> String {
        let outcome = try cli.run(arguments)
        try #require(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome.stdout
    }

    private let weeklyItems = [
        Item(itemID: 0, text: "Water plants", checked: true, dueDate: "2099-01-05", rule: nil),
        Item(itemID: 1, text: "Water plants", checked: false, dueDate: "2099-01-12", rule: "FREQ=WEEKLY"),
    ]

    /// SPEC §12 (amended): the words people say, with a time, in `repeat` and quick add; a
    /// phrase that is none is refused with the nearest one, and nothing changes.
    @Test func theWordsPeopleSayRepeatThroughTheProgram() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let utc = ["TZ": "UTC0"]
        try must(cli, ["add", "Book club"])
        try must(cli, ["due", "1", "2099-01-05"])
        let typo = try cli.run(["repeat", "1", "every", "2nd", "tusday"])
        #expect(typo.status != 0)
        #expect(typo.stderr.contains("did you mean \"every 2nd tuesday\"?"), "\(typo.stderr)")
        let set = try cli.run(["repeat", "1", "every", "2nd", "tuesday", "at", "7pm"], environment: utc)
        #expect(
            set.stdout == "repeats: 1 [ ] Book club  due 2099-01-13 19:00  every 2nd Tuesday  #0\n", "\(set.stderr)")
        let check = try cli.run(["check", "1"], environment: utc)
        #expect(check.stdout.hasSuffix("next: 2 [ ] Book club  due 2099-02-10 19:00  every 2nd Tuesday  #1\n"))
        #expect(try items(cli).last?.rule == "FREQ=MONTHLY;BYDAY=2TU")
        let added = try cli.run(["add", "Pay", "rent", "every", "1st", "9am"], environment: utc)
        #expect(added.stdout.hasPrefix("added 3 [ ] Pay rent  due "), "\(added.stdout)")
        #expect(added.stdout.contains("-01 09:00  every month on the 1st  #2"), "\(added.stdout)")
        #expect(try items(cli).last?.rule == "FREQ=MONTHLY;BYMONTHDAY=1")
    }

    @Test func aCheckMadeByOneCommandIsUndoneWithItsNextOccurrenceAndRedoneByLaterOnes() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try must(cli, ["add", "Water plants"])
        try must(cli, ["due", "1", "2099-01-05"])
        #expect(
            try must(cli, ["repeat", "1", "weekly"]) == "repeats: 1 [ ] Water plants  due 2099-01-05  every week  #0\n")
        #expect(
            try must(cli, ["check", "1"])
                == "checked 1 [x] Water plants  due 2099-01-05  #0\nnext: 2 [ ] Water plants  due 2099-01-12  every week  #1\n"
        )
        #expect(try items(cli) == weeklyItems)
        #expect(try must(cli, ["undo"]) == "undid checked\n")
        #expect(
            try items(cli) == [
                Item(
                    itemID: 0, text: "Water plants", checked: false, dueDate: "2099-01-05",
                    rule: "FREQ=WEEKLY")
            ])
        #expect(try must(cli, ["redo"]) == "redid checked\n")
        #expect(try items(cli) == weeklyItems)
        // git's text view: the rule on the task line, the due dates under each.
        let shown = try must(cli, ["cat", cli.dataFile])
        #expect(shown.hasPrefix("## List\n\n- [x] Water plants\n  due 2099-01-05\n"))
        #expect(shown.contains("\n- [ ] Water plants 🔁 every week\n  due "))
    }

    @Test func aBatchChecksARangeItemByItem() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch(
            """
            add Pills
            add Milk
            add Rent
            due 1 2099-01-05 08:00
            repeat 1 daily
            due 3 2099-01-02
            repeat 3 every 2 weeks on fri
            check 1-3
            show
            repeat 2 fortnightly
            """)
        #expect(outcome.status == 1)
        let output = outcome.stdout.split(separator: "\n").suffix(6)
        #expect(
            Array(output)
                == [
                    "List  2 Remaining",
                    "1 [x] Pills  due 2099-01-05 08:00  #0",
                    "2 [ ] Pills  due 2099-01-06 08:00  every day  #3",
                    "3 [x] Milk  #1",
                    "4 [x] Rent  due 2099-01-02  #2",
                    "5 [ ] Rent  due 2099-01-16  every 2 weeks on Friday  #4",
                ])
        #expect(
            outcome.stderr.hasPrefix("line 10: \"fortnightly\" is not a repeat rule; RULE is daily, weekly, monthly,"))
    }

    /// A base file with one weekly item, and two copies of it: OURS and THEIRS.
    private func threeFiles(_ cli: ChecklistsProcess) throws -> (base: String, ours: String, theirs: String) {
        let paths = ["base", "ours", "theirs"].map { cli.folder.appending(path: "\($0).plist").path }
        try must(cli, ["--file", paths[0], "add", "Water plants"])
        try must(cli, ["--file", paths[0], "due", "1", "2099-01-05"])
        try must(cli, ["--file", paths[0], "repeat", "1", "weekly"])
        for copy in paths.dropFirst() { try FileManager.default.copyItem(atPath: paths[0], toPath: copy) }
        return (paths[0], paths[1], paths[2])
    }

    @Test func aRuleChangedOnOneSideAndTheItemCheckedOnTheOtherMergeToOneOpenOccurrence() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let files = try threeFiles(cli)
        try must(cli, ["--file", files.ours, "repeat", "1", "monthly"])
        try must(cli, ["--file", files.theirs, "check", "1"])
        let merge = try cli.run(["merge", files.base, files.ours, files.theirs])
        #expect(merge.status == 0)
        #expect(merge.stderr.contains("List #0 repeat: kept every month over no repeat from the other side"))
        // The check and its next occurrence come in; the rule changed here stays on the checked item.
        #expect(
            try items(cli, file: files.ours) == [
                Item(
                    itemID: 0, text: "Water plants", checked: true, dueDate: "2099-01-05",
                    rule: "FREQ=MONTHLY"),
                Item(
                    itemID: 1, text: "Water plants", checked: false, dueDate: "2099-01-12",
                    rule: "FREQ=WEEKLY"),
            ])
    }

    @Test func theItemCheckedHereAndTheRuleChangedThereMergeToOneOpenOccurrence() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let files = try threeFiles(cli)
        try must(cli, ["--file", files.ours, "check", "1"])
        try must(cli, ["--file", files.theirs, "repeat", "1", "every 2 weeks"])
        let merge = try cli.run(["merge", files.base, files.ours, files.theirs])
        #expect(merge.status == 0)
        #expect(merge.stderr.contains("List #0 repeat: kept no repeat over every 2 weeks from the other side"))
        let merged = try items(cli, file: files.ours)
        #expect(merged == weeklyItems)
        #expect(merged.filter { !$0.checked }.count == 1)
    }

    @Test func foundationReadsAFileWithRulesAsTheIOSAppWould() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try must(cli, ["add", "Water plants"])
        try must(cli, ["add", "Rent"])
        try must(cli, ["repeat", "1", "every mon,thu"])
        try must(cli, ["repeat", "2", "monthly"])
        try must(cli, ["check", "1"])
        let read = try FoundationReader.read(cli.dataFile)
        #expect(read.map(\.name) == ["List"])
        #expect(read.first?.items.map(\.text) == ["Water plants", "Water plants", "Rent"])
        #expect(read.first?.items.map(\.checked) == [true, false, false])
        // The rules are there, as plain strings Foundation's decoder of the class never asks for.
        let data = try Data(contentsOf: URL(filePath: cli.dataFile))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(plist["$objects"] as? [Any])
        let itemsWithARule = objects.compactMap { $0 as? [String: Any] }.filter { $0["Repeat"] != nil }
        #expect(itemsWithARule.count == 2)
        let strings = Set(objects.compactMap { $0 as? String })
        #expect(strings.isSuperset(of: ["FREQ=MONTHLY", "FREQ=WEEKLY;BYDAY=MO,TH"]))
    }
}
