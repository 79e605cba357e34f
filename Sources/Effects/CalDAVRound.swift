import ChecklistKit

/// The decisions of one try of a CalDAV sync, worked out without a request (SPEC §11), as
/// `CalDAVWritePlan` works out the writes: from the server's task lists, what the survey found
/// there, the state the last sync left and the checklists here, it gives the checklists to save
/// here before anything is written there, the writes, and then, from the server's answers, what
/// to fetch again, the state to keep and what to tell the user. `CalDAVSync` makes the requests
/// and saves the files in between.
struct CalDAVRound {
    /// The server's task lists, in the order of THEIRS's checklists.
    let collections: [CalDAVServer.Collection]
    /// The state the last sync left.
    let state: CalDAVState
    /// What the server holds now.
    let survey: CalDAVSurvey
    /// The calendar home of the account.
    let home: String
    /// The checklists here as this try found them, every item with its UID.
    let ours: ChecklistBook
    /// The server's task lists as checklists.
    let theirs: ChecklistBook
    /// The three-way merge of `ours` (without the automatic first list) with `theirs`.
    let merged: MergeResult
    /// The checklists to keep here: the merge, with the automatic first list put back.
    let here: ChecklistBook
    /// The writes that bring the server to the merge.
    let plan: CalDAVWritePlan
    /// The server mark of each task written (by UID), which its item carries once it is there.
    let marks: [String: String]

