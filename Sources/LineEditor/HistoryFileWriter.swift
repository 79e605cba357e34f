import CLibEdit
import SystemCalls

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
    /// Under an exclusive lock on `PATH.lock` (`LockedUpdate`), the file is read afresh, `lines`
    /// are added (a line equal to the one before it is collapsed), the oldest entries beyond `limit`
    /// are dropped, and the result replaces the file atomically. Two sessions writing at once each
    /// keep their lines.
    ///
    /// - Returns: nil on success, else a message that says what failed.
    static func append(_ lines: [String], to path: String, limit: Int) -> String? {
        do {
            return try LockedUpdate.run(
                path, timeout: nil, exactFolderMode: true,
                failed: { failure in
                    switch failure {
                    case .folder(let error): HistoryError(folderMessage(error, path: path))
                    case .lock(.system(let error)):
                        HistoryError("cannot lock \(path).lock: \(SystemError.message(error.code))")
                    case .lock(.timedOut):
                        HistoryError("cannot lock \(path).lock: \(SystemError.message(EWOULDBLOCK))")
                    }
                }
            ) { _ in
                guard let merged = clibedit_history_init() else {
                    return "cannot set up a history to save"
                }
                defer { clibedit_history_end(merged) }
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
        } catch {
            return "\(error)"
        }
    }

    /// Saves `history` to `path` with mode 0600, atomically and durably, creating missing folders
    /// with mode 0700.
    ///
    /// - Returns: nil on success, else a message that says what failed.
    static func save(_ history: OpaquePointer, to path: String) -> String? {
        do {
            try FileSystem.makeDirectories(FileSystem.directory(of: path), exactMode: true)
        } catch {
            return folderMessage(error, path: path)
        }
        var streamFailure: Int32?
        do {
            try FileSystem.replaceAtomically(path, mode: 0o600) { file in
                // libedit writes to a stream of its own; it is closed here, the file by the caller.
                guard let stream = fdopen(dup(file.descriptor), "w") else {
                    streamFailure = errno
                    return 1
                }
                let failed = clibedit_history_save_fp(history, stream) < 0 || fflush(stream) != 0
                let length = failed ? -1 : Int(ftell(stream))
                if fclose(stream) != 0 || length < 0 {
                    streamFailure = errno
                    return 1
                }
                file.wroteDirectly(length: length)
                return length
            }
        } catch {
            let what = error.operation == "rename" ? "replace \(path)" : "write the history to \(path)"
            return "cannot \(what): \(SystemError.message(streamFailure ?? error.code))"
        }
        return nil
    }

    /// The message for a folder of `path` that could not be made.
    private static func folderMessage(_ error: SystemError, path: String) -> String {
        let folder = error.path ?? FileSystem.directory(of: path)
        let reason = error.code == ENOTDIR ? "a file is in the way" : SystemError.message(error.code)
        return "cannot create the folder \(folder): \(reason)"
    }

    /// A history that could not be locked for saving, as its message.
    private struct HistoryError: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
