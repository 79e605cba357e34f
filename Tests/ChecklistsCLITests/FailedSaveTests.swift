import Foundation
import Testing

/// A change that cannot be saved fails with 74 and is not applied, on disk or in memory (SPEC §5).
struct FailedSaveTests {
    /// Fills the data file past 1 KiB and returns its bytes.
    private func bigFile(_ cli: ChecklistsProcess) throws -> [UInt8] {
        let script = (0..<20).map { "add item number \($0) with some words\n" }.joined()
        #expect(try cli.batch(script).status == 0)
        let bytes = try #require(cli.bytes(cli.dataFile))
        try #require(bytes.count > 1024)
        return bytes
    }

    /// Imports 9,000 items (about 1.4 MB of archive) and returns the data file's bytes.
    private func importedFile(_ cli: ChecklistsProcess) throws -> [UInt8] {
        let markdown = cli.folder.appending(path: "many.md").path
        let lines = (0..<9_000).map { "- [ ] item number \($0) with a few more words\n" }.joined()
        try Data(("# Many\n\n" + lines).utf8).write(to: URL(filePath: markdown))
        #expect(try cli.run(["import", markdown]).status == 0)
        let bytes = try #require(cli.bytes(cli.dataFile))
        try #require(bytes.count > 1_200_000)
        return bytes
    }

