#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a lock file, held for one read-modify-write and released when the
/// last reference to it goes.
public final class FileLock {
    /// Why a lock was not taken.
    public enum Failure: Error {
        /// Opening or locking the lock file failed.
        case system(SystemError)
        /// Another process held the lock for the whole time allowed (whole seconds).
        case timedOut(seconds: Int)
    }

    /// The lock file's open descriptor (closed on exec).
    public let descriptor: Int32

    /// Opens (creating, mode 0600) the lock file at `path` and waits for it: up to `timeout`
    /// seconds, polling, or, when `timeout` is nil, as long as it takes.
    ///
    /// The descriptor becomes the lock's only once it holds the lock: on a failure it is closed
    /// here, before `descriptor` is set, so `deinit` (which Swift runs for a class whose stored
    /// properties were all set before its init threw) cannot close the same number again, when it
    /// may already belong to another file of another thread.
    public init(path: String, timeout: Double?) throws(Failure) {
        let file = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .system(SystemError("open")) }
        guard let timeout else {
            guard SystemError.retryingInterrupts({ flock(file, LOCK_EX) }) == 0 else {
                let failure = SystemError("flock")
                close(file)
                throw .system(failure)
            }
            descriptor = file
            return
        }
        let deadline = Monotonic.now + timeout
        var pause: UInt32 = 1_000
        while SystemError.retryingInterrupts({ flock(file, LOCK_EX | LOCK_NB) }) != 0 {
            let code = errno
            guard code == EWOULDBLOCK else {
                close(file)
                throw .system(SystemError("flock", code: code))
            }
            guard Monotonic.now < deadline else {
                close(file)
                throw .timedOut(seconds: Int(timeout.rounded()))
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        descriptor = file
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The most bytes a lock file's note holds.
    public static let noteLimit = 256

    /// Replaces the note the lock file `descriptor` holds (its contents) with `text`, for whoever
    /// takes the lock next; the caller holds the lock. Best effort: a note that cannot be written
    /// is left out, and an unreadable one reads as none.
    public static func writeNote(_ text: String, descriptor: Int32) {
        let bytes = Array(text.utf8.prefix(noteLimit))
        let written = bytes.withUnsafeBytes { buffer in
            SystemError.retryingInterrupts { pwrite(descriptor, buffer.baseAddress, buffer.count, 0) }
        }
        _ = ftruncate(descriptor, written == bytes.count ? off_t(bytes.count) : 0)
    }

    /// The note the lock file at `path` holds (see `writeNote`), `nil` when it holds none; read
    /// without taking the lock, so a note being written may read torn.
    public static func readNote(path: String) -> String? {
        let file = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: noteLimit)
        let count = buffer.withUnsafeMutableBytes { buffer in
            SystemError.retryingInterrupts { pread(file, buffer.baseAddress, buffer.count, 0) }
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }
}
