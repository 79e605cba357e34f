import ChecklistKit
import KeyedArchive

/// What the last CalDAV sync left: the checklists as the server had them then (the merge's
/// BASE), and each task resource's place, ETag and text (to write back what we do not map).
///
/// One binary property list, `$XDG_STATE_HOME/checklists/caldav/NAME` (0600), replaced
/// atomically, so it is the state before a sync or after it, never between.
struct CalDAVState {
    /// A task on the server as the last sync left it.
    struct Resource: Equatable {
        var uid: String
        var href: String
        var etag: String
        var collection: String
        var data: [UInt8]
    }

    /// A task collection as the last sync left it.
    struct Collection: Equatable {
        /// The name of the checklist of `base` it holds: the pairing survives a rename on either side.
        var name: String
        /// Its sync token then (RFC 6578), when the server offers them and it is known to
        /// cover every change in `resources`.
        var token: String?
    }

    /// A task this program could not read or store (too large, malformed), as the last sync
    /// found it: while its ETag stays the same it is not fetched again, only named again.
    struct Refused: Equatable {
        /// Its ETag when it was refused.
        var etag: String
        /// What is said of it on stderr at each sync.
        var notice: String
    }

    /// The checklists as the server had them after the last sync (items carry their UIDs).
    var base: ChecklistBook?
    /// Every task by UID.
    var resources: [String: Resource] = [:]
    /// Every task collection paired with a checklist, by URL.
    var collections: [String: Collection] = [:]
    /// The tasks refused, by href.
    var refused: [String: Refused] = [:]

    /// The state file of the data file at `dataFile`.
    static func path(dataFile: String, environment: [String: String]) -> String {
        FileLocations.calDAVStateFolder(environment: environment) + "/" + StateFile.name(for: dataFile)
    }

    /// The saved state, or an empty one (no sync yet, or a state that cannot be read).
    static func load(_ path: String) -> CalDAVState {
        var state = CalDAVState()
        guard let bytes = StateFile.read(path), let tree = try? PropertyListReader.read(bytes),
            let root = tree.dictionaryValue
        else { return state }
        if case .data(let archive) = root["base"] { state.base = try? ChecklistBook(archive: archive, loadTime: 0) }
        for entry in root["resources"]?.arrayValue ?? [] {
            guard let fields = entry.dictionaryValue, let uid = fields["uid"]?.stringValue,
                let href = fields["href"]?.stringValue, let etag = fields["etag"]?.stringValue,
                let collection = fields["collection"]?.stringValue, case .data(let data) = fields["data"]
            else { continue }
            state.resources[uid] = Resource(uid: uid, href: href, etag: etag, collection: collection, data: data)
        }
        for entry in root["collections"]?.arrayValue ?? [] {
            guard let fields = entry.dictionaryValue, let url = fields["url"]?.stringValue,
                let name = fields["name"]?.stringValue
            else { continue }
            state.collections[url] = Collection(name: name, token: fields["token"]?.stringValue)
        }
        for entry in root["refused"]?.arrayValue ?? [] {
            guard let fields = entry.dictionaryValue, let href = fields["href"]?.stringValue,
                let etag = fields["etag"]?.stringValue, let notice = fields["notice"]?.stringValue
            else { continue }
            state.refused[href] = Refused(etag: etag, notice: notice)
        }
        return state
    }

    /// Writes the state to `path`, atomically.
    func save(_ path: String) throws {
        var pairs: [(String, PropertyList)] = []
        if let base { pairs.append(("base", .data(base.archived()))) }
        pairs.append(
            (
                "resources",
                .array(
                    resources.values.sorted { $0.uid < $1.uid }.map { resource in
                        .dictionary(
                            PropertyListDictionary([
                                ("uid", .string(resource.uid)), ("href", .string(resource.href)),
                                ("etag", .string(resource.etag)), ("collection", .string(resource.collection)),
                                ("data", .data(resource.data)),
                            ]))
                    })
            ))
        pairs.append(
            (
                "collections",
                .array(
                    collections.sorted { $0.key < $1.key }.map { url, collection in
                        var fields: [(String, PropertyList)] = [
                            ("url", .string(url)), ("name", .string(collection.name)),
                        ]
                        if let token = collection.token { fields.append(("token", .string(token))) }
                        return .dictionary(PropertyListDictionary(fields))
                    })
            ))
        if !refused.isEmpty {
            pairs.append(
                (
                    "refused",
                    .array(
                        refused.sorted { $0.key < $1.key }.map { href, refused in
                            .dictionary(
                                PropertyListDictionary([
                                    ("href", .string(href)), ("etag", .string(refused.etag)),
                                    ("notice", .string(refused.notice)),
                                ]))
                        })
                ))
        }
        try StateFile.write(BinaryPropertyListWriter.write(.dictionary(PropertyListDictionary(pairs))), to: path)
    }
}
