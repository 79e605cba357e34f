import Foundation
import Testing

@testable import ChecklistKit

struct TemporaryFileTests {
    private func withFile(flags: Int32 = O_RDWR, _ body: (Int32, String) throws -> Void) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("piece")
        try TemporaryFolder.write([], to: path)
        let descriptor = open(path, flags)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try body(descriptor, path)
    }

    @Test func writesFollowOneAnother() throws {
        try withFile { descriptor, path in
            var file = TemporaryFile(descriptor: descriptor)
            Array("hello, ".utf8).withUnsafeBytes { file.write($0) }
            [UInt8]().withUnsafeBytes { file.write($0) }
            let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            large.withUnsafeBytes { file.write($0) }
            try file.finish()
            #expect(TemporaryFolder.bytes(path) == Array("hello, ".utf8) + large)
        }
    }

    @Test func aFailedWriteIsReportedByFinishAndLaterWritesAreIgnored() throws {
        // A descriptor open for reading only: every write fails (EBADF).
        try withFile(flags: O_RDONLY) { descriptor, path in
            var file = TemporaryFile(descriptor: descriptor)
            Array("abc".utf8).withUnsafeBytes { file.write($0) }
            Array("def".utf8).withUnsafeBytes { file.write($0) }
            #expect(throws: SystemError.self) { try file.finish() }
            #expect(TemporaryFolder.bytes(path) == [])
        }
    }
}
