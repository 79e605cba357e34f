import Foundation
import TestSupport
import Testing

/// `import FILE` of what Taskwarrior 2.6's `task export` writes (SPEC §15), made by the real
/// `task` in a temporary folder, through the built program.
@Suite
struct TaskwarriorImportTests {
    /// Whether Taskwarrior is installed (else the tests are skipped and the skip recorded).
    static let taskInstalled = RequiredTool.available(
        "taskwarrior", present: RequiredTool.executable("/usr/bin/task"), install: "apt-get install taskwarrior")

    /// The script prefix that points `task` at a fresh data folder, asking nothing. Filters name
    /// a task by one word (`/milk/`): `task` cannot evaluate a pattern with a space in it.
    private static let taskSetUp = """
        set -e
        export TASKDATA="$PWD/taskdata" TASKRC="$PWD/taskrc"
        mkdir -p "$TASKDATA"; : > "$TASKRC"
        t() { task rc.confirmation=off rc.recurrence.confirmation=off rc.verbose=nothing rc.hooks=off "$@"; }

        """

    /// Tasks of every kind §15's table names, exported to `tasks.json`.
    private static let makeTasks =
        taskSetUp + """
            t add Buy milk project:Home.Kitchen +errand +shop priority:H due:2026-12-20
            t 1 annotate Full fat
            t 1 annotate From the corner shop
            t add Call Bob priority:M due:2026-12-21T09:30
            t add Paint the shed priority:L scheduled:2026-12-10
            t add Renew passport wait:2027-01-05
            t add Water the plants project:Home recur:weekly due:2026-12-10
            t add Sand the walls depends:3
            t add Filed the taxes
            t /Filed/ done
            t add Old idea
            t /Old/ delete
            t export > tasks.json
            """

