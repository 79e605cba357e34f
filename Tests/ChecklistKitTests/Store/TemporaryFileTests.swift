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

    @Test func piecesLandAtTheirOffsetsAndTheFileEndsAtItsLength() throws {
        try withFile { descriptor, path in
            var file = TemporaryFile(descriptor: descriptor)
            Array("hello, world".utf8).withUnsafeBytes { file.write($0, at: 0) }
            Array("W".utf8).withUnsafeBytes { file.write($0, at: 7) }
            Array("!!!!".utf8).withUnsafeBytes { file.write($0, at: 12) }
            try file.finish(length: 13)
            #expect(TemporaryFolder.bytes(path) == Array("hello, World!".utf8))
        }
    }

    @Test func aFailedWriteIsReportedByFinishAndLaterPiecesAreIgnored() throws {
        try withFile(flags: O_RDONLY) { descriptor, path in
            var file = TemporaryFile(descriptor: descriptor)
            Array("abc".utf8).withUnsafeBytes { file.write($0, at: 0) }
            Array("def".utf8).withUnsafeBytes { file.write($0, at: 3) }
            #expect(throws: SystemError.self) { try file.finish(length: 6) }
            #expect(TemporaryFolder.bytes(path) == [])
        }
    }

    @Test func aLengthBeyondTheBytesWrittenIsAnError() throws {
        try withFile { descriptor, _ in
            var file = TemporaryFile(descriptor: descriptor)
            Array("abc".utf8).withUnsafeBytes { file.write($0, at: 0) }
            #expect(throws: SystemError.self) { try file.finish(length: 4) }
        }
    }
}
