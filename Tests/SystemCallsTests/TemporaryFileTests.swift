import Foundation
import TestSupport
import Testing

@testable import SystemCalls

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
        try withFile { descriptor, path in
            var file = TemporaryFile(descriptor: descriptor)
            // Beyond the largest offset a file can have: the write fails (EFBIG or EINVAL).
            Array("abc".utf8).withUnsafeBytes { file.write($0, at: Int(Int64.max) - 1) }
            Array("def".utf8).withUnsafeBytes { file.write($0, at: 0) }
            #expect(throws: SystemError.self) { try file.finish(length: 3) }
            #expect(TemporaryFolder.bytes(path) == [], "the piece after the failure was not written")
        }
    }

    @Test func aLengthBeyondTheBytesWrittenIsAnError() throws {
        try withFile { descriptor, _ in
            var file = TemporaryFile(descriptor: descriptor)
            Array("abc".utf8).withUnsafeBytes { file.write($0, at: 0) }
            #expect(throws: SystemError.self) { try file.finish(length: 4) }
        }
    }

    @Test func piecesFromBeforeAStartAgainAtOffsetZeroDoNotCount() throws {
        try withFile { descriptor, _ in
            var file = TemporaryFile(descriptor: descriptor)
            Array("0123456789".utf8).withUnsafeBytes { file.write($0, at: 0) }
            Array("abcde".utf8).withUnsafeBytes { file.write($0, at: 0) }
            #expect(throws: SystemError.self) { try file.finish(length: 10) }
        }
    }

    @Test func aStartAgainFromZeroOverwritesThePiecesAndTheFileIsCutToItsLength() throws {
        try withFile { descriptor, path in
            var file = TemporaryFile(descriptor: descriptor)
            var expected = [UInt8]()
            // A small piece, large ones, then a start again from 0 that overwrites the beginning
            // and a shorter end, as an encoder that rewrites its references narrower does.
            let small = [UInt8](repeating: 1, count: 100)
            small.withUnsafeBytes { file.write($0, at: 0) }
            expected += small
            for piece in 0..<5 {
                let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ piece) }
                bytes.withUnsafeBytes { file.write($0, at: expected.count) }
                expected += bytes
            }
            let again = [UInt8](repeating: 9, count: 200_000)
            again.withUnsafeBytes { file.write($0, at: 0) }
            expected.replaceSubrange(0..<again.count, with: again)
            let rest = Array(expected[again.count...])
            rest.withUnsafeBytes { file.write($0, at: again.count) }
            try file.finish(length: expected.count - 50)
            #expect(TemporaryFolder.bytes(path) == Array(expected.dropLast(50)))
        }
    }
}

extension TemporaryFileTests {
    @Test func piecesWrittenTogetherFollowEachOtherEvenPastOneCallsLimit() throws {
        try withFile { descriptor, path in
            var file = TemporaryFile(descriptor: descriptor)
            let head = [UInt8](repeating: 7, count: 1_000)
            head.withUnsafeBytes { file.write($0, at: 0) }
            // 2,500 pieces of 0 to 12 bytes: more than one pwritev takes (1,024), some empty.
            let pieces = (0..<2_500).map { index in (0..<(index % 13)).map { UInt8(truncatingIfNeeded: index &+ $0) } }
            let buffers = pieces.map { piece in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(piece.count, 1), alignment: 1)
                buffer.copyBytes(from: piece)
                return buffer
            }
            defer { buffers.forEach { $0.deallocate() } }
            let views = zip(buffers, pieces).map { UnsafeRawBufferPointer(rebasing: $0[..<$1.count]) }
            file.write(pieces: views, at: head.count)
            let expected = head + pieces.flatMap { $0 }
            try file.finish(length: expected.count)
            #expect(TemporaryFolder.bytes(path) == expected)
        }
    }

    @Test func aFailedWriteOfPiecesIsReportedByFinish() throws {
        try withFile { descriptor, _ in
            var file = TemporaryFile(descriptor: descriptor)
            let bytes = Array("abc".utf8)
            bytes.withUnsafeBytes { piece in file.write(pieces: [piece, piece], at: Int(Int64.max) - 1) }
            #expect(throws: SystemError.self) { try file.finish(length: 0) }
        }
    }
}
