import ChecklistKit
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

extension GitSync {
    /// `sync init [URL]`: sets the folder up (repository, merge driver, attributes, first commit),
    /// joins the remote at `url` when given, and syncs with it.
    ///
    /// The URL is tried before anything changes: one that cannot be used leaves everything as it
    /// was, the previous remote included. A data folder inside another repository (dotfiles kept
    /// in git) becomes a repository of its own, unless that one was set up for checklists before.
    /// If a later step fails, what this call created (the repository, the files) is removed again.
    public func initialize(url: String?) throws -> CommandResult {
        try store.withLock { lock in
            let place = try ResolvedDataFile(path: store.path)
            var git = try Git(folder: place.folder, environment: environment, heldLock: lock.descriptor)
            _ = try git.remoteTimeout()  // a bad setting is refused before anything is done
            if let url { try checkRemote(url, git: git) }
            let enclosing = try git.run(["rev-parse", "--show-toplevel"])
            let ownRepository =
                try enclosing.succeeded
                && (enclosing.outputText == place.folder
                    || git.succeeds(["config", "--get", "merge.checklists.driver"]))
            var undo = SetUpUndo()
            if !ownRepository {
                try git.check(["init", "--quiet", "--initial-branch=main"])
                undo.createdRepository = place.folder + "/.git"
            }
            do {
                var repository = try Repository(git: git, place: place)
                git.identity = try identity(git)
                repository.git = git
                return try setUp(repository, url: url, lock: lock, undo: &undo)
            } catch {
                undo.run(git: git)
                throw error
            }
        }
    }

    /// What a failed `sync init` takes back.
    private struct SetUpUndo {
        /// The `.git` folder it created, if it did.
        var createdRepository: String?
        /// Files it created.
        var createdFiles: [String] = []
        /// The remote's URL before, when it changed one (`""`: there was no remote).
        var previousURL: String?

        /// Removes what was created and gives the remote its URL back.
        func run(git: Git) {
            if let repository = createdRepository {
                _ = try? ChildProcess.run("rm", ["-rf", "--", repository], environment: git.environment)
            } else if let previousURL {
                let arguments =
                    previousURL.isEmpty
                    ? ["remote", "remove", GitSync.remote] : ["remote", "set-url", GitSync.remote, previousURL]
                _ = try? git.run(arguments)
            }
            for file in createdFiles { unlink(file) }
        }
    }

    /// The set-up once the repository is there: configuration, files, first commit, the remote.
    private func setUp(
        _ repository: Repository, url: String?, lock: HeldStoreLock, undo: inout SetUpUndo
    ) throws -> CommandResult {
        let git = repository.git
        try configureGit(repository)
        var notices = try RepositoryRecovery.clear(repository)
        if let restored = try RepositoryRecovery.restoreMissingDataFile(repository, lock: lock) {
            notices.append(restored)
        }
        let before = store.fileExists ? store.book : ChecklistBook(checklists: [], currentIndex: nil, nextItemID: 0)
        var lines = ["sync set up in \(repository.top) (merge driver: \(executable))"]
        var branch = repository.branch
        if let url {
            let previous = try git.run(["remote", "get-url", Self.remote])
            undo.previousURL = previous.succeeded ? previous.outputText : ""
            try git.check(
                previous.succeeded ? ["remote", "set-url", Self.remote, url] : ["remote", "add", Self.remote, url])
            try fetch(git)
            branch = try remoteBranch(git, local: repository.branch)
            try git.check(["config", "branch.\(repository.branch).remote", Self.remote])
            try git.check(["config", "branch.\(repository.branch).merge", "refs/heads/\(branch)"])
        }
        let tracking = "refs/remotes/\(Self.remote)/\(branch)"
        if url != nil, !store.fileExists, try repository.head() == nil, let remote = try git.commit(tracking) {
            // No checklists here yet: take the remote's as they are, and start from its history.
            try join(remote, repository: repository, lock: lock)
        }
        for file in setUpFiles(repository) {
            if access(file.path, F_OK) != 0 { undo.createdFiles.append(file.path) }
            try ensureLines(file.lines, in: file.path)
        }
        try git.check(["add", "--", ".gitattributes", ".gitignore"])
        _ = try commitLocal(repository, message: "checklists: sync set up on \(Self.hostName)")
        guard url != nil else {
            var result = CommandResult(lines: lines.map { OutputLine($0) })
            result.notices = notices
            return result
        }
        let report = try exchange(repository, lock: lock, branch: branch, before: before)
        lines.append(report.summary)
        var result = CommandResult(lines: lines.map { OutputLine($0) })
        result.notices = notices + report.conflicts.map(\.description)
        return result
    }

