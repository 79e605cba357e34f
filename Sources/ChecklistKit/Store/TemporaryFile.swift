#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file being written in pieces at given offsets, each piece sent on its way to the
/// disk as soon as it is written, so that the fsync at the end waits only for the last ones.
///
/// When the caller streams a file it is still making, pieces of its streaming size are written
/// on a thread of their own (`PieceWriter`) while it makes the next ones. Writing fails quietly:
/// the first error is kept, later pieces are ignored, and `finish` reports it. That lets an
/// encoder that cannot throw hand its pieces over as it makes them.
struct TemporaryFile {
    /// The open file.
    var descriptor: Int32 { pieces.descriptor }
    /// What was written and met; while `writer` runs, only up to when it started.
    private var pieces: FilePieces
    #if canImport(Glibc)
    /// The thread writing large pieces, once one came.
    private var writer: PieceWriter?
    #endif

    /// The size from which a piece starts the writing thread (`Int.max`: never).
    private let threadedPieceSize: Int

    /// Wraps the open file `descriptor`, which the caller closes. With `threadedPieceSize`, the
    /// first piece at least that large starts a thread that writes it and every later piece:
    /// a streaming encoder hands pieces of that size before its last one, while a file that
    /// comes whole (or a last piece alone) is written here, as a thread would only add a copy.
    init(descriptor: Int32, threadedPieceSize: Int = .max) {
        self.threadedPieceSize = threadedPieceSize
        pieces = FilePieces(descriptor: descriptor)
    }

    /// Writes `bytes` at `offset` (or queues them for the writing thread), then starts writing
    /// them back to the disk.
    mutating func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        #if canImport(Glibc)
        if writer == nil, bytes.count >= threadedPieceSize { writer = PieceWriter(continuing: pieces) }
        // Once a thread writes, every later piece goes to it too, so pieces land in order.
        if let writer {
            writer.write(bytes, at: offset)
            return
        }
        #endif
        pieces.write(bytes, at: offset)
    }

    /// Ends the file at `length` and makes it durable; throws the first error of any write.
    mutating func finish(length: Int) throws(SystemError) {
        #if canImport(Glibc)
        if let writer {
            pieces = writer.finish()
            self.writer = nil
        }
        #endif
        if let failure = pieces.failure { throw failure }
        guard pieces.covered >= length else { throw SystemError("write", code: EIO) }
        if pieces.end > length, ftruncate(descriptor, off_t(length)) != 0 { throw SystemError("truncate") }
        guard fsync(descriptor) == 0 else { throw SystemError("fsync") }
    }
}
