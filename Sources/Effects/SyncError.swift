import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

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
    /// The remote did not answer within the time a remote step has; git was stopped.
    case timedOut(remote: String, seconds: Int)
    /// SIGINT or SIGTERM came while git talked to the remote; git was stopped.
    case interrupted(signal: Int32)
    /// Git could not merge the remote's changes; the merge was aborted.
    case mergeFailed(detail: String)
    /// The remote kept moving: every push was refused.
    case pushRefused(tries: Int, detail: String)
    /// Another git step failed.
    case gitFailed(step: String, detail: String)
    /// The remote's latest commit holds a data file that cannot be used; nothing was changed.
    case remoteUnusable(commit: String, reason: String)
    /// The remote holds a lock file left by a git that was stopped there.
    case remoteLocked(lockFile: String, detail: String)
    /// This repository holds a lock file that is not one of sync's own.
    case localLocked(lockFile: String, detail: String)
    /// `sync init URL` could not use the URL; nothing was changed.
    case initFailed(url: String, problem: RemoteProblem, detail: String)
    /// The data file is missing and the last commit's cannot be used to restore it.
    case cannotRestore(path: String, reason: String)
    /// `CHECKLISTS_GIT_TIMEOUT` is not a number of seconds sync can use; nothing was run.
    case invalidTimeout(text: String)

    /// Why a URL given to `sync init` cannot be used.
    public enum RemoteProblem: Sendable, Equatable {
        /// Nothing answered there (no such host or folder, the network down).
        case unreachable
        /// Something answered, but it is not a git repository.
        case notRepository
        /// The repository is there but refused this user.
        case refused
    }

    /// The signal that stopped the sync, when one did (the caller may end the process with it).
    public var signal: Int32? {
        if case .interrupted(let signal) = self { return signal }
        return nil
    }

    /// The exit status a one-shot `sync` ends with (SPEC §8).
    public var exitStatus: ExitStatus { .ioError }

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
        case .invalidTimeout(let text):
            "CHECKLISTS_GIT_TIMEOUT must be a whole number of seconds from 1 to \(Git.longestRemoteTimeout), not"
                + " \"\(text.printable)\"; unset it for the default of \(Git.defaultRemoteTimeout)"
        case .timedOut(let remote, let seconds):
            "\(remote) did not answer within \(seconds) s, so git was stopped; nothing was lost: check the"
                + " network and the remote, then sync again (CHECKLISTS_GIT_TIMEOUT=SECONDS sets the limit)"
        case .interrupted(let signal):
            "sync stopped by \(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)");"
                + " nothing was lost, run sync again"
        case .mergeFailed(let detail):
            "could not merge the remote's changes; the merge was aborted and the data kept as it was"
                + Self.git(detail)
        case .pushRefused(let tries, let detail):
            "the remote kept changing: push refused \(tries) times; the merge is kept here, run sync again"
                + Self.git(detail)
        case .gitFailed(let step, let detail):
            "git \(step) failed" + Self.git(detail)
        case .remoteUnusable(let commit, let reason):
            "the remote's checklists cannot be used: \(reason) (commit \(commit)); nothing was changed here:"
                + " repair or revert that commit on the remote, then sync again"
        case .remoteLocked(let lockFile, let detail):
            "the remote is locked by a git that was stopped there: remove \(lockFile) if no git is running"
                + " on the remote, then sync again; nothing was lost" + Self.git(detail)
        case .localLocked(let lockFile, let detail):
            "\(lockFile) is locked: remove it if no git is running in that repository, then sync again;"
                + " nothing was lost" + Self.git(detail)
        case .initFailed(let url, let problem, let detail):
            "cannot sync with \(url): \(Self.describe(problem)); nothing was changed" + Self.git(detail)
        case .cannotRestore(let path, let reason):
            "\(path) is missing, and the last sync's copy cannot be used: \(reason); restore the file from"
                + " a backup or another machine"
        }
    }

    private static func describe(_ problem: RemoteProblem) -> String {
        switch problem {
        case .unreachable: "it cannot be reached (check the address and the network)"
        case .notRepository: "it is not a git repository (create one there with git init --bare, or check the path)"
        case .refused: "access was refused (check the user name, the key or the password)"
        }
    }

    /// Git's own words, on a line of their own each, indented.
    private static func git(_ detail: String) -> String {
        let lines = detail.split(separator: "\n").map { "\n  git: " + $0 }
        return lines.joined()
    }
}
