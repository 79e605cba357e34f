import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// `sync init [URL]` and `sync`: keeps the data file in step with a git remote (SPEC §8).
///
/// Git is the transport and the history; `checklists merge`, registered as the data file's merge
/// driver, folds the two sides together item by item. Everything happens under the store's lock,
/// so no checklists process changes the file while git commits, merges or rewrites it. The data
/// is committed before anything touches the remote, so a failure later on loses nothing, and a
/// merge that fails is aborted, leaving the repository and the data file as they were.
public struct GitSync {
    /// The store whose data file is synced.
    let store: ChecklistStore
    /// The absolute path of the running executable, for git's merge driver and text conversion.
    let executable: String
    /// The environment git runs with.
    let environment: [String: String]
    /// The remote `sync` uses.
    static let remote = "origin"
    /// How many times `sync` merges again when the remote moved before its push.
    static let tries = 5

    /// Prepares sync for `store`'s data file.
    public init(store: ChecklistStore, executable: String, environment: [String: String]) {
        self.store = store
        self.executable = executable
        self.environment = environment
    }

    /// `sync init [URL]`: sets the folder up (repository, merge driver, attributes, first commit),
    /// joins the remote at `url` when given, and syncs with it.
    public func initialize(url: String?) throws -> CommandResult {
        try store.withLock {
            let place = try DataPlace(path: store.path)
            var git = try Git(folder: place.folder, environment: environment)
            if try !git.succeeds(["rev-parse", "--show-toplevel"]) {
                try git.check(["init", "--quiet", "--initial-branch=main"])
            }
            let repository = try Repository(git: git, place: place)
            git.identity = try identity(git)
            try configureGit(repository)
            var lines = ["sync set up in \(repository.top) (merge driver: \(executable))"]
            let hasFile = access(place.path, F_OK) == 0
            if hasFile { try commitSetUp(repository, git: git) }
            guard let url else { return CommandResult(lines: lines.map { OutputLine($0) }) }
            if try git.succeeds(["remote", "get-url", Self.remote]) {
                try git.check(["remote", "set-url", Self.remote, url])
            } else {
                try git.check(["remote", "add", Self.remote, url])
            }
            try fetch(git)
            let branch = try remoteBranch(git, local: repository.branch)
            try git.check(["config", "branch.\(repository.branch).remote", Self.remote])
            try git.check(["config", "branch.\(repository.branch).merge", "refs/heads/\(branch)"])
            if try !git.succeeds(["rev-parse", "--quiet", "--verify", "HEAD"]) {
                if try git.succeeds(["rev-parse", "--quiet", "--verify", "refs/remotes/\(Self.remote)/\(branch)"]) {
                    // Nothing here yet: take the remote's checklists as they are.
                    try takeRemote(repository, tracking: "\(Self.remote)/\(branch)")
                }
                try commitSetUp(repository, git: git)
            }
            let report = try exchange(repository, git: git, branch: branch)
            lines.append(report.summary)
            var result = CommandResult(lines: lines.map { OutputLine($0) })
            result.notices = report.notices
            return result
        }
    }

    /// `sync`: commits the data file if it changed, fetches, merges the remote's changes, pushes.
    public func sync() throws -> CommandResult {
        try store.withLock {
            let place = try DataPlace(path: store.path)
            var git = try Git(folder: place.folder, environment: environment)
            guard try git.succeeds(["config", "--get", "merge.checklists.driver"]) else {
                throw SyncError.notSetUp(folder: place.folder)
            }
            let repository = try Repository(git: git, place: place)
            git.identity = try identity(git)
            guard try git.succeeds(["remote", "get-url", Self.remote]) else {
                try commitData(repository, git: git)
                throw SyncError.noRemote(folder: repository.top)
            }
            let merge = try git.run(["config", "--get", "branch.\(repository.branch).merge"])
            let branch = merge.succeeded ? String(merge.outputText.dropFirst("refs/heads/".count)) : repository.branch
            let report = try exchange(repository, git: git, branch: branch)
            var result = CommandResult(lines: [OutputLine(report.summary)])
            result.notices = report.notices
            return result
        }
    }

    /// What one exchange with the remote did.
    struct Report {
        /// The summary line: changes coming in and going out, renumbered IDs.
        var summary: String
        /// The merge driver's notes (fields both sides changed, renumbered IDs).
        var notices: [String]
    }

