import ChecklistKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The record of fired reminders on disk (SPEC §9).
struct ReminderRecordTests {
    private let key = FiredReminders.Key(itemID: 3, due: 800_000_000.25, text: "Buy\tmilk 100%")

    @Test func firedRemindersAreKeptPerDataFileWithOthersLinesUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("state/checklists/reminders")
        _ = try ReminderRecord.update(path: path, dataFile: "/a/Checklists.plist") { fired, _ in fired.insert(key) }
        _ = try ReminderRecord.update(path: path, dataFile: "/b\tweird%/x") { fired, _ in
            #expect(fired.keys.isEmpty)
            fired.insert(.init(itemID: 1, due: 5, text: "Eggs"))
        }
        _ = try ReminderRecord.update(path: path, dataFile: "/a/Checklists.plist") { fired, _ in
            #expect(fired.keys == [key])
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == "checklists reminders 2\n3\t800000000.25\t/a/Checklists.plist\tBuy%09milk 100%25\n"
                + "1\t5.0\t/b%09weird%25/x\tEggs\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func claimsAreKeptBesideTheFiredRemindersAndReadBack() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        let eggs = FiredReminders.Key(itemID: 4, due: 7, text: "Eggs")
        _ = try ReminderRecord.update(path: path, dataFile: "/a") { fired, claims in
            fired.insert(key)
            claims.claim([eggs], by: "123.456", until: 900)
        }
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "checklists reminders 2\n3\t800000000.25\t/a\tBuy%09milk 100%25\n4\t7.0\t/a\tEggs\t123.456\t900.0\n")
        let read = try ReminderRecord.update(path: path, dataFile: "/a") { fired, claims in (fired, claims) }
        #expect(read.result.0 == FiredReminders([key]))
        #expect(read.result.1 == ReminderClaims([eggs: .init(claimant: "123.456", expires: 900)]))
    }

    @Test func aDamagedRecordIsReportedAndItsReadableLinesKept() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        try TemporaryFolder.write(
            "checklists reminders 2\n3\t800000000.25\t/a\tBuy%09milk 100%25\ngarbage\n1\tx\t/a\tEggs\n", to: path)
        let warning = try ReminderRecord.update(path: path, dataFile: "/a") { fired, _ in
            #expect(fired.keys == [key])
        }.warning
        #expect(warning == "\(path): ignored 2 damaged lines")
    }

    @Test func aFileThatIsNoRecordIsIgnoredWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        try TemporaryFolder.write("\u{0}\u{1}binary", to: path)
        let warning = try ReminderRecord.update(path: path, dataFile: "/a") { fired, _ in
            #expect(fired.keys.isEmpty)
        }.warning
        #expect(warning == "\(path) is not a reminder record; starting a new one")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "checklists reminders 2\n")
    }

    @Test func aRecordThatCannotBeWrittenSaysSo() throws {
        let folder = try TemporaryFolder()
        try TemporaryFolder.write("not a folder", to: folder.file("file"))
        #expect(throws: ReminderRecordError.self) {
            _ = try ReminderRecord.update(path: folder.file("file/reminders"), dataFile: "/a") { _, _ in }
        }
    }

    @Test func aLockHeldTooLongIsReportedAsBusy() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        #expect(throws: ReminderRecordError.busy(path: path, seconds: 0)) {
            _ = try ReminderRecord.update(path: path, dataFile: "/a", lockTimeout: 0.05) { _, _ in }
        }
    }

    @Test func aRecordOfTheFirstVersionIsReadWithoutTextsAndWrittenInTheCurrentOne() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("reminders")
        try TemporaryFolder.write("checklists reminders 1\n3\t800000000.25\t/a\n7\t9.0\t/b\n", to: path)
        _ = try ReminderRecord.update(path: path, dataFile: "/a") { fired, _ in
            #expect(fired.keys == [FiredReminders.Key(itemID: 3, due: 800_000_000.25, text: nil)])
            fired = FiredReminders([key])
        }
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "checklists reminders 2\n7\t9.0\t/b\n3\t800000000.25\t/a\tBuy%09milk 100%25\n")
        // The other data file's line of the first version is still read as it was.
        _ = try ReminderRecord.update(path: path, dataFile: "/b") { fired, _ in
            #expect(fired.keys == [FiredReminders.Key(itemID: 7, due: 9, text: nil)])
        }
    }
}
