import ChecklistKit
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// The data file's versions in the repository: reads them from commits and commits new ones,
/// without git ever writing the data file itself.
///
/// A commit holds the checklists with no current checklist (`ChecklistIndex` -1): which one is
/// current belongs to each machine (SPEC §8), so two machines with the same checklists commit
/// the same bytes, and a machine that takes another's commit keeps its own current checklist.
struct DataHistory {
    /// The repository.
    let repository: Repository

    private var git: Git { repository.git }

    /// A version of the data file that cannot be used, and why.
    struct Unusable: Error {
        /// Why, in a few words.
        var reason: String
    }

    /// The checklists committed in `commit`; `nil` when the commit has no data file.
    ///
    /// Only a regular file is taken: a symbolic link, a folder or a submodule at the data
    /// file's place, or bytes that are not a checklists archive, are `Unusable`.
    func book(at commit: String) throws(SyncError) -> Result<ChecklistBook?, Unusable> {
        let entry = try git.run(["ls-tree", "--full-tree", commit, "--", repository.path])
        guard entry.succeeded else {
            return .failure(Unusable(reason: "git cannot read the commit: \(entry.errorText)"))
        }
        // "MODE TYPE OBJECT\tPATH"
        let fields = entry.outputText.split(separator: "\t").first?.split(separator: " ") ?? []
        guard fields.count == 3 else { return .success(nil) }
        switch (fields[0], fields[1]) {
        case ("100644", "blob"), ("100755", "blob"):
            break
        case ("120000", _):
            return .failure(Unusable(reason: "\(repository.path) is a symbolic link there"))
        case (_, "tree"):
            return .failure(Unusable(reason: "\(repository.path) is a folder there"))
        default:
            return .failure(Unusable(reason: "\(repository.path) is not a file there"))
        }
        let blob = try git.run(["cat-file", "blob", String(fields[2])])
        guard blob.succeeded else {
            return .failure(Unusable(reason: "git cannot read \(repository.path): \(blob.errorText)"))
        }
        guard !blob.output.isEmpty else { return .failure(Unusable(reason: "\(repository.path) is empty")) }
        do {
            return .success(try ChecklistBook(archive: blob.output, loadTime: WallClock.now()))
        } catch {
            return .failure(Unusable(reason: "\(repository.path) is not a checklists archive (\(error))"))
        }
    }

    /// The blob of `book` as committed (with no current checklist), stored in the repository.
    func storeBlob(_ book: ChecklistBook) throws(SyncError) -> String {
        let committed = ChecklistBook(checklists: book.checklists, currentIndex: nil, nextItemID: book.nextItemID)
        let file = repository.gitDirectory + "/checklists-commit"
        guard FileBytes.writeScratch(committed.archived(), to: file) else {
            throw .gitFailed(step: "hash-object", detail: "cannot write \(file): \(SystemError.message())")
        }
        defer { unlink(file) }
        return try git.check(["hash-object", "-w", "--", file])
    }

    /// The blob committed for the data file in `commit`, `nil` when it has none.
    func blob(at commit: String) throws(SyncError) -> String? {
        let outcome = try git.run(["rev-parse", "--quiet", "--verify", "\(commit):\(repository.path)"])
        return outcome.succeeded ? outcome.outputText : nil
    }

    /// Commits the index, with `blob` as the data file when given, on top of `parents`, and
    /// moves the branch there from `old` (where it must still be). A single parent that already
    /// has that tree is taken as it is, with no new commit. Returns the commit the branch is at.
    func commit(blob: String?, parents: [String], over old: String?, message: String) throws(SyncError) -> String {
        if let blob {
            try git.check(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(repository.path)"])
        }
        let tree = try git.check(["write-tree"])
        if parents.count == 1, let parent = parents.first, try git.check(["rev-parse", parent + "^{tree}"]) == tree {
            if parent != old { try moveBranch(to: parent, from: old, message: message) }
            return parent
        }
        let commit = try git.check(
            git.identity + ["commit-tree", tree] + parents.flatMap { ["-p", $0] } + ["-m", message])
        try updateBranch(to: commit, from: old, message: message)
        return commit
    }

    /// Moves the branch to `commit` (a fast-forward to the remote's), and the index with it.
    func moveBranch(to commit: String, from old: String?, message: String) throws(SyncError) {
        try updateBranch(to: commit, from: old, message: message)
        try git.check(["read-tree", "HEAD"])
    }

    /// Points the branch at `commit`, checked against its old value (`nil`: no commit yet), so a
    /// branch moved meanwhile is never overwritten.
    private func updateBranch(to commit: String, from old: String?, message: String) throws(SyncError) {
        try git.check(["update-ref", "-m", message, "HEAD", commit, old ?? ""])
    }
}