    /// Tries `url` with `git ls-remote` before anything is changed; says why it cannot be used.
    private func checkRemote(_ url: String, git: Git) throws {
        guard !url.hasPrefix("-") else {
            throw SyncError.initFailed(url: url, problem: .notRepository, detail: "a URL cannot start with -")
        }
        let outcome = try git.runRemote(["ls-remote", "--heads", "--", url], remote: url)
        guard !outcome.succeeded else { return }
        let message = outcome.errorText.lowercased()
        let problem: SyncError.RemoteProblem
        if ["authentication", "permission denied", "403", "401", "could not read username", "access denied"].contains(
            where: message.contains)
        {
            problem = .refused
        } else if ["not a git repository", "does not appear to be a git repository", "repository not found", "404"]
            .contains(where: message.contains)
        {
            problem = .notRepository
        } else {
            problem = .unreachable
        }
        throw SyncError.initFailed(url: url, problem: problem, detail: outcome.errorText)
    }

    /// Takes the remote's commit `remote` as this machine's first: its checklists (checked, then
    /// saved through the store, the first checklist current) and its attribute and ignore files
    /// where there are none here yet, so that the first commit adds only the lines they lack.
    private func join(_ remote: String, repository: Repository, lock: HeldStoreLock) throws {
        switch try DataHistory(repository: repository).book(at: remote) {
        case .success(let book?):
            let lists = book.checklists
            try lock.save(
                ChecklistBook(checklists: lists, currentIndex: lists.isEmpty ? nil : 0, nextItemID: book.nextItemID))
        case .success(nil):
            break
        case .failure(let unusable):
            throw SyncError.remoteUnusable(commit: String(remote.prefix(12)), reason: unusable.reason)
        }
        for file in setUpFiles(repository) where access(file.path, F_OK) != 0 {
            let relative = String(file.path.dropFirst(repository.top.count + 1))
            let shown = try repository.git.run(["cat-file", "blob", "\(remote):\(relative)"])
            guard shown.succeeded else { continue }
            try ensureLines(shown.outputText.split(separator: "\n").map(String.init), in: file.path)
        }
        try DataHistory(repository: repository).moveBranch(
            to: remote, from: nil, message: "checklists: joined \(Self.remote) on \(Self.hostName)")
    }

    /// The remote's branch to follow: the one this branch already follows, the remote's default
    /// branch, or else this branch's own name (a new, empty remote).
    private func remoteBranch(_ git: Git, local: String) throws -> String {
        let configured = try git.run(["config", "--get", "branch.\(local).merge"])
        if configured.succeeded, configured.outputText.hasPrefix("refs/heads/") {
            let name = String(configured.outputText.dropFirst("refs/heads/".count))
            if try git.commit("refs/remotes/\(Self.remote)/\(name)") != nil { return name }
        }
        if try git.commit("refs/remotes/\(Self.remote)/\(local)") != nil { return local }
        let head = try git.runRemote(["ls-remote", "--symref", Self.remote, "HEAD"], remote: try remoteURL(git))
        for line in head.outputText.split(separator: "\n") where line.hasPrefix("ref: refs/heads/") {
            let name = line.dropFirst("ref: refs/heads/".count).prefix { $0 != "\t" }
            if try git.commit("refs/remotes/\(Self.remote)/\(name)") != nil { return String(name) }
        }
        return local
    }

    /// Writes the merge driver and the text conversion into the repository's own configuration
    /// (again on every `sync init`: the executable may have moved).
    private func configureGit(_ repository: Repository) throws {
        let git = repository.git
        let quoted = "\"" + executable.shellEscapedInDoubleQuotes + "\""
        try git.check(["config", "merge.checklists.name", "checklists item-by-item merge"])
        try git.check(["config", "merge.checklists.driver", "\(quoted) merge %O %A %B"])
        try git.check(["config", "diff.checklists.textconv", "\(quoted) cat"])
    }

    /// The files `sync init` writes beside the data file, and the lines each must hold.
    private func setUpFiles(_ repository: Repository) -> [(path: String, lines: [String])] {
        let pattern = "/" + repository.path.gitPattern
        return [
            (repository.top + "/.gitattributes", [pattern + " merge=checklists diff=checklists"]),
            (repository.top + "/.gitignore", [pattern + ".lock", pattern + ".tmp-*"]),
        ]
    }

    /// Appends each of `lines` missing from the file at `path` (created when missing).
    private func ensureLines(_ lines: [String], in path: String) throws {
        let existing = String(decoding: StateFile.read(path) ?? [], as: UTF8.self)
        let present = Set(existing.split(separator: "\n").map(String.init))
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        let text = existing + separator + missing.joined(separator: "\n") + "\n"
        guard let file = fopen(path, "w") else {
            throw SyncError.gitFailed(
                step: "setup", detail: "cannot write \(path): \(SystemError.message())")
        }
        defer { fclose(file) }
        fputs(text, file)
    }
}
