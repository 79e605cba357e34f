#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a lock file, held for one read-modify-write and then released.
final class FileLock {
    /// The lock file's open descriptor (closed on exec).
    let descriptor: Int32

    /// Opens (creating, mode 0600) the lock file at `path` and waits up to `timeout` seconds for it.
    ///
    /// The descriptor becomes the lock's only once it holds the lock: on a failure it is closed
    /// here, before `descriptor` is set, so `deinit` (which Swift runs for a class whose stored
    /// properties were all set before its init threw) cannot close the same number again, when it
    /// may already belong to another file of another thread.
    init(path: String, timeout: Double) throws(StoreError) {
        let file = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .lockFailed(path: path, reason: SystemError("open").description) }
        let deadline = Monotonic.now + timeout
        var pause: UInt32 = 1_000
        while flock(file, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(file)
                throw .lockFailed(path: path, reason: SystemError("flock", code: code).description)
            }
            guard Monotonic.now < deadline else {
                close(file)
                throw .lockTimeout(path: path, seconds: Int(timeout.rounded()))
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
}
