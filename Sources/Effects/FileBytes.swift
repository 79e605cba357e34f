import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// Writes whole byte buffers to descriptors and files (the effects' temporary files and pipes).
enum FileBytes {
    /// Writes all of `bytes` to `descriptor` (`FileSystem.writeAll`); whether it did.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        (try? FileSystem.writeAll(bytes, to: descriptor)) != nil
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
