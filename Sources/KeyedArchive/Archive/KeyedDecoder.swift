/// Decodes the fields of one archived object by key (NSCoder's keyed `decode…(forKey:)`).
public struct KeyedDecoder {
    let archive: ArchiveObjects
    /// The fields when they are a decoded dictionary, `nil` when they are a binary object's.
    private let tree: PropertyListDictionary?
    /// The binary dictionary holding the fields when `tree` is `nil`. Kept apart from `tree`, not
    /// as an `ObjectFields`, so typed reads use it in place without projecting an enum first.
    private let binary: BinaryObjectTable.Dictionary
    /// The archived class name of the object being decoded (`$top` for the top level).
    public let className: String

    /// A decoder for the fields of decoded dictionary `tree` (an XML archive's, or `$top`), of
    /// class `className`.
    init(archive: ArchiveObjects, tree: PropertyListDictionary, className: String) {
        self.archive = archive
        self.className = className
        self.tree = tree
        binary = BinaryObjectTable.Dictionary(
            index: -1, keysStart: 0, valuesStart: 0, count: 0, shape: DictionaryShapes.Token.none)
    }

    /// A decoder for the fields of binary dictionary object `binary`, of class `className`.
    init(archive: ArchiveObjects, binary: BinaryObjectTable.Dictionary, className: String) {
        self.archive = archive
        self.className = className
        tree = nil
        self.binary = binary
    }

    /// The fields, as the archive reads them.
    var fields: ObjectFields {
        if let tree { return .tree(tree) }
        return .binary(binary)
    }

    /// Whether the object has a value for `key` (one that can be read).
    public func contains(_ key: String) -> Bool {
        guard let field = try? archive.value(forKey: key, in: fields) else { return false }
        // A reference is read at once; other values are decoded whole, as `rawValue` would.
        if (try? archive.uid(in: field)) != nil { return true }
        return (try? archive.propertyList(field)) != nil
    }

    /// The raw value for `key`, or `nil` when it is absent.
    public func rawValue(forKey key: String) throws(KeyedArchiveError) -> PropertyList? {
        guard let field = try archive.value(forKey: key, in: fields) else { return nil }
        return try archive.propertyList(field)
    }

    private func require(_ key: String) throws(KeyedArchiveError) -> FieldValue {
        guard let field = try archive.value(forKey: key, in: fields) else {
            throw .missingKey(key, inClass: className)
        }
        return field
    }

    /// The object index of `key`'s value when the fields are in a binary file (-1 when the key is
    /// absent), or `nil` when they are a decoded dictionary. Typed reads start here: no `FieldValue`
    /// is made unless the value needs the general path.
    @inline(__always)
    private func binaryReference(_ key: String) throws(KeyedArchiveError) -> Int? {
        guard tree == nil else { return nil }
        return try archive.reference(forKey: key, in: binary)
    }

    /// The object index of `key`'s value in a binary file, throwing when the key is absent.
    @inline(__always)
    private func requireBinary(_ key: String) throws(KeyedArchiveError) -> Int? {
        guard let reference = try binaryReference(key) else { return nil }
        guard reference >= 0 else { throw .missingKey(key, inClass: className) }
        return reference
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
        if let reference = try requireBinary(key) {
            if let uid = try archive.uid(at: reference), let string = try archive.string(uid: uid) { return string }
            return try string(try archive.propertyList(.object(reference)), key: key)
        }
        return try string(try archive.propertyList(try require(key)), key: key)
    }

    /// Decodes a string, or `nil` when the key is absent or holds `$null`.
    public func decodeIfPresent(_ type: String.Type, forKey key: String) throws(KeyedArchiveError) -> String? {
        let reference = try binaryReference(key)
        if let reference {
            guard reference >= 0 else { return nil }
            if let uid = try archive.uid(at: reference) {
                if uid == 0 { return nil }
                if let string = try archive.string(uid: uid) { return string }
            }
        }
        guard let value = try presentValue(key, binaryReference: reference) else { return nil }
        return try string(value, key: key)
    }

