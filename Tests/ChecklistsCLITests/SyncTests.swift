import Foundation
import TestSupport
import Testing

/// `sync init`, `sync`, `merge` and `cat` with the real git, on a bare repository in a temporary
/// folder and data folders that sync through it (SPEC §8).
@Suite struct SyncTests {
    /// A bare repository standing in for the remote, in a temporary folder, and the machines
    /// (data folders) that sync through it; all are removed with it.
    final class Remote {
        let folder: URL
        /// What keeps `folder`, removed after the machines.
        private let scratch: TemporaryFolder
        var url: String { folder.appending(path: "checklists.git").path }
        private var machines: [ChecklistsProcess] = []

        /// A new machine: its own HOME, XDG folders and data file.
        func machine() throws -> ChecklistsProcess {
            let machine = try ChecklistsProcess()
            machines.append(machine)
            return machine
        }

        init() throws {
            scratch = try TemporaryFolder(prefix: "checklists-remote")
            folder = URL(filePath: scratch.path)
            let created = try SyncTests.git(["init", "--quiet", "--bare", url])
            try #require(created.status == 0, "\(created.stderr)")
        }

        deinit {
            for machine in machines { machine.remove() }
        }
    }

    /// Runs git with arguments and returns what it printed.
    static func git(_ arguments: [String], in folder: String? = nil) throws -> ChecklistsProcess.Outcome {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/git")
        process.arguments = (folder.map { ["-C", $0] } ?? []) + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs `arguments` on `machine` and requires success.
    @discardableResult
    private func must(_ machine: ChecklistsProcess, _ arguments: [String]) throws -> ChecklistsProcess.Outcome {
        let outcome = try machine.run(arguments)
        try #require(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome
    }

    private func texts(_ machine: ChecklistsProcess) throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for list in try machine.exported().lists { result[list.name] = list.items.map(\.text) }
        return result
    }

