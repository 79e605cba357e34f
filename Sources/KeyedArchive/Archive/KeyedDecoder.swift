/// Decodes the fields of one archived object by key (NSCoder's keyed `decode…(forKey:)`).
public struct KeyedDecoder {
    let archive: ArchiveObjects
    let fields: ObjectFields
    /// The archived class name of the object being decoded (`$top` for the top level).
    public let className: String

    /// Whether the object has a value for `key`.
    public func contains(_ key: String) -> Bool {
        (try? fields.value(forKey: key)) != nil
    }

    /// The raw value for `key`, or `nil` when it is absent.
    public func rawValue(forKey key: String) throws(KeyedArchiveError) -> PropertyList? {
        try fields.value(forKey: key)
    }

    private func require(_ key: String) throws(KeyedArchiveError) -> PropertyList {
        guard let value = try fields.value(forKey: key) else { throw .missingKey(key, inClass: className) }
        return value
    }

    private func mismatch(_ key: String, _ expected: String, _ found: PropertyList) -> KeyedArchiveError {
        .typeMismatch(key: key, expected: expected, found: found.kindName)
    }

    /// Follows a UID value to its object, or returns a non-UID value as it is.
    private func resolve(_ value: PropertyList) throws(KeyedArchiveError) -> PropertyList {
        guard let uid = ArchiveObjects.uid(of: value) else { return value }
        return try archive.object(uid)
    }

    // MARK: Strings

    /// Decodes a string object (plain, `NSString` or `NSMutableString`).
    public func decode(_ type: String.Type, forKey key: String) throws(KeyedArchiveError) -> String {
        try string(try require(key), key: key)
    }

    private func string(_ value: PropertyList, key: String) throws(KeyedArchiveError) -> String {
        let resolved = try resolve(value)
        switch resolved {
        case .string(let string):
            return string
        case .dictionary(let object):
            if case .string(let string) = object["NS.string"] { return string }
            return try decodeNestedString(object, value: value, key: key)
        default:
            throw mismatch(key, "a string", resolved)
        }
    }

    private func decodeNestedString(
        _ object: PropertyListDictionary,
        value: PropertyList,
        key: String
    ) throws(KeyedArchiveError) -> String {
        guard let uid = ArchiveObjects.uid(of: value), let inner = object["NS.string"],
            let innerUID = ArchiveObjects.uid(of: inner), case .string(let string) = try archive.object(innerUID)
        else {
            throw .typeMismatch(key: key, expected: "a string", found: "an object")
        }
        _ = try archive.className(ofObject: uid, fields: .tree(object))
        return string
    }

    /// Decodes a string, or `nil` when the key is absent or holds `$null`.
    public func decodeIfPresent(_ type: String.Type, forKey key: String) throws(KeyedArchiveError) -> String? {
        guard let value = try fields.value(forKey: key), ArchiveObjects.uid(of: value) != 0 else { return nil }
        return try string(value, key: key)
    }

    // MARK: Scalars

    /// Decodes a boolean (inline, or an integer 0 or 1).
    public func decode(_ type: Bool.Type, forKey key: String) throws(KeyedArchiveError) -> Bool {
        try bool(try require(key), key: key)
    }

    /// Decodes a boolean, or `nil` when the key is absent.
    public func decodeIfPresent(_ type: Bool.Type, forKey key: String) throws(KeyedArchiveError) -> Bool? {
        guard let value = try fields.value(forKey: key) else { return nil }
        return try bool(value, key: key)
    }

    private func bool(_ raw: PropertyList, key: String) throws(KeyedArchiveError) -> Bool {
        let value = try resolve(raw)
        switch value {
        case .bool(let bool): return bool
        case .integer(let integer) where integer == 0 || integer == 1: return integer == 1
        default: throw mismatch(key, "a boolean", value)
        }
    }

    /// Decodes an integer that fits in `Int`.
    public func decode(_ type: Int.Type, forKey key: String) throws(KeyedArchiveError) -> Int {
        try int(try require(key), key: key)
    }

    /// Decodes an integer, or `nil` when the key is absent.
    public func decodeIfPresent(_ type: Int.Type, forKey key: String) throws(KeyedArchiveError) -> Int? {
        guard let value = try fields.value(forKey: key) else { return nil }
        return try int(value, key: key)
    }

