/// The one locked read-modify-write: a file is read, changed and replaced while an exclusive lock
/// on `PATH.lock` beside it is held, so that processes changing it at once each keep their change.
///
/// The data file's store, the record of fired reminders and the line editor's history all change
/// their files this way; each reads and writes its own file inside `body`.
public enum LockedUpdate {
    /// Why an update did not get to run its change.
    public enum Failure: Error {
        /// The file's folder could not be made.
        case folder(SystemError)
        /// The lock could not be taken (see `FileLock.Failure`).
        case lock(FileLock.Failure)
    }

    /// Makes `path`'s folder (mode 0700, with `exactMode` whatever the umask) when it is missing,
    /// takes the lock `PATH.lock` (waiting up to `timeout` seconds; nil: as long as it takes), and
    /// runs `body` with it held; the lock is released when `body` returns or throws.
    ///
    /// `body`'s own errors pass through unchanged; a failure before it runs is mapped by `failed`.
    public static func run<Result>(
        _ path: String, timeout: Double?, exactFolderMode: Bool = false,
        failed: (Failure) -> any Error, _ body: (FileLock) throws -> Result
    ) throws -> Result {
        let lock: FileLock
        do {
            try FileSystem.makeDirectories(FileSystem.directory(of: path), exactMode: exactFolderMode)
        } catch {
            throw failed(.folder(error))
        }
        do {
            lock = try FileLock(path: path + ".lock", timeout: timeout)
        } catch {
            throw failed(.lock(error))
        }
        return try withExtendedLifetime(lock) { try body(lock) }
    }
}
