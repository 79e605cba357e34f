import ChecklistKit
import Testing

/// Reading a Taskwarrior export (SPEC §15's table), one field at a time.
struct TaskwarriorImportTests {
    /// The items of an export of `tasks` (JSON objects), read with `TZ` set to `zone`.
    private func read(_ tasks: [String], zone: String = LocalZone.utc) throws -> ForeignImport {
        let text = "[\n" + tasks.joined(separator: ",\n") + "\n]\n"
        return try LocalZone.with(zone) {
            try #require(try ChecklistImport.foreign(from: Array(text.utf8), now: TestTime.now))
        }
    }

    private func task(_ uuid: String, _ text: String, _ more: String = "", status: String = "pending") -> String {
        #"{"uuid":"\#(uuid)","description":"\#(text)","status":"\#(status)","entry":"20261201T080000Z"\#(more)}"#
    }

    @Test func projectsBecomeChecklistsAndTasksWithoutOneGoToTheInbox() throws {
        let imported = try read([
            task("a", "Milk", #","project":"Home.Kitchen""#), task("b", "Call"),
            task("c", "Bread", #","project":"Home.Kitchen""#),
        ])
        #expect(imported.source == "Taskwarrior")
        #expect(imported.lists.map(\.name) == ["Home.Kitchen", "Inbox"])
        #expect(imported.lists.map { $0.items.map(\.text) } == [["Milk", "Bread"], ["Call"]])
        #expect(imported.lists[1].items.first?.uid == "b", "the uuid is the UID")
    }

    @Test func priorityTagsAndAnnotationsMap() throws {
        let item = try #require(
            try read([
                task(
                    "a", "Milk",
                    #","priority":"M","tags":["errand","shop"],"annotations":[{"entry":"20261201T090000Z","description":"Full fat"},{"entry":"20261201T100000Z","description":"Two"}]"#
                )
            ]).lists.first?.items.first)
        #expect(item.priority == 5)
        #expect(item.tags == ["errand", "shop"])
        #expect(item.note == "Full fat\nTwo")
        let levels = try read(["H", "L"].map { task($0, "x", #","priority":"\#($0)""#) }).lists[0].items
        #expect(levels.map(\.priority) == [1, 9])
    }

    @Test func localMidnightIsAWholeDayAndOtherMomentsAreTimes() throws {
        // 23:00 UTC is midnight in Berlin in winter: Taskwarrior's `due:2026-12-20` there.
        let items = try read(
            [task("a", "Day", #","due":"20261219T230000Z""#), task("b", "Time", #","due":"20261220T083000Z""#)],
            zone: LocalZone.berlin
        ).lists[0].items
        #expect(items[0].due == .day(try #require(CalendarDay(year: 2026, month: 12, day: 20))))
        #expect(items[1].due == .time(TestTime.utc(2026, 12, 20, 8, 30)))
    }

    @Test func scheduledElseWaitIsTheStart() throws {
        let items = try read([
            task("a", "Both", #","scheduled":"20261210T000000Z","wait":"20261211T000000Z""#, status: "waiting"),
            task("b", "Wait", #","wait":"20261211T000000Z""#, status: "waiting"),
        ]).lists[0].items
        #expect(
            items.map(\.start) == [
                .day(try #require(CalendarDay("2026-12-10"))), .day(try #require(CalendarDay("2026-12-11"))),
            ])
    }

    @Test func completedIsCheckedAndDeletedIsLeftOutSayingWhy() throws {
        let imported = try read([task("a", "Done", status: "completed"), task("b", "Gone", status: "deleted")])
        #expect(imported.lists[0].items.map(\.text) == ["Done"])
        #expect(imported.lists[0].items[0].checked)
        #expect(imported.leftOut == ["deleted: Gone"])
    }

    @Test func aRepeatingTaskIsOneItemWithTheTemplatesRuleAndTheNextPendingDue() throws {
        let imported = try read([
            task("t", "Water", #","recur":"2w","due":"20261201T000000Z""#, status: "recurring"),
            task("c1", "Water", #","parent":"t","due":"20261201T000000Z""#, status: "completed"),
            task("c3", "Water", #","parent":"t","due":"20261229T000000Z""#),
            task("c2", "Water", #","parent":"t","due":"20261215T000000Z""#),
        ])
        let items = imported.lists[0].items
        #expect(items.count == 1)
        #expect(items[0].uid == "t")
        #expect(items[0].repeatRule?.description == "every 2 weeks")
        #expect(items[0].due == .day(try #require(CalendarDay("2026-12-15"))))
        #expect(imported.leftOut.count == 3)
    }

    @Test(arguments: [
        ("daily", "daily"), ("weekly", "weekly"), ("biweekly", "every 2 weeks"), ("3d", "every 3 days"),
        ("monthly", "monthly"), ("6mo", "every 6 months"), ("quarterly", "every 3 months"), ("2q", "every 6 months"),
        ("1y", "yearly"), ("annual", "yearly"), ("weekdays", "weekdays"),
    ])
    func recurValuesBecomeRepeatRules(recur: String, words: String) {
        #expect(TaskwarriorImport.repeatRule(recur)?.description == RepeatRule(words: words)?.description)
        #expect(TaskwarriorImport.repeatRule(recur) != nil)
    }

    @Test func aRecurOutsideTheRulesStaysInTheNote() throws {
        let item = try read([task("t", "Ping", #","recur":"4h""#, status: "recurring")]).lists[0].items[0]
        #expect(item.repeatRule == nil)
        #expect(item.note == "Repeats (Taskwarrior): 4h")
    }

    @Test func dependsNamesTheTaskInTheNoteInBothVersionsForms() throws {
        let items = try read([
            task("a", "Paint"), task("b", "Sand", #","depends":"a""#), task("c", "Hang", #","depends":["a","b"]"#),
        ]).lists[0].items
        #expect(items[1].note == "Depends on: Paint")
        #expect(items[2].note == "Depends on: Paint\nDepends on: Sand")
    }

    @Test(arguments: [
        (#"[{"uuid":"a","description":"x","status":"frozen"}]"#, "task 1 (a) has the unknown status \"frozen\""),
        (#"[{"uuid":"a","description":"x","status":"pending","due":"20261301T000000Z"}]"#, "task 1 (a) has due"),
        (#"[{"uuid":"a","description":"x","status":"pending","entry":42}]"#, "task 1 (a) has entry 42"),
        ("[{\"uuid\":\"a\",\n\"description\":\"x\",\n\"status\":}]", "invalid JSON on line 3"),
        (
            #"[{"uuid":"a","description":"x","status":"pending"},{"description":"y","status":"pending"}]"#,
            "task 2 has no uuid"
        ),
    ])
    func badTasksFailNamingWhere(text: String, message: String) {
        #expect {
            try ChecklistImport.foreign(from: Array(text.utf8), now: TestTime.now)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func ourOwnFormatsAreNotForeign() throws {
        #expect(try ChecklistImport.foreign(from: Array(#"{"checklists":[]}"#.utf8), now: 0) == nil)
        #expect(try ChecklistImport.foreign(from: Array("- [ ] milk\n".utf8), now: 0) == nil)
        #expect(try ChecklistImport.foreign(from: Array("[1, 2]".utf8), now: 0) == nil)
    }
}
