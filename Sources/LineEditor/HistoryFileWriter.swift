import CLibEdit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves a libedit history atomically: into a temporary file in the same folder, then renamed over the file.
///
/// libedit's H_SAVE rewrites a file in place, so two sessions exiting at once could leave it truncated;
/// a rename never leaves a half-written file behind.
enum HistoryFileWriter {
    /// Adds `lines` to the history file at `path`, keeping what other sessions wrote there.
    ///
    /// Under an exclusive lock on `PATH.lock`, the file is read afresh, `lines` are added (a line
    /// equal to the one before it is collapsed), the oldest entries beyond `limit` are dropped, and
    /// the result replaces the file atomically. Two sessions writing at once each keep their lines.
    ///
    /// - Returns: nil on success, else a message that says what failed.
    static func append(_ lines: [String], to path: String, limit: Int) -> String? {
        let (folder, _) = split(path)
        if let error = createDirectories(folder) {
            return error
        }
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            return "cannot lock \(path).lock: \(lastErrorMessage())"
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { return "cannot lock \(path).lock: \(lastErrorMessage())" }
        }
        guard let merged = history_init() else {
            return "cannot set up a history to save"
        }
        defer { history_end(merged) }
        _ = clibedit_history_setsize(merged, Int32(clamping: max(limit, 0)))
        _ = clibedit_history_setunique(merged, 1)
        if access(path, F_OK) == 0 {
            // A file without the _HiStOrY_V2_ header loads nothing; the save below replaces it.
            _ = clibedit_history_load(merged, path)
        }
        for line in lines {
            _ = clibedit_history_enter(merged, line)
        }
        return save(merged, to: path)
    }

    /// Saves `history` to `path` with mode 0600, creating missing folders with mode 0700.
    ///
    /// - Returns: nil on success, else a message that says what failed.
    static func save(_ history: OpaquePointer, to path: String) -> String? {
        let (folder, name) = split(path)
        if let error = createDirectories(folder) {
            return error
        }
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            return "cannot create a temporary file in \(folder): \(lastErrorMessage())"
        }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fchmod(descriptor, 0o600) == 0, let stream = fdopen(descriptor, "w") else {
            let message = "cannot write the history to \(temporaryPath): \(lastErrorMessage())"
            close(descriptor)
            unlink(temporaryPath)
            return message
        }
        var failed = clibedit_history_save_fp(history, stream) < 0 || fflush(stream) != 0
        failed = failed || fsync(fileno(stream)) != 0
        var message = failed ? "cannot write the history to \(temporaryPath): \(lastErrorMessage())" : nil
        if fclose(stream) != 0, message == nil {
            message = "cannot write the history to \(temporaryPath): \(lastErrorMessage())"
        }
        if let message {
            unlink(temporaryPath)
            return message
        }
        guard rename(temporaryPath, path) == 0 else {
            let message = "cannot replace \(path): \(lastErrorMessage())"
            unlink(temporaryPath)
            return message
        }
        return nil
    }

    /// Splits a path into its folder ("." when it has none) and its last component.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else {
            return (".", path)
        }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// Creates `folder` and any missing parents with mode 0700, like `mkdir -p`.
    ///
    /// - Returns: nil when the folder exists afterwards, else a message.
    private static func createDirectories(_ folder: String) -> String? {
        if isDirectory(folder) {
            return nil
        }
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            if mkdir(prefix, 0o700) == 0 {
                // mkdir applies the umask; the history folder must be private whatever it is.
                chmod(prefix, 0o700)
            } else if errno != EEXIST {
                return "cannot create the folder \(prefix): \(lastErrorMessage())"
            }
        }
        return isDirectory(folder) ? nil : "cannot create the folder \(folder): a file is in the way"
    }

    /// Whether `path` names a directory (following symbolic links).
    private static func isDirectory(_ path: String) -> Bool {
        var information = stat()
        return stat(path, &information) == 0 && (information.st_mode & S_IFMT) == S_IFDIR
    }

    /// The text of the current errno.
    private static func lastErrorMessage() -> String {
        String(cString: strerror(errno))
    }
}
