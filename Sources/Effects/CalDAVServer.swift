import ChecklistKit
import KeyedArchive

/// The requests a CalDAV sync makes (RFC 4791, RFC 6764), each phase as one batch over one
/// connection: discovery, the task collections, their ETags, the changed tasks, the writes.
struct CalDAVServer {
    /// How requests are made.
    let transport: CurlTransport
    /// The server named in messages (its origin).
    let server: String
    /// The user name the account gives, for messages.
    var user: String?

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    /// Our namespace, for the checklist's icon on its collection.
    static let ours = "https://checklists.invalid/ns"
    /// The name of the icon's property in `ours`.
    static let iconProperty = "icon"

    /// One `<response>` of a multistatus: its href (absolute), status and the properties found (200).
    struct Entry {
        var href: String
        var properties: [XMLTree]
        /// The response's own status line (`HTTP/1.1 404 Not Found` for a member a sync report
        /// says is gone), when it has one.
        var status: String?

        /// Whether the entry says the resource is gone (404), as a sync report does for removals.
        var isGone: Bool { status?.contains(" 404") == true }

        func property(_ namespace: String, _ name: String) -> XMLTree? {
            properties.first { $0.namespace == namespace && $0.name == name }
        }
    }

    /// A calendar collection that holds tasks.
    struct Collection {
        var url: String
        var name: String
        /// Its current sync token (RFC 6578), when the server offers one.
        var token: String?
        /// The checklist icon kept on it (our namespace), when it has one.
        var icon: String?
        /// Whether it holds tasks only (events cannot be in it).
        var tasksOnly: Bool
    }

    /// What a `sync-collection` report said about one collection.
    struct Changes {
        /// The ETag of every member changed or added since the token (all members for no token).
        var etags: [String: String]
        /// The members removed since the token.
        var removed: Set<String>
        /// The token to ask with next time.
        var token: String
    }

    /// Performs `requests`, failing on a transport failure or a refusal (401, and 403 unless
    /// `refusing` is false: a sync report answers 403 for a token it no longer knows).
    ///
    /// With `keepingOversized`, an answer cut off at `CurlTransport.answerLimit` or one that did
    /// not come in time comes back as it is (status 0, `curlCode` `CurlTransport.tooLarge` or
    /// `CurlTransport.timedOut`) for the caller to look into.
    ///
    /// `onAnswer` is told how many requests have their answer, each time one more has.
    func perform(
        _ requests: [HTTPRequest], refusing: Bool = true, keepingOversized: Bool = false,
        onAnswer: (Int) -> Void = { _ in }
    ) throws(CalDAVError) -> [HTTPResponse] {
        let responses: [HTTPResponse]
        do {
            responses = try transport.perform(requests, onAnswer: onAnswer)
        } catch {
            switch error {
            case .cannotRun(let reason): throw .local(reason)
            case .otherOrigin(let url, let from): throw .otherOrigin(server: server, url: url, redirectedFrom: from)
            case .stopped(let signal): throw .stopped(signal: signal)
            }
        }
        for (request, response) in zip(requests, responses) {
            let kept = response.curlCode == CurlTransport.tooLarge || response.curlCode == CurlTransport.timedOut
            if response.status == 0, !(keepingOversized && kept) {
                throw noAnswer(response)
            }
            if response.status == 401 { throw refusedPassword }
            if refusing && response.status == 403 { throw .accessRefused(server: server, url: request.url) }
        }
        return responses
    }

    /// The error for a 401: no password was found, or the one found was refused.
    var refusedPassword: CalDAVError {
        guard let credentials = transport.credentials else {
            return .noPassword(server: server, host: CalDAVAccount.host(of: server), user: user)
        }
        return .passwordRefused(server: server, user: credentials.user.isEmpty ? nil : credentials.user)
    }

    /// The error for a request that got no answer, by curl's code for it.
    func noAnswer(_ response: HTTPResponse) -> CalDAVError {
        let reason = response.failure ?? "no answer"
        switch response.curlCode {
        case CurlTransport.timedOut:
            return .timedOut(server: server, seconds: transport.timeout)
        case CurlTransport.tooLarge:
            return .tooLarge(server: server, limit: CurlTransport.answerLimit)
        case 35 where reason.contains("wrong version number"):
            // An HTTPS handshake answered by a server that speaks plain HTTP.
            return .plainHTTP(server: server)
        case 51, 60, 77, 83, 90, 91:
            return .untrusted(server: server, detail: reason)
        default:
            return .unreachable(server: server, detail: reason)
        }
    }