    /// Decodes an `NSArray` of strings, or `nil` when the key is absent or holds `$null`. A lone
    /// string reads as a list of that one string, so a field that held one string before it held
    /// several reads either way.
    public func decodeStringsIfPresent(forKey key: String) throws(KeyedArchiveError) -> [String]? {
        let reference = try binaryReference(key)
        if let reference, reference < 0 { return nil }
        guard let value = try presentValue(key, binaryReference: reference) else { return nil }
        guard let uid = ArchiveObjects.uid(of: value), try archive.string(uid: uid) == nil,
            case .dictionary(let object) = try archive.object(uid), object["NS.objects"] != nil
        else { return [try string(value, key: key)] }
        switch try arrayElements(uid: uid, key: key) {
        case .uids(let uids):
            var strings: [String] = []
            strings.reserveCapacity(uids.count)
            for element in uids { strings.append(try string(.uid(element), key: key)) }
            return strings
        case .values(let values):
            var strings: [String] = []
            strings.reserveCapacity(values.count)
            for element in values { strings.append(try string(element, key: key)) }
            return strings
        }
    }

    /// The general path of an optional object field: its decoded value, or `nil` when the key is
    /// absent or holds `$null`. `reference` is the binary field's object, already looked up (and
    /// present), or `nil` when the fields are a decoded dictionary.
    private func presentValue(_ key: String, binaryReference reference: Int?) throws(KeyedArchiveError) -> PropertyList?
    {
        let field: FieldValue
        if let reference {
            field = .object(reference)
        } else {
            guard let treeField = try archive.value(forKey: key, in: fields) else { return nil }
            field = treeField
        }
        let value = try archive.propertyList(field)
        return ArchiveObjects.uid(of: value) == 0 ? nil : value
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

    // MARK: Scalars

    /// Decodes a boolean (inline, or an integer 0 or 1).
    public func decode(_ type: Bool.Type, forKey key: String) throws(KeyedArchiveError) -> Bool {
        guard let bool = try decodeIfPresent(Bool.self, forKey: key) else { throw .missingKey(key, inClass: className) }
        return bool
    }

    /// Decodes a boolean, or `nil` when the key is absent.
    public func decodeIfPresent(_ type: Bool.Type, forKey key: String) throws(KeyedArchiveError) -> Bool? {
        if let reference = try binaryReference(key) {
            guard reference >= 0 else { return nil }
            if let bool = try archive.bool(at: reference) { return bool }
            return try bool(.object(reference), key: key)
        }
        guard let field = try archive.value(forKey: key, in: fields) else { return nil }
        return try bool(field, key: key)
    }

    /// The general path: any field, as the decoded value it holds.
    private func bool(_ field: FieldValue, key: String) throws(KeyedArchiveError) -> Bool {
        let value = try resolve(try archive.propertyList(field))
        switch value {
        case .bool(let bool): return bool
        case .integer(let integer) where integer == 0 || integer == 1: return integer == 1
        default: throw mismatch(key, "a boolean", value)
        }
    }

    /// Decodes an integer that fits in `Int`.
    public func decode(_ type: Int.Type, forKey key: String) throws(KeyedArchiveError) -> Int {
        guard let integer = try decodeIfPresent(Int.self, forKey: key) else {
            throw .missingKey(key, inClass: className)
        }
        return integer
    }

    /// Decodes an integer, or `nil` when the key is absent.
    public func decodeIfPresent(_ type: Int.Type, forKey key: String) throws(KeyedArchiveError) -> Int? {
        if let reference = try binaryReference(key) {
            guard reference >= 0 else { return nil }
            if let integer = try archive.integer(at: reference), let result = Int(exactly: integer) { return result }
            return try int(.object(reference), key: key)
        }
        guard let field = try archive.value(forKey: key, in: fields) else { return nil }
        return try int(field, key: key)
    }

    /// The general path: any field, as the decoded value it holds.
    private func int(_ field: FieldValue, key: String) throws(KeyedArchiveError) -> Int {
        let value = try resolve(try archive.propertyList(field))
        guard case .integer(let integer) = value, let result = Int(exactly: integer) else {
            throw mismatch(key, "an integer", value)
        }
        return result
    }

    /// Decodes a real number (an integer is accepted too).
    public func decode(_ type: Double.Type, forKey key: String) throws(KeyedArchiveError) -> Double {
        let value: PropertyList
        if let reference = try requireBinary(key) {
            if let real = try archive.real(at: reference) { return real }
            value = try resolve(try archive.propertyList(.object(reference)))
        } else {
            value = try resolve(try archive.propertyList(try require(key)))
        }
        switch value {
        case .real(let real): return real
        case .integer(let integer): return Double(integer)
        default: throw mismatch(key, "a number", value)
        }
    }

    // MARK: Dates

    /// Decodes an `NSDate` object as seconds since 2001-01-01 UTC.
    public func decodeDate(forKey key: String) throws(KeyedArchiveError) -> Double {
        if let reference = try requireBinary(key) {
            if let uid = try archive.uid(at: reference) { return try date(uid: uid, key: key) }
            return try date(try archive.propertyList(.object(reference)), key: key)
        }
        return try date(try archive.propertyList(try require(key)), key: key)
    }

    /// Decodes a date, or `nil` when the key is absent or holds `$null`.
    public func decodeDateIfPresent(forKey key: String) throws(KeyedArchiveError) -> Double? {
        let reference = try binaryReference(key)
        if let reference {
            guard reference >= 0 else { return nil }
            if let uid = try archive.uid(at: reference) { return uid == 0 ? nil : try date(uid: uid, key: key) }
        }
        guard let value = try presentValue(key, binaryReference: reference) else { return nil }
        return try date(value, key: key)
    }

    private func date(_ value: PropertyList, key: String) throws(KeyedArchiveError) -> Double {
        if case .date(let seconds) = value { return seconds }
        guard let uid = ArchiveObjects.uid(of: value) else { throw mismatch(key, "a date", value) }
        return try date(uid: uid, key: key)
    }

    private func date(uid: UInt64, key: String) throws(KeyedArchiveError) -> Double {
        // A binary NSDate: its class and time read in place, without making `ObjectFields`.
        if let dictionary = try archive.binaryDictionary(uid) {
            let name = try archive.reportedClassName(ofObject: uid, binary: dictionary, expected: ArchivedClass.date)
            let reference = try archive.reference(forKey: "NS.time", in: dictionary)
            if reference >= 0, let seconds = try archive.real(at: reference) { return seconds }
            return try time(in: .binary(dictionary), className: name)
        }
        guard let object = try archive.fields(uid) else {
            let resolved = try archive.object(uid)
            guard case .date(let seconds) = resolved else { throw mismatch(key, "a date", resolved) }
            return seconds
        }
        let name = try archive.reportedClassName(ofObject: uid, fields: object, expected: ArchivedClass.date)
        return try time(in: object, className: name)
    }

    /// The `NS.time` of an `NSDate` object's fields, real or integer.
    private func time(in object: ObjectFields, className name: String) throws(KeyedArchiveError) -> Double {
        guard let time = try archive.value(forKey: "NS.time", in: object) else {
            throw .missingKey("NS.time", inClass: name)
        }
        switch try archive.propertyList(time) {
        case .real(let seconds): return seconds
        case .integer(let seconds): return Double(seconds)
        default: throw .missingKey("NS.time", inClass: name)
        }
    }

    // MARK: Objects

    /// Decodes a nested archivable value of class `T` (any module prefix).
    public func decode<T: KeyedArchivable>(_ type: T.Type, forKey key: String) throws(KeyedArchiveError) -> T {
        let uid = try referencedUID(key, expected: "an object reference")
        return try decodeObject(T.self, archivedClass: T.archivedClass, uid: uid, key: key)
    }

    /// The UID `key` holds: a binary UID read in place, or any value the archive reads as one.
    private func referencedUID(_ key: String, expected: String) throws(KeyedArchiveError) -> UInt64 {
        let field = try require(key)
        if let uid = try archive.uid(in: field) { return uid }
        let value = try archive.propertyList(field)
        guard let uid = ArchiveObjects.uid(of: value) else { throw mismatch(key, expected, value) }
        return uid
    }

    /// Decodes the elements of an `NSArray`/`NSMutableArray` of `T` objects.
    public func decode<T: KeyedArchivable>(_ type: [T].Type, forKey key: String) throws(KeyedArchiveError) -> [T] {
        let uid = try referencedUID(key, expected: "an array reference")
        let elements = try arrayElements(uid: uid, key: key)
        try archive.enter(uid)
        defer { archive.leave(uid) }
        // Read once: the protocol requirement hands out a fresh copy on every call.
        let archivedClass = T.archivedClass
        var result = [T]()
        switch elements {
        case .uids(let uids):
            result.reserveCapacity(uids.count)
            for elementUID in uids {
                result.append(try decodeObject(T.self, archivedClass: archivedClass, uid: elementUID, key: key))
            }
        case .values(let values):
            result.reserveCapacity(values.count)
            for element in values {
                guard let elementUID = ArchiveObjects.uid(of: element) else {
                    throw mismatch(key, "an array of references", element)
                }
                result.append(try decodeObject(T.self, archivedClass: archivedClass, uid: elementUID, key: key))
            }
        }
        return result
    }

    /// The elements of an array object: its UIDs as read from a binary file, or its decoded values.
    enum ArrayElements {
        case uids([UInt64])
        case values([PropertyList])
    }

    /// The elements of array object `uid` (under `key`, for messages), its class checked to be
    /// `NSArray` or `NSMutableArray`.
    func arrayElements(uid: UInt64, key: String) throws(KeyedArchiveError) -> ArrayElements {
        let (objects, name) = try arrayObjects(uid: uid, key: key)
        if let uids = try archive.uidElements(in: objects) { return .uids(uids) }
        guard case .array(let elements) = try archive.propertyList(objects) else {
            throw .missingKey("NS.objects", inClass: name)
        }
        return .values(elements)
    }

    /// The `NS.objects` field of array object `uid` (under `key`, for messages) and the array's
    /// class name, its class checked to be `NSArray` or `NSMutableArray`.
    func arrayObjects(uid: UInt64, key: String) throws(KeyedArchiveError) -> (objects: FieldValue, className: String) {
        guard let fields = try archive.fields(uid) else {
            throw mismatch(key, "an array object", try archive.object(uid))
        }
        let name = try archive.className(ofObject: uid, fields: fields)
        guard archive.matches(ArchivedClass.array, name) || archive.matches(ArchivedClass.mutableArray, name) else {
            throw .unexpectedClass(expected: "NSArray", found: name)
        }
        guard let objects = try archive.value(forKey: "NS.objects", in: fields) else {
            throw .missingKey("NS.objects", inClass: name)
        }
        return (objects, name)
    }

    /// Decodes object `uid` (under `key`, for messages) as `T`, its class checked to be `archivedClass`.
    func decodeObject<T: KeyedArchivable>(
        _ type: T.Type,
        archivedClass: ArchivedClass,
        uid: UInt64,
        key: String
    ) throws(KeyedArchiveError) -> T {
        // A binary dictionary object: read in place, without making `ObjectFields`.
        if let dictionary = try archive.binaryDictionary(uid) {
            let reported = try archive.reportedClassName(ofObject: uid, binary: dictionary, expected: archivedClass)
            try archive.enter(uid)
            defer { archive.leave(uid) }
            return try T(from: KeyedDecoder(archive: archive, binary: dictionary, className: reported))
        }
        // Otherwise a decoded dictionary (an XML archive's): a binary one was read above.
        guard case .tree(let tree)? = try archive.fields(uid) else {
            throw mismatch(key, "an object", try archive.object(uid))
        }
        let reported = try archive.reportedClassName(ofObject: uid, fields: .tree(tree), expected: archivedClass)
        try archive.enter(uid)
        defer { archive.leave(uid) }
        return try T(from: KeyedDecoder(archive: archive, tree: tree, className: reported))
    }
}
