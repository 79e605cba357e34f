import ChecklistKit

/// `sync init [URL]` and `sync`: keeps the data file in step with a git remote (SPEC §8).
///
/// Git is the transport and the history; the merge is ChecklistKit's, run here: the remote's
/// version is read from its commit and checked before anything uses it, merged with this
/// machine's and their last common version, saved through the store (atomically, keeping the
/// file's mode), and committed with git's plumbing. Git never writes the data file, so no kill
/// at any instant can leave it missing, half-written, or one git did not check.
///
/// Everything happens under the store's lock, which every git started here holds too: none can
/// outlive it. Locks and merge state left by a killed sync are cleared first (`RepositoryRecovery`).
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
    /// How many renumbered items the summary names before saying how many more.
    static let namedRenumberings = 5

    /// Prepares sync for `store`'s data file.
    public init(store: ChecklistStore, executable: String, environment: [String: String]) {
        self.store = store
        self.executable = executable
        self.environment = environment
    }

    /// `sync`: commits the data file if it changed, fetches, merges the remote's changes, pushes.
    public func sync() throws -> CommandResult {
        var packing: Git?
        let result = try store.withLock { lock in
            let place = try ResolvedDataFile(path: store.path)
            let git = try Git(folder: place.folder, environment: environment, heldLock: lock.descriptor)
            _ = try git.remoteTimeout()  // a bad setting is refused before anything is done
            guard try git.succeeds(["config", "--get", "merge.checklists.driver"]) else {
                throw SyncError.notSetUp(folder: place.folder)
            }
            var repository = try Repository(git: git, place: place)
            repository.git.identity = try identity(git)
            var notices = try RepositoryRecovery.clear(repository)
            if let restored = try RepositoryRecovery.restoreMissingDataFile(repository, lock: lock) {
                notices.append(restored)
            }
            guard try git.succeeds(["remote", "get-url", Self.remote]) else {
                _ = try commitLocal(repository)
                throw SyncError.noRemote(folder: repository.top)
            }
            let merge = try git.run(["config", "--get", "branch.\(repository.branch).merge"])
            let branch = merge.succeeded ? String(merge.outputText.dropFirst("refs/heads/".count)) : repository.branch
            let report = try exchange(repository, lock: lock, branch: branch)
            packing = git
            var result = CommandResult(lines: [OutputLine(report.summary)])
            result.notices = notices + report.conflicts.map(\.description)
            return result
        }
        // Packing may take seconds on a large history and needs no lock: git packs safely
        // beside other gits.
        if var packing {
            packing.heldLock = nil
            try? packIfLarge(packing)
        }
        return result
    }

    /// What one exchange with the remote did.
    struct Report {
        /// The summary line: changes coming in and going out, renumbered IDs.
        var summary: String
        /// The merges' notes on fields both sides changed and items dropped for another's UID
        /// (renumbered items are in the summary).
        var conflicts: [MergeNote]
    }

    /// Commits, fetches, merges and pushes, merging again when the push is refused.
    ///
    /// `before` is what "in" is counted from (the checklists before `sync init` took the remote's).
    func exchange(
        _ repository: Repository, lock: HeldStoreLock, branch: String, before: ChecklistBook? = nil
    ) throws -> Report {
        let git = repository.git
        let history = DataHistory(repository: repository)
        let tracking = "refs/remotes/\(Self.remote)/\(branch)"
        let before = before ?? store.book
        var head = try commitLocal(repository)
        var notes: [MergeNote] = []
        var lastRefusal = ""
        var outgoing = "nothing"
        var settled = false
        for _ in 0..<Self.tries {
            try fetch(git)
            let remote = try git.commit(tracking)
            var theirs: ChecklistBook?
            if let remote, remote != head {
                if let head, try git.isAncestor(remote, of: head) {
                    theirs = try? history.book(at: remote).get()
                } else {
                    let merged = try mergeRemote(remote, head: head, history: history, lock: lock)
                    theirs = merged.theirs
                    notes += merged.result.notes
                    head = merged.head
                }
            }
            guard let pushing = head, pushing != remote else {
                settled = true
                break
            }
            let push = try git.runRemote(
                ["push", "--porcelain", Self.remote, "\(pushing):refs/heads/\(branch)"], remote: try remoteURL(git))
            if push.succeeded {
                outgoing = ItemChanges(from: theirs, to: store.book).summary
                settled = true
                break
            }
            if let lockFile = Self.staleLock(in: push.errorText + "\n" + push.outputText) {
                throw SyncError.remoteLocked(lockFile: lockFile, detail: push.errorText)
            }
            // --porcelain marks a refused ref with "!"; anything else is the remote failing.
            guard push.outputText.split(separator: "\n").contains(where: { $0.hasPrefix("!") }) else {
                throw SyncError.unreachable(remote: try remoteURL(git), detail: push.errorText)
            }
            lastRefusal = push.errorText
        }
        guard settled else { throw SyncError.pushRefused(tries: Self.tries, detail: lastRefusal) }
        let incoming = ItemChanges(from: before, to: store.book)
        var summary = "synced with \(Self.remote): in \(incoming.summary); out \(outgoing)"
        // A merge tried again renumbers the same items again: each is named once.
        let unique = notes.reduce(into: [MergeNote]()) { named, note in
            if case .renumbered = note, !named.contains(note) { named.append(note) }
        }
        if !unique.isEmpty {
            summary += "; " + unique.prefix(Self.namedRenumberings).map(\.description).joined(separator: ", ")
            if unique.count > Self.namedRenumberings {
                summary += " and \(unique.count - Self.namedRenumberings) more renumbered"
            }
        }
        let conflicts = notes.reduce(into: [MergeNote]()) { named, note in
            if case .renumbered = note {} else if !named.contains(note) { named.append(note) }
        }
        return Report(summary: summary, conflicts: conflicts)
    }

    /// Merges the remote's commit `remote` into this machine's checklists and commits the merge
    /// (or fast-forwards to `remote` when the result is exactly what it holds).
    ///
    /// The remote's version is read and checked first: one that cannot be used changes nothing.
    private func mergeRemote(
        _ remote: String, head: String?, history: DataHistory, lock: HeldStoreLock
    ) throws -> (theirs: ChecklistBook?, result: MergeResult, head: String) {
        let git = history.repository.git
        let theirs: ChecklistBook?
        switch try history.book(at: remote) {
        case .success(let book): theirs = book
        case .failure(let unusable):
            throw SyncError.remoteUnusable(commit: String(remote.prefix(12)), reason: unusable.reason)
        }
        var base: ChecklistBook?
        if let head {
            let found = try git.run(["merge-base", head, remote])
            // A base this machine cannot read (none should be) counts as no common version.
            if found.succeeded { base = try? history.book(at: found.outputText).get() }
        }
        let empty = ChecklistBook(checklists: [], currentIndex: nil, nextItemID: 0)
        let hasData = store.fileExists
        // An item that came here by CalDAV before git carried it is new on both sides; what this
        // machine's CalDAV sync last left of it is its base (SPEC §8 rule 2).
        let synced = CalDAVState.load(CalDAVState.path(dataFile: store.identity, environment: environment)).base
        var result = ChecklistMerge.merge(
            base: base, ours: hasData ? store.book : empty, theirs: theirs ?? empty, synced: synced)
        if hasData {
            if result.book != store.book { try lock.save(result.book) }
        } else if theirs != nil {
            // A machine with no checklists of its own takes the remote's, the first one current.
            let lists = result.book.checklists
            result.book = ChecklistBook(
                checklists: lists, currentIndex: lists.isEmpty ? nil : 0, nextItemID: result.book.nextItemID)
            try lock.save(result.book)
        }
        let blob = store.fileExists ? try history.storeBlob(store.book) : nil
        if try head.map({ try git.isAncestor($0, of: remote) }) ?? true, try blob == history.blob(at: remote) {
            // The result is exactly the remote's: no merge commit, the branch follows the remote.
            try history.moveBranch(to: remote, from: head, message: "checklists: fast-forward on \(Self.hostName)")
            return (theirs, result, remote)
        }
        let parents = (head.map { [$0] } ?? []) + [remote]
        let commit = try history.commit(
            blob: blob, parents: parents, over: head, message: "checklists: merge on \(Self.hostName)")
        return (theirs, result, commit)
    }

    /// Commits the data file's checklists when they differ from HEAD's; returns HEAD after.
    func commitLocal(_ repository: Repository, message: String? = nil) throws -> String? {
        let history = DataHistory(repository: repository)
        let head = try repository.head()
        let blob = store.fileExists ? try history.storeBlob(store.book) : nil
        return try history.commit(
            blob: blob, parents: head.map { [$0] } ?? [], over: head,
            message: message ?? "checklists: changes on \(Self.hostName)")
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
}
