#if canImport(Glibc)
import CSystemShims
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file being written in pieces at given offsets, each piece sent on its way to the
/// disk as soon as it is written, so that the fsync at the end waits only for the last ones.
///
/// Writing fails quietly: the first error is kept, later pieces are ignored, and `finish`
/// reports it. That lets an encoder that cannot throw hand its pieces over as it makes them.
public struct TemporaryFile {
    /// The open file.
    public let descriptor: Int32
    /// The first error met.
    private var failure: SystemError?
    /// The end of the furthest piece written.
    private var end = 0
    /// How far the file is written without a gap since the last piece at offset 0 (a writer
    /// that starts again from the beginning makes everything after its pieces stale).
    private var covered = 0

    /// Whether each piece is sent on its way to the disk as soon as it is written.
    private let startsWriteback: Bool

    /// Wraps the open file `descriptor`, which the caller closes; with `startingWriteback`, each
    /// piece's writeback starts as soon as it is written (`sync_file_range`).
    public init(descriptor: Int32, startingWriteback: Bool = true) {
        self.descriptor = descriptor
        startsWriteback = startingWriteback
    }

    /// Writes `bytes` at `offset`, then starts writing them back to the disk.
    public mutating func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        guard failure == nil, !bytes.isEmpty, let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = SystemError.retryingInterrupts {
                pwrite(descriptor, base + written, bytes.count - written, off_t(offset + written))
            }
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
        #if canImport(Glibc)
        if startsWriteback {
            _ = csystem_sync_file_range(descriptor, Int64(offset), Int64(bytes.count), UInt32(SYNC_FILE_RANGE_WRITE))
        }
        #endif
    }

    /// Takes the first `length` bytes as written: a writer that writes to `descriptor` itself (a C
    /// library's stream) made them.
    public mutating func wroteDirectly(length: Int) {
        end = max(end, length)
        covered = max(covered, length)
    }

    /// Ends the file at `length`, and with `syncing` makes it durable; throws the first error of any write.
    public func finish(length: Int, syncing: Bool = true) throws(SystemError) {
        if let failure { throw failure }
        guard covered >= length else { throw SystemError("write", code: EIO) }
        if end > length, ftruncate(descriptor, off_t(length)) != 0 { throw SystemError("truncate") }
        guard !syncing || fsync(descriptor) == 0 else { throw SystemError("fsync") }
    }
}
