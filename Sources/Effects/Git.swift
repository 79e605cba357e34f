/// Runs `git` in one folder, never through a shell, with prompts turned off.
struct Git {
    /// The folder git runs in (`git -C`).
    let folder: String
    /// The environment git gets.
    let environment: [String: String]
    /// `-c` options for commits when the user has no git identity of their own.
    var identity: [String] = []

    /// Prepares git for `folder`; throws when git is not installed.
    init(folder: String, environment: [String: String]) throws(SyncError) {
        guard ChildProcess.isAvailable("git", path: environment["PATH"]) else { throw .gitMissing }
        self.folder = folder
        var environment = environment
        // A credential prompt would wait for ever in a script or a batch; ssh asks on the
        // terminal itself when it has one.
        environment["GIT_TERMINAL_PROMPT"] = "0"
        self.environment = environment
    }

    /// Runs `git ARGUMENTS` and returns what it did, whatever its status.
    func run(_ arguments: [String]) throws(SyncError) -> ChildProcess.Outcome {
        do {
            return try ChildProcess.run("git", ["-C", folder] + arguments, environment: environment)
        } catch {
            throw .gitFailed(step: arguments.first ?? "", detail: error.description)
        }
    }

    /// Runs `git ARGUMENTS` and returns its output; a non-zero status throws with git's message.
    @discardableResult
    func check(_ arguments: [String]) throws(SyncError) -> String {
        let outcome = try run(arguments)
        guard outcome.succeeded else {
            throw .gitFailed(step: arguments.first ?? "", detail: outcome.errorText + outcome.outputText)
        }
        return outcome.outputText
    }

    /// Whether `git ARGUMENTS` exits 0 (for questions such as `rev-parse --verify`).
    func succeeds(_ arguments: [String]) throws(SyncError) -> Bool {
        try run(arguments).succeeded
    }

    /// `git commit` with the user's identity, or `checklists <USER@HOST>` when none is configured.
    func commit(message: String) throws(SyncError) {
        try check(identity + ["commit", "--quiet", "--no-verify", "-m", message])
    }
}