    /// The checklists of the data file as `export json` writes them: name → items.
    private func exported(_ cli: ChecklistsProcess) throws -> [String: [[String: Any]]] {
        let outcome = try cli.run(["export", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let lists = try #require(document["checklists"] as? [[String: Any]])
        var result: [String: [[String: Any]]] = [:]
        for list in lists {
            result[try #require(list["name"] as? String)] = list["items"] as? [[String: Any]] ?? []
        }
        return result
    }

    @Test(.enabled(if: taskInstalled))
    func everyFieldOfARealExportMapsAsTheSpecSays() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let made = try cli.shell("cd \"$1\"\n" + Self.makeTasks, arguments: [cli.folder.path])
        try #require(made.status == 0, "\(made.stderr)")
        let file = cli.folder.appending(path: "tasks.json").path
        let before = try exported(cli)
        let outcome = try cli.run(["import", file])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout.contains("imported from Taskwarrior: 7 added, 0 updated, 0 unchanged, "), "\(outcome.stdout)"
        )
        #expect(outcome.stdout.contains("left out: deleted: Old idea"))
        let lists = try exported(cli)
        #expect(Set(lists.keys) == Set(before.keys).union(["Home.Kitchen", "Home", "Inbox"]))
        #expect(before.allSatisfy { lists[$0.key]?.count == $0.value.count }, "the lists there before keep their items")
        let milk = try #require(lists["Home.Kitchen"]?.first)
        #expect(milk["text"] as? String == "Buy milk")
        #expect(milk["tags"] as? [String] == ["errand", "shop"])
        #expect(milk["priority"] as? Int == 1)
        #expect(milk["dueDate"] as? String == "2026-12-20", "a date without a time is a whole day")
        #expect(milk["note"] as? String == "Full fat\nFrom the corner shop")
        let inbox = try #require(lists["Inbox"])
        func item(_ text: String) -> [String: Any]? { inbox.first { $0["text"] as? String == text } }
        #expect(item("Call Bob")?["dueDate"] as? String == "2026-12-21T09:30:00Z")
        #expect(item("Call Bob")?["priority"] as? Int == 5)
        #expect(item("Paint the shed")?["start"] as? String == "2026-12-10")
        #expect(item("Paint the shed")?["priority"] as? Int == 9)
        #expect(item("Renew passport")?["start"] as? String == "2027-01-05", "wait is the start without scheduled")
        #expect(item("Sand the walls")?["note"] as? String == "Depends on: Paint the shed")
        #expect(item("Filed the taxes")?["checked"] as? Bool == true)
        #expect(item("Old idea") == nil)
        let plants = try #require(lists["Home"])
        #expect(plants.count == 1, "a repeating task is one item, not one per occurrence")
        #expect(plants.first?["repeat"] as? String == "FREQ=WEEKLY")
        #expect(plants.first?["dueDate"] as? String == "2026-12-10")
        let tasks = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(filePath: file))) as? [[String: Any]])
        let milkUUID = tasks.first { $0["description"] as? String == "Buy milk" }?["uuid"] as? String
        #expect(milkUUID != nil && milk["uid"] as? String == milkUUID, "the uuid is the item's UID")
    }

    @Test(.enabled(if: taskInstalled))
    func importingAgainUpdatesInPlaceAndNeverDoubles() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let made = try cli.shell("cd \"$1\"\n" + Self.makeTasks, arguments: [cli.folder.path])
        try #require(made.status == 0, "\(made.stderr)")
        let file = cli.folder.appending(path: "tasks.json").path
        #expect(try cli.run(["import", file]).status == 0)
        let first = try exported(cli)
        let again = try cli.run(["import", file])
        #expect(again.stdout.contains("0 added, 0 updated, 7 unchanged"), "\(again.stdout)")
        let changed = try cli.shell(
            "cd \"$1\"\n" + Self.taskSetUp
                + "t /milk/ modify Buy oat milk\nt add Fix the bike\nt export > tasks.json",
            arguments: [cli.folder.path])
        try #require(changed.status == 0, "\(changed.stderr)")
        let dry = try cli.run(["import", "--dry-run", file])
        #expect(dry.stdout.contains("would import from Taskwarrior: 1 added, 1 updated, 6 unchanged"), "\(dry.stdout)")
        #expect(try exported(cli).mapValues(\.count) == first.mapValues(\.count), "a dry run changes nothing")
        let third = try cli.run(["import", file])
        #expect(third.stdout.contains("1 added, 1 updated, 6 unchanged"), "\(third.stdout)")
        let lists = try exported(cli)
        #expect(lists["Home.Kitchen"]?.map { $0["text"] as? String } == ["Buy oat milk"])
        #expect(lists["Inbox"]?.count == 6)
        #expect(try cli.run(["undo"]).status == 0)
        #expect(try exported(cli)["Home.Kitchen"]?.map { $0["text"] as? String } == ["Buy milk"], "one undo step")
    }

    @Test func brokenExportsNameWhereAndImportNothing() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let good = #"{"uuid":"a1","description":"Fine","status":"pending"}"#
        let cases: [(String, String)] = [
            ("[\n\(good),\n{\"uuid\": \"b2\", \"description\": \"Cut\"", "invalid JSON on line 3"),
            (
                "[\(good),{\"uuid\":\"b2\",\"description\":\"Odd\",\"status\":\"frozen\"}]",
                "task 2 (b2) has the unknown status \"frozen\""
            ),
            (
                "[\(good),{\"uuid\":\"b2\",\"description\":\"Far\",\"status\":\"pending\",\"due\":\"99991399T000000Z\"}]",
                "task 2 (b2) has due"
            ),
            (
                "[\(good),{\"uuid\":\"b2\",\"description\":\"No date\",\"status\":\"pending\",\"due\":\"tomorrow\"}]",
                "not a date"
            ),
        ]
        // A fresh data file already holds a checklist: nothing imported leaves the export as it was.
        let before = try cli.run(["export", "json"]).stdout
        for (text, message) in cases {
            let file = cli.folder.appending(path: "bad.json")
            try Data(text.utf8).write(to: file)
            let outcome = try cli.run(["import", file.path])
            #expect(outcome.status != 0)
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
            #expect(try cli.run(["export", "json"]).stdout == before, "nothing half imported")
        }
        let huge =
            "[{\"uuid\":\"h\",\"description\":\"\(String(repeating: "x", count: 10_000_000))\",\"status\":\"bogus\"}]"
        let file = cli.folder.appending(path: "huge.json")
        try Data(huge.utf8).write(to: file)
        let outcome = try cli.run(["import", file.path])
        #expect(outcome.status != 0 && outcome.stderr.contains("task 1 (h) has the unknown status"))
        #expect(outcome.stderr.count < 1000, "the message does not repeat the 10 MB field")
    }
}
