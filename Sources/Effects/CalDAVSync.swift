import ChecklistKit

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
    /// How many times a sync starts over when a write finds a task changed meanwhile (412).
    static let tries = 5

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
            do {
                var tries = 0
                while true {
                    tries += 1
                    if let result = try attempt(account, server: server, lock: lock) { return result }
                    guard tries < Self.tries else { throw CalDAVError.keptChanging(tries: tries) }
                }
            } catch {
                if store.book != original { try lock.save(original) }
                throw error
            }
        }
    }

    /// The server of `url` with the user's password and the request timeout (30 s, else
    /// `CHECKLISTS_CALDAV_TIMEOUT` seconds).
    private func server(url: String, user: String?) throws(CalDAVError) -> CalDAVServer {
        let host = CalDAVAccount.host(of: url)
        let password = CalDAVPassword.find(host: host, user: user, environment: environment)
        let credentials = password.map { (user: user ?? "", password: $0) }
        var transport = CurlTransport(credentials: credentials, environment: environment, scratch: statePath + ".tmp")
        if let text = environment["CHECKLISTS_CALDAV_TIMEOUT"] {
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                throw .local(
                    "CHECKLISTS_CALDAV_TIMEOUT must be a whole number of seconds from 1 to 3600, not \"\(text)\";"
                        + " unset it for the default of 30")
            }
            transport.timeout = seconds
        }
        return CalDAVServer(transport: transport, server: CalDAVAccount.origin(of: url))
    }

    /// One sync; `nil` when a write found a task changed meanwhile and it must start over.
    private func attempt(_ account: CalDAVAccount, server: CalDAVServer, lock: HeldStoreLock) throws -> CommandResult? {
        var state = CalDAVState.load(statePath)
        // 1. The server's task lists, fetching only tasks whose ETag changed.
        let collections = try server.collections(account.home)
        let etags = try server.etags(collections.map(\.url))
        var wanted: [String: [String]] = [:]
        var current: [String: CalDAVState.Resource] = [:]
        var known: [String: CalDAVState.Resource] = [:]
        for resource in state.resources.values { known[resource.href] = resource }
        for collection in collections {
            for (href, etag) in etags[collection.url] ?? [:] {
                if let resource = known[href], resource.etag == etag {
                    current[resource.uid] = resource
                } else {
                    wanted[collection.url, default: []].append(href)
                }
            }
        }
        for (href, fetched) in try server.fetch(wanted) {
            guard let todo = Self.todo(in: fetched.data),
                let uid = todo.property("UID").map({ CalendarText.unescaped($0.value) }),
                let collection = collections.first(where: { href.hasPrefix($0.url) })
            else { continue }
            current[uid] = CalDAVState.Resource(
                uid: uid, href: href, etag: fetched.etag, collection: collection.url, data: fetched.data)
        }
        // 2. Every item gets its UID, saved before anything reaches the server: the UID of an
        // unpaired task of the same text in the same list (joining never duplicates, nor do two
        // machines that share the file through git), else a new one.
        var ours = store.book
        adoptUIDs(&ours, collections: collections, resources: current, base: state.base)
        giveUIDs(&ours)
        if ours != store.book { try lock.save(ours) }
        let before = ours
        let theirs = theirsBook(collections: collections, resources: current, ours: ours, base: state.base)
        // 3. The merge, saved here before anything is written there.
        var merged = ChecklistMerge.merge(base: state.base, ours: ours, theirs: theirs, sharedCounter: false)
        giveUIDs(&merged.book)
        if merged.book != store.book { try lock.save(merged.book) }
        // 4. The writes that bring the server to the merged checklists.
        let now = WallClock.now()
        var collectionOf: [String: String] = [:]
        for collection in collections { collectionOf[collection.name.lowercased()] = collection.url }
        var requests: [HTTPRequest] = []
        var created: [(name: String, url: String)] = []
        for list in merged.book.checklists where collectionOf[list.name.lowercased()] == nil {
            let url = account.home + (account.home.hasSuffix("/") ? "" : "/") + Self.newName() + "/"
            created.append((list.name, url))
            collectionOf[list.name.lowercased()] = url
        }
        if !created.isEmpty {
            let responses = try server.perform(created.map { Self.makeCalendar($0.url, name: $0.name) })
            for response in responses where !response.succeeded {
                throw CalDAVError.serverFailed(
                    server: server.server, status: response.status, detail: CalDAVServer.snippet(response.body))
            }
        }
        var kept: Set<String> = []
        var written: [String: (collection: String, href: String, data: [UInt8])] = [:]
        for list in merged.book.checklists {
            guard let collection = collectionOf[list.name.lowercased()] else { continue }
            for (position, item) in list.items.enumerated() {
                guard let uid = item.uid else { continue }
                kept.insert(uid)
                let existing = current[uid]
                let existingTodo = existing.flatMap { Self.todo(in: $0.data) }
                let theirsItem = existingTodo.map {
                    CalendarTask.item($0, itemID: item.itemID, created: item.archivedDate)
                }
                let moved = existing.map { $0.collection != collection } ?? false
                if let theirsItem, !moved, Self.sameTask(theirsItem, item) { continue }
                var todo = CalendarTask.todo(item, uid: uid, now: now, existing: moved ? nil : existingTodo)
                todo.set("X-APPLE-SORT-ORDER", ContentLine("X-APPLE-SORT-ORDER", value: String(position)))
                let data = Array(ICalendarWriter.write([Self.calendar(with: todo, from: moved ? nil : existing)]).utf8)
                if let existing, !moved {
                    requests.append(Self.put(existing.href, data, condition: "If-Match: \(existing.etag)"))
                    written[uid] = (collection, existing.href, data)
                } else {
                    let href = collection + Self.resourceName(uid)
                    if let existing { requests.append(Self.delete(existing.href, etag: existing.etag)) }
                    requests.append(Self.put(href, data, condition: "If-None-Match: *"))
                    written[uid] = (collection, href, data)
                }
            }
        }
        for (uid, resource) in current where !kept.contains(uid) {
            requests.append(Self.delete(resource.href, etag: resource.etag))
        }
        let responses = try server.perform(requests)
        for (request, response) in zip(requests, responses) where !response.succeeded {
            if response.status == 412 || (request.method == "DELETE" && response.status == 404) {
                if response.status == 412 { return nil }
                continue
            }
            throw CalDAVError.serverFailed(
                server: server.server, status: response.status, detail: CalDAVServer.snippet(response.body))
        }
        // 5. The state: what the server now holds (fresh ETags for what was written).
        let touched = Set(written.values.map(\.collection))
        let fresh = touched.isEmpty ? [:] : try server.etags(Array(touched))
        var resources: [String: CalDAVState.Resource] = [:]
        for (uid, resource) in current where kept.contains(uid) && written[uid] == nil { resources[uid] = resource }
        for (uid, write) in written {
            guard let etag = fresh[write.collection]?[write.href] else { continue }
            resources[uid] = CalDAVState.Resource(
                uid: uid, href: write.href, etag: etag, collection: write.collection, data: write.data)
        }
        state.resources = resources
        state.base = ChecklistBook(
            checklists: merged.book.checklists, currentIndex: nil, nextItemID: merged.book.nextItemID)
        do {
            try state.save(statePath)
        } catch {
            throw CalDAVError.local("cannot save the CalDAV sync state: \(error)")
        }
        let incoming = ItemChanges(from: before, to: merged.book)
        let outgoing = ItemChanges(from: theirs, to: merged.book)
        var result = CommandResult(lines: [
            OutputLine("synced with \(server.server): in \(incoming.summary); out \(outgoing.summary)")
        ])
        result.notices = merged.conflicts.map(\.description)
        return result
    }

    /// The server's task lists as checklists: each task an item, with this machine's ID for it
    /// (by UID, here or in BASE), or a fresh one.
    private func theirsBook(
        collections: [CalDAVServer.Collection], resources: [String: CalDAVState.Resource], ours: ChecklistBook,
        base: ChecklistBook?
    ) -> ChecklistBook {
        var idOfUID: [String: Int] = [:]
        // The DueDate an item without a due date keeps (its creation time), which tasks do not carry.
        var created: [Int: Double] = [:]
        for list in (base?.checklists ?? []) + ours.checklists {
            for item in list.items {
                if let uid = item.uid { idOfUID[uid] = item.itemID }
                created[item.itemID] = item.archivedDate
            }
        }
        var next = max(ours.nextItemID, base?.nextItemID ?? 0)
        var lists: [Checklist] = []
        for collection in collections {
            var list = Checklist(name: collection.name)
            let members = resources.values.filter { $0.collection == collection.url }.compactMap { resource in
                Self.todo(in: resource.data).map { (resource, $0) }
            }.sorted { a, b in
                let (left, right) = (Self.sortOrder(a.1), Self.sortOrder(b.1))
                return left != right ? left < right : a.0.href < b.0.href
            }
            for (resource, todo) in members {
                let id = idOfUID[resource.uid]
                let itemID = id ?? next
                if id == nil { next += 1 }
                var item = CalendarTask.item(todo, itemID: itemID, created: created[itemID] ?? WallClock.now())
                item.uid = resource.uid
                list.items.append(item)
            }
            lists.append(list)
        }
        // Keep the order of BASE for the tasks it knew, the rest after them.
        if let base {
            for index in lists.indices {
                guard let old = base.checklists.first(where: { $0.name.lowercased() == lists[index].name.lowercased() })
                else { continue }
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

    /// Gives each item without a UID the UID of a task no item has, of the same text, in the
    /// checklist's task list, when BASE does not know the item (it was never synced from here).
    private func adoptUIDs(
        _ book: inout ChecklistBook, collections: [CalDAVServer.Collection], resources: [String: CalDAVState.Resource],
        base: ChecklistBook?
    ) {
        var taken = Set<String>()
        for list in book.checklists { for item in list.items { if let uid = item.uid { taken.insert(uid) } } }
        var free: [String: [(text: String, uid: String)]] = [:]
        for resource in resources.values.sorted(by: { $0.href < $1.href }) where !taken.contains(resource.uid) {
            guard let collection = collections.first(where: { $0.url == resource.collection }),
                let todo = Self.todo(in: resource.data)
            else { continue }
            let text = CalendarTask.item(todo, itemID: 0, created: 0).text
            free[collection.name.lowercased(), default: []].append((text, resource.uid))
        }
        guard !free.isEmpty else { return }
        for list in book.checklists.indices {
            let name = book.checklists[list].name.lowercased()
            guard free[name] != nil else { continue }
            book.update(at: list) { checklist in
                for index in checklist.items.indices where checklist.items[index].uid == nil {
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

    /// Gives every item without a UID a new one.
    private func giveUIDs(_ book: inout ChecklistBook) {
        for list in book.checklists.indices {
            guard book.checklists[list].items.contains(where: { $0.uid == nil }) else { continue }
            book.update(at: list) { checklist in
                for index in checklist.items.indices where checklist.items[index].uid == nil {
                    checklist.items[index].uid = Self.newName() + "@checklists"
                }
            }
        }
    }

    /// Whether the mapped fields of an item and a task's item agree.
    private static func sameTask(_ a: ChecklistItem, _ b: ChecklistItem) -> Bool {
        a.text == b.text && a.checked == b.checked && a.due == b.due && a.shouldRemind == b.shouldRemind
            && a.repeatRule == b.repeatRule
    }

    /// The first VTODO of a calendar object's text.
    static func todo(in data: [UInt8]) -> CalendarComponent? {
        guard let calendars = try? ICalendarReader.read(data) else { return nil }
        for calendar in calendars { if let todo = calendar.components(named: "VTODO").first { return todo } }
        return nil
    }

    /// The calendar object around `todo`: the server's, with its VTODO replaced, or a new one.
    static func calendar(with todo: CalendarComponent, from existing: CalDAVState.Resource?) -> CalendarComponent {
        if let existing, var calendar = (try? ICalendarReader.read(existing.data))?.first,
            let index = calendar.components.firstIndex(where: { $0.name == "VTODO" })
        {
            calendar.components[index] = todo
            return calendar
        }
        return CalendarComponent(
            "VCALENDAR",
            properties: [
                ContentLine("VERSION", value: "2.0"), ContentLine("PRODID", value: "-//checklists//checklists//EN"),
            ],
            components: [todo])
    }

    static func put(_ href: String, _ data: [UInt8], condition: String) -> HTTPRequest {
        HTTPRequest(
            method: "PUT", url: href, headers: ["Content-Type: text/calendar; charset=utf-8", condition], body: data)
    }

    static func delete(_ href: String, etag: String) -> HTTPRequest {
        HTTPRequest(method: "DELETE", url: href, headers: ["If-Match: \(etag)"])
    }

    static func makeCalendar(_ url: String, name: String) -> HTTPRequest {
        HTTPRequest(
            method: "MKCALENDAR", url: url, headers: ["Content-Type: application/xml; charset=utf-8"],
            body: Array(
                ("<c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"\(CalDAVServer.caldav)\"><d:set><d:prop>"
                    + "<d:displayname>\(CalDAVServer.escapedXML(name))</d:displayname>"
                    + "<c:supported-calendar-component-set><c:comp name=\"VTODO\"/></c:supported-calendar-component-set>"
                    + "</d:prop></d:set></c:mkcalendar>").utf8))
    }

    /// A resource name for a UID: its letters, digits, dashes and dots, else a new name.
    static func resourceName(_ uid: String) -> String {
        let safe = uid.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.@".unicodeScalars.contains($0))
        }
        return (safe && !uid.isEmpty && uid.count < 200 ? uid.replacingAt : newName()) + ".ics"
    }

    /// 32 random hex digits.
    static func newName() -> String {
        // SystemRandomNumberGenerator reads the kernel's random source (getrandom).
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

extension String {
    /// `@` written as `-at-`, for a resource name.
    var replacingAt: String {
        split(separator: "@", omittingEmptySubsequences: false).joined(separator: "-at-")
    }
}
