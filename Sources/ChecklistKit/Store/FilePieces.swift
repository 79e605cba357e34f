#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes pieces of a file at given offsets, each sent on its way to the disk as soon as it is
/// written, and remembers the first error and how far the pieces reach.
///
/// Writing fails quietly: the first error is kept and later pieces are ignored, so that an
/// encoder that cannot throw can hand its pieces over as it makes them.
struct FilePieces {
    /// The open file.
    let descriptor: Int32
    /// The first error met.
    private(set) var failure: SystemError?
    /// The end of the furthest piece written.
    private(set) var end = 0
    /// How far the file is written without a gap since the last piece at offset 0 (a writer
    /// that starts again from the beginning makes everything after its pieces stale).
    private(set) var covered = 0

    /// Writes to the open file `descriptor`, which the caller closes.
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

    /// Linux's `sync_file_range`, looked up (Swift's Glibc module leaves it out); absent elsewhere.
    private static let startWriteback = CLibraryFunction.named(
        "sync_file_range", as: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
}
