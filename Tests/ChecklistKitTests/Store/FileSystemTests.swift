import Foundation
import Testing

@testable import ChecklistKit

struct FileSystemTests {
    @Test(arguments: [0, 1, 4095, 4096, 65_535, 65_536, 65_537, 1_000_003])
    func readReturnsEveryByteOfTheFile(size: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try TemporaryFolder.write(bytes, to: path)
        #expect(try FileSystem.read(path) == bytes)
    }

    @Test func readOfAMissingFileIsNil() throws {
        let folder = try TemporaryFolder()
        #expect(try FileSystem.read(folder.file("absent")) == nil)
    }

    @Test func readOfAFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        #expect(throws: SystemError.self) { try FileSystem.read(folder.path) }
    }

    @Test func readGoesOnPastTheSizeTheFileHadWhenOpened() throws {
        // Files under /proc report a size of 0 but have content, as a file that grows while it
        // is read does: the reader must not stop at the size fstat gave.
        let cmdline = try #require(try FileSystem.read("/proc/self/cmdline"))
        #expect(cmdline.count > 1)
        #expect(cmdline == TemporaryFolder.bytes("/proc/self/cmdline"))
    }

    @Test func writeAtomicallyReplacesTheFileWithTheModeAsked() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        try TemporaryFolder.write([1, 2, 3], to: path)
        try FileSystem.writeAtomically([4, 5], to: path, mode: 0o600)
        #expect(TemporaryFolder.bytes(path) == [4, 5])
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(leftovers == ["data"], "no temporary file is left behind")
    }

    @Test func closeInBackgroundClosesTheDescriptor() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        FileSystem.closeInBackground(ends[1])
        // Reading the other end of a pipe sees its end once the writing end is closed.
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
        close(ends[0])
    }
}
