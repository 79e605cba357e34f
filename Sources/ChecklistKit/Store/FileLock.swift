#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a lock file, held for one read-modify-write and then released.
final class FileLock {
    private let descriptor: Int32

    /// Opens (creating, mode 0600) the lock file at `path` and waits up to `timeout` seconds for it.
    init(path: String, timeout: Double) throws(StoreError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .lockFailed(path: path, reason: SystemError("open").description) }
        let deadline = Monotonic.now + timeout
        var pause: UInt32 = 1_000
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw .lockFailed(path: path, reason: SystemError("flock", code: code).description)
            }
            guard Monotonic.now < deadline else {
                close(descriptor)
                throw .lockTimeout(path: path, seconds: Int(timeout.rounded()))
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Seconds on the monotonic clock.
enum Monotonic {
    /// The current monotonic time in seconds.
    static var now: Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