    /// The error for an answer that is not the one wanted: a 5xx is the server failing, a 404 a
    /// wrong path, anything else (a redirect loop, a login page) no CalDAV server there.
    func unexpected(_ response: HTTPResponse, for url: String) -> CalDAVError {
        if response.status >= 500 {
            return .serverFailed(server: server, status: response.status, detail: Self.snippet(response.body))
        }
        if response.status == 404 { return .notFound(server: server, url: url) }
        var detail = "HTTP \(response.status) for \(url)"
        if (300..<400).contains(response.status), let location = response.headers["location"] {
            detail += ", a redirect to \(location) after \(CurlTransport.redirectLimit) others, which is not followed"
        } else if let type = response.headers["content-type"], response.succeeded {
            detail += ", \(type.split(separator: ";").first.map(String.init) ?? type) instead of XML"
        }
        return .notCalDAV(server: server, detail: detail)
    }

    /// `href` (a path, or an absolute URL) as an absolute URL on the server that sent it in the
    /// answer for `url`; an href on another origin is refused (nothing is ever sent there).
    func resolve(_ href: String, on url: String) throws(CalDAVError) -> String {
        let absolute = CalDAVAccount.absolute(href.replacingPercentAt, on: url)
        guard CalDAVAccount.sameOrigin(absolute, transport.origin) else {
            throw .otherOrigin(server: server, url: absolute, redirectedFrom: nil)
        }
        return absolute
    }

    /// The entries of a 207 Multi-Status answer; anything else is an error.
    func entries(_ response: HTTPResponse, of url: String) throws(CalDAVError) -> [Entry] {
        try multistatus(response, of: url).entries
    }

