#if canImport(Glibc)
import Glibc
#endif

/// Writes whole byte buffers to descriptors and files (the effects' temporary files and pipes).
enum FileBytes {
    /// Writes all of `bytes` to `descriptor`, retrying when a signal interrupts; whether it did.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let start = raw.baseAddress else { return 0 }
                return write(descriptor, start + written, raw.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Replaces the file at `path` with `bytes` (mode 0600, not synced: a scratch file another
    /// program reads at once); whether it did.
    static func writeScratch(_ bytes: [UInt8], to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return writeAll(bytes, to: descriptor)
    }
}
