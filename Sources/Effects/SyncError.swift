/// Why `sync` or `sync init` stopped; every case leaves the data and the local commit as they were.
public enum SyncError: Error, CustomStringConvertible, Equatable {
    /// The `git` program is not installed.
    case gitMissing
    /// The data file's folder is not set up for sync.
    case notSetUp(folder: String)
    /// There is no remote to sync with.
    case noRemote(folder: String)
    /// The remote could not be reached or refused access.
    case unreachable(remote: String, detail: String)
    /// Git could not merge the remote's changes; the merge was aborted.
    case mergeFailed(detail: String)
    /// The remote kept moving: every push was refused.
    case pushRefused(tries: Int, detail: String)
    /// Another git step failed.
    case gitFailed(step: String, detail: String)

    /// The exit status a one-shot `sync` ends with (SPEC §8).
    public var exitStatus: Int32 { 74 }

    public var description: String {
        switch self {
        case .gitMissing:
            "sync needs git, which is not installed: apt-get install git"
        case .notSetUp(let folder):
            "\(folder) is not set up for sync: run checklists sync init [URL] first"
        case .noRemote(let folder):
            "\(folder) has no remote to sync with (changes were committed locally): run checklists sync init URL"
        case .unreachable(let remote, let detail):
            "cannot reach \(remote); nothing was lost, try sync again later" + Self.git(detail)
        case .mergeFailed(let detail):
            "could not merge the remote's changes; the merge was aborted and the data kept as it was"
                + Self.git(detail)
        case .pushRefused(let tries, let detail):
            "the remote kept changing: push refused \(tries) times; the merge is kept here, run sync again"
                + Self.git(detail)
        case .gitFailed(let step, let detail):
            "git \(step) failed" + Self.git(detail)
        }
    }

    /// Git's own words, on a line of their own each, indented.
    private static func git(_ detail: String) -> String {
        let lines = detail.split(separator: "\n").map { "\n  git: " + $0 }
        return lines.joined()
    }
}