    /// Commits, fetches, merges and pushes, merging again when the push is refused.
    private func exchange(_ repository: Repository, git: Git, branch: String) throws -> Report {
        let tracking = "refs/remotes/\(Self.remote)/\(branch)"
        if try git.succeeds(["rev-parse", "--quiet", "--verify", "MERGE_HEAD"]) {
            // A merge left behind by a process that was killed: the data committed before it is intact.
            try git.check(["merge", "--abort"])
        }
        let before = store.book
        try commitData(repository, git: git)
        var theirs: ChecklistBook?
        var notices: [String] = []
        var lastRefusal = ""
        var settled = false
        for _ in 0..<Self.tries {
            try fetch(git)
            let remote = try git.run(["rev-parse", "--quiet", "--verify", tracking])
            let remoteExists = remote.succeeded
            if remoteExists {
                let head = try git.run(["rev-parse", "--quiet", "--verify", "HEAD"])
                // In step already: their checklists are ours, no need to read them.
                let inStep = head.succeeded && head.outputText == remote.outputText
                theirs = inStep ? store.book : try book(at: "\(tracking):\(repository.path)", git: git)
                if !inStep { notices += try merge(tracking, repository: repository, git: git) }
            }
            let nothingToPush =
                try !git.succeeds(["rev-parse", "--quiet", "--verify", "HEAD"])
                || (remoteExists && git.check(["rev-list", "--count", "\(tracking)..HEAD"]) == "0")
            if nothingToPush {
                settled = true
                break
            }
            let push = try git.run(["push", "--porcelain", Self.remote, "HEAD:refs/heads/\(branch)"])
            if push.succeeded {
                settled = true
                break
            }
            // --porcelain marks a refused ref with "!"; anything else is the remote failing.
            guard push.outputText.split(separator: "\n").contains(where: { $0.hasPrefix("!") }) else {
                throw SyncError.unreachable(remote: try remoteURL(git), detail: push.errorText)
            }
            lastRefusal = push.errorText
        }
        guard settled else { throw SyncError.pushRefused(tries: Self.tries, detail: lastRefusal) }
        try packIfLarge(git)
        try store.reloadIfChanged()
        let incoming = ItemChanges(from: before, to: store.book)
        let outgoing = ItemChanges(from: theirs, to: store.book)
        let renumbered = notices.filter { $0.hasPrefix("renumbered") }
        var summary = "synced with \(Self.remote): in \(incoming.summary); out \(outgoing.summary)"
        if !renumbered.isEmpty { summary += "; " + renumbered.joined(separator: ", ") }
        return Report(summary: summary, notices: notices.filter { !$0.hasPrefix("renumbered") })
    }

    /// Merges `tracking` into the current branch; git runs `checklists merge` on the data file.
    /// Returns the driver's notes; a failed merge is aborted.
    private func merge(_ tracking: String, repository: Repository, git: Git) throws -> [String] {
        if try git.succeeds(["merge-base", "--is-ancestor", tracking, "HEAD"]) { return [] }
        let place = repository.place
        var outcome: ChildProcess.Outcome?
        try keepingMode(place) {
            outcome = try git.run(
                git.identity + ["merge", "--no-edit", "--quiet", "--allow-unrelated-histories", tracking])
        }
        guard let outcome, outcome.succeeded else {
            let detail = (outcome?.errorText ?? "") + "\n" + (outcome?.outputText ?? "")
            _ = try? git.run(["merge", "--abort"])
            throw SyncError.mergeFailed(detail: detail.trimmingNewlines)
        }
        return outcome.errorText.split(separator: "\n").compactMap { line in
            line.hasPrefix("note: ") ? String(line.dropFirst("note: ".count)) : nil
        }
    }

    /// Packs the repository once loose objects pass `looseLimit` KiB.
    ///
    /// Every sync adds a compressed copy of the whole file as a loose object (about 460 KiB at
    /// 10,000 items), and git's own automatic packing waits for thousands of them. Packed, the
    /// versions are stored as deltas of one another: a few KiB each.
    private func packIfLarge(_ git: Git) throws {
        let counted = try git.run(["count-objects"])
        // "N objects, M kilobytes"
        let words = counted.outputText.split(separator: " ")
        guard counted.succeeded, words.count >= 3, let kilobytes = Int(words[2]), kilobytes > Self.looseLimit else {
            return
        }
        _ = try git.run(["gc", "--quiet"])
    }

    /// How many KiB of loose objects `sync` lets pile up before it packs them.
    static let looseLimit = 8192

    /// Fetches the remote; failure means it cannot be reached (or refused access).
    private func fetch(_ git: Git) throws {
        let outcome = try git.run(["fetch", "--quiet", Self.remote])
        guard outcome.succeeded else {
            throw SyncError.unreachable(remote: try remoteURL(git), detail: outcome.errorText)
        }
    }

    private func remoteURL(_ git: Git) throws -> String {
        let url = try git.run(["remote", "get-url", Self.remote])
        return url.succeeded ? url.outputText : Self.remote
    }