    @Test func aSecondMachineJoiningTakesTheRemotesChecklists() throws {
        let remote = try Remote()
        let laptop = try remote.machine()
        let desktop = try remote.machine()
        try must(laptop, ["add", "Buy milk"])
        let setUp = try must(laptop, ["sync", "init", remote.url])
        #expect(setUp.stdout.contains("sync set up in"))
        #expect(setUp.stdout.contains("out 1 added"))

        let joined = try must(desktop, ["sync", "init", remote.url])
        #expect(joined.stdout.contains("in 1 added"))
        #expect(try texts(desktop) == ["List": ["Buy milk"]])
        // Git wrote the file; it stays private as a new data file is.
        let mode = try FileManager.default.attributesOfItem(atPath: desktop.dataFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func setUpWritesTheDriverAttributesAndIgnoreListAndCommitsTheData() throws {
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        try must(laptop, ["add", "Buy milk"])
        try must(laptop, ["sync", "init"])
        let folder = laptop.dataFolder
        let driver = try Self.git(["config", "--get", "merge.checklists.driver"], in: folder).stdout
        #expect(driver == "\"\(ChecklistsProcess.executable.path)\" merge %O %A %B\n")
        let textconv = try Self.git(["config", "--get", "diff.checklists.textconv"], in: folder).stdout
        #expect(textconv == "\"\(ChecklistsProcess.executable.path)\" cat\n")
        let attributes = try String(contentsOfFile: folder + "/.gitattributes", encoding: .utf8)
        #expect(attributes == "/Checklists.plist merge=checklists diff=checklists\n")
        let ignored = try String(contentsOfFile: folder + "/.gitignore", encoding: .utf8)
        #expect(ignored == "/Checklists.plist.lock\n/Checklists.plist.tmp-*\n")
        let tracked = try Self.git(["ls-files"], in: folder).stdout
        #expect(tracked == ".gitattributes\n.gitignore\nChecklists.plist\n")
        let author = try Self.git(["log", "-1", "--format=%an <%ae>"], in: folder).stdout
        #expect(author.hasPrefix("checklists <"))

        // Again: the configuration is refreshed, the data and the history stay as they were.
        let before = laptop.bytes(laptop.dataFile)
        let commits = try Self.git(["rev-list", "--count", "HEAD"], in: folder).stdout
        try must(laptop, ["sync", "init"])
        #expect(laptop.bytes(laptop.dataFile) == before)
        #expect(try Self.git(["rev-list", "--count", "HEAD"], in: folder).stdout == commits)
        #expect(try String(contentsOfFile: folder + "/.gitattributes", encoding: .utf8) == attributes)
    }

    @Test func threeMachinesChangingAtOnceEndIdenticalWithEveryChangeKept() throws {
        let remote = try Remote()
        let machines = try (0..<3).map { _ in try remote.machine() }
        let (a, b, c) = (machines[0], machines[1], machines[2])
        _ = try a.batch("new Groceries\nadd Milk\nadd Eggs\nadd Bread\nnew Work\nadd Report\nuse Groceries\n")
        try must(a, ["sync", "init", remote.url])
        try must(b, ["sync", "init", remote.url])
        try must(c, ["sync", "init", remote.url])
        try must(b, ["use", "Groceries"])
        try must(c, ["use", "Groceries"])

        // a and b each add an item with the same next ID; a edits Eggs, which c deletes; a and b
        // both rename Bread (a same-field conflict); c renames Work and checks Milk.
        try must(a, ["add", "Butter"])
        try must(a, ["edit", "2", "Free-range eggs"])
        try must(a, ["edit", "3", "Rye bread"])
        try must(b, ["add", "Cheese"])
        try must(b, ["edit", "3", "White bread"])
        try must(c, ["delete", "2"])
        try must(c, ["check", "1"])
        try must(c, ["use", "Work"])
        try must(c, ["rename", "Office"])

        try must(a, ["sync"])
        let second = try must(b, ["sync"])
        #expect(second.stdout.contains("renumbered"))
        #expect(second.stderr.contains("White bread") || second.stderr.contains("Rye bread"))
        try must(c, ["sync"])
        try must(a, ["sync"])
        try must(b, ["sync"])

        let expected = try a.exported()
        #expect(try b.exported().lists == expected.lists)
        #expect(try c.exported().lists == expected.lists)
        let groceries = try #require(expected.list("Groceries"))
        #expect(groceries.items.map(\.text).sorted() == ["Butter", "Cheese", "Free-range eggs", "Milk", "White bread"])
        #expect(groceries.items.first { $0.text == "Milk" }?.checked == true)
        #expect(expected.list("Office")?.items.map(\.text) == ["Report"])
        #expect(expected.list("Work") == nil)
        let ids = expected.allItems.map(\.itemID)
        #expect(Set(ids).count == ids.count)
        for machine in machines {
            #expect(try FoundationReader.read(machine.dataFile) == expected.lists)
        }
    }

    @Test func historyShowsTheChecklistsAsText() throws {
        let remote = try Remote()
        let laptop = try remote.machine()
        try must(laptop, ["add", "Buy milk"])
        try must(laptop, ["sync", "init", remote.url])
        try must(laptop, ["check", "1"])
        try must(laptop, ["sync"])
        try must(laptop, ["due", "1", "2030-01-02 09:30"])
        try must(laptop, ["remind", "1", "on"])
        try must(laptop, ["icon", "Groceries"])
        try must(laptop, ["sync"])
        let log = try Self.git(["log", "-p"], in: laptop.dataFolder)
        #expect(log.stdout.contains("-- [ ] Buy milk"))
        #expect(log.stdout.contains("+- [x] Buy milk"))
        // A change of due date, reminder or icon alone shows too.
        #expect(log.stdout.contains("+  due 2030-01-02T09:30:00Z, reminder on"))
        #expect(log.stdout.contains("+icon: Groceries"))
    }

    @Test func anUnreachableRemoteKeepsTheDataAndTheLocalCommitAndLeavesNoMerge() throws {
        let remote = try Remote()
        let laptop = try remote.machine()
        try must(laptop, ["add", "Buy milk"])
        try must(laptop, ["sync", "init", remote.url])
        try must(laptop, ["add", "Eggs"])
        _ = try Self.git(
            ["remote", "set-url", "origin", remote.folder.appending(path: "gone.git").path], in: laptop.dataFolder)
        let before = laptop.bytes(laptop.dataFile)
        let failed = try laptop.run(["sync"])
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("cannot reach"))
        #expect(laptop.bytes(laptop.dataFile) == before)
        // Commits hold no current checklist (it is each machine's own), so git sees the data file
        // as modified while one is current; nothing else is left over.
        let status = try Self.git(["status", "--porcelain"], in: laptop.dataFolder).stdout
        #expect(status.isEmpty || status == " M Checklists.plist\n")
        #expect(!FileManager.default.fileExists(atPath: laptop.dataFolder + "/.git/MERGE_HEAD"))
        let shown = try Self.git(["show", "HEAD:Checklists.plist"], in: laptop.dataFolder)
        #expect(shown.status == 0)
    }

    @Test func aDamagedFileOnTheRemoteIsRefusedAndTheDataKept() throws {
        let remote = try Remote()
        let laptop = try remote.machine()
        let other = try remote.machine()
        try must(laptop, ["add", "Buy milk"])
        try must(laptop, ["sync", "init", remote.url])
        // Another machine pushes a damaged data file; the merge driver refuses it.
        _ = try Self.git(["clone", "--quiet", "--branch", "main", remote.url, other.dataFolder])
        try Data("not an archive".utf8).write(to: URL(filePath: other.dataFile))
        let identity = ["-c", "user.name=t", "-c", "user.email=t@t"]
        _ = try Self.git(identity + ["commit", "--quiet", "-am", "damage"], in: other.dataFolder)
        _ = try Self.git(["push", "--quiet"], in: other.dataFolder)
        try must(laptop, ["add", "Eggs"])
        let before = laptop.bytes(laptop.dataFile)
        let failed = try laptop.run(["sync"])
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("the remote's checklists cannot be used"))
        #expect(failed.stderr.contains("not a checklists archive"))
        #expect(laptop.bytes(laptop.dataFile) == before)
        #expect(!FileManager.default.fileExists(atPath: laptop.dataFolder + "/.git/MERGE_HEAD"))
        #expect(try texts(laptop) == ["List": ["Buy milk", "Eggs"]])
    }

