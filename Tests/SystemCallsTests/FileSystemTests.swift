import Foundation
import TestSupport
import Testing

@testable import SystemCalls

struct FileSystemTests {
    @Test(arguments: [0, 1, 4095, 4096, 65_535, 65_536, 65_537, 1_000_003])
    func readReturnsEveryByteOfTheFile(size: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        try TemporaryFolder.write(bytes, to: path)
        #expect(try FileSystem.read(path) == bytes)
    }

    @Test func theStampsOfAReadAndOfAReplacementAreThoseOfTheFileOnDisk() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        let saved = try FileSystem.replaceAtomically(path) { file in
            [UInt8]([1, 2, 3]).withUnsafeBytes { file.write($0, at: 0) }
            return 3
        }
        #expect(saved == FileSystem.stamp(path))
        let read = try #require(try FileSystem.readStamped(path))
        #expect(read.bytes == [1, 2, 3])
        #expect(read.stamp == saved)
        try FileSystem.writeAtomically([4], to: path)
        #expect(try FileSystem.readStamped(path)?.stamp != saved, "a replaced file has another stamp")
    }

    @Test func aFileWithoutItsOwnersWriteBitLacksOwnerWriteWhoeverAsks() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data")
        #expect(!FileSystem.lacksOwnerWrite(path), "no file: nothing to refuse")
        try FileSystem.writeAtomically([1], to: path)
        for (mode, lacks) in [(0o600, false), (0o200, false), (0o400, true), (0o444, true), (0o066, true)] {
            #expect(chmod(path, mode_t(mode)) == 0)
            #expect(FileSystem.lacksOwnerWrite(path) == lacks, "\(String(mode, radix: 8))")
        }
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

    @Test func aWriteThatNeedNotBeDurableStillReplacesTheFileWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("journal")
        try FileSystem.writeAtomically([1, 2, 3], to: path, durable: false)
        try FileSystem.writeAtomically([4, 5], to: path, durable: false)
        #expect(TemporaryFolder.bytes(path) == [4, 5])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["journal"])
    }

    @Test(.timeLimit(.minutes(1)))
    func closeInBackgroundClosesTheDescriptor() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        // Not inherited by processes other tests start, which would keep the pipe open.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(ends[0]) }
        FileSystem.closeInBackground(ends[1])
        // The reading end sees the end of the pipe once the writing end is closed.
        var reader = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&reader, 1, 10_000) == 1, "the writing end was not closed within 10 seconds")
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOIsNeitherWaitedOnNorReadButCanBeReplaced() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("fifo")
        #expect(mkfifo(path, 0o600) == 0)
        #expect {
            try FileSystem.read(path)
        } throws: { error in
            "\(error)".contains("not a regular file")
        }
        try FileSystem.writeAtomically([1, 2, 3], to: path)
        #expect(TemporaryFolder.bytes(path) == [1, 2, 3])
        // Holding the file being replaced, as the store does, does not wait on a FIFO either.
        #expect(unlink(path) == 0 && mkfifo(path, 0o600) == 0)
        try FileSystem.replaceAtomically(path, holdingReplaced: true) { file in
            [UInt8]([4, 5]).withUnsafeBytes { file.write($0, at: 0) }
            return 2
        }
        #expect(TemporaryFolder.bytes(path) == [4, 5])
    }

    @Test func aFileLargerThanTheReadLimitIsRefusedWithoutReadingIt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("huge")
        try TemporaryFolder.write([], to: path)
        // Sparse: no blocks are written.
        #expect(truncate(path, off_t(FileSystem.readLimit + 1)) == 0)
        #expect {
            try FileSystem.read(path)
        } throws: { error in
            (error as? SystemError)?.code == EFBIG
        }
    }
}

/// The path helpers.
struct FileSystemPathTests {
    @Test(arguments: [
        ("data.plist", ".", "data.plist"), ("/data.plist", "/", "data.plist"), ("a/b/c", "a/b", "c"),
        ("/a/b/", "/a/b", ""),
    ])
    func splitGivesTheFolderAndTheName(path: String, folder: String, name: String) {
        #expect(FileSystem.split(path) == (folder, name))
        #expect(FileSystem.directory(of: path) == folder)
    }

    @Test func realPathFollowsLinksAndIsNilForAMissingFile() throws {
        let folder = try TemporaryFolder()
        let real = try #require(FileSystem.realPath(folder.path))
        #expect(symlink(real, folder.file("link")) == 0)
        #expect(FileSystem.realPath(folder.file("link/.")) == real)
        #expect(FileSystem.realPath(folder.file("missing")) == nil)
    }

    @Test func makeDirectoriesMakesEveryMissingFolderWithTheModeAskedWhateverTheUmask() throws {
        let folder = try TemporaryFolder()
        // Group- and other-writable: bits any usual umask takes away.
        try FileSystem.makeDirectories(folder.file("a/b/c"), mode: 0o777, exactMode: true)
        for path in ["a", "a/b", "a/b/c"] {
            var info = stat()
            #expect(stat(folder.file(path), &info) == 0 && info.st_mode & 0o777 == 0o777)
        }
        // Already there: nothing to do, no error.
        try FileSystem.makeDirectories(folder.file("a/b/c"))
    }

    @Test func writeAllWritesEveryByteToTheDescriptor() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("out")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        try FileSystem.writeAll(bytes, to: descriptor)
        close(descriptor)
        #expect(TemporaryFolder.bytes(path) == bytes)
        let readOnly = open(path, O_RDONLY | O_CLOEXEC)
        try #require(readOnly >= 0)
        defer { close(readOnly) }
        #expect(throws: SystemError("write", code: EBADF)) { try FileSystem.writeAll([1], to: readOnly) }
    }
}

extension FileSystemTests {
    @Test func everyNameOfAFileResolvesToOnePathWhetherOrNotTheFileExists() throws {
        let folder = try TemporaryFolder()
        let real = try #require(FileSystem.realPath(folder.path))
        try FileManager.default.createDirectory(atPath: folder.file("data"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("link"), withDestinationPath: folder.file("data"))
        // An existing file, named through a link and a "..".
        try TemporaryFolder.write([1], to: folder.file("data/lists.plist"))
        #expect(FileSystem.resolved(folder.file("link/../data/lists.plist")) == real + "/data/lists.plist")
        #expect(FileSystem.resolved(folder.file("link/lists.plist")) == real + "/data/lists.plist")
        // A file not there yet, two folders below the last that exists: its names, in order.
        let deeper = FileSystem.resolved(folder.file("link/new/deeper/lists.plist"))
        #expect(deeper == real + "/data/new/deeper/lists.plist")
        #expect(FileSystem.resolved(folder.file("link/other.plist")) == real + "/data/other.plist")
        // A link to a file not there yet names that file.
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("pending"), withDestinationPath: "data/later.plist")
        #expect(FileSystem.resolved(folder.file("pending")) == real + "/data/later.plist")
    }
}
