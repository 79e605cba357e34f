import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Bringing back a data file that is missing in a sync repository, before any command uses the store.
extension GitSync {
    /// When the data file is missing inside a sync repository whose last commit has it, writes it
    /// back from there before a command uses the store; returns a note for standard error.
    ///
    /// Costs nothing when the file is there or no `.git` is found above it; without git the
    /// store starts empty as before.
    public static func restoreMissingDataFile(store: ChecklistStore, environment: [String: String]) throws -> String? {
        guard !store.fileExists, let place = try? ResolvedDataFile(path: store.path), insideRepository(place.folder),
            ChildProcess.isAvailable("git", path: environment["PATH"])
        else { return nil }
        return try store.withLock { lock -> String? in
            let git = try Git(folder: place.folder, environment: environment, heldLock: lock.descriptor)
            guard !store.fileExists, try git.succeeds(["config", "--get", "merge.checklists.driver"]) else {
                return nil
            }
            return try RepositoryRecovery.restoreMissingDataFile(Repository(git: git, place: place), lock: lock)
        }
    }

    /// The way out of a damaged data file in a sync repository whose last commit holds a readable
    /// version: move it aside, and the next command brings that version back
    /// (`restoreMissingDataFile`); `nil` anywhere else, where `StoreError.movingAside` says what to do.
    public static func wayOutOfDamage(path: String, environment: [String: String]) -> String? {
        guard let place = try? ResolvedDataFile(path: path), insideRepository(place.folder),
            ChildProcess.isAvailable("git", path: environment["PATH"]),
            let git = try? Git(folder: place.folder, environment: environment),
            (try? git.succeeds(["config", "--get", "merge.checklists.driver"])) == true,
            let repository = try? Repository(git: git, place: place), let head = try? repository.head(),
            case .success(.some) = try? DataHistory(repository: repository).book(at: head)
        else { return nil }
        let aside = StoreError.shellWord(path + ".damaged")
        return "the last sync's version is in git (commit \(head.prefix(12))): move this one aside with"
            + " mv \(StoreError.shellWord(path)) \(aside), and the next command brings that version back"
    }

    /// Whether `folder` or a folder above it holds a `.git`.
    private static func insideRepository(_ folder: String) -> Bool {
        var current = folder
        while true {
            if access(current + "/.git", F_OK) == 0 { return true }
            guard let slash = current.lastIndex(of: "/"), !current.isEmpty, current != "/" else { return false }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}
