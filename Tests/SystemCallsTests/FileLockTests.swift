import Foundation
import TestSupport
import Testing

@testable import SystemCalls

/// The exclusive lock a read-modify-write holds.
struct FileLockTests {
    @Test func aHeldLockMakesAnotherWaitUntilItsTimeOutThenItIsFree() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data.lock")
        var held: FileLock? = try FileLock(path: path, timeout: 1)
        // flock belongs to the open file: a second open of the same file waits, even in this process.
        #expect {
            try FileLock(path: path, timeout: 0.05)
        } throws: { error in
            if case .timedOut(let seconds) = error as? FileLock.Failure { seconds == 0 } else { false }
        }
        withExtendedLifetime(held) {}
        held = nil
        let again = try FileLock(path: path, timeout: nil)
        #expect(again.descriptor >= 0)
        #expect(TemporaryFolder.bytes(path) == [], "the lock file is made, and left empty")
    }

    @Test func aLockFileThatCannotBeOpenedIsASystemFailure() throws {
        let folder = try TemporaryFolder()
        #expect {
            try FileLock(path: folder.file("missing/data.lock"), timeout: 1)
        } throws: { error in
            if case .system(let failure) = error as? FileLock.Failure { failure.code == ENOENT } else { false }
        }
    }
}