    /// The remote's branch to follow: the one this branch already follows, the remote's default
    /// branch, or else this branch's own name (a new, empty remote).
    private func remoteBranch(_ git: Git, local: String) throws -> String {
        let configured = try git.run(["config", "--get", "branch.\(local).merge"])
        if configured.succeeded, configured.outputText.hasPrefix("refs/heads/") {
            return String(configured.outputText.dropFirst("refs/heads/".count))
        }
        if try git.succeeds(["rev-parse", "--quiet", "--verify", "refs/remotes/\(Self.remote)/\(local)"]) {
            return local
        }
        let head = try git.run(["ls-remote", "--symref", Self.remote, "HEAD"])
        for line in head.outputText.split(separator: "\n") where line.hasPrefix("ref: refs/heads/") {
            let name = line.dropFirst("ref: refs/heads/".count).prefix { $0 != "\t" }
            if try git.succeeds(["rev-parse", "--quiet", "--verify", "refs/remotes/\(Self.remote)/\(name)"]) {
                return String(name)
            }
        }
        return local
    }

    /// The checklists stored at `object` (`REF:PATH`); `nil` when there is no such file there.
    private func book(at object: String, git: Git) throws -> ChecklistBook? {
        let blob = try git.run(["cat-file", "blob", object])
        guard blob.succeeded else { return nil }
        return try? ChecklistBook(archive: blob.output, loadTime: WallClock.now())
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

    /// Checks out the remote's branch into a repository with no commit yet. Attribute and ignore
    /// files already here (untracked) are set aside for the checkout and their lines added back.
    private func takeRemote(_ repository: Repository, tracking: String) throws {
        var setAside: [(path: String, lines: [String])] = []
        for file in setUpFiles(repository) where access(file.path, F_OK) == 0 {
            setAside.append((file.path, try readText(file.path).split(separator: "\n").map(String.init)))
            unlink(file.path)
        }
        let checkout = try repository.git.run(["checkout", "--quiet", "-B", repository.branch, tracking])
        for file in setAside { try ensureLines(file.lines, in: file.path) }
        guard checkout.succeeded else {
            throw SyncError.gitFailed(step: "checkout", detail: checkout.errorText)
        }
        // A new data file is private, as the store creates it; git wrote it with its own mode.
        chmod(repository.place.path, 0o600)
    }

    /// Commits the attributes, the ignore list and the data file, when any of them changed.
    private func commitSetUp(_ repository: Repository, git: Git) throws {
        for file in setUpFiles(repository) { try ensureLines(file.lines, in: file.path) }
        try git.check(["add", "--", ".gitattributes", ".gitignore"])
        try commitData(repository, git: git, message: "checklists: sync set up on \(Self.hostName)")
    }

    /// Commits the data file if it changed since the last commit.
    private func commitData(_ repository: Repository, git: Git, message: String? = nil) throws {
        if access(repository.place.path, F_OK) == 0 {
            try git.check(["add", "--", repository.path])
        }
        guard try !git.succeeds(["diff", "--cached", "--quiet"]) else { return }
        try git.commit(message: message ?? "checklists: changes on \(Self.hostName)")
    }

    /// Appends each of `lines` missing from the file at `path` (created when missing).
    private func ensureLines(_ lines: [String], in path: String) throws {
        let existing = (try? readText(path)) ?? ""
        let present = Set(existing.split(separator: "\n").map(String.init))
        let missing = lines.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        let text = existing + separator + missing.joined(separator: "\n") + "\n"
        guard let file = fopen(path, "w") else {
            throw SyncError.gitFailed(
                step: "setup", detail: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        fputs(text, file)
    }

    private func readText(_ path: String) throws -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `body`, then gives the data file back the permission bits it had (git writes the
    /// files it merges or checks out with its own, 0644 under the usual umask).
    private func keepingMode(_ place: DataPlace, _ body: () throws -> Void) throws {
        var info = stat()
        let mode = stat(place.path, &info) == 0 ? info.st_mode & 0o7777 : 0o600
        defer {
            var after = stat()
            if stat(place.path, &after) == 0, after.st_mode & 0o7777 != mode { chmod(place.path, mode) }
        }
        try body()
    }

    /// The `-c` options that give commits `checklists <USER@HOST>` when git has no identity.
    private func identity(_ git: Git) throws -> [String] {
        var options: [String] = []
        if try !git.succeeds(["config", "user.name"]) { options += ["-c", "user.name=checklists"] }
        if try !git.succeeds(["config", "user.email"]) {
            let user = environment["USER"] ?? environment["LOGNAME"] ?? Self.userName
            options += ["-c", "user.email=\(user)@\(Self.hostName)"]
        }
        return options
    }

    /// The name of the user this process runs as (cron and services may not set `USER`).
    static var userName: String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "user" }
        return String(cString: name)
    }

    /// This machine's name.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
