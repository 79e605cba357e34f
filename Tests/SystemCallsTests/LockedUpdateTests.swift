import Foundation
import TestSupport
import Testing

@testable import SystemCalls

/// The one locked read-modify-write.
struct LockedUpdateTests {
    private struct Mapped: Error, Equatable {
        var text: String
    }

    private static func mapped(_ failure: LockedUpdate.Failure) -> any Error {
        switch failure {
        case .folder(let error): Mapped(text: "folder: \(error)")
        case .lock(.system(let error)): Mapped(text: "lock: \(error)")
        case .lock(.timedOut(let seconds)): Mapped(text: "busy \(seconds)")
        }
    }

    @Test func theFolderIsMadeAndTheBodyRunsHoldingTheLockBesideTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/record")
        let result = try LockedUpdate.run(path, timeout: 1, failed: Self.mapped) { lock in
            // Held: another open of the lock file cannot take it.
            #expect(throws: FileLock.Failure.self) { try FileLock(path: path + ".lock", timeout: 0) }
            try FileSystem.writeAtomically([1, 2], to: path)
            return lock.descriptor
        }
        #expect(result >= 0)
        #expect(TemporaryFolder.bytes(path) == [1, 2])
        #expect(try FileLock(path: path + ".lock", timeout: 0).descriptor >= 0, "released afterwards")
    }

    @Test func theBodysOwnErrorPassesThroughAndTheLockIsReleased() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("record")
        #expect(throws: Mapped(text: "refused")) {
            try LockedUpdate.run(path, timeout: 1, failed: Self.mapped) { _ in throw Mapped(text: "refused") }
        }
        #expect(try FileLock(path: path + ".lock", timeout: 0).descriptor >= 0)
    }

    @Test func aFolderInTheWayAndABusyLockAreMappedByTheCaller() throws {
        let folder = try TemporaryFolder()
        try TemporaryFolder.write([], to: folder.file("file"))
        #expect(throws: Mapped(text: "folder: Not a directory (mkdir \(folder.file("file")))")) {
            try LockedUpdate.run(folder.file("file/record"), timeout: 1, failed: Self.mapped) { _ in }
        }
        let held = try FileLock(path: folder.file("record.lock"), timeout: 0)
        #expect(throws: Mapped(text: "busy 0")) {
            try LockedUpdate.run(folder.file("record"), timeout: 0.05, failed: Self.mapped) { _ in }
        }
        withExtendedLifetime(held) {}
    }
}