    /// The entries of a 207 Multi-Status answer and its own `sync-token`; anything else is an error.
    func multistatus(_ response: HTTPResponse, of url: String) throws(CalDAVError) -> (entries: [Entry], token: String?)
    {
        guard response.status == 207 else { throw unexpected(response, for: url) }
        let tree: XMLTree
        do {
            tree = try XMLReader.read(response.body)
        } catch {
            throw .notCalDAV(server: server, detail: error.description)
        }
        guard tree.namespace == Self.dav, tree.name == "multistatus" else {
            throw .notCalDAV(server: server, detail: "no multistatus in the answer for \(url)")
        }
        var entries: [Entry] = []
        for response in tree.children(Self.dav, "response") {
            guard let href = response.child(Self.dav, "href")?.text.trimmedXML, !href.isEmpty else { continue }
            var properties: [XMLTree] = []
            for propstat in response.children(Self.dav, "propstat") {
                let status = propstat.child(Self.dav, "status")?.text ?? ""
                guard status.contains(" 200") else { continue }
                properties += propstat.child(Self.dav, "prop")?.children ?? []
            }
            entries.append(
                Entry(
                    href: try resolve(href, on: url), properties: properties,
                    status: response.child(Self.dav, "status")?.text.trimmedXML))
        }
        let token = tree.child(Self.dav, "sync-token")?.text.trimmedXML
        return (entries, token.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The calendar home reached from `url`: the URL itself, its principal's home, or through
    /// `/.well-known/caldav` (redirects within the origin are followed by the transport; a
    /// principal, home set or redirect on another origin is refused).
    func discover(_ url: String) throws(CalDAVError) -> String {
        var candidates = [url]
        let wellKnown = CalDAVAccount.origin(of: url) + "/.well-known/caldav"
        if wellKnown != url { candidates.append(wellKnown) }
        for candidate in candidates {
            var target = candidate
            for _ in 0..<3 {
                guard let response = try perform([Self.propfind(target, depth: "0", Self.discoveryProperties)]).first
                else { break }
                guard response.status == 207 else {
                    if response.status >= 500 { throw unexpected(response, for: target) }
                    break
                }
                let entry = try entries(response, of: target).first
                if let home = entry?.property(Self.caldav, "calendar-home-set")?.child(Self.dav, "href")?.text
                    .trimmedXML
                {
                    return try resolve(home, on: target)
                }
                if let principal = entry?.property(Self.dav, "current-user-principal")?.child(Self.dav, "href")?.text
                    .trimmedXML
                {
                    let next = try resolve(principal, on: target)
                    if next != target {
                        target = next
                        continue
                    }
                }
                if entry?.property(Self.dav, "resourcetype")?.child(Self.dav, "collection") != nil { return target }
                break
            }
        }
        throw .notCalDAV(server: server, detail: "no calendar home found from \(url)")
    }

    /// The task collections in `home` (events-only calendars are left alone).
    func collections(_ home: String) throws(CalDAVError) -> [Collection] {
        let body =
            "<d:propfind xmlns:d=\"DAV:\" xmlns:c=\"\(Self.caldav)\" xmlns:x=\"\(Self.ours)\"><d:prop><d:resourcetype/>"
            + "<d:displayname/><c:supported-calendar-component-set/><d:sync-token/><x:\(Self.iconProperty)/>"
            + "</d:prop></d:propfind>"
        guard let response = try perform([.xml("PROPFIND", home, depth: "1", body)]).first else { return [] }
        return try entries(response, of: home).compactMap { entry in
            guard entry.property(Self.dav, "resourcetype")?.child(Self.caldav, "calendar") != nil else { return nil }
            var tasksOnly = false
            if let set = entry.property(Self.caldav, "supported-calendar-component-set") {
                let names = set.children(Self.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() }
                guard names.isEmpty || names.contains("VTODO") else { return nil }
                tasksOnly = names == ["VTODO"]
            }
            // A name Foundation would read as nothing (SPEC §4) counts as none.
            let named = entry.property(Self.dav, "displayname")?.text.trimmedXML ?? ""
            let shown = named == KeyedArchiver.nullString ? "" : named
            let last = entry.href.split(separator: "/").last.map(String.init) ?? entry.href
            let token = entry.property(Self.dav, "sync-token")?.text.trimmedXML ?? ""
            let icon = entry.property(Self.ours, Self.iconProperty)?.text.trimmedXML ?? ""
            return Collection(
                url: entry.href.hasSuffix("/") ? entry.href : entry.href + "/", name: shown.isEmpty ? last : shown,
                token: token.isEmpty ? nil : token, icon: icon.isEmpty ? nil : icon, tasksOnly: tasksOnly)
        }
    }

    /// What changed in each collection since its token (`sync-collection`, RFC 6578, one batch);
    /// a `nil` token asks for every member. A collection whose server refused the report or the
    /// token (`DAV:valid-sync-token`, or any 4xx but a bare 403, which refuses the account) is left
    /// out: the caller compares in full instead.
    func changes(_ collections: [(url: String, token: String?)]) throws(CalDAVError) -> [String: Changes] {
        let requests = collections.map { collection in
            HTTPRequest.xml(
                "REPORT", collection.url, depth: nil,
                "<d:sync-collection xmlns:d=\"DAV:\"><d:sync-token>\(Self.escapedXML(collection.token ?? ""))"
                    + "</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"
            )
        }
        var result: [String: Changes] = [:]
        for (collection, response) in zip(collections, try perform(requests, refusing: false)) {
            guard response.status == 207 else {
                if response.status >= 500 {
                    throw .serverFailed(server: server, status: response.status, detail: Self.snippet(response.body))
                }
                // A token the server no longer knows is refused with the `DAV:valid-sync-token`
                // precondition (403 from Radicale and sabre/dav, 412 from Xandikos): compare in
                // full. A 403 without it is the account being refused, as anywhere else.
                let tokenRefused = String(decoding: response.body, as: UTF8.self).contains("valid-sync-token")
                if response.status == 403 && !tokenRefused {
                    throw .accessRefused(server: server, url: collection.url)
                }
                continue
            }
            let answer = try multistatus(response, of: collection.url)
            guard let token = answer.token else { continue }
            var changes = Changes(etags: [:], removed: [], token: token)
            for entry in answer.entries where entry.href != collection.url && !entry.href.hasSuffix("/") {
                if entry.isGone {
                    changes.removed.insert(entry.href)
                } else if let etag = entry.property(Self.dav, "getetag")?.text.trimmedXML {
                    changes.etags[entry.href] = etag
                }
            }
            result[collection.url] = changes
        }
        return result
    }

    /// The task resources of each collection with their ETags (one batch).
    func etags(_ collections: [String]) throws(CalDAVError) -> [String: [String: String]] {
        let body = "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/><d:getcontenttype/></d:prop></d:propfind>"
        let responses = try perform(collections.map { .xml("PROPFIND", $0, depth: "1", body) })
        var result: [String: [String: String]] = [:]
        for (collection, response) in zip(collections, responses) {
            var found: [String: String] = [:]
            for entry in try entries(response, of: collection) where entry.href != collection {
                guard !entry.href.hasSuffix("/"), let etag = entry.property(Self.dav, "getetag")?.text.trimmedXML else {
                    continue
                }
                found[entry.href] = etag
            }
            result[collection] = found
        }
        return result
    }

    /// Deletes each collection of `urls` that holds nothing any more; returns those kept.
    ///
    /// A collection is listed first (PROPFIND, depth 1): one that still has a member (a task
    /// another client added after this sync read the server) is kept, so the next sync brings it
    /// in (SPEC §11: a checklist dropped here whose task list changed there is kept). The DELETE
    /// then carries `If-Match` with the collection's ETag when the server gives one, so a task
    /// added between the listing and the DELETE makes it fail (412) and the collection is kept too.
    func deleteIfEmpty(_ urls: [String]) throws(CalDAVError) -> [String] {
        guard !urls.isEmpty else { return [] }
        var deletions: [HTTPRequest] = []
        var kept: [String] = []
        for (url, response) in zip(urls, try perform(urls.map { Self.propfind($0, depth: "1", "<d:getetag/>") })) {
            if response.status == 404 { continue }
            // Compared by path: a server may name itself by another host or scheme.
            let itself = Self.withoutSlash(Self.path(of: url))
            var etag: String?
            var members = 0
            for entry in try entries(response, of: url) {
                if Self.withoutSlash(Self.path(of: entry.href)) == itself {
                    etag = entry.property(Self.dav, "getetag")?.text.trimmedXML
                } else {
                    members += 1
                }
            }
            if members > 0 {
                kept.append(url)
            } else {
                deletions.append(
                    HTTPRequest(method: "DELETE", url: url, headers: etag.map { ["If-Match: \($0)"] } ?? []))
            }
        }
        for (request, response) in zip(deletions, try perform(deletions)) {
            if response.succeeded || response.status == 404 { continue }
            guard response.status == 412 else {
                throw .serverFailed(server: server, status: response.status, detail: Self.snippet(response.body))
            }
            kept.append(request.url)
        }
        return kept
    }

    /// `path` without its trailing slashes (a server may name a collection either way).
    private static func withoutSlash(_ path: String) -> Substring {
        var end = path.endIndex
        while end > path.startIndex, path[path.index(before: end)] == "/" { end = path.index(before: end) }
        return path[..<end]
    }

    /// The most tasks one `calendar-multiget` asks for: answers stay far below the answer limit
    /// for ordinary tasks, and a part that still outgrows it is asked for again in halves.
    static let multigetBatch = 100

    /// Fetches tasks by href (`calendar-multiget`, per collection, `multigetBatch` at a time):
    /// what came back with its ETag and text, and the hrefs the server says are gone.
    ///
    /// A task whose answer alone is larger than the answer limit is in `oversized`, neither found
    /// nor gone: it is left as it is, not taken for deleted (SPEC §11). When a part's answer does
    /// not come in time, each of its tasks' length is asked for (`getcontentlength`): those larger
    /// than this program reads (`ICalendarReader.maximumLineLength`) are in `unreadable` with
    /// their length, and the rest are asked for again; a part holding none such fails as a
    /// timeout, since then the network, not a task, was slow.
    func fetch(
        _ hrefs: [String: [String]]
    ) throws(CalDAVError) -> FetchedTasks {
        var parts: [(collection: String, hrefs: [String])] = []
        for (collection, list) in hrefs.sorted(by: { $0.key < $1.key }) {
            var start = 0
            while start < list.count {
                let end = min(start + Self.multigetBatch, list.count)
                parts.append((collection, Array(list[start..<end])))
                start = end
            }
        }
        var fetched = FetchedTasks()
        while !parts.isEmpty {
            let requests = parts.map { part in
                let list = part.hrefs.map { "<d:href>\(Self.escapedXML(Self.path(of: $0)))</d:href>" }.joined()
                return HTTPRequest.xml(
                    "REPORT", part.collection, depth: "1",
                    "<c:calendar-multiget xmlns:d=\"DAV:\" xmlns:c=\"\(Self.caldav)\"><d:prop><d:getetag/>"
                        + "<c:calendar-data/></d:prop>\(list)</c:calendar-multiget>")
            }
            var again: [(collection: String, hrefs: [String])] = []
            var late: [(collection: String, hrefs: [String])] = []
            var lateAnswer: HTTPResponse?
            for (part, response) in zip(parts, try perform(requests, keepingOversized: true)) {
                if response.status == 0 && response.curlCode == CurlTransport.timedOut {
                    late.append(part)
                    lateAnswer = response
                } else if response.status == 0 {
                    // Cut off at the answer limit: halves, down to one task that is too large alone.
                    if part.hrefs.count == 1 {
                        fetched.oversized.formUnion(part.hrefs)
                    } else {
                        let half = part.hrefs.count / 2
                        again.append((part.collection, Array(part.hrefs[..<half])))
                        again.append((part.collection, Array(part.hrefs[half...])))
                    }
                } else {
                    for entry in try entries(response, of: part.collection) {
                        if entry.isGone { fetched.gone.insert(entry.href) }
                        guard let data = entry.property(Self.caldav, "calendar-data")?.text,
                            let etag = entry.property(Self.dav, "getetag")?.text.trimmedXML
                        else { continue }
                        fetched.found[entry.href] = (etag, Array(data.utf8))
                    }
                }
            }
            if let lateAnswer {
                let lengths = try contentLengths(late.flatMap(\.hrefs))
                let large = lengths.filter { $0.value > ICalendarReader.maximumLineLength }
                guard !large.isEmpty else { throw noAnswer(lateAnswer) }
                fetched.unreadable.merge(large) { first, _ in first }
                for part in late {
                    let rest = part.hrefs.filter { large[$0] == nil }
                    if !rest.isEmpty { again.append((part.collection, rest)) }
                }
            }
            parts = again
        }
        return fetched
    }

    /// What `fetch` brought: the tasks read with their ETags, and those gone, too large to
    /// answer, or too large to read.
    struct FetchedTasks {
        /// Each task that came back: its ETag and its iCalendar text.
        var found: [String: (etag: String, data: [UInt8])] = [:]
        /// The tasks the server says are gone.
        var gone: Set<String> = []
        /// The tasks whose answer alone is larger than `CurlTransport.answerLimit`.
        var oversized: Set<String> = []
        /// The tasks whose answer did not come in time and whose length (given here) is more than
        /// this program reads.
        var unreadable: [String: Int] = [:]
    }

    /// The length the server gives each resource of `hrefs` (`getcontentlength`, one PROPFIND
    /// each, in one batch); a resource it gives none for is left out.
    func contentLengths(_ hrefs: [String]) throws(CalDAVError) -> [String: Int] {
        let responses = try perform(hrefs.map { Self.propfind($0, depth: "0", "<d:getcontentlength/>") })
        var lengths: [String: Int] = [:]
        for (href, response) in zip(hrefs, responses) where response.status == 207 {
            for entry in try entries(response, of: href) {
                guard let text = entry.property(Self.dav, "getcontentlength")?.text.trimmedXML,
                    let length = Int(text)
                else { continue }
                lengths[href] = length
            }
        }
        return lengths
    }

    /// A PROPFIND of `properties` (inner XML of `<d:prop>`) at `url`.
    static func propfind(_ url: String, depth: String, _ properties: String) -> HTTPRequest {
        .xml(
            "PROPFIND", url, depth: depth,
            "<d:propfind xmlns:d=\"DAV:\" xmlns:c=\"\(caldav)\"><d:prop>\(properties)</d:prop></d:propfind>")
    }

    static let discoveryProperties = "<d:current-user-principal/><c:calendar-home-set/><d:resourcetype/>"

    /// The path of an absolute URL (`/user/list/task.ics`).
    static func path(of url: String) -> String {
        guard let start = CalDAVAccount.afterScheme(url) else { return url }
        let rest = url[start...]
        return rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    }

    /// `text` with XML's special characters escaped.
    static func escapedXML(_ text: String) -> String {
        text.escaping(xmlEscapes)
    }

    /// XML's special characters and their entities.
    private static let xmlEscapes: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]

    /// The start of a body, for a message: an HTML page's title, else the first line; without
    /// control characters (an escape sequence in an error page never reaches the terminal).
    static func snippet(_ body: [UInt8]) -> String {
        let start = String(decoding: body.prefix(2048), as: UTF8.self)
        if let open = start.firstRange(of: "<title>"), let close = start[open.upperBound...].firstRange(of: "</title>")
        {
            return String(start[open.upperBound..<close.lowerBound].prefix(120)).printable.trimmedXML
        }
        return (String(start.prefix(120)).split(whereSeparator: \.isNewline).first.map(String.init) ?? "").printable
    }
}

extension String {
    /// The text without the white space XML puts around values.
    var trimmedXML: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }

    /// An href with `%40` written as `@` (servers differ on escaping it), so the same resource
    /// always gets the same key.
    var replacingPercentAt: String {
        var out = ""
        var rest = Substring(self)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let code = rest[percent...].prefix(3)
            if code.uppercased() == "%40" {
                out += "@"
            } else {
                out += code
            }
            rest = rest[percent...].dropFirst(code.count)
        }
        return out + rest
    }
}