    /// The names in the data folder other than the data and lock files.
    private func strayFiles(_ cli: ChecklistsProcess) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.dataFolder)
            .filter { $0 != "Checklists.plist" && $0 != "Checklists.plist.lock" }
    }

    @Test func aSaveOverTheFileSizeLimitFailsAndLeavesTheFileAsItWas() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let before = try bigFile(cli)
        // RLIMIT_FSIZE of 512 bytes: writing the new archive fails with EFBIG (SIGXFSZ is ignored).
        let outcome = try cli.shell("ulimit -f 1; exec \"$CHECKLISTS\" add big", arguments: [])
        #expect(outcome.status == 74)
        #expect(!outcome.wasSignalled)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("checklists: cannot save \(cli.dataFile): File too large"))
        #expect(outcome.stderr.hasSuffix("the change was not applied\n"))
        #expect(cli.bytes(cli.dataFile) == before)
        #expect(try strayFiles(cli).isEmpty)
        // Without the limit, changes go through again.
        #expect(try cli.run(["add", "later"]).status == 0)
        let texts = try cli.exported().allItems.map(\.text)
        #expect(texts.count == 21)
        #expect(texts.last == "later")
        #expect(!texts.contains("big"))
    }

    /// A one-shot change of a file checklists wrote is an edit: the bytes before the old envelope
    /// carried, written first, then the tail, whose largest runs (the `$objects` entries, the old
    /// offset table) go from the file in one pwritev. A file size limit of 700 KiB stops the carried
    /// bytes part-way; one 4 KiB past the old offset table's start lets them through and cuts the
    /// tail short, whose rest is then written alone and refused.
    @Test(arguments: [false, true])
    func aSaveCutShortByTheFileSizeLimitLeavesTheFileAsItWas(inTheTail: Bool) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let before = try importedFile(cli)
        let tableStart = before.suffix(8).reduce(0) { $0 << 8 | Int($1) }
        try #require(tableStart > 1_000_000 && tableStart < before.count)
        let limit = inTheTail ? (tableStart + 4_096) / 512 : 1_400
        let outcome = try cli.shell("ulimit -f \(limit); exec \"$CHECKLISTS\" add big", arguments: [])
        #expect(outcome.status == 74)
        #expect(!outcome.wasSignalled)
        #expect(outcome.stderr.hasPrefix("checklists: cannot save \(cli.dataFile): File too large"))
        #expect(cli.bytes(cli.dataFile) == before)
        #expect(try strayFiles(cli).isEmpty)
        #expect(try cli.run(["add", "later"]).status == 0, "the next change saves once the limit is gone")
        let texts = try cli.exported().allItems.map(\.text)
        #expect(texts.contains("later"))
        #expect(!texts.contains("big"))
    }

    @Test func aBatchWhoseSavesFailKeepsRunningOnTheOldData() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let before = try bigFile(cli)
        let script = "add big\ncheck 1\nfind big\nshow\n"
        let outcome = try cli.shell("ulimit -f 1; exec \"$CHECKLISTS\"", stdin: Array(script.utf8))
        #expect(outcome.status == 74)
        let errors = outcome.stderr.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("line 1: cannot save \(cli.dataFile): File too large") == true)
        #expect(errors.last?.hasPrefix("line 2: cannot save") == true)
        // Memory stayed as it was: no "big" item, item 1 unchecked.
        #expect(outcome.stdout.contains("no items contain \"big\""))
        #expect(outcome.stdout.contains(" 1 [ ] item number 0 with some words  #0\n"))
        #expect(cli.bytes(cli.dataFile) == before)
        #expect(try strayFiles(cli).isEmpty)
    }

    @Test func aFirstSaveOverTheLimitCreatesNoFile() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let long = String(repeating: "long text ", count: 100)
        let outcome = try cli.shell("ulimit -f 1; exec \"$CHECKLISTS\" add \"$1\"", arguments: [long])
        #expect(outcome.status == 74)
        #expect(!FileManager.default.fileExists(atPath: cli.dataFile))
        #expect(try strayFiles(cli).isEmpty)
    }

    @Test func aDataFolderThatCannotBeWrittenFailsTheChange() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "one"]).status == 0)
        let before = cli.bytes(cli.dataFile)
        // Permission bits do not stop root; the immutable attribute does: nothing can be created
        // or renamed in the folder. The data and lock files exist already, so this is the save failing.
        let locked = try cli.shell("chattr +i \"$1\"", arguments: [cli.dataFolder])
        guard locked.status == 0 else { try Test.cancel("chattr +i is not available: \(locked.stderr)") }
        defer { _ = try? cli.shell("chattr -i \"$1\"", arguments: [cli.dataFolder]) }
        let outcome = try cli.run(["add", "two"])
        #expect(outcome.status == 74)
        #expect(outcome.stderr.hasPrefix("checklists: cannot save \(cli.dataFile): "))
        #expect(outcome.stderr.hasSuffix("; the change was not applied\n"))
        #expect(cli.bytes(cli.dataFile) == before)
        let batch = try cli.batch("add two\nshow\n")
        #expect(batch.status == 74)
        #expect(batch.stdout == "List  1 Remaining\n1 [ ] one  #0\n")
        #expect(try cli.shell("chattr -i \"$1\"", arguments: [cli.dataFolder]).status == 0)
        #expect(try cli.run(["add", "two"]).status == 0)
        #expect(try cli.exported().allItems.map(\.text) == ["one", "two"])
    }

    @Test func aDataPathUnderARegularFileFailsWithSeventyFour() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        // A regular file where a folder should be stops root too (ENOTDIR).
        let blocker = cli.folder.appending(path: "blocker").path
        try Data("keep me".utf8).write(to: URL(filePath: blocker))
        let path = blocker + "/checklists/Checklists.plist"
        for arguments in [["add", "x"], ["show"]] {
            let outcome = try cli.run(["--file", path] + arguments)
            #expect(outcome.status == 74)
            #expect(outcome.stderr.contains(path))
            #expect(outcome.stderr.contains("Not a directory"))
        }
        #expect(try cli.batch("add x\n", arguments: ["--file", path]).status == 74)
        #expect(cli.bytes(blocker) == Array("keep me".utf8))
    }

    /// A data file of mode 0400 in a writable folder: the rename would replace it (root or not)
    /// and the new file keep 0400, so every change is refused as a read-only folder's is (SPEC §5).
    @Test func aReadOnlyDataFileIsNeverReplacedByAnyChange() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.batch("new Groceries\nadd one\nadd two\n").status == 0)
        #expect(try cli.run(["delete", "2"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: cli.dataFile)
        let before = try #require(cli.bytes(cli.dataFile))
        // The one-shot fast path, a full load, undo and a batch.
        for arguments in [["add", "three"], ["check", "1"], ["drop", "Groceries"], ["undo"]] {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 74, "\(arguments)")
            #expect(
                outcome.stderr == "checklists: cannot save \(cli.dataFile): the file is read-only (chmod u+w allows"
                    + " changes); the change was not applied\n", "\(arguments)")
        }
        let batch = try cli.batch("add three\nshow\n")
        #expect(batch.status == 74)
        #expect(batch.stdout == "Groceries  1 Remaining\n1 [ ] one  #0\n")
        #expect(try cli.run(["show"]).status == 0, "reading goes on")
        #expect(cli.bytes(cli.dataFile) == before)
        let mode = try FileManager.default.attributesOfItem(atPath: cli.dataFile)[.posixPermissions] as? Int
        #expect(mode == 0o400)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: cli.dataFile)
        #expect(try cli.run(["undo"]).status == 0, "the refused undo is still there to take")
        #expect(try cli.exported().allItems.map(\.text) == ["one", "two"])
    }
}
