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
        write(pieces: [bytes], at: offset)
    }

    /// Writes `pieces` one after another from `offset`, in as few calls as the system allows
    /// (`pwritev`), then starts writing them back to the disk as one piece.
    public mutating func write(pieces: [UnsafeRawBufferPointer], at offset: Int) {
        guard failure == nil else { return }
        var position = offset
        var index = 0
        while index < pieces.count {
            let batch = pieces[index..<min(pieces.count, index + Self.vectorLimit)]
            var vectors = batch.map {
                iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
            }
            let expected = batch.reduce(0) { $0 + $1.count }
            let count = SystemError.retryingInterrupts {
                pwritev(descriptor, &vectors, Int32(vectors.count), off_t(position))
            }
            if count < 0 {
                failure = SystemError("write")
                return
            }
            if count < expected {
                // Written short (a full disk, a signal): the rest piece by piece, which says why.
                var pieceStart = position
                for piece in batch {
                    let pieceEnd = pieceStart + piece.count
                    let writtenEnd = position + count
                    if pieceEnd > writtenEnd {
                        let from = max(0, writtenEnd - pieceStart)
                        guard writeFully(UnsafeRawBufferPointer(rebasing: piece[from...]), at: pieceStart + from)
                        else { return }
                    }
                    pieceStart = pieceEnd
                }
            }
            position += expected
            index += batch.count
        }
        guard position > offset else { return }
        end = max(end, position)
        if offset == 0 {
            covered = position
        } else if offset <= covered {
            covered = max(covered, position)
        }
        // Only a hint: without it, the fsync at the end writes everything back itself.
        #if canImport(Glibc)
        if startsWriteback {
            _ = csystem_sync_file_range(
                descriptor, Int64(offset), Int64(position - offset), UInt32(SYNC_FILE_RANGE_WRITE))
        }
        #endif
    }

    /// The most pieces one `pwritev` takes (`IOV_MAX` on Linux).
    private static let vectorLimit = 1024

    /// Writes all of `bytes` at `offset`, retrying short writes; false, with the error kept, when
    /// the system refuses.
    private mutating func writeFully(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var written = 0
        while written < bytes.count {
            let count = SystemError.retryingInterrupts {
                pwrite(descriptor, base + written, bytes.count - written, off_t(offset + written))
            }
            if count <= 0 {
                failure = count == 0 ? SystemError("write", code: EIO) : SystemError("write")
                return false
            }
            written += count
        }
        return true
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
