import ChecklistKit
import Effects
import Foundation
import TestSupport
import Testing

/// `sync init` and `sync` against a bare repository in a temporary folder, with the real git: two
/// data folders stand for two machines.
@Suite(.enabled(if: GitTool.present, "git is not installed"))
struct GitSyncTests {
    /// The merge driver's executable written into the repository's configuration (git runs it
    /// only for a merge a user starts; `sync` merges by itself).
    static let executable = "/usr/local/bin/checklists"

    /// A bare repository and the machines that sync with it, removed together.
    final class Remote {
        let folder: TemporaryFolder
        /// The bare repository's path, used as its URL.
        var url: String { folder.file("checklists.git") }
        /// What every git here runs with: a HOME of its own, so no user configuration counts.
        let environment: [String: String]

        init() throws {
            folder = try TemporaryFolder(prefix: "gitsync")
            environment = ["PATH": "/usr/bin:/bin", "HOME": folder.file("home"), "USER": "tester"]
            try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
            try git(["init", "--quiet", "--bare", url])
        }

        /// A machine: a data file in a folder of its own, with a session on it.
        func machine(_ name: String) throws -> Machine {
            try Machine(path: folder.file(name + "/Checklists.plist"), remote: self)
        }

        /// Runs git and returns its standard output; requires success.
        @discardableResult
        func git(_ arguments: [String], in folder: String? = nil) throws -> String {
            let outcome = try ChildProcess.run(
                "git", (folder.map { ["-C", $0] } ?? []) + arguments, environment: environment)
            try #require(outcome.succeeded, "git \(arguments): \(outcome.errorText)")
            return outcome.outputText
        }
    }

    /// One machine's data file, its store and a session on it.
    struct Machine {
        let store: ChecklistStore
        let session: Session
        let sync: GitSync
        let folder: String

        init(path: String, remote: Remote) throws {
            folder = String(path.prefix(upTo: try #require(path.lastIndex(of: "/"))))
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            store = try ChecklistStore(path: path)
            session = Session(store: store)
            sync = GitSync(store: store, executable: GitSyncTests.executable, environment: remote.environment)
        }

        /// Runs command lines, requiring each to succeed.
        func run(_ lines: String...) throws {
            for line in lines {
                let result = session.run(line)
                try #require(result.error == nil, "\(line): \(result.error ?? "")")
            }
        }

        /// The checklists as (name, item texts), read from the file again.
        func texts() throws -> [String: [String]] {
            let fresh = try ChecklistStore(path: store.path)
            var result: [String: [String]] = [:]
            for list in fresh.book.checklists { result[list.name] = list.items.map(\.text) }
            return result
        }
    }

    @Test func setUpWritesTheDriverAndCommitsTheDataFile() throws {
        let remote = try Remote()
        let laptop = try remote.machine("laptop")
        try laptop.run("add Buy milk")
        let result = try laptop.sync.initialize(url: nil)
        #expect(result.lines.map(\.text) == ["sync set up in \(laptop.folder) (merge driver: \(Self.executable))"])
        let driver = try remote.git(["config", "--get", "merge.checklists.driver"], in: laptop.folder)
        #expect(driver == "\"\(Self.executable)\" merge %O %A %B")
        #expect(try remote.git(["ls-files"], in: laptop.folder) == ".gitattributes\n.gitignore\nChecklists.plist")
        let author = try remote.git(["log", "-1", "--format=%an <%ae>"], in: laptop.folder)
        #expect(author.hasPrefix("checklists <tester@"))
    }

    @Test func changesTravelBothWays() throws {
        let remote = try Remote()
        let laptop = try remote.machine("laptop")
        let desktop = try remote.machine("desktop")
        try laptop.run("add Buy milk")
        let setUp = try laptop.sync.initialize(url: remote.url)
        #expect(setUp.lines.last?.text == "synced with origin: in nothing; out 1 added")

        let joined = try desktop.sync.initialize(url: remote.url)
        #expect(joined.lines.last?.text == "synced with origin: in 1 added; out nothing")
        #expect(try desktop.texts() == ["List": ["Buy milk"]])

        try desktop.run("add Eggs")
        #expect(try desktop.sync.sync().lines.map(\.text) == ["synced with origin: in nothing; out 1 added"])
        #expect(try laptop.sync.sync().lines.map(\.text) == ["synced with origin: in 1 added; out nothing"])
        #expect(try laptop.texts() == ["List": ["Buy milk", "Eggs"]])
        #expect(
            try remote.git(["rev-parse", "HEAD"], in: laptop.folder)
                == remote.git(["rev-parse", "main"], in: remote.url))
    }

    @Test func changesMadeOnBothSidesAreMergedWithTheirNotes() throws {
        let remote = try Remote()
        let laptop = try remote.machine("laptop")
        let desktop = try remote.machine("desktop")
        try laptop.run("add Bread")
        _ = try laptop.sync.initialize(url: remote.url)
        _ = try desktop.sync.initialize(url: remote.url)

        // The same field changed on both sides, and a new item on each with the same ID.
        try laptop.run("edit 1 White bread", "add Milk")
        try desktop.run("edit 1 Rye bread", "add Eggs")
        _ = try laptop.sync.sync()
        let merged = try desktop.sync.sync()
        #expect(merged.notices == [#"List #0 text: kept "Rye bread" over "White bread" from the other side"#])
        // Milk comes in; Eggs, renumbered, goes out with the text kept here.
        #expect(
            merged.lines.map(\.text) == [
                #"synced with origin: in 1 added, 1 changed; out 1 added, 1 changed; renumbered #1 → #2 ("Eggs")"#
            ])
        _ = try laptop.sync.sync()
        #expect(try laptop.texts() == ["List": ["Rye bread", "Milk", "Eggs"]])
        #expect(try desktop.texts() == laptop.texts())
    }

    @Test func initRefusesAnUnreachableURLAndChangesNothing() throws {
        let remote = try Remote()
        let laptop = try remote.machine("laptop")
        try laptop.run("add Buy milk")
        let before = FileManager.default.contents(atPath: laptop.store.path)
        let missing = remote.folder.file("nothing-here.git")
        #expect {
            try laptop.sync.initialize(url: missing)
        } throws: { error in
            guard case SyncError.initFailed(let url, .notRepository, _) = error else { return false }
            return url == missing
        }
        // Port 1 on this machine: nothing listens, so the connection is refused at once.
        #expect {
            try laptop.sync.initialize(url: "http://127.0.0.1:1/checklists.git")
        } throws: { error in
            guard case SyncError.initFailed(_, .unreachable, _) = error else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: laptop.folder + "/.git"))
        #expect(!FileManager.default.fileExists(atPath: laptop.folder + "/.gitattributes"))
        #expect(FileManager.default.contents(atPath: laptop.store.path) == before)
    }

    @Test func syncBeforeSetUpSaysHowToSetItUp() throws {
        let remote = try Remote()
        let laptop = try remote.machine("laptop")
        try laptop.run("add Buy milk")
        #expect {
            try laptop.sync.sync()
        } throws: { error in
            guard case SyncError.notSetUp(let folder) = error else { return false }
            return folder == laptop.folder
        }
    }
}
