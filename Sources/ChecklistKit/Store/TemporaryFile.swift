#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file being written in pieces at given offsets, each piece sent on its way to the
/// disk as soon as it is written, so that the fsync at the end waits only for the last ones.
///
/// Writing fails quietly: the first error is kept, later pieces are ignored, and `finish`
/// reports it. That lets an encoder that cannot throw hand its pieces over as it makes them.
struct TemporaryFile {
    /// The open file.
    let descriptor: Int32
    /// The first error met.
    private var failure: SystemError?
    /// The end of the furthest piece written.
    private var end = 0
    /// How far the file is written without a gap since the last piece at offset 0 (a writer
    /// that starts again from the beginning makes everything after its pieces stale).
    private var covered = 0

    /// Wraps the open file `descriptor`, which the caller closes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `bytes` at `offset`, then starts writing them back to the disk.
    mutating func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard failure == nil, !bytes.isEmpty, let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = pwrite(descriptor, base + written, bytes.count - written, off_t(offset + written))
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                failure = count == 0 ? SystemError("write", code: EIO) : SystemError("write")
                return
            }
            written += count
        }
        end = max(end, offset + bytes.count)
        if offset == 0 {
            covered = bytes.count
        } else if offset <= covered {
            covered = max(covered, offset + bytes.count)
        }
        // Only a hint: without it, the fsync at the end writes everything back itself.
        _ = Self.startWriteback?(descriptor, Int64(offset), Int64(bytes.count), 2)  // SYNC_FILE_RANGE_WRITE
    }

    /// Ends the file at `length`, and with `syncing` makes it durable; throws the first error of any write.
    func finish(length: Int, syncing: Bool = true) throws(SystemError) {
        if let failure { throw failure }
        guard covered >= length else { throw SystemError("write", code: EIO) }
        if end > length, ftruncate(descriptor, off_t(length)) != 0 { throw SystemError("truncate") }
        guard !syncing || fsync(descriptor) == 0 else { throw SystemError("fsync") }
    }

    /// Linux's `sync_file_range`, looked up (Swift's Glibc module leaves it out); absent elsewhere.
    private static let startWriteback = CLibraryFunction.named(
        "sync_file_range", as: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
}