    @Test func syncBeforeSetUpSaysHowToSetItUp() throws {
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        try must(laptop, ["add", "Buy milk"])
        let failed = try laptop.run(["sync"])
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("sync init"))
    }

    @Test func syncWithoutGitSaysHowToInstallIt() throws {
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        let failed = try laptop.run(["sync", "init"], environment: ["PATH": "/nonexistent"])
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("apt-get install git"))
    }

    @Test func syncInBatchModeReloadsForTheNextCommand() throws {
        let remote = try Remote()
        let laptop = try remote.machine()
        let desktop = try remote.machine()
        try must(laptop, ["add", "Buy milk"])
        try must(laptop, ["sync", "init", remote.url])
        try must(desktop, ["sync", "init", remote.url])
        try must(laptop, ["add", "Eggs"])
        try must(laptop, ["sync"])
        let batch = try desktop.batch("sync\nshow\n")
        #expect(batch.status == 0)
        #expect(batch.stdout.contains("2 [ ] Eggs"))
    }

    @Test func theMergeDriverGivenADamagedFileExitsSixtyFiveAndChangesNothing() throws {
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        try must(laptop, ["add", "Buy milk"])
        let good = try #require(laptop.bytes(laptop.dataFile))
        let folder = laptop.folder.path
        try Data(good).write(to: URL(filePath: folder + "/base"))
        try Data(good).write(to: URL(filePath: folder + "/ours"))
        try Data(good.prefix(good.count / 2)).write(to: URL(filePath: folder + "/theirs"))
        let failed = try laptop.run(["merge", folder + "/base", folder + "/ours", folder + "/theirs"])
        #expect(failed.status == 65)
        #expect(failed.stderr.contains(folder + "/theirs"))
        #expect(laptop.bytes(folder + "/ours") == good)
    }

    @Test func catPrintsAnArchiveAsMarkdown() throws {
        let laptop = try ChecklistsProcess()
        defer { laptop.remove() }
        _ = try laptop.batch("add Buy milk\ncheck 1\nadd Eggs\n")
        let shown = try must(laptop, ["cat", laptop.dataFile])
        #expect(shown.stdout == "## List\n\n- [x] Buy milk\n- [ ] Eggs\n")
        let damaged = laptop.folder.path + "/damaged"
        try Data("bplist00".utf8).write(to: URL(filePath: damaged))
        #expect(try laptop.run(["cat", damaged]).status == 65)
    }
}