    private func int(_ raw: PropertyList, key: String) throws(KeyedArchiveError) -> Int {
        let value = try resolve(raw)
        guard case .integer(let integer) = value, let result = Int(exactly: integer) else {
            throw mismatch(key, "an integer", value)
        }
        return result
    }

    /// Decodes a real number (an integer is accepted too).
    public func decode(_ type: Double.Type, forKey key: String) throws(KeyedArchiveError) -> Double {
        let value = try resolve(try require(key))
        switch value {
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: throw mismatch(key, "a number", value)
        }
    }

    // MARK: Dates

    /// Decodes an `NSDate` object as seconds since 2001-01-01 UTC.
    public func decodeDate(forKey key: String) throws(KeyedArchiveError) -> Double {
        try date(try require(key), key: key)
    }

    /// Decodes a date, or `nil` when the key is absent or holds `$null`.
    public func decodeDateIfPresent(forKey key: String) throws(KeyedArchiveError) -> Double? {
        guard let value = try fields.value(forKey: key), ArchiveObjects.uid(of: value) != 0 else { return nil }
        return try date(value, key: key)
    }

    private func date(_ value: PropertyList, key: String) throws(KeyedArchiveError) -> Double {
        if case .date(let seconds) = value { return seconds }
        guard let uid = ArchiveObjects.uid(of: value) else { throw mismatch(key, "a date", value) }
        guard let object = try archive.fields(uid) else {
            let resolved = try archive.object(uid)
            guard case .date(let seconds) = resolved else { throw mismatch(key, "a date", resolved) }
            return seconds
        }
        let name = try archive.className(ofObject: uid, fields: object)
        guard ArchivedClass.date.matches(name) else {
            throw .unexpectedClass(expected: "NSDate", found: name)
        }
        switch try object.value(forKey: "NS.time") {
        case .real(let seconds): return seconds
        case .integer(let seconds): return Double(seconds)
        default: throw .missingKey("NS.time", inClass: name)
        }
    }

    // MARK: Objects

    /// Decodes a nested archivable value of class `T` (any module prefix).
    public func decode<T: KeyedArchivable>(_ type: T.Type, forKey key: String) throws(KeyedArchiveError) -> T {
        let value = try require(key)
        guard let uid = ArchiveObjects.uid(of: value) else { throw mismatch(key, "an object reference", value) }
        return try decodeObject(T.self, uid: uid, key: key)
    }

    /// Decodes the elements of an `NSArray`/`NSMutableArray` of `T` objects.
    public func decode<T: KeyedArchivable>(_ type: [T].Type, forKey key: String) throws(KeyedArchiveError) -> [T] {
        let value = try require(key)
        guard let uid = ArchiveObjects.uid(of: value) else { throw mismatch(key, "an array reference", value) }
        let elements = try arrayElements(uid: uid, key: key)
        try archive.enter(uid)
        defer { archive.leave(uid) }
        var result = [T]()
        result.reserveCapacity(elements.count)
        for element in elements {
            guard let elementUID = ArchiveObjects.uid(of: element) else {
                throw mismatch(key, "an array of references", element)
            }
            result.append(try decodeObject(T.self, uid: elementUID, key: key))
        }
        return result
    }

    private func arrayElements(uid: UInt64, key: String) throws(KeyedArchiveError) -> [PropertyList] {
        guard let fields = try archive.fields(uid) else {
            throw mismatch(key, "an array object", try archive.object(uid))
        }
        let name = try archive.className(ofObject: uid, fields: fields)
        let unqualified = ArchivedClass.unqualified(name)
        guard unqualified == "NSArray" || unqualified == "NSMutableArray" else {
            throw .unexpectedClass(expected: "NSArray", found: name)
        }
        guard case .array(let elements) = try fields.value(forKey: "NS.objects") else {
            throw .missingKey("NS.objects", inClass: name)
        }
        return elements
    }

    private func decodeObject<T: KeyedArchivable>(
        _ type: T.Type,
        uid: UInt64,
        key: String
    ) throws(KeyedArchiveError) -> T {
        guard let fields = try archive.fields(uid) else { throw mismatch(key, "an object", try archive.object(uid)) }
        let name = try archive.className(ofObject: uid, fields: fields)
        guard T.archivedClass.matches(name) else {
            throw .unexpectedClass(expected: T.archivedClass.unqualifiedName, found: name)
        }
        try archive.enter(uid)
        defer { archive.leave(uid) }
        return try T(from: KeyedDecoder(archive: archive, fields: fields, className: name))
    }
}
