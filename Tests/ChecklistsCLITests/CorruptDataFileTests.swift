import Foundation
import Testing

/// A data file that cannot be decoded is reported with 65 and never overwritten (SPEC §4, §5).
struct CorruptDataFileTests {
    /// Writes a real data file with a few checklists and returns its bytes.
    private func realFile(_ cli: ChecklistsProcess) throws -> [UInt8] {
        let script = """
            new Groceries
            add Buy milk
            add Crème fraîche
            check 1
            new Trips
            add Passport 🛂
            due 1 2030-01-02
            remind 1 on
            icon Trips

            """
        #expect(try cli.batch(script).status == 0)
        return try #require(cli.bytes(cli.dataFile))
    }

    /// Puts `bytes` in the data file, then checks that reading and changing both fail with 65,
    /// name the file, and leave the bytes alone.
    private func expectRejected(_ bytes: [UInt8], _ cli: ChecklistsProcess, _ label: String) throws {
        try Data(bytes).write(to: URL(filePath: cli.dataFile))
        for arguments in [["show"], ["add", "x"], ["export", "json"]] {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 65, "\(label): \(arguments): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty, "\(label)")
            #expect(
                outcome.stderr.hasPrefix("checklists: \(cli.dataFile) is not a readable checklists file: "),
                "\(label): \(outcome.stderr)")
            #expect(
                outcome.stderr.hasSuffix(
                    "; it was left untouched; to start afresh, move it aside: mv \(cli.dataFile) \(cli.dataFile).damaged\n"
                ),
                "\(label): \(outcome.stderr)")
        }
        let batch = try cli.batch("add x\nshow\n")
        #expect(batch.status == 65, "\(label)")
        #expect(cli.bytes(cli.dataFile) == bytes, "\(label): the file was changed")
    }

    @Test func aTruncatedFileIsRejectedAtEveryCut() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = try realFile(cli)
        let cuts = [
            0, 1, 7, 8, 9, 40, bytes.count / 3, bytes.count / 2, bytes.count - 33, bytes.count - 8, bytes.count - 1,
        ]
        for cut in cuts {
            try expectRejected(Array(bytes.prefix(cut)), cli, "cut at \(cut) of \(bytes.count)")
        }
    }

    @Test func textXMLAndOtherPropertyListsAreRejected() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let exported = try cli.run(["export", "json"]).stdout
        let samples: [(String, String)] = [
            ("text", "Buy milk\nEggs\n"),
            ("JSON export", exported),
            (
                "XML plist that is no archive",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>Checklists</key><array/></dict></plist>
                """
            ),
            ("XML cut short", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>$top</key>"),
        ]
        try FileManager.default.createDirectory(atPath: cli.dataFolder, withIntermediateDirectories: true)
        for (label, text) in samples {
            try expectRejected(Array(text.utf8), cli, label)
        }
        try expectRejected(
            [0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30] + [UInt8](repeating: 0xFF, count: 64), cli,
            "bplist header and junk")
    }

    /// An item of a checklist other than the current one, damaged in a file from elsewhere: a
    /// change loads only the current checklist and checks the rest while its file is written,
    /// then reports the damage as a full load does, replacing nothing and leaving no temporary file.
    @Test func aDamagedItemOfAnotherChecklistIsFoundByAChangeThatDoesNotReadIt() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = try realFile(cli)
        // "Buy milk" (in Groceries; Trips is current) made an 8-byte integer: 0x58 is its marker.
        let text = [0x58] + Array("Buy milk".utf8)
        let at = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + text.count, bytes.count)]) == text })
        var damaged = bytes
        damaged[at] = 0x13
        try expectRejected(damaged, cli, "an item's text made an integer")
        for arguments in [["check", "1"], ["rename", "Journeys"], ["new", "Zed"], ["use", "Groceries"]] {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 65, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains("'Text' should be a string"), "\(arguments): \(outcome.stderr)")
        }
        #expect(cli.bytes(cli.dataFile) == damaged)
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.dataFolder)
        #expect(!left.contains { $0.contains(".tmp-") }, "\(left)")
    }

    /// Every command that reads the data file answers a damaged one with 65, whether or not it
    /// would have changed anything: an `uncheck` of an unchecked item, an `undo`, a `use` of the
    /// current checklist (SPEC §5).
    @Test func aDamagedFileIsAnsweredWithSixtyFiveByEveryCommandThatReadsIt() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = try realFile(cli)
        // "Buy milk" (in Groceries; Trips is current) made an 8-byte integer.
        let text = [0x58] + Array("Buy milk".utf8)
        let at = try #require(bytes.indices.first { Array(bytes[$0..<min($0 + text.count, bytes.count)]) == text })
        var damaged = bytes
        damaged[at] = 0x13
        try Data(damaged).write(to: URL(filePath: cli.dataFile))
        let commands: [[String]] = [
            ["uncheck", "1"], ["undo"], ["redo"], ["use", "Trips"], ["show"], ["show", "Trips"], ["lists"],
            ["find", "x"], ["upcoming"], ["icon"], ["icon", "Trips"], ["remind", "1", "on"],
            ["due", "1", "2030-01-02"],
            ["clear"], ["edit", "1", "Passport 🛂"], ["move", "1", "1"], ["check", "#99"], ["delete", "5"],
            ["rename", "Trips"], ["export", "json"], ["add", "x"],
        ]
        for arguments in commands {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 65, "\(arguments): \(outcome.status) \(outcome.stdout) \(outcome.stderr)")
            #expect(outcome.stderr.contains("is not a readable checklists file"), "\(arguments): \(outcome.stderr)")
        }
        #expect(cli.bytes(cli.dataFile) == damaged)
    }

    /// `help` and `inspect` of another file need nothing of the data file: a damaged one leaves
    /// them working, while a command that reads it still refuses.
    @Test func helpAndInspectOfAnotherFileWorkBesideADamagedDataFile() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = try realFile(cli)
        let other = cli.folder.appending(path: "other.plist").path
        try Data(bytes).write(to: URL(filePath: other))
        try Data(bytes.prefix(100)).write(to: URL(filePath: cli.dataFile))
        let help = try cli.run(["help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("help [COMMAND]") && help.stderr.isEmpty, "\(help.stdout)\(help.stderr)")
        let due = try cli.run(["help", "due"])
        #expect(due.status == 0 && due.stdout.contains("tomorrow"), "\(due.stdout)\(due.stderr)")
        let json = try cli.run(["--json", "help", "add"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try PythonJSON.document(json.stdout)["command"] as? String == "help", "\(json.stdout)")
        for arguments in [["inspect", other], ["inspect", "--raw", other]] {
            let inspected = try cli.run(arguments)
            #expect(inspected.status == 0, "\(arguments): \(inspected.stderr)")
            #expect(inspected.stdout.contains("Groceries"), "\(arguments)")
        }
        #expect(try cli.run(["inspect", cli.dataFile]).status == 65)
        #expect(try cli.run(["help", "nosuch"]).status == 1)
        #expect(try cli.run(["show"]).status == 65)
        #expect(cli.bytes(cli.dataFile) == Array(bytes.prefix(100)))
    }

    @Test func aDamagedHeaderOrTrailerIsRejected() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = try realFile(cli)
        // Byte 0 is the magic; the last 32 bytes are the trailer: sizes, object count, top, table offset.
        for position in [0, 5, bytes.count - 26, bytes.count - 25, bytes.count - 9, bytes.count - 1] {
            var damaged = bytes
            damaged[position] ^= 0xFF
            try expectRejected(damaged, cli, "byte \(position) flipped")
        }
    }

    @Test func flippingAnyByteNeverCrashesOrRewritesTheFile() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = try realFile(cli)
        var rejected = 0
        // Every 11th byte, so each part of the file gets hit: objects, offset table, trailer.
        for position in stride(from: 0, to: bytes.count, by: 11) {
            var damaged = bytes
            damaged[position] ^= 0xA5
            try Data(damaged).write(to: URL(filePath: cli.dataFile))
            let outcome = try cli.run(["show"], environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(!outcome.wasSignalled && !outcome.timedOut, "byte \(position): crashed or hung")
            #expect(outcome.status == 0 || outcome.status == 65, "byte \(position): status \(outcome.status)")
            if outcome.status == 65 {
                rejected += 1
                #expect(outcome.stderr.contains(cli.dataFile))
            }
            #expect(cli.bytes(cli.dataFile) == damaged, "byte \(position): the file was changed")
        }
        #expect(rejected > 0)
    }

    @Test func theRealFileStillLoadsAfterTheRejections() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = try realFile(cli)
        try expectRejected(Array(bytes.prefix(100)), cli, "cut at 100")
        try Data(bytes).write(to: URL(filePath: cli.dataFile))
        let data = try cli.exported()
        #expect(data.lists.map(\.name) == ["Groceries", "List", "Trips"])
        #expect(data.list("Groceries")?.items.map(\.text) == ["Buy milk", "Crème fraîche"])
        #expect(data.list("Trips")?.items.map(\.text) == ["Passport 🛂"])
        #expect(try cli.run(["add", "x"]).status == 0)
    }

    /// The way out a damaged file's message gives works: moved aside, the next command starts
    /// afresh (SPEC §5: the bytes stay for whoever wants to look at them).
    @Test func theWayOutOfADamagedFileStartsAfresh() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let bytes = Array(try realFile(cli).prefix(100))
        try Data(bytes).write(to: URL(filePath: cli.dataFile))
        let damaged = try cli.run(["add", "Milk"])
        #expect(damaged.status == 65)
        let command = try #require(damaged.stderr.components(separatedBy: "move it aside: ").last)
        #expect(try cli.shell(command).status == 0, "\(command)")
        #expect(cli.bytes(cli.dataFile + ".damaged") == bytes)
        #expect(try cli.run(["add", "Milk"]).status == 0)
    }

    /// In a sync repository the message names the last sync's version, and following it brings
    /// that version back.
    @Test func aDamagedFileInASyncRepositoryPointsAtTheLastSyncsVersion() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        _ = try realFile(cli)
        let initialized = try cli.run(["sync", "init"])
        try #require(initialized.status == 0, "\(initialized.stderr)")
        try Data("not an archive".utf8).write(to: URL(filePath: cli.dataFile))
        for outcome in [try cli.run(["show"]), try cli.batch("show\n")] {
            #expect(outcome.status == 65)
            #expect(outcome.stderr.contains("the last sync's version is in git (commit "), "\(outcome.stderr)")
            #expect(outcome.stderr.hasSuffix(", and the next command brings that version back\n"))
        }
        let failed = try cli.run(["show"])
        let command = try #require(
            failed.stderr.components(separatedBy: "move this one aside with ").last?
                .components(separatedBy: ", and the next").first)
        #expect(try cli.shell(command).status == 0, "\(command)")
        let restored = try cli.run(["show", "Trips"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("Passport"))
        #expect(restored.stderr.contains("restored from the last sync"))
    }
}
