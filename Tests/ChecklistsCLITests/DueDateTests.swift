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

    /// Issue #40: a year after the month and day, `this fri`, `in an hour`, `+1h30m`; a date with
    /// slashes gets the ISO form of each order that is a day.
    @Test func datesWithAYearAndTheRelativeWordsPeopleTypeAreTaken() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try cli.batch("add Call mum\n")
        let expected: [([String], String)] = [
            (["dec", "25", "2027"], "due 2027-12-25  #0"), (["1", "jan", "2027"], "due 2027-01-01  #0"),
            (["dec", "25,", "2027"], "due 2027-12-25  #0"), (["25 dec, 2027 6pm"], "due 2027-12-25 18:00  #0"),
            (["dec", "25", "20:27"], " 20:27  #0"),
        ]
        for (words, shown) in expected {
            let outcome = try cli.run(["due", "1"] + words)
            #expect(outcome.status == 0, "\(words): \(outcome.stderr)")
            #expect(outcome.stdout.hasSuffix(shown + "\n"), "\(words): \(outcome.stdout)")
        }
        for words in [["this", "fri"], ["in", "an", "hour"], ["+1h30m"], ["in", "1", "hour", "30", "minutes"]] {
            let outcome = try cli.run(["due", "1"] + words)
            #expect(outcome.status == 0, "\(words): \(outcome.stderr)")
        }
        let us = try cli.run(["due", "1", "12/25/2026"])
        #expect(us.status == 1)
        #expect(us.stderr.hasPrefix("checklists: \"12/25/2026\" is not a date; did you mean \"2026-12-25\"?"))
        let either = try cli.run(["due", "1", "03/04/2026"])
        #expect(
            either.stderr.hasPrefix(
                "checklists: \"03/04/2026\" is not a date; did you mean \"2026-03-04\" or \"2026-04-03\"?"))
        let help = try cli.run(["help", "due"])
        #expect(help.stdout.contains("dec 25 2027"))
        #expect(help.stdout.contains("this fri"))
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
