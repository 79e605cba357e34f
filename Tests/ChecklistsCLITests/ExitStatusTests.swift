import Foundation
import Testing

/// The exit statuses of SPEC §2: 0, 1, 2, 65 and 74, in one-shot and batch mode.
struct ExitStatusTests {
    @Test func successIsZeroAndAFailedCommandIsOne() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "one"]).status == 0)
        #expect(try cli.run(["lists"]).status == 0)
        #expect(try cli.run(["bogus"]).status == 1)
        #expect(try cli.run(["use", "Nowhere"]).status == 1)
        #expect(try cli.batch("add two\nshow\n").status == 0)
        #expect(try cli.batch("add two\nbogus\nshow\n").status == 1)
    }

    @Test(arguments: [
        ["--color", "purple", "show"],
        ["--color"],
        ["--file"],
        ["--bail=yes"],
        ["--frobnicate"],
        ["-x", "show"],
    ])
    func anInvalidInvocationIsTwoWithAUsageMessage(arguments: [String]) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("Usage: checklists"))
        #expect(!FileManager.default.fileExists(atPath: cli.dataFile))
    }

    @Test func theColorErrorNamesTheAllowedValues() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["--color", "purple", "show"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("'purple'"))
        #expect(outcome.stderr.contains("'auto', 'always' or 'never'"))
    }

    @Test func aDoubleDashEndsTheOptions() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let outcome = try cli.run(["--", "add", "--not-an-option"])
        #expect(outcome.status == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["--not-an-option"])
    }

    @Test func aDataFileThatIsNotAnArchiveIsSixtyFiveInEveryMode() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try FileManager.default.createDirectory(atPath: cli.dataFolder, withIntermediateDirectories: true)
        try Data("not a plist".utf8).write(to: URL(filePath: cli.dataFile))
        let oneShot = try cli.run(["show"])
        #expect(oneShot.status == 65)
        #expect(oneShot.stderr.contains(cli.dataFile))
        #expect(try cli.run(["add", "x"]).status == 65)
        #expect(try cli.batch("add x\n").status == 65)
        #expect(cli.bytes(cli.dataFile) == Array("not a plist".utf8))
    }

    @Test func aDataFileThatCannotBeReadIsSeventyFour() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // As root permission bits do not stop reads; a folder in the file's place does.
        try FileManager.default.createDirectory(atPath: cli.dataFile, withIntermediateDirectories: true)
        let oneShot = try cli.run(["show"])
        #expect(oneShot.status == 74)
        #expect(oneShot.stderr == "checklists: cannot read \(cli.dataFile): Is a directory (open)\n")
        #expect(try cli.batch("add x\n").status == 74)
    }

    @Test func aLockFileThatCannotBeOpenedIsSeventyFourAndChangesNothing() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "one"]).status == 0)
        let before = cli.bytes(cli.dataFile)
        try FileManager.default.removeItem(atPath: cli.dataFile + ".lock")
        try FileManager.default.createDirectory(atPath: cli.dataFile + ".lock", withIntermediateDirectories: false)
        let outcome = try cli.run(["add", "two"])
        #expect(outcome.status == 74)
        #expect(outcome.stderr.contains("cannot lock \(cli.dataFile).lock"))
        #expect(cli.bytes(cli.dataFile) == before)
        // Reading needs no lock.
        #expect(try cli.run(["show"]).status == 0)
        let batch = try cli.batch("add two\nshow\nadd three\n")
        #expect(batch.status == 74)
        #expect(batch.stderr.hasPrefix("line 1: cannot lock"))
        #expect(batch.stdout == "List  1 Remaining\n1 [ ] one  #0\n")
    }

    @Test func aBatchReportsTheMostSeriousFailure() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "one"]).status == 0)
        try FileManager.default.removeItem(atPath: cli.dataFile + ".lock")
        try FileManager.default.createDirectory(atPath: cli.dataFile + ".lock", withIntermediateDirectories: false)
        // A plain failure first, then a data-file failure: 74 wins.
        let outcome = try cli.batch("bogus\nadd two\nbogus\n")
        #expect(outcome.status == 74)
        #expect(outcome.stderr.split(separator: "\n").count == 3)
    }
}