    /// The round of `ours` (every item with its UID, `withUIDs`) against the server's task lists
    /// `collections` (in `ordered` order), found as `survey` says, for the account at `home`;
    /// `now` dates what the merge and the writes make.
    init(
        ours: ChecklistBook, collections: [CalDAVServer.Collection], state: CalDAVState, survey: CalDAVSurvey,
        home: String, now: Double
    ) {
        self.ours = ours
        self.collections = collections
        self.state = state
        self.survey = survey
        self.home = home
        var book = ours
        // The automatic first `List`, left empty and on no server yet, stays out of the merge and
        // so off the server (SPEC §11): every new machine has one.
        let aside = book.checklists.filter { list in
            Self.isAutomaticFirstList(list) && !collections.contains { $0.name == list.name }
                && state.base?.checklists.contains { $0.name == list.name } != true
        }
        let currentAside = book.current.flatMap { current in aside.contains(current) ? current.name : nil }
        for list in aside {
            if let index = book.checklists.firstIndex(of: list) { book.remove(at: index) }
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
        theirs = Self.theirsBook(
            collections: collections, resources: survey.current, ours: book, base: state.base, baseOf: baseOf,
            home: home, now: now, todos: &todos)
        var theirsOfBase: [Int: Int] = [:]
        for (index, found) in baseOf where state.collections[collections[index].url] != nil {
            theirsOfBase[found] = index
        }
        let base = CalDAVWrittenMark.base(
            state.base, ours: book, theirs: theirs, todos: todos, baseOf: baseOf,
            onServer: Set(survey.current.keys).union(survey.unresolved), home: home)
        var merged = ChecklistMerge.merge(
            base: base, ours: book, theirs: theirs, sharedCounter: false, theirsOfBase: theirsOfBase)
        Self.giveUIDs(&merged.book)
        // A series another client completed and left without an open occurrence gets its next
        // one here, before the writes: the plan builds its task on the completed one's.
        merged.book.addMissingNextOccurrences(now: now)
        self.merged = merged
        var here = merged.book
        here.insert(contentsOf: aside)
        if let currentAside { here.select(here.checklists.firstIndex { $0.name == currentAside }) }
        self.here = here
        plan = CalDAVWritePlan(
            merged: merged, theirs: theirs, collections: collections, current: survey.current, stale: survey.stale,
            unresolved: survey.unresolved, synced: Set(state.collections.keys), home: home, now: now)
        var marks: [String: String] = [:]
        for (uid, write) in plan.written {
            guard let todo = CalDAVWritePlan.todo(in: write.data) else { continue }
            marks[uid] = CalDAVWrittenMark.serverMark(CalDAVWrittenMark.mark(of: todo), home: home)
        }
        self.marks = marks
    }

    /// The server's task lists in the order the checklists of a book take (by name), so that
    /// THEIRS's checklists, built one per collection, are at the same positions.
    static func ordered(_ collections: [CalDAVServer.Collection]) -> [CalDAVServer.Collection] {
        collections.sorted { a, b in
            NaturalOrder.precedes(a.name, b.name) || (!NaturalOrder.precedes(b.name, a.name) && a.url < b.url)
        }
    }

    /// `book` with every item's UID: the UID of an unpaired task of the same text in the same list
    /// (joining never duplicates, nor do two machines that share the file through git), else a new one.
    static func withUIDs(
        _ book: ChecklistBook, collections: [CalDAVServer.Collection], resources: [String: CalDAVState.Resource],
        base: ChecklistBook?
    ) -> ChecklistBook {
        var book = book
        adoptUIDs(&book, collections: collections, resources: resources, base: base)
        giveUIDs(&book)
        return book
    }

    /// Throws when a new collection was not made: 201 Created is expected; a 207 lists
    /// properties refused, and then no collection was made.
    static func checkCreated(_ responses: [HTTPResponse], server: String) throws(CalDAVError) {
        for response in responses where !response.succeeded || response.status == 207 {
            throw .serverFailed(server: server, status: response.status, detail: CalDAVServer.snippet(response.body))
        }
    }

    /// The tasks (hrefs) a write found changed there meanwhile (412), to fetch again and merge
    /// at the next try; throws at the first other write the server did not accept.
    static func changedMeanwhile(
        _ requests: [HTTPRequest], _ responses: [HTTPResponse], server: String
    ) throws(CalDAVError) -> Set<String> {
        var changed: Set<String> = []
        for (request, response) in zip(requests, responses) where !accepted(request, response) {
            if response.status == 412 {
                changed.insert(request.url)
                continue
            }
            throw .serverFailed(server: server, status: response.status, detail: CalDAVServer.snippet(response.body))
        }
        return changed
    }

    /// Whether the server offers sync tokens (or has no task list to tell): else the collections
    /// the writes touched are listed in full after them.
    var offersTokens: Bool { collections.isEmpty || collections.contains { $0.token != nil } }

    /// The collections the writes touched (made, renamed, written to or deleted from), less
    /// those removed once empty (`gone`): their tokens and ETags are read again.
    func touched(gone: Set<String>) -> [String] {
        var touched = plan.renamed
        for write in plan.written.values { touched.insert(write.collection) }
        for resource in survey.current.values + survey.stale where plan.deleted.contains(resource.href) {
            touched.insert(resource.collection)
        }
        return touched.subtracting(gone).sorted()
    }

    /// Each task written (by UID): its href and the ETag the server answered its write with.
    func writes(answeredBy responses: [HTTPResponse]) -> [String: (href: String, etag: String?)] {
        plan.written.mapValues { write in
            (
                href: write.href,
                etag: responses.indices.contains(write.request) ? responses[write.request].headers["etag"] : nil
            )
        }
    }

    /// After the writes, from `answers` (each `touched` collection's changes since its sync token
    /// from before them; none for one whose report was refused): each collection's new token, the
    /// ETag of each task written (by href), and the collections to list in full for what the
    /// answers lack. The token advances only when every change since then is one this sync made,
    /// so a change another client made meanwhile still comes in next time; `written` holds each
    /// write's href and the ETag its answer gave.
    func settled(
        _ touched: [String], answers: [String: CalDAVServer.Changes], written: [String: (href: String, etag: String?)]
    ) -> (tokens: [String: String], etagOf: [String: String], listing: [String]) {
        var tokens = survey.tokens
        var etagOf: [String: String] = [:]
        var ours: [String: String?] = [:]
        for write in written.values { ours[write.href] = write.etag }
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
                } else if survey.seen[href] != etag {
                    clean = false
                }
            }
            for href in changes.removed where !plan.deleted.contains(href) && survey.seen[href] != nil {
                clean = false
            }
            let missing = written.values.contains { $0.href.hasPrefix(url) && etagOf[$0.href] == nil }
            if clean && !missing { tokens[url] = changes.token }
        }
        for write in written.values where etagOf[write.href] == nil { etagOf[write.href] = write.etag }
        return (tokens, etagOf, listing)
    }

    /// Takes into `etagOf` the ETag each task `written` has in `listed`, the full listings (ETags
    /// by href, by collection) of the collections `settled` named.
    static func take(
        _ listed: [String: [String: String]], written: [String: CalDAVWritePlan.Write],
        into etagOf: inout [String: String]
    ) {
        let hrefs = Set(written.values.map(\.href))
        for (_, etags) in listed {
            for (href, etag) in etags where hrefs.contains(href) { etagOf[href] = etag }
        }
    }

    /// The state for the next sync, once the writes are done: what the server now holds (with the
    /// ETag of each task written, `etagOf` by href, and `tokens`, each collection's sync token
    /// after the writes) and the merge as BASE.
    func nextState(tokens: [String: String], etagOf: [String: String]) -> CalDAVState {
        var tokens = tokens
        for url in survey.unsettled { tokens[url] = nil }
        var state = state
        var resources: [String: CalDAVState.Resource] = [:]
        for (uid, resource) in survey.current
        where (plan.kept.contains(uid) || survey.unresolved.contains(uid)) && plan.written[uid] == nil {
            resources[uid] = resource
        }
        for (uid, write) in plan.written {
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
        state.base = ChecklistBook(
            checklists: Self.keepingUnresolved(
                Self.marking(merged.book, marks).checklists, theirs: theirs, survey.unresolved),
            currentIndex: nil, nextItemID: merged.book.nextItemID)
        return state
    }

    /// The checklists to keep here once the state is saved: each item written carries the mark
    /// of what the server now holds (only once it is there).
    var markedHere: ChecklistBook { Self.marking(here, marks) }

    /// What the sync says: what moved in every try (from `first`, the checklists here and there
    /// as the first try found them), `notices` of the tries, and this merge's conflicts.
    func result(
        server: String, first: (here: ChecklistBook, there: ChecklistBook)?, notices: [String]
    ) -> CommandResult {
        let first = first ?? (ours, theirs)
        let incoming = ItemChanges(from: first.here, to: here)
        let outgoing = ItemChanges(from: first.there, to: merged.book)
        var result = CommandResult(lines: [
            OutputLine("synced with \(server): in \(incoming.summary); out \(outgoing.summary)")
        ])
        result.notices = notices + merged.conflicts.map(\.description) + merged.duplicates.map(\.description)
        return result
    }

    /// Whether `list` looks like the automatic first checklist every file starts with (empty,
    /// named `List`, no icon): on no server yet, it is not published.
    static func isAutomaticFirstList(_ list: Checklist) -> Bool {
        list.items.isEmpty && list.name == "List" && list.iconName == "No Icon"
    }

    /// Whether a sync has nothing to do: every task list's token, name and icon as the last sync
    /// left them (the caller checked the tokens), no task list added or gone, and the checklists
    /// here as that sync left them.
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

    /// Gives each item no sync has paired yet (without a UID, or with one neither the server nor
    /// BASE knows: every new item gets one) the UID of a task no item has, of the same text, in the
    /// checklist's task list, when BASE does not know the item (it was never synced from here).
    private static func adoptUIDs(
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
    private static func giveUIDs(_ book: inout ChecklistBook) {
        for list in book.checklists.indices {
            guard book.checklists[list].items.contains(where: { $0.uid == nil }) else { continue }
            book.update(at: list) { checklist in
                for index in checklist.items.indices { checklist.items[index].giveUID() }
            }
        }
    }

    /// The server's task lists as checklists: each task an item, with this machine's ID for it
    /// (by UID, here or in BASE), or a fresh one, and its server mark for the account at `home`;
    /// `todos` gets each task's VTODO by UID. A task new here that tells no time it was made is
    /// dated `now`.
    private static func theirsBook(
        collections: [CalDAVServer.Collection], resources: [String: CalDAVState.Resource], ours: ChecklistBook,
        base: ChecklistBook?, baseOf: [Int: Int], home: String, now: Double, todos: inout [String: CalendarComponent]
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
                    todo, itemID: itemID, created: created[resource.uid] ?? made ?? now, siblings: siblings)
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
}
