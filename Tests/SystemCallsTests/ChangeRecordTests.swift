import Glibc
import SystemCalls
import TestSupport
import Testing

/// `ChangeRecord`: a file's identity and change time, which tells a file as a program left it
/// from the same file touched by anything since.
struct ChangeRecordTests {
    @Test func theTextFormReadsBackAndAnythingElseIsNone() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        try TemporaryFolder.write([1, 2, 3], to: path)
        let record = try #require(ChangeRecord.of(path))
        #expect(ChangeRecord(text: record.text[...]) == record)
        #expect(record.stamp.size == 3)
        for text in ["", "1 2 3", "a b c d e f g", record.text + " 8", "1 2 3 4 5 6 x", "-1 2 3 4 5 6 7"] {
            #expect(ChangeRecord(text: text[...]) == nil, "\(text)")
        }
    }

    @Test func anyWriteOrTouchChangesTheRecordEvenWithTheSameBytesAndTimes() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        try TemporaryFolder.write([1, 2, 3], to: path)
        let before = try #require(ChangeRecord.of(path))
        // The same bytes written in place, then the modification time set back as it was: the
        // change time still moves on.
        let file = open(path, O_WRONLY)
        #expect(pwrite(file, [UInt8]([1, 2, 3]), 3, 0) == 3)
        var times = [
            timespec(tv_sec: before.stamp.modifiedSeconds, tv_nsec: before.stamp.modifiedNanoseconds),
            timespec(tv_sec: before.stamp.modifiedSeconds, tv_nsec: before.stamp.modifiedNanoseconds),
        ]
        #expect(futimens(file, &times) == 0)
        close(file)
        let after = try #require(ChangeRecord.of(path))
        #expect(after.stamp.modifiedSeconds == before.stamp.modifiedSeconds)
        #expect(after.stamp.modifiedNanoseconds == before.stamp.modifiedNanoseconds)
        #expect(after != before)
    }

    @Test func theRecordOfAReadIsTakenAfterTheBytesAreRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        try TemporaryFolder.write([9, 9], to: path)
        let read = try #require(try FileSystem.readStamped(path))
        #expect(read.bytes == [9, 9])
        #expect(read.record == ChangeRecord.of(path))
    }

    @Test func aLockFileCarriesANoteForTheNextHolder() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data.lock")
        #expect(FileLock.readNote(path: path) == nil)
        let lock = try FileLock(path: path, timeout: 1)
        FileLock.writeNote("wrote a long note first", descriptor: lock.descriptor)
        FileLock.writeNote("short", descriptor: lock.descriptor)
        #expect(FileLock.readNote(path: path) == "short")
        FileLock.writeNote(String(repeating: "x", count: 1_000), descriptor: lock.descriptor)
        #expect(FileLock.readNote(path: path)?.count == FileLock.noteLimit)
    }
}
