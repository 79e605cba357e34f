import Foundation
import Testing

/// Due dates through the built program (SPEC §6, §9): 00:00 is a time everywhere, whole days
/// stay days in every zone, and a `TZ` the system does not know is told.
struct DueDateTests {
    @Test func aDueTimeOfMidnightIsShownOverdueAndFiresOnce() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Call mum\nadd Birthday\ndue 1 today 00:00\nremind 1 on\n")
        let shown = try cli.run(["show"])
        #expect(shown.stdout.contains(" 00:00 (overdue)  remind  #0"), "\(shown.stdout)")
        let out = cli.folder.path + "/fired.txt"
        let fired = try cli.run(["watch", "--once", "--exec", "echo \"$CHECKLISTS_TEXT\" >> '\(out)'"])
        #expect(fired.status == 0, "\(fired.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "Call mum\n")
    }

    @Test func aWholeDaySetInTokyoIsTheSameDayWithoutATimeInLosAngeles() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Birthday\ndue 1 2046-11-25\n", environment: ["TZ": "JST-9"])
        let shown = try cli.run(["show"], environment: ["TZ": "PST8PDT,M3.2.0,M11.1.0"])
        #expect(shown.stdout.hasSuffix("1 [ ] Birthday  due 2046-11-25  #0\n"), "\(shown.stdout)")
        #expect(shown.stderr.isEmpty)
    }

    @Test func datesPeopleTypeWorkAsSeparateWordsAndHelpDueListsThem() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Call mum\n")
        for words in [["tomorrow", "9am"], ["next", "week"], ["in", "2", "days"], ["eod"], ["6pm"], ["dec", "25"]] {
            let outcome = try cli.run(["due", "1"] + words)
            #expect(outcome.status == 0, "\(words): \(outcome.stderr)")
        }
        let refused = try cli.run(["due", "1", "tomorrow", "18"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("checklists: \"tomorrow 18\" is not a date; did you mean \"tomorrow 18:00\"?"))
        let help = try cli.run(["help", "due"])
        #expect(help.stdout.contains("eod, eow (Sunday), eom, eoy"))
    }

    @Test func aTimeZoneTheSystemDoesNotKnowIsToldOnce() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.batch("add Milk\ndue 1 tomorrow\nshow\nupcoming\n", environment: ["TZ": "Mars/Olympus"])
        #expect(outcome.status == 0)
        let notes = outcome.stderr.split(separator: "\n")
        #expect(notes.count == 1, "\(outcome.stderr)")
        #expect(notes.first?.hasPrefix("line 2: note: TZ=\"Mars/Olympus\" is not a time zone known here") == true)
        let shown = try cli.run(["show"], environment: ["TZ": "Mars/Olympus"])
        #expect(shown.stderr.hasPrefix("note: TZ=\"Mars/Olympus\""))
        #expect(try cli.run(["lists"], environment: ["TZ": "Mars/Olympus"]).stderr.isEmpty)
    }
}
