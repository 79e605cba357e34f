import ChecklistKit
import Foundation
import Testing

/// The record of fired reminders on disk (SPEC §9).
struct ReminderRecordTests {
    private let key = FiredReminders.Key(itemID: 3, due: 800_000_000.25, text: "Buy\tmilk 100%")

    @Test func firedRemindersAreKeptPerDataFileWithOthersLinesUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state/checklists/reminders")
        _ = try ReminderRecord.update(path: path, dataFile: "/a/Checklists.plist") { _ in FiredReminders([key]) }
        _ = try ReminderRecord.update(path: path, dataFile: "/b\tweird%/x") { fired in
            #expect(fired.keys.isEmpty)
            return FiredReminders([.init(itemID: 1, due: 5, text: "Eggs")])
        }
        _ = try ReminderRecord.update(path: path, dataFile: "/a/Checklists.plist") { fired in
            #expect(fired.keys == [key])
            return fired
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == "checklists reminders 2\n3\t800000000.25\t/a/Checklists.plist\tBuy%09milk 100%25\n"
                + "1\t5.0\t/b%09weird%25/x\tEggs\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aDamagedRecordIsReportedAndItsReadableLinesKept() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        try TemporaryFolder.write(
            "checklists reminders 2\n3\t800000000.25\t/a\tBuy%09milk 100%25\ngarbage\n1\tx\t/a\tEggs\n", to: path)
        let warning = try ReminderRecord.update(path: path, dataFile: "/a") { fired in
            #expect(fired.keys == [key])
            return fired
        }
        #expect(warning == "\(path): ignored 2 damaged lines")
    }

    @Test func aFileThatIsNoRecordIsIgnoredWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        try TemporaryFolder.write("\u{0}\u{1}binary", to: path)
        let warning = try ReminderRecord.update(path: path, dataFile: "/a") { fired in
            #expect(fired.keys.isEmpty)
            return fired
        }
        #expect(warning == "\(path) is not a reminder record; starting a new one")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "checklists reminders 2\n")
    }

    @Test func aRecordThatCannotBeWrittenSaysSo() throws {
        let folder = try TemporaryFolder()
        try TemporaryFolder.write("not a folder", to: folder.file("file"))
        #expect(throws: ReminderRecordError.self) {
            _ = try ReminderRecord.update(path: folder.file("file/reminders"), dataFile: "/a") { $0 }
        }
    }

    @Test func aRecordOfTheFirstVersionIsReadWithoutTextsAndWrittenInTheCurrentOne() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        try TemporaryFolder.write("checklists reminders 1\n3\t800000000.25\t/a\n7\t9.0\t/b\n", to: path)
        _ = try ReminderRecord.update(path: path, dataFile: "/a") { fired in
            #expect(fired.keys == [FiredReminders.Key(itemID: 3, due: 800_000_000.25, text: nil)])
            return FiredReminders([key])
        }
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "checklists reminders 2\n7\t9.0\t/b\n3\t800000000.25\t/a\tBuy%09milk 100%25\n")
        // The other data file's line of the first version is still read as it was.
        _ = try ReminderRecord.update(path: path, dataFile: "/b") { fired in
            #expect(fired.keys == [FiredReminders.Key(itemID: 7, due: 9, text: nil)])
            return fired
        }
    }
}
