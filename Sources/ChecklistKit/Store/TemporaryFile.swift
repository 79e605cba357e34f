#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary file being written from start to end, then made durable.
///
/// Writing fails quietly: the first error is kept, later writes are ignored, and `finish`
/// reports it. That lets code that cannot throw (an encoder handing its file over) write.
struct TemporaryFile {
    /// The open file.
    let descriptor: Int32
    /// The first error met.
    private var failure: SystemError?

    /// Wraps the open, empty file `descriptor`, which the caller closes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Appends `bytes` to the file.
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, base + written, bytes.count - written)
            #else
            let count = Darwin.write(descriptor, base + written, bytes.count - written)
            #endif
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                failure = count == 0 ? SystemError("write", code: EIO) : SystemError("write")
                return
            }
            written += count
        }
    }

    /// Throws the first error of any write; with `syncing`, makes the file durable.
    func finish(syncing: Bool = true) throws(SystemError) {
        if let failure { throw failure }
        guard !syncing || fsync(descriptor) == 0 else { throw SystemError("fsync") }
    }
}
