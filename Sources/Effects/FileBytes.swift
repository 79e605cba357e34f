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

    /// The bytes of the file at `path` when it holds at most `limit` of them; `nil` when it cannot
    /// be read, `.tooLarge` when it holds more: no more than `limit` bytes are ever read into memory.
    static func read(_ path: String, limit: Int) -> Bounded? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = SystemError.retryingInterrupts {
                buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
            guard count >= 0 else { return nil }
            if count == 0 { return .bytes(bytes) }
            guard bytes.count + count <= limit else { return .tooLarge }
            bytes += buffer[..<count]
        }
    }

    /// What a bounded read found.
    enum Bounded: Equatable {
        /// The whole file.
        case bytes([UInt8])
        /// More than the limit.
        case tooLarge
    }
}
