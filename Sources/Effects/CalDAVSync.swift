import ChecklistKit
import KeyedArchive

#if canImport(Glibc)
import Glibc
#endif

/// `caldav init URL [USER]`, `caldav`, `caldav off`: two-way sync of the checklists with a CalDAV
/// server's task lists (SPEC §11).
///
/// A sync is the three-way merge of SPEC §8, run under the store's lock: this machine's
/// checklists are OURS, the server's task lists THEIRS, and the server as the last sync left it
/// BASE (`CalDAVState`). Items are matched to tasks by UID (kept in the archive); a task that
/// no sync has paired yet is matched to an unpaired item of the same text in the same list, so
/// joining never duplicates. The order of work makes an interruption harmless: UIDs are given
/// and saved before anything is written to the server, the merge is saved here before the
/// writes, and the state only after them; the next sync finishes what one left undone, since
/// every task carries its UID.
public struct CalDAVSync {
    let store: ChecklistStore
    let environment: [String: String]
    /// How many times a task is fetched again and merged when a write finds it changed
    /// meanwhile (412) before the sync gives up.
    static let tries = 5
    /// Told where a sync has come (fetching tasks, writing them), for the executable to show.
    public var onProgress: (ProgressReport) -> Void = { _ in }

    /// What the tries of one sync carry from one to the next.
    private struct Progress {
        /// The tasks (hrefs) whose write found them changed there: fetched again, whatever the
        /// sync token says.
        var refetch: Set<String> = []
        /// How many times each of them was tried.
        var tries: [String: Int] = [:]
        /// The checklists here and there as the first try found them, for the summary of all tries.
        var first: (here: ChecklistBook, there: ChecklistBook)?
        /// Merge conflicts and unreadable tasks reported by the tries.
        var notices: [String] = []
    }

    /// Prepares CalDAV sync for `store`'s data file (its account and state are kept by the
    /// file's resolved path, `store.identity`, as the undo journal is: any name of the file finds them).
    public init(store: ChecklistStore, environment: [String: String]) {
        self.store = store
        self.environment = environment
    }

    /// Whether an account is set up for the data file.
    public var isSetUp: Bool { CalDAVAccount.load(dataFile: store.identity, environment: environment) != nil }

    private var statePath: String { CalDAVState.path(dataFile: store.identity, environment: environment) }

