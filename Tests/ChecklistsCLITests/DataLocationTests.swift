import Foundation
import Testing

/// Where the data file is: `--file`, then `$CHECKLISTS_FILE`, then `$XDG_DATA_HOME`, then `~` (SPEC §2).
struct DataLocationTests {
    /// The four candidate paths of a fixture.
    private struct Paths {
        let option: String
        let variable: String
        let xdg: String
        let home: String

        init(_ cli: ChecklistsProcess) {
            option = cli.folder.appending(path: "option/Checklists.plist").path
            variable = cli.dataFile
            xdg = cli.folder.appending(path: "xdg-data/checklists/Checklists.plist").path
            home = cli.folder.appending(path: ".local/share/checklists/Checklists.plist").path
        }

        /// The candidates that exist.
        var existing: [String] {
            [option, variable, xdg, home].filter { FileManager.default.fileExists(atPath: $0) }
        }
    }

    @Test func theFileOptionBeatsTheEnvironment() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let paths = Paths(cli)
        #expect(try cli.run(["--file", paths.option, "add", "x"]).status == 0)
        #expect(paths.existing == [paths.option])
    }

    @Test func checklistsFileBeatsXDGDataHome() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let paths = Paths(cli)
        #expect(try cli.run(["add", "x"]).status == 0)
        #expect(paths.existing == [paths.variable])
    }

    @Test func xdgDataHomeBeatsHome() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let paths = Paths(cli)
        #expect(try cli.run(["add", "x"], removing: ["CHECKLISTS_FILE"]).status == 0)
        #expect(paths.existing == [paths.xdg])
    }

    @Test func homeIsUsedWithoutXDGDataHomeOrWithARelativeOne() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let paths = Paths(cli)
        #expect(try cli.run(["add", "x"], removing: ["CHECKLISTS_FILE", "XDG_DATA_HOME"]).status == 0)
        #expect(paths.existing == [paths.home])
        let relative = try cli.run(
            ["add", "y"], environment: ["XDG_DATA_HOME": "relative/data"], removing: ["CHECKLISTS_FILE"])
        #expect(relative.status == 0)
        #expect(paths.existing == [paths.home])
        #expect(
            try cli.exported(arguments: ["--file", paths.home]).allItems.map(\.text) == ["x", "y"])
    }

    @Test func emptyVariablesAreIgnored() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let paths = Paths(cli)
        #expect(try cli.run(["add", "x"], environment: ["CHECKLISTS_FILE": ""]).status == 0)
        #expect(paths.existing == [paths.xdg])
    }

    @Test func missingFoldersAreCreatedPrivateAndTheFileIsPrivate() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let paths = Paths(cli)
        #expect(try cli.run(["add", "x"], removing: ["CHECKLISTS_FILE"]).status == 0)
        let manager = FileManager.default
        func permissions(_ path: String) throws -> Int {
            try #require(try manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try permissions(paths.xdg) == 0o600)
        #expect(try permissions(cli.folder.appending(path: "xdg-data/checklists").path) == 0o700)
        #expect(try permissions(cli.folder.appending(path: "xdg-data").path) == 0o700)
        #expect(try permissions(paths.xdg + ".lock") == 0o600)
    }

    @Test func aMissingFileIsAnEmptyStoreWithOneListAndIsNotCreatedByReading() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let lists = try cli.run(["lists"])
        #expect(lists.status == 0)
        #expect(lists.stdout == "* 1  List  No Icon       (No Items)\n")
        #expect(try cli.run(["show"]).status == 0)
        #expect(try cli.run(["export", "json"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: cli.dataFolder))
    }

    @Test func theFileIsABinaryPropertyList() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "x"]).status == 0)
        let bytes = try #require(cli.bytes(cli.dataFile))
        #expect(bytes.starts(with: Array("bplist00".utf8)))
    }

    @Test func aDataFileThatIsASymbolicLinkStaysOneThroughFileAndTheEnvironment() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let target = cli.folder.appending(path: "synced/Checklists.plist").path
        try FileManager.default.createDirectory(
            atPath: cli.folder.appending(path: "synced").path, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.dataFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.dataFile, withDestinationPath: target)
        #expect(try cli.run(["add", "through the environment"]).status == 0)
        #expect(try cli.run(["--file", cli.dataFile, "add", "through --file"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.dataFile)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let shown = try cli.run(["--file", target, "show"])
        #expect(shown.stdout.contains("through the environment") && shown.stdout.contains("through --file"))
    }
}
