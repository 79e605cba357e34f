import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Clears what a killed sync left in the repository, and brings back a data file gone missing.
///
/// Only safe under the store's lock: every git that sync starts holds that lock too, so none of
/// ours is running, and the lock files and merge state found are left by gits that were killed.
enum RepositoryRecovery {
    /// The lock files git takes in its own folder, besides those of refs.
    static let lockFiles = [
        "index.lock", "HEAD.lock", "ORIG_HEAD.lock", "FETCH_HEAD.lock", "MERGE_HEAD.lock",
        "packed-refs.lock", "config.lock", "shallow.lock",
    ]

    /// Removes stale lock files, an interrupted merge and git's temporary merge files; returns a
    /// note for each kind of thing removed.
    static func clear(_ repository: Repository) throws(SyncError) -> [String] {
        let folder = repository.gitDirectory
        var removed: [String] = []
        for name in lockFiles where unlink(folder + "/" + name) == 0 { removed.append(name) }
        removed += removeLockFiles(under: folder + "/refs", named: "refs")
        var notes: [String] = []
        if !removed.isEmpty {
            notes.append("removed git lock files left by a sync that was stopped: " + removed.joined(separator: ", "))
        }
        if access(folder + "/MERGE_HEAD", F_OK) == 0 {
            // A merge git began (an earlier version's sync, or git by hand) and never finished: the
            // data file is a whole archive whatever git did, so only git's merge state goes.
            let head = try repository.head()
            if head != nil {
                try repository.git.check(["reset", "--quiet"])
            } else {
                for name in ["MERGE_HEAD", "MERGE_MSG", "MERGE_MODE"] { unlink(folder + "/" + name) }
            }
            notes.append("dropped an interrupted git merge (the data file was kept)")
        }
        for name in StateFile.names(in: repository.top) where name.hasPrefix(".merge_file_") {
            unlink(repository.top + "/" + name)
        }
        return notes
    }

    /// When the data file is missing but the last commit has it, writes it back from there (the
    /// first checklist current) and says so; `nil` when nothing was missing or nothing was there.
    ///
    /// A missing data file is never taken for an empty one in a sync repository: the next change
    /// would start a new file and the next sync would push the removal of every item.
    static func restoreMissingDataFile(_ repository: Repository, lock: HeldStoreLock) throws -> String? {
        guard access(repository.place.path, F_OK) != 0, errno == ENOENT, let head = try repository.head() else {
            return nil
        }
        switch try DataHistory(repository: repository).book(at: head) {
        case .success(nil):
            return nil
        case .success(let book?):
            let lists = book.checklists
            try lock.save(
                ChecklistBook(checklists: lists, currentIndex: lists.isEmpty ? nil : 0, nextItemID: book.nextItemID))
            return "\(repository.place.path) was missing: restored from the last sync (commit \(head.prefix(12)))"
        case .failure(let unusable):
            throw SyncError.cannotRestore(path: repository.place.path, reason: unusable.reason)
        }
    }

    /// Removes every `*.lock` file under `folder` (recursively); returns their names under `prefix`.
    private static func removeLockFiles(under folder: String, named prefix: String) -> [String] {
        var removed: [String] = []
        for name in StateFile.names(in: folder) where name != "." && name != ".." {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                removed += removeLockFiles(under: path, named: prefix + "/" + name)
            } else if name.hasSuffix(".lock"), unlink(path) == 0 {
                removed.append(prefix + "/" + name)
            }
        }
        return removed
    }
}
