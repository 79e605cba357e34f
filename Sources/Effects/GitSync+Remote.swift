import ChecklistKit

/// Talking to the remote: fetching, its address, and the lock files git names when it cannot go on.
extension GitSync {
    /// Fetches the remote; failure means it cannot be reached (or refused access).
    func fetch(_ git: Git) throws {
        let outcome = try git.runRemote(
            ["fetch", "--quiet", "--no-write-fetch-head", Self.remote], remote: try remoteURL(git))
        guard outcome.succeeded else {
            if let lockFile = Self.staleLock(in: outcome.errorText) {
                throw SyncError.localLocked(lockFile: lockFile, detail: outcome.errorText)
            }
            throw SyncError.unreachable(remote: try remoteURL(git), detail: outcome.errorText)
        }
    }

    /// The URL of the remote `sync` uses, or its name when it has none (for messages).
    func remoteURL(_ git: Git) throws -> String {
        let url = try git.run(["remote", "get-url", Self.remote])
        return url.succeeded ? url.outputText : Self.remote
    }

    /// The lock file named in git's message about a lock it could not take (`….lock': File exists`).
    static func staleLock(in message: String) -> String? {
        for line in message.split(separator: "\n") where line.contains(".lock") && line.contains("exists") {
            guard let start = line.firstIndex(of: "'"),
                let end = line[line.index(after: start)...].firstIndex(of: "'")
            else { continue }
            return String(line[line.index(after: start)..<end])
        }
        return nil
    }
}
