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

    /// Finds what changed on the server since the last sync and fetches only that: per
    /// collection, nothing when its sync token is the one the state has; else the changes since
    /// that token (`sync-collection`); else, when the token is refused or there is none, every
    /// member's ETag (from a `sync-collection` without a token, else a PROPFIND) compared with
    /// the state's. The changed tasks come in one `calendar-multiget` per collection, with
    /// `refetch` (tasks a write found changed meanwhile) whatever the token says.
    private func survey(
        _ collections: [CalDAVServer.Collection], state: CalDAVState, server: CalDAVServer, refetch: Set<String>
    ) throws -> CalDAVSurvey {
        var known: [String: CalDAVState.Resource] = [:]
        var held: [String: [CalDAVState.Resource]] = [:]
        for resource in state.resources.values {
            known[resource.href] = resource
            held[resource.collection, default: []].append(resource)
        }
        var names: [String: String] = [:]
        for collection in collections { names[collection.url] = collection.name }
        var survey = CalDAVSurvey(synced: state.resources, names: names)
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
                if let length = answer.unreadable[href], let etag = survey.seen[href] {
                    survey.refused[href] = CalDAVState.Refused(
                        etag: etag,
                        notice: "the task \(href) is \(length >> 20) MiB, more than the"
                            + " \(ICalendarReader.maximumLineLength >> 20) MiB this program reads, and did not come"
                            + " within \(server.transport.timeout) s: it is left as it is, here and on the server, and"
                            + " looked at again once it changes there")
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
    /// the next try fetches them again and merges. The requests and saves are made here, in an
    /// order that makes an interruption harmless; every decision is `CalDAVRound`'s.
    private func attempt(
        _ account: CalDAVAccount, server: CalDAVServer, lock: HeldStoreLock, progress: inout Progress
    ) throws -> CommandResult? {
        let state = CalDAVState.load(statePath)
        // 1. The server's task lists, fetching only what changed.
        let collections = CalDAVRound.ordered(try server.collections(account.home))
        try confirmGone(collections, state: state, server: server)
        let survey = try survey(collections, state: state, server: server, refetch: progress.refetch)
        progress.refetch = []
        if survey.unchanged, CalDAVRound.nothingToDo(collections, state: state, book: store.book) {
            return CommandResult(lines: [
                OutputLine("synced with \(server.server): in nothing; out nothing")
            ])
        }
        // 2. Every item gets its UID, saved before anything reaches the server.
        let ours = CalDAVRound.withUIDs(
            store.book, collections: collections, resources: survey.current, base: state.base)
        if ours != store.book { try lock.save(ours) }
        // 3. The merge, saved here before anything is written there.
        let round = CalDAVRound(
            ours: ours, collections: collections, state: state, survey: survey, home: account.home,
            now: WallClock.now())
        if progress.first == nil { progress.first = (ours, round.theirs) }
        progress.notices += survey.notices
        if round.here != store.book { try lock.save(round.here) }
        // 4. The writes that bring the server to the merged checklists.
        if !round.plan.created.isEmpty {
            try CalDAVRound.checkCreated(try server.perform(round.plan.created), server: server.server)
        }
        let requests = round.plan.requests
        let responses = try write(requests, server: server)
        progress.refetch = try CalDAVRound.changedMeanwhile(requests, responses, server: server.server)
        if !progress.refetch.isEmpty { return nil }
        let gone = Set(round.plan.emptied).subtracting(try server.deleteIfEmpty(round.plan.emptied))
        // 5. The state: what the server now holds (fresh ETags for what was written) and the
        // sync token that covers it.
        let settled = try settle(round, gone: gone, responses: responses, server: server)
        do {
            try round.nextState(tokens: settled.tokens, etagOf: settled.etagOf).save(statePath)
        } catch {
            throw CalDAVError.local("cannot save the CalDAV sync state: \(error)")
        }
        let marked = round.markedHere
        if marked != round.here { try lock.save(marked) }
        return round.result(server: server.server, first: progress.first, notices: progress.notices)
    }

    /// Sends the writes in one batch, telling how many the server has answered as they come.
    private func write(_ requests: [HTTPRequest], server: CalDAVServer) throws -> [HTTPResponse] {
        if !requests.isEmpty { onProgress(ProgressReport("caldav: writing tasks", done: 0, of: requests.count)) }
        let responses = try server.perform(requests) { answered in
            onProgress(ProgressReport("caldav: writing tasks", done: answered, of: requests.count))
        }
        if !requests.isEmpty {
            onProgress(ProgressReport("caldav: writing tasks", done: requests.count, of: requests.count))
        }
        return responses
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

    /// After the writes: reads each touched collection's changes since its sync token from before
    /// the writes, else (a server that offers no tokens, or refuses the report) its full listing,
    /// for `CalDAVRound.settled` to find the new tokens and the ETag of each task written (by href).
    private func settle(
        _ round: CalDAVRound, gone: Set<String>, responses: [HTTPResponse], server: CalDAVServer
    ) throws -> (tokens: [String: String], etagOf: [String: String]) {
        let touched = round.touched(gone: gone)
        guard !touched.isEmpty else { return (round.survey.tokens, [:]) }
        let answers = round.offersTokens ? try server.changes(touched.map { ($0, round.survey.tokens[$0]) }) : [:]
        var settled = round.settled(touched, answers: answers, written: round.writes(answeredBy: responses))
        CalDAVRound.take(try server.etags(settled.listing), written: round.plan.written, into: &settled.etagOf)
        return (settled.tokens, settled.etagOf)
    }
}
