/// A generic view of any keyed archive: its object graph resolved from `$top`, as JSON.
///
/// Each object is expanded once, at its first reference, as a JSON object with `$id` (its UID)
/// and `$class` (its class name) before its own keys; later references, and references back
/// into an object being expanded (cycles), appear as `{"$ref": uid}`. UID 0 (`$null`) is `null`.
/// Strings and numbers stored as objects are written inline wherever they are referenced.
public struct ArchiveGraph {
    private let archive: ArchiveObjects
    private let top: PropertyListDictionary

    /// Wraps an unarchiver for inspection.
    public init(_ unarchiver: KeyedUnarchiver) {
        archive = unarchiver.archive
        top = unarchiver.top
    }

    /// Resolves the graph; malformed references or classes are errors.
    public func resolved() throws(KeyedArchiveError) -> JSONValue {
        var state = State(expanded: [Bool](repeating: false, count: archive.count))
        var members: [(key: String, value: JSONValue)] = []
        for (key, value) in zip(top.keys, top.values) {
            members.append((key, try resolve(value, state: &state, depth: 0)))
        }
        return .object(members)
    }

    private struct State {
        var expanded: [Bool]
    }

    private func resolve(_ value: PropertyList, state: inout State, depth: Int) throws(KeyedArchiveError) -> JSONValue {
        guard depth < ArchiveObjects.maximumDepth * 4 else { throw .tooDeep(limit: ArchiveObjects.maximumDepth * 4) }
        if let uid = ArchiveObjects.uid(of: value) {
            return try resolveObject(uid, state: &state, depth: depth)
        }
        switch value {
        case .dictionary(let dictionary):
            var members: [(key: String, value: JSONValue)] = []
            for (key, item) in zip(dictionary.keys, dictionary.values) {
                members.append((key, try resolve(item, state: &state, depth: depth + 1)))
            }
            return .object(members)
        case .array(let elements):
            var result: [JSONValue] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                result.append(try resolve(element, state: &state, depth: depth + 1))
            }
            return .array(result)
        case .real(let real):
            return real.isFinite ? .number(PropertyList.pythonRepr(real)) : .string(PropertyList.pythonRepr(real))
        default:
            return value.canonicalJSON
        }
    }

    private func resolveObject(_ uid: UInt64, state: inout State, depth: Int) throws(KeyedArchiveError) -> JSONValue {
        if uid == 0 { return .null }
        guard let objectFields = try archive.fields(uid) else {
            // Strings, numbers and data stored as objects are values: inline them each time.
            return try resolve(try archive.object(uid), state: &state, depth: depth + 1)
        }
        if state.expanded[Int(uid)] { return .object([(key: "$ref", value: .number(String(uid)))]) }
        state.expanded[Int(uid)] = true
        let className = try archive.className(ofObject: uid, fields: objectFields)
        let fields = try archive.dictionary(of: objectFields)
        var members: [(key: String, value: JSONValue)] = [
            (key: "$id", value: .number(String(uid))), (key: "$class", value: .string(className)),
        ]
        for (key, item) in zip(fields.keys, fields.values) where key != "$class" {
            members.append((key, try resolve(item, state: &state, depth: depth + 1)))
        }
        return .object(members)
    }
}