    /// `caldav init URL [USER]`: finds the calendar home, saves the account, then syncs. A
    /// failure leaves the previous account (or none) as it was.
    public func initialize(url: String, user: String?) throws -> CommandResult {
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            throw CalDAVError.local("caldav init needs an http:// or https:// URL, not \"\(url)\"")
        }
        // Checked here too (`server` checks every URL), so that nothing is looked up before.
        guard !CalDAVAccount.carriesCredentials(url) else { throw CalDAVError.credentialsInURL(url: url) }
        let server = try self.server(url: url, user: user)
        let home = try server.discover(url)
        let previous = CalDAVAccount.load(dataFile: store.identity, environment: environment)
        let account = CalDAVAccount(url: url, user: user, home: home)
        if previous?.home != home { StateFile.remove(statePath) }
        do {
            try account.save(dataFile: store.identity, environment: environment)
        } catch {
            throw CalDAVError.local("cannot save the account: \(error)")
        }
        do {
            var result = try sync()
            result.lines.insert(OutputLine("caldav set up: \(home)"), at: 0)
            return result
        } catch {
            if let previous {
                try? previous.save(dataFile: store.identity, environment: environment)
            } else {
                StateFile.remove(CalDAVAccount.path(dataFile: store.identity, environment: environment))
            }
            throw error
        }
    }

    /// `caldav off`: forgets the account and the sync state; no data changes, here or there.
    public func off() -> CommandResult {
        let had = isSetUp
        StateFile.remove(CalDAVAccount.path(dataFile: store.identity, environment: environment))
        StateFile.remove(statePath)
        return CommandResult(lines: [
            OutputLine(had ? "caldav off: account and sync state forgotten" : "caldav was not set up")
        ])
    }

    /// `caldav`: one two-way sync.
    public func sync() throws -> CommandResult {
        guard let account = CalDAVAccount.load(dataFile: store.identity, environment: environment) else {
            throw CalDAVError.notSetUp
        }
        let server = try self.server(url: account.home, user: account.user)
        return try store.withLock { lock in
            CurlTransport.clearScratch(statePath + ".tmp")
            // A sync saves UIDs and the merge before it writes to the server (so that a killed
            // one loses nothing); one that fails puts the data back as it was (SPEC §11). What
            // it wrote to the server meanwhile is found again by the next sync: a new task is
            // paired with its item by text, as when joining.
            let original = store.book
            let originalBytes = try lock.fileBytes()
            do {
                var progress = Progress()
                while true {
                    if let result = try attempt(account, server: server, lock: lock, progress: &progress) {
                        return result
                    }
                    // Only the tasks a write found changed are fetched again and merged.
                    for href in progress.refetch { progress.tries[href, default: 1] += 1 }
                    if let most = progress.tries.values.max(), most > Self.tries {
                        throw CalDAVError.keptChanging(tries: Self.tries)
                    }
                }
            } catch {
                if store.book != original {
                    if let originalBytes { try lock.putBack(originalBytes) } else { try lock.save(original) }
                }
                throw error
            }
        }
    }

    /// A warning for `caldav init URL` when the password would travel in clear: `http://` to
    /// another host than this machine's loopback.
    public static func clearTextWarning(url: String) -> String? {
        guard url.lowercased().hasPrefix("http://"), !CalDAVAccount.isLoopback(url) else { return nil }
        return "\(CalDAVAccount.origin(of: CalDAVAccount.withoutCredentials(url)).printable) is plain http://:"
            + " the password would travel in clear; use https:// if the server offers it"
    }

    /// The server of `url` with the user's password and the request timeout (30 s, else
    /// `CHECKLISTS_CALDAV_TIMEOUT` seconds); requests go to `url`'s origin only.
    private func server(url: String, user: String?) throws(CalDAVError) -> CalDAVServer {
        guard !CalDAVAccount.carriesCredentials(url) else { throw .credentialsInURL(url: url) }
        let host = CalDAVAccount.host(of: url)
        let password = CalDAVPassword.find(host: host, user: user, environment: environment)
        let credentials = password.map { (user: user ?? "", password: $0) }
        var transport = CurlTransport(
            credentials: credentials, environment: environment, scratch: statePath + ".tmp",
            origin: CalDAVAccount.origin(of: url))
        if let text = environment["CHECKLISTS_CALDAV_TIMEOUT"] {
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                throw .local(
                    "CHECKLISTS_CALDAV_TIMEOUT must be a whole number of seconds from 1 to 3600, not \"\(text)\";"
                        + " unset it for the default of 30")
            }
            transport.timeout = seconds
        }
        return CalDAVServer(transport: transport, server: CalDAVAccount.origin(of: url), user: user)
    }

    /// What the server holds now, as far as this sync needs it: every task (the unchanged ones
    /// from the state, the changed ones fetched) and the sync token that covers them per collection.
    private struct Survey {
        var current: [String: CalDAVState.Resource] = [:]
        var tokens: [String: String] = [:]
        /// Whether every collection's token is the one the state has (nothing changed there).
        var unchanged = true
        /// The ETag of every member seen (tasks or not), by href.
        var seen: [String: String] = [:]
        /// The UIDs of tasks that changed there but could not be read: neither deleted here nor
        /// written there, and looked at again at the next sync (their state stays as it was).
        var unresolved: Set<String> = []
        /// What to say on stderr about them.
        var notices: [String] = []
        /// The collections with a change not read: their sync token must not move past it.
        var unsettled: Set<String> = []
        /// Copies the last sync left of tasks found at a second href too: moves half done.
        var stale: [CalDAVState.Resource] = []
        /// The tasks refused (too large, unreadable), by href, for the state to remember.
        var refused: [String: CalDAVState.Refused] = [:]
        /// The task of each UID as the last sync left it.
        let synced: [String: CalDAVState.Resource]
        /// The name of each task list, by URL, to name a task found in two.
        let names: [String: String]

        /// Takes `resource` as its UID's task. A UID found in two task lists is a move half done
        /// (the PUT to the new list made, the DELETE of the old copy not, by this program or
        /// another client): the copy the last sync left is the stale one, which the writes
        /// delete. A client's copy reads the same; both are named, as is a UID found in two lists
        /// of which the last sync knew neither (the one found last is taken, the other left alone).
        mutating func hold(_ resource: CalDAVState.Resource) {
            let uid = resource.uid
            guard let held = current[uid], held.href != resource.href else {
                current[uid] = resource
                return
            }
            let old = synced[uid]?.href
            let (left, taken) = resource.href == old ? (resource, held) : (held, resource)
            let lists = "the task \(uid) is in two task lists, \(name(of: left)) and \(name(of: taken))"
            if left.href == old {
                stale.append(left)
                notices.append(
                    lists + ": taken as moved to \(name(of: taken)), the copy in \(name(of: left)) is deleted")
            } else {
                notices.append(
                    lists + ": only the one in \(name(of: taken)) is taken here, the other is left as it is there")
            }
            current[uid] = taken
        }

        /// `"Groceries" (/href)`: a task's list, and its place.
        private func name(of resource: CalDAVState.Resource) -> String {
            "\"\(names[resource.collection] ?? resource.collection)\" (\(resource.href))"
        }

        /// Leaves the task at `href` in `collection` as it is, here and there, for the reason
        /// `refusal` gives: named on stderr, its collection's token not moved past it, and the
        /// item it was at the last sync (`known`) kept as it was and unresolved.
        mutating func refuse(
            _ href: String, _ refusal: CalDAVState.Refused, collection: String, known: CalDAVState.Resource?
        ) {
            refused[href] = refusal
            notices.append(refusal.notice)
            unsettled.insert(collection)
            guard let known else { return }
            hold(known)
            unresolved.insert(known.uid)
        }
    }

    /// Finds what changed on the server since the last sync and fetches only that: per
    /// collection, nothing when its sync token is the one the state has; else the changes since
    /// that token (`sync-collection`); else, when the token is refused or there is none, every
    /// member's ETag (from a `sync-collection` without a token, else a PROPFIND) compared with
    /// the state's. The changed tasks come in one `calendar-multiget` per collection, with
    /// `refetch` (tasks a write found changed meanwhile) whatever the token says.
    private func survey(
        _ collections: [CalDAVServer.Collection], state: CalDAVState, server: CalDAVServer, refetch: Set<String>
    ) throws -> Survey {
        var known: [String: CalDAVState.Resource] = [:]
        var held: [String: [CalDAVState.Resource]] = [:]
        for resource in state.resources.values {
            known[resource.href] = resource
            held[resource.collection, default: []].append(resource)
        }
        var names: [String: String] = [:]
        for collection in collections { names[collection.url] = collection.name }
        var survey = Survey(synced: state.resources, names: names)
        var wanted: [String: [String]] = [:]
        var newTokens: [String: String] = [:]
        /// Takes a collection's members (`etags`) as the server lists them, or, with `removed`,
        /// the changes since the state's token.
        func compare(_ url: String, _ etags: [String: String], removed: Set<String>?) {
            var listed = etags
            if let removed {
                for resource in held[url] ?? [] where !removed.contains(resource.href) && listed[resource.href] == nil {
                    listed[resource.href] = resource.etag
                }
            }
            for (href, etag) in listed {
                survey.seen[href] = etag
                if let resource = known[href], resource.etag == etag, resource.collection == url,
                    !refetch.contains(href)
                {
                    survey.hold(resource)
                } else if let refusal = state.refused[href], refusal.etag == etag, !refetch.contains(href) {
                    // Refused before and unchanged since: named again, not fetched again (a task
                    // too large to read cost every sync its whole download).
                    survey.refuse(href, refusal, collection: url, known: known[href])
                } else {
                    wanted[url, default: []].append(href)
                }
            }
        }
        var asked: [(url: String, token: String?)] = []
        var listing: [String] = []
        for collection in collections {
            let stored = state.collections[collection.url]?.token
            if let token = collection.token, token == stored {
                // Seen as the state has them, so that a removal reported later (while this sync
                // writes) is told from one of a task never seen.
                for resource in held[collection.url] ?? [] {
                    survey.seen[resource.href] = resource.etag
                    if refetch.contains(resource.href) {
                        wanted[collection.url, default: []].append(resource.href)
                    } else {
                        survey.hold(resource)
                    }
                }
                survey.tokens[collection.url] = token
            } else if collection.token != nil {
                survey.unchanged = false
                asked.append((collection.url, stored))
            } else {
                survey.unchanged = false
                listing.append(collection.url)
            }
        }
        if !refetch.isEmpty { survey.unchanged = false }
        var again: [(url: String, token: String?)] = []
        let answers = try server.changes(asked)
        for (url, token) in asked {
            if let changes = answers[url] {
                compare(url, changes.etags, removed: token == nil ? nil : changes.removed)
                newTokens[url] = changes.token
            } else if token != nil {
                again.append((url, nil))
            } else {
                listing.append(url)
            }
        }
        let full = try server.changes(again)
        for (url, _) in again {
            if let changes = full[url] {
                compare(url, changes.etags, removed: nil)
                newTokens[url] = changes.token
            } else {
                listing.append(url)
            }
        }
        for (url, etags) in try server.etags(listing) { compare(url, etags, removed: nil) }
        let fetching = wanted.values.reduce(0) { $0 + $1.count }
        if fetching > 0 { onProgress(ProgressReport("caldav: fetching tasks", done: 0, of: fetching)) }
        let answer = try server.fetch(wanted)
        if fetching > 0 { onProgress(ProgressReport("caldav: fetching tasks", done: fetching, of: fetching)) }
        var settled: Set<String> = answer.gone
        var read: [CalDAVState.Resource] = []
        for (href, resource) in answer.found.sorted(by: { $0.key < $1.key }) {
            survey.seen[href] = resource.etag
            guard let collection = collections.first(where: { href.hasPrefix($0.url) }) else { continue }
            let task: (uid: String, titledArchiveNull: Bool)
            do {
                task = try Self.readTask(resource.data)
            } catch {
                let notice = "cannot read the task \(href) (\(error)): it is left as it is, here and on the server,"
                // Bytes too many to read (a photo inline) are refused again until they change: they
                // are not fetched again meanwhile. Others may have been garbled on the way: read again.
                if resource.data.count > ICalendarReader.maximumLineLength {
                    survey.refused[href] = CalDAVState.Refused(
                        etag: resource.etag, notice: notice + " and looked at again once it changes there")
                } else {
                    survey.notices.append(notice + " and looked at again at the next sync")
                }
                continue
            }
            // Foundation reads a text "$null" as nothing and drops the item (SPEC §4): such a task
            // is left as it is, as an unreadable one is, until it is renamed there.
            if task.titledArchiveNull {
                survey.notices.append(
                    "the task \(href) is titled \"\(KeyedArchiver.nullString)\", which the iOS app would read as"
                        + " nothing: it is left as it is, here and on the server, and looked at again at the next sync")
                continue
            }
            read.append(
                CalDAVState.Resource(
                    uid: task.uid, href: href, etag: resource.etag, collection: collection.url, data: resource.data))
        }
        // A task whose UID is not the one its place held, or a UID at a second place in one list
        // (RFC 4791 allows neither), contradicts the state or the answer itself: it is no evidence
        // of anything, and is left as the last sync left it (unresolved, below), and named. The
        // tasks that agree with the state are taken first, so that they are the ones kept.
        let agreeing = read.filter { known[$0.href]?.uid == $0.uid }
        for resource in agreeing + read.filter({ known[$0.href]?.uid != $0.uid }) {
            let previous = known[resource.href]
            if let previous, previous.uid != resource.uid {
                survey.notices.append(
                    "the server says the task \(resource.href) is \(resource.uid), not \(previous.uid) as before: it is"
                        + " left as it is, here and on the server, and looked at again at the next sync")
                continue
            }
            if let other = survey.current[resource.uid], other.href != resource.href,
                other.collection == resource.collection
            {
                survey.notices.append(
                    "the server gives the tasks \(other.href) and \(resource.href) one UID, \(resource.uid): the second"
                        + " is left as it is, here and on the server, and looked at again at the next sync")
                continue
            }
            settled.insert(resource.href)
            survey.hold(resource)
        }
        // A task asked for that did not come back readable (and is not reported gone) is no
        // evidence of a delete: it stays as the last sync left it, and unresolved.
        for (url, hrefs) in wanted {
            for href in hrefs where !settled.contains(href) {
                if answer.oversized.contains(href), let etag = survey.seen[href] {
                    survey.refused[href] = CalDAVState.Refused(
                        etag: etag,
                        notice: "the task \(href) is larger than \(CurlTransport.answerLimit >> 20) MiB: it is left as"
                            + " it is, here and on the server, and looked at again once it changes there")
                }
                if let refusal = survey.refused[href] {
                    survey.refuse(href, refusal, collection: url, known: known[href])
                    continue
                }
                survey.unsettled.insert(url)
                guard let resource = known[href] else { continue }
                if answer.found[href] == nil {
                    survey.notices.append(
                        "the server sent no readable answer for the task \(href): it is left as it is, here and"
                            + " on the server, and looked at again at the next sync")
                }
                survey.hold(resource)
                survey.unresolved.insert(resource.uid)
            }
        }
        // A token covers the collection only when every change it announced was read.
        for (url, token) in newTokens where (wanted[url] ?? []).allSatisfy(settled.contains) {
            survey.tokens[url] = token
        }
        return survey
    }

    /// The UID of the first VTODO of a calendar object's text, and whether a VTODO of it (a
    /// series' override too) has the `SUMMARY` "$null", which no item here may hold; throws why
    /// it cannot be read.
    static func readTask(_ data: [UInt8]) throws(ICalendarError) -> (uid: String, titledArchiveNull: Bool) {
        let todos = try ICalendarReader.read(data).flatMap { $0.components(named: "VTODO") }
        guard let todo = todos.first else { throw ICalendarError(line: 0, "no VTODO in it") }
        guard let uid = todo.property("UID").map({ CalendarText.unescaped($0.value) }), !uid.isEmpty else {
            throw ICalendarError(line: 0, "a VTODO without a UID")
        }
        let titledArchiveNull = todos.contains {
            $0.property("SUMMARY").map { CalendarText.unescaped($0.value) } == KeyedArchiver.nullString
        }
        return (uid, titledArchiveNull)
    }

    /// One try of a sync; `nil` when a write found tasks changed meanwhile (`progress.refetch`):
    /// the next try fetches them again and merges.
    private func attempt(
        _ account: CalDAVAccount, server: CalDAVServer, lock: HeldStoreLock, progress: inout Progress
    ) throws -> CommandResult? {
        var state = CalDAVState.load(statePath)
        // 1. The server's task lists, fetching only what changed.
        // In the order the checklists of a book take (by name), so that THEIRS's checklists,
        // built one per collection, are at the same positions.
        let collections = try server.collections(account.home).sorted { a, b in
            NaturalOrder.precedes(a.name, b.name) || (!NaturalOrder.precedes(b.name, a.name) && a.url < b.url)
        }
        try confirmGone(collections, state: state, server: server)
        let survey = try survey(collections, state: state, server: server, refetch: progress.refetch)
        progress.refetch = []
        let current = survey.current
        if survey.unchanged, Self.nothingToDo(collections, state: state, book: store.book) {
            return CommandResult(lines: [
                OutputLine("synced with \(server.server): in nothing; out nothing")
            ])
        }
        // 2. Every item gets its UID, saved before anything reaches the server: the UID of an
        // unpaired task of the same text in the same list (joining never duplicates, nor do two
        // machines that share the file through git), else a new one.
        var ours = store.book
        adoptUIDs(&ours, collections: collections, resources: current, base: state.base)
        giveUIDs(&ours)
        if ours != store.book { try lock.save(ours) }
        let before = ours
        // The automatic first `List`, left empty and on no server yet, stays out of the merge and
        // so off the server (SPEC §11): every new machine has one.
        let aside = ours.checklists.filter { list in
            Self.isAutomaticFirstList(list) && !collections.contains { $0.name == list.name }
                && state.base?.checklists.contains { $0.name == list.name } != true
        }
        let currentAside = ours.current.flatMap { current in aside.contains(current) ? current.name : nil }
        for list in aside {
            if let index = ours.checklists.firstIndex(of: list) { ours.remove(at: index) }
        }
        // Each collection's checklist in BASE, by the pairing the state keeps (a rename on either
        // side keeps it), else by name.
        var baseOf: [Int: Int] = [:]
        for (index, collection) in collections.enumerated() {
            let name = state.collections[collection.url]?.name ?? collection.name
            if let found = state.base?.checklists.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                baseOf[index] = found
            }
        }
        var todos: [String: CalendarComponent] = [:]
        let theirs = theirsBook(
            collections: collections, resources: current, ours: ours, base: state.base, baseOf: baseOf,
            home: account.home, todos: &todos)
        if progress.first == nil { progress.first = (before, theirs) }
        progress.notices += survey.notices
        // 3. The merge, saved here before anything is written there.
        var theirsOfBase: [Int: Int] = [:]
        for (index, found) in baseOf where state.collections[collections[index].url] != nil {
            theirsOfBase[found] = index
        }
        let base = CalDAVWrittenMark.base(
            state.base, ours: ours, theirs: theirs, todos: todos, baseOf: baseOf,
            onServer: Set(current.keys).union(survey.unresolved), home: account.home)
        var merged = ChecklistMerge.merge(
            base: base, ours: ours, theirs: theirs, sharedCounter: false, theirsOfBase: theirsOfBase)
        giveUIDs(&merged.book)
        // A series another client completed and left without an open occurrence gets its next
        // one here, before the writes: the plan builds its task on the completed one's.
        merged.book.addMissingNextOccurrences(now: WallClock.now())
        var here = merged.book
        here.insert(contentsOf: aside)
        if let currentAside { here.select(here.checklists.firstIndex { $0.name == currentAside }) }
        if here != store.book { try lock.save(here) }
        // 4. The writes that bring the server to the merged checklists.
        let plan = CalDAVWritePlan(
            merged: merged, theirs: theirs, collections: collections, current: current, stale: survey.stale,
            unresolved: survey.unresolved, synced: Set(state.collections.keys), home: account.home,
            now: WallClock.now())
        if !plan.created.isEmpty {
            let responses = try server.perform(plan.created)
            // 201 Created; a 207 lists properties refused, and then no collection was made.
            for response in responses where !response.succeeded || response.status == 207 {
                throw CalDAVError.serverFailed(
                    server: server.server, status: response.status, detail: CalDAVServer.snippet(response.body))
            }
        }
        let requests = plan.requests
        if !requests.isEmpty { onProgress(ProgressReport("caldav: writing tasks", done: 0, of: requests.count)) }
        // Counted as the answers come, not only at the end.
        let responses = try server.perform(requests) { answered in
            onProgress(ProgressReport("caldav: writing tasks", done: answered, of: requests.count))
        }
        if !requests.isEmpty {
            onProgress(ProgressReport("caldav: writing tasks", done: requests.count, of: requests.count))
        }
        for (request, response) in zip(requests, responses) where !Self.accepted(request, response) {
            if response.status == 412 {
                progress.refetch.insert(request.url)
                continue
            }
            throw CalDAVError.serverFailed(
                server: server.server, status: response.status, detail: CalDAVServer.snippet(response.body))
        }
        if !progress.refetch.isEmpty { return nil }
        let gone = Set(plan.emptied).subtracting(try server.deleteIfEmpty(plan.emptied))
        // 5. The state: what the server now holds (fresh ETags for what was written) and the
        // sync token that covers it.
        let written = plan.written
        var touched = plan.renamed
        for write in written.values { touched.insert(write.collection) }
        for resource in current.values + survey.stale where plan.deleted.contains(resource.href) {
            touched.insert(resource.collection)
        }
        touched.subtract(gone)
        var tokens = survey.tokens
        var etagOf: [String: String] = [:]
        let writes = written.mapValues { write in
            (
                href: write.href,
                etag: responses.indices.contains(write.request) ? responses[write.request].headers["etag"] : nil
            )
        }
        try settle(
            touched.sorted(), server: server, tokens: &tokens, etagOf: &etagOf,
            offersTokens: collections.isEmpty || collections.contains { $0.token != nil }, seen: survey.seen,
            written: writes,
            deleted: plan.deleted)
        for url in survey.unsettled { tokens[url] = nil }
        var resources: [String: CalDAVState.Resource] = [:]
        for (uid, resource) in current
        where (plan.kept.contains(uid) || survey.unresolved.contains(uid)) && written[uid] == nil {
            resources[uid] = resource
        }
        for (uid, write) in written {
            guard let etag = etagOf[write.href] else { continue }
            resources[uid] = CalDAVState.Resource(
                uid: uid, href: write.href, etag: etag, collection: write.collection, data: write.data)
        }
        state.resources = resources
        state.refused = survey.refused
        state.collections = [:]
        for (list, url) in zip(merged.book.checklists, plan.urlOf) {
            state.collections[url] = CalDAVState.Collection(name: list.name, token: tokens[url])
        }
        // Each item written carries the mark of what the server now holds: only once it is there.
        var marks: [String: String] = [:]
        for (uid, write) in written {
            guard let todo = CalDAVWritePlan.todo(in: write.data) else { continue }
            marks[uid] = CalDAVWrittenMark.serverMark(CalDAVWrittenMark.mark(of: todo), home: account.home)
        }
        state.base = ChecklistBook(
            checklists: Self.keepingUnresolved(
                Self.marking(merged.book, marks).checklists, theirs: theirs, survey.unresolved),
            currentIndex: nil, nextItemID: merged.book.nextItemID)
        do {
            try state.save(statePath)
        } catch {
            throw CalDAVError.local("cannot save the CalDAV sync state: \(error)")
        }
        let marked = Self.marking(here, marks)
        if marked != here { try lock.save(marked) }
        // What moved in every try, not only the last.
        let first = progress.first ?? (before, theirs)
        let incoming = ItemChanges(from: first.here, to: here)
        let outgoing = ItemChanges(from: first.there, to: merged.book)
        var result = CommandResult(lines: [
            OutputLine("synced with \(server.server): in \(incoming.summary); out \(outgoing.summary)")
        ])
        result.notices =
            progress.notices + merged.conflicts.map(\.description) + merged.duplicates.map(\.description)
        return result
    }

    /// `book` with the server mark of each item in `marks` (by UID) set to it.
    static func marking(_ book: ChecklistBook, _ marks: [String: String]) -> ChecklistBook {
        guard !marks.isEmpty else { return book }
        var marked = book
        for list in marked.checklists.indices {
            guard marked.checklists[list].items.contains(where: { $0.uid.map { marks[$0] != nil } == true }) else {
                continue
            }
            marked.update(at: list) { checklist in
                for index in checklist.items.indices {
                    if let uid = checklist.items[index].uid, let mark = marks[uid] {
                        checklist.items[index].serverMark = mark
                    }
                }
            }
        }
        return marked
    }

    /// BASE for the next sync: `merged`, but each unresolved task as the server had it when last
    /// read (`theirs` holds that), since nothing of this sync reached it there.
    static func keepingUnresolved(
        _ merged: [Checklist], theirs: ChecklistBook, _ unresolved: Set<String>
    ) -> [Checklist] {
        guard !unresolved.isEmpty else { return merged }
        var lists = merged
        for list in theirs.checklists {
            for item in list.items where item.uid.map(unresolved.contains) == true {
                if let place = lists.indices.lazy.compactMap({ index in
                    lists[index].items.firstIndex { $0.uid == item.uid }.map { (index, $0) }
                }).first {
                    lists[place.0].items[place.1] = item
                } else if let index = lists.firstIndex(where: { $0.name == list.name }) {
                    lists[index].items.append(item)
                }
            }
        }
        return lists
    }

    /// Stops the sync when a task list the last sync saw is missing from the listing of the
    /// calendar home while its own URL still answers as a task list: an empty or partial listing
    /// (storage not mounted yet, a stale answer of a proxy) is no evidence of a delete (SPEC §11).
    private func confirmGone(
        _ collections: [CalDAVServer.Collection], state: CalDAVState, server: CalDAVServer
    ) throws(CalDAVError) {
        let listed = Set(collections.map(\.url))
        let missing = state.collections.keys.filter { !listed.contains($0) }.sorted()
        guard !missing.isEmpty else { return }
        let properties = "<d:resourcetype/><c:supported-calendar-component-set/>"
        let responses = try server.perform(missing.map { CalDAVServer.propfind($0, depth: "0", properties) })
        for (url, response) in zip(missing, responses) where response.status != 404 && response.status != 410 {
            // Still there, but no longer a task list (made events-only): gone as far as tasks go.
            if response.status == 207, let entry = try server.entries(response, of: url).first {
                let isCalendar = entry.property(CalDAVServer.dav, "resourcetype")?.child(
                    CalDAVServer.caldav, "calendar")
                let components =
                    entry.property(CalDAVServer.caldav, "supported-calendar-component-set")?
                    .children(CalDAVServer.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() } ?? []
                if isCalendar == nil || !(components.isEmpty || components.contains("VTODO")) { continue }
            }
            let name = state.collections[url]?.name ?? url
            throw .incomplete(
                server: server.server,
                detail: "its listing of the calendar home lacks the task list \"\(name)\" (\(url)), which still answers"
                    + " (HTTP \(response.status))")
        }
    }

    /// Whether a sync has nothing to do: every task list's token, name and icon as the last sync
    /// left them (the caller checked the tokens), no task list added or gone, and the checklists
    /// here as that sync left them.
    /// Whether `list` looks like the automatic first checklist every file starts with (empty,
    /// named `List`, no icon): on no server yet, it is not published.
    static func isAutomaticFirstList(_ list: Checklist) -> Bool {
        list.items.isEmpty && list.name == "List" && list.iconName == "No Icon"
    }

    static func nothingToDo(_ collections: [CalDAVServer.Collection], state: CalDAVState, book: ChecklistBook) -> Bool {
        guard let base = state.base,
            book.checklists.filter({ list in
                !Self.isAutomaticFirstList(list) || base.checklists.contains { $0.name == list.name }
            }) == base.checklists,
            Set(collections.map(\.url)) == Set(state.collections.keys)
        else { return false }
        return collections.allSatisfy { collection in
            guard let paired = state.collections[collection.url], paired.name == collection.name,
                let list = base.checklists.first(where: { $0.name == paired.name })
            else { return false }
            return collection.icon == nil || collection.icon == list.iconName
        }
    }

    /// After the writes: the ETag of each task written (`etagOf`, by href) and each touched
    /// collection's new sync token, read with the token from before the writes. The token
    /// advances only when every change since then is one this sync made, so a change another
    /// client made meanwhile still comes in next time. A server that offers no tokens (or refuses
    /// the report) has the touched collections listed in full instead.
    private func settle(
        _ touched: [String], server: CalDAVServer, tokens: inout [String: String], etagOf: inout [String: String],
        offersTokens: Bool, seen known: [String: String], written: [String: (href: String, etag: String?)],
        deleted: Set<String>
    ) throws {
        guard !touched.isEmpty else { return }
        var ours: [String: String?] = [:]
        for write in written.values { ours[write.href] = write.etag }
        let answers = offersTokens ? try server.changes(touched.map { ($0, tokens[$0]) }) : [:]
        var listing: [String] = []
        for url in touched {
            guard let changes = answers[url] else {
                tokens[url] = nil
                listing.append(url)
                continue
            }
            var clean = true
            for (href, etag) in changes.etags {
                if let put = ours[href] {
                    // Another client changed it since our PUT: keep our ETag, so it is fetched.
                    if let put, put != etag { clean = false }
                    etagOf[href] = put ?? etag
                } else if known[href] != etag {
                    clean = false
                }
            }
            for href in changes.removed where !deleted.contains(href) && known[href] != nil { clean = false }
            let missing = written.values.contains { $0.href.hasPrefix(url) && etagOf[$0.href] == nil }
            if clean && !missing { tokens[url] = changes.token }
        }
        for write in written.values where etagOf[write.href] == nil { etagOf[write.href] = write.etag }
        for (_, etags) in try server.etags(listing) {
            for (href, etag) in etags where ours[href] != nil { etagOf[href] = etag }
        }
    }

    /// Whether a write's answer is what it should be: success, or a DELETE of what is already gone.
    static func accepted(_ request: HTTPRequest, _ response: HTTPResponse) -> Bool {
        guard response.succeeded else { return request.method == "DELETE" && response.status == 404 }
        // The name must be set; a server that keeps no properties of other namespaces (the icon)
        // only loses the icon.
        guard request.method == "PROPPATCH", response.status == 207,
            request.body.map({ String(decoding: $0, as: UTF8.self).contains("displayname") }) == true
        else { return true }
        // A multistatus: every property set (200), or the server refused it.
        let body = String(decoding: response.body, as: UTF8.self)
        return !body.contains(" 403") && !body.contains(" 409") && !body.contains(" 424") && !body.contains(" 507")
    }

    /// The server's task lists as checklists: each task an item, with this machine's ID for it
    /// (by UID, here or in BASE), or a fresh one, and its server mark for the account at `home`;
    /// `todos` gets each task's VTODO by UID.
    private func theirsBook(
        collections: [CalDAVServer.Collection], resources: [String: CalDAVState.Resource], ours: ChecklistBook,
        base: ChecklistBook?, baseOf: [Int: Int], home: String, todos: inout [String: CalendarComponent]
    ) -> ChecklistBook {
        var idOfUID: [String: Int] = [:]
        // The DueDate an item without a due date keeps (its creation time), which tasks do not
        // carry: BASE's where it has the task, so that a due date set here since is no change of
        // the server's undated task (its stored date would read as changed there too: a conflict).
        var created: [String: Double] = [:]
        for list in ours.checklists + (base?.checklists ?? []) {
            for item in list.items { if let uid = item.uid { created[uid] = item.archivedDate } }
        }
        for list in (base?.checklists ?? []) + ours.checklists {
            for item in list.items { if let uid = item.uid { idOfUID[uid] = item.itemID } }
        }
        var next = max(ours.nextItemID, base?.nextItemID ?? 0)
        var lists: [Checklist] = []
        var byCollection: [String: [CalDAVState.Resource]] = [:]
        for resource in resources.values { byCollection[resource.collection, default: []].append(resource) }
        for (index, collection) in collections.enumerated() {
            let old = baseOf[index].flatMap {
                base?.checklists.indices.contains($0) == true ? base?.checklists[$0] : nil
            }
            // A collection without our icon property (another client made it, or the server
            // keeps no such properties) keeps the icon BASE had.
            let icon = collection.icon.flatMap { Checklist.iconNames.contains($0) ? $0 : nil }
            var list = Checklist(name: collection.name, iconName: icon ?? old?.iconName ?? "No Icon")
            let members = (byCollection[collection.url] ?? []).compactMap { resource in
                CalDAVWritePlan.todo(in: resource.data).map { (resource, $0) }
            }.sorted { a, b in
                let (left, right) = (Self.sortOrder(a.1), Self.sortOrder(b.1))
                return left != right ? left < right : a.0.href < b.0.href
            }
            // A sub-task's parent is one of the same list's tasks; one elsewhere or missing
            // leaves it top-level here, its RELATED-TO kept (SPEC §13).
            let siblings = Set(members.map(\.0.uid))
            for (resource, todo) in members {
                let id = idOfUID[resource.uid]
                let itemID = id ?? next
                if id == nil { next += 1 }
                // A task new here is dated by when it was made there, alike on every machine: a
                // time of reading would differ between machines and read as a change in git.
                let made = ["CREATED", "DTSTAMP"].lazy.compactMap {
                    todo.property($0).flatMap(CalendarTime.init)?.referenceSeconds
                }.first
                var item = CalendarTask.item(
                    todo, itemID: itemID, created: created[resource.uid] ?? made ?? WallClock.now(), siblings: siblings)
                item.uid = resource.uid
                item.serverMark = CalDAVWrittenMark.serverMark(CalDAVWrittenMark.mark(of: todo), home: home)
                list.items.append(item)
                todos[resource.uid] = todo
            }
            list.items = ChecklistOutline.withoutParentLoops(list.items)
            lists.append(list)
        }
        // Keep the order of BASE for the tasks it knew, the rest after them.
        if let base {
            for index in lists.indices {
                guard let found = baseOf[index], base.checklists.indices.contains(found) else { continue }
                let old = base.checklists[found]
                let rank = Dictionary(
                    uniqueKeysWithValues: old.items.enumerated().map { ($0.element.itemID, $0.offset) })
                lists[index].items.sort { (rank[$0.itemID] ?? Int.max) < (rank[$1.itemID] ?? Int.max) }
            }
        }
        return ChecklistBook(checklists: lists, currentIndex: nil, nextItemID: next)
    }

    /// A task's `X-APPLE-SORT-ORDER`, the position Apple Reminders and others give it.
    static func sortOrder(_ todo: CalendarComponent) -> Int {
        todo.property("X-APPLE-SORT-ORDER").flatMap { Int(CalendarText.unescaped($0.value)) } ?? Int.max
    }

    /// Gives each item no sync has paired yet (without a UID, or with one neither the server nor
    /// BASE knows: every new item gets one) the UID of a task no item has, of the same text, in the
    /// checklist's task list, when BASE does not know the item (it was never synced from here).
    private func adoptUIDs(
        _ book: inout ChecklistBook, collections: [CalDAVServer.Collection], resources: [String: CalDAVState.Resource],
        base: ChecklistBook?
    ) {
        var taken = Set<String>()
        for list in book.checklists { for item in list.items { if let uid = item.uid { taken.insert(uid) } } }
        var paired = Set(resources.keys)
        for list in base?.checklists ?? [] { for item in list.items { if let uid = item.uid { paired.insert(uid) } } }
        var free: [String: [(text: String, uid: String)]] = [:]
        for resource in resources.values.sorted(by: { $0.href < $1.href }) where !taken.contains(resource.uid) {
            guard let collection = collections.first(where: { $0.url == resource.collection }),
                let todo = CalDAVWritePlan.todo(in: resource.data)
            else { continue }
            let text = CalendarTask.item(todo, itemID: 0, created: 0).text
            free[collection.name.lowercased(), default: []].append((text, resource.uid))
        }
        guard !free.isEmpty else { return }
        for list in book.checklists.indices {
            let name = book.checklists[list].name.lowercased()
            guard free[name] != nil else { continue }
            book.update(at: list) { checklist in
                for index in checklist.items.indices
                where checklist.items[index].uid.map({ !paired.contains($0) }) ?? true {
                    let item = checklist.items[index]
                    guard base?.location(ofItemID: item.itemID) == nil,
                        let match = free[name]?.firstIndex(where: { $0.text == item.text }),
                        let uid = free[name]?[match].uid
                    else { continue }
                    checklist.items[index].uid = uid
                    free[name]?.remove(at: match)
                }
            }
        }
    }

    /// Gives every item without a UID the one every machine gives it (`ChecklistItem.madeUID`).
    private func giveUIDs(_ book: inout ChecklistBook) {
        for list in book.checklists.indices {
            guard book.checklists[list].items.contains(where: { $0.uid == nil }) else { continue }
            book.update(at: list) { checklist in
                for index in checklist.items.indices { checklist.items[index].giveUID() }
            }
        }
    }
}
