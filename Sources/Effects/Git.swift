#if canImport(Glibc)
import Glibc
#endif

/// Runs `git` in one folder, never through a shell, with prompts turned off.
struct Git {
    /// The folder git runs in (`git -C`).
    let folder: String
    /// The environment git gets.
    let environment: [String: String]
    /// `-c` options for commits when the user has no git identity of their own.
    var identity: [String] = []
    /// The store's lock, held by every git started here (and by its children) as by this
    /// process: git cannot go on writing once the lock is free, even if this process is killed.
    var heldLock: Int32?

    /// Options given to every git: no automatic packing or maintenance, which git would start in
    /// the background, where it would hold the store's lock for as long as it runs. `sync` packs
    /// by itself, after letting the lock go.
    static let options = ["-c", "gc.auto=0", "-c", "maintenance.auto=false"]

    /// Prepares git for `folder`; throws when git is not installed.
    init(folder: String, environment: [String: String], heldLock: Int32? = nil) throws(SyncError) {
        guard ChildProcess.isAvailable("git", path: environment["PATH"]) else { throw .gitMissing }
        self.folder = folder
        self.heldLock = heldLock
        var environment = environment
        // A credential prompt would wait for ever in a script or a batch; ssh asks on the
        // terminal itself when it has one.
        environment["GIT_TERMINAL_PROMPT"] = "0"
        self.environment = environment
    }

    /// Runs `git ARGUMENTS` and returns what it did, whatever its status.
    func run(_ arguments: [String]) throws(SyncError) -> ChildProcess.Outcome {
        do {
            return try ChildProcess.run(
                "git", ["-C", folder] + Self.options + arguments, environment: environment,
                keepingOpen: heldLock.map { [$0] } ?? [])
        } catch {
            throw .gitFailed(step: Self.step(arguments), detail: error.description)
        }
    }

    /// Options for the steps that talk to the remote: an HTTP transfer slower than 1,000 bytes a
    /// second for a minute (a server that accepted the connection and never answers) is given up.
    static let remoteOptions = ["-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=60"]

    /// The ssh command the remote steps use unless the user set one: a host that does not answer
    /// within 30 s, or a connection silent for a minute, ends ssh.
    static let sshCommand = "ssh -o ConnectTimeout=30 -o ServerAliveInterval=15 -o ServerAliveCountMax=4"

    /// Seconds one remote step (`fetch`, `push`, `ls-remote`) has in all, when
    /// `CHECKLISTS_GIT_TIMEOUT` does not say otherwise.
    static let defaultRemoteTimeout = 300

    /// The most seconds `CHECKLISTS_GIT_TIMEOUT` may give a remote step (a day).
    static let longestRemoteTimeout = 86_400

    /// Seconds one remote step has in all: `CHECKLISTS_GIT_TIMEOUT`, else `defaultRemoteTimeout`;
    /// a value that is no such number is refused rather than silently replaced.
    func remoteTimeout() throws(SyncError) -> Int {
        guard let text = environment["CHECKLISTS_GIT_TIMEOUT"] else { return Self.defaultRemoteTimeout }
        guard let seconds = Int(text), (1...Self.longestRemoteTimeout).contains(seconds) else {
            throw .invalidTimeout(text: text)
        }
        return seconds
    }

    /// Runs a step that talks to the remote (`fetch`, `push`, `ls-remote`) within `remoteTimeout`
    /// seconds: git and whatever it started (its HTTP helper, ssh) form a process group of their
    /// own, killed whole past the limit or when SIGINT or SIGTERM comes, so that none of them
    /// goes on holding the store's lock. `remote` names the remote in messages.
    func runRemote(_ arguments: [String], remote: String) throws(SyncError) -> ChildProcess.Outcome {
        var environment = environment
        let userSSH =
            environment["GIT_SSH_COMMAND"] != nil || environment["GIT_SSH"] != nil
            || (try? run(["config", "--get", "core.sshCommand"]))?.succeeded == true
        if !userSSH { environment["GIT_SSH_COMMAND"] = Self.sshCommand }
        let seconds = try remoteTimeout()
        let ran: ChildProcess.BoundedRun
        do {
            ran = try ChildProcess.runBounded(
                "git", ["-C", folder] + Self.options + Self.remoteOptions + arguments, environment: environment,
                input: [], timeLimit: Double(seconds), fileSizeLimit: nil, group: .ownWithTerminal,
                keepingOpen: heldLock.map { [$0] } ?? [])
        } catch {
            throw .gitFailed(step: Self.step(arguments), detail: error.description)
        }
        switch ran.ending {
        case .timedOut:
            throw .timedOut(remote: remote, seconds: seconds)
        case .stopped(let signal):
            throw .interrupted(signal: signal)
        case .exited(let status):
            // Ctrl-C on the terminal reaches git's group alone, which then ends with SIGINT.
            if status == 128 + SIGINT { throw .interrupted(signal: SIGINT) }
            return ChildProcess.Outcome(status: status, output: ran.output, errorOutput: ran.errorOutput)
        }
    }

    /// Runs `git ARGUMENTS` and returns its output; a non-zero status throws with git's message.
    @discardableResult
    func check(_ arguments: [String]) throws(SyncError) -> String {
        let outcome = try run(arguments)
        guard outcome.succeeded else {
            throw .gitFailed(step: Self.step(arguments), detail: outcome.errorText + outcome.outputText)
        }
        return outcome.outputText
    }

    /// Whether `git ARGUMENTS` exits 0 (for questions such as `rev-parse --verify`).
    func succeeds(_ arguments: [String]) throws(SyncError) -> Bool {
        try run(arguments).succeeded
    }

    /// The commit `revision` names, `nil` when it names none (`rev-parse --verify`).
    func commit(_ revision: String) throws(SyncError) -> String? {
        let outcome = try run(["rev-parse", "--quiet", "--verify", revision + "^{commit}"])
        return outcome.succeeded ? outcome.outputText : nil
    }

    /// Whether the commit `ancestor` is `descendant` or one of its ancestors.
    func isAncestor(_ ancestor: String, of descendant: String) throws(SyncError) -> Bool {
        try succeeds(["merge-base", "--is-ancestor", ancestor, descendant])
    }

    /// The git command an argument list runs (`commit` in `-c user.name=x commit -m …`), for messages.
    static func step(_ arguments: [String]) -> String {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "-c" || argument == "-C" {
                index += 2
            } else if argument.hasPrefix("-") {
                index += 1
            } else {
                return argument
            }
        }
        return "git"
    }
}
