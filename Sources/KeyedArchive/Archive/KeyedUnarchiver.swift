/// Reads NSKeyedArchiver archives: validates the envelope and hands out decoders by key.
///
/// Class names match with any module prefix or none; `NSArray`/`NSMutableArray` and
/// `NSString`/`NSMutableString` objects are accepted; XML `CF$UID` dictionaries count as UIDs.
/// Every reference is checked, cycles and excessive nesting are errors, never traps.
public struct KeyedUnarchiver {
    /// The archive's objects and decoding state, shared by all decoders of this archive.
    let archive: ArchiveObjects
    /// The `$top` dictionary.
    public let top: PropertyListDictionary

    /// Reads `bytes` (binary or XML property list) as a keyed archive.
    public init(bytes: [UInt8]) throws(KeyedArchiveError) {
        let tree: PropertyList
        do {
            tree = try PropertyListReader.read(bytes)
        } catch {
            throw .notAPropertyList(error)
        }
        try self.init(propertyList: tree)
    }

    /// Checks that `propertyList` has the keyed-archive envelope and wraps it.
    public init(propertyList: PropertyList) throws(KeyedArchiveError) {
        guard case .dictionary(let root) = propertyList else {
            throw .notAKeyedArchive("the property list is \(Self.article(propertyList.kindName)), not a dictionary")
        }
        guard let archiver = root["$archiver"] else { throw .notAKeyedArchive("no $archiver") }
        guard archiver.stringValue == "NSKeyedArchiver" else {
            throw .notAKeyedArchive("$archiver is \(Self.describe(archiver)), not NSKeyedArchiver")
        }
        guard let version = root["$version"] else { throw .notAKeyedArchive("no $version") }
        guard version.integerValue == 100_000 else {
            throw .notAKeyedArchive("$version is \(Self.describe(version)), not 100000")
        }
        guard let objects = root["$objects"] else { throw .notAKeyedArchive("no $objects") }
        guard case .array(let objectList) = objects else { throw .notAKeyedArchive("$objects is not an array") }
        guard let topValue = root["$top"] else { throw .notAKeyedArchive("no $top") }
        guard case .dictionary(let topDictionary) = topValue else {
            throw .notAKeyedArchive("$top is not a dictionary")
        }
        archive = ArchiveObjects(objectList)
        top = topDictionary
    }

    /// A decoder for the `$top` keys.
    public var topLevel: KeyedDecoder {
        KeyedDecoder(archive: archive, fields: top, className: "$top")
    }

    /// The number of entries in `$objects`.
    public var objectCount: Int { archive.objects.count }

    static func describe(_ value: PropertyList) -> String {
        switch value {
        case .string(let string): "\"\(string)\""
        case .integer(let integer): "\(integer)"
        default: article(value.kindName)
        }
    }

    static func article(_ noun: String) -> String {
        (["a", "e", "i", "o", "u", "U"].contains(noun.first.map(String.init) ?? "") ? "an " : "a ") + noun
    }
}

/// The `$objects` of one archive, with what decoding in progress needs to detect cycles.
final class ArchiveObjects {
    /// The maximum nesting of objects a decoder follows.
    static let maximumDepth = 256

    let objects: [PropertyList]
    private var inProgress: [Bool]
    private var depth = 0
    /// Class names already checked, by the UID of their class dictionary.
    private var classNames: [String?]

    init(_ objects: [PropertyList]) {
        self.objects = objects
        inProgress = [Bool](repeating: false, count: objects.count)
        classNames = [String?](repeating: nil, count: objects.count)
    }

    /// The UID a value holds: a binary UID, or an XML `{"CF$UID": n}` dictionary.
    static func uid(of value: PropertyList) -> UInt64? {
        switch value {
        case .uid(let uid):
            return uid
        case .dictionary(let dictionary) where dictionary.count == 1:
            guard case .integer(let integer) = dictionary["CF$UID"], integer >= 0 else { return nil }
            return UInt64(integer)
        default:
            return nil
        }
    }

    /// The object a UID names, checked against the object count.
    func object(_ uid: UInt64) throws(KeyedArchiveError) -> PropertyList {
        guard uid < UInt64(objects.count) else { throw .danglingReference(uid, objectCount: objects.count) }
        return objects[Int(uid)]
    }

    /// Marks `uid` as being decoded; throws on a cycle or excessive depth.
    func enter(_ uid: UInt64) throws(KeyedArchiveError) {
        guard depth < Self.maximumDepth else { throw .tooDeep(limit: Self.maximumDepth) }
        guard uid < UInt64(inProgress.count) else { throw .danglingReference(uid, objectCount: objects.count) }
        guard !inProgress[Int(uid)] else { throw .cyclicReference(uid) }
        inProgress[Int(uid)] = true
        depth += 1
    }

    /// Ends the decoding of `uid`.
    func leave(_ uid: UInt64) {
        inProgress[Int(uid)] = false
        depth -= 1
    }

    /// The class name of object `uid` whose dictionary is `fields`, with the class dictionary checked.
    func className(ofObject uid: UInt64, fields: PropertyListDictionary) throws(KeyedArchiveError) -> String {
        guard let classValue = fields["$class"] else { throw .invalidClass(uid: uid, reason: "no $class") }
        guard let classUID = Self.uid(of: classValue) else {
            throw .invalidClass(uid: uid, reason: "$class is not a reference")
        }
        if classUID < UInt64(classNames.count), let known = classNames[Int(classUID)] { return known }
        guard case .dictionary(let classDictionary) = try object(classUID) else {
            throw .invalidClass(uid: uid, reason: "class object \(classUID) is not a dictionary")
        }
        guard case .string(let name) = classDictionary["$classname"] else {
            throw .invalidClass(uid: uid, reason: "class object \(classUID) has no string $classname")
        }
        // Apple's writer always adds $classes, but archives without it decode with Foundation too.
        if let chain = classDictionary["$classes"] {
            guard case .array(let names) = chain, names.allSatisfy({ $0.stringValue != nil }) else {
                throw .invalidClass(uid: uid, reason: "$classes of class object \(classUID) is not an array of names")
            }
        }
        classNames[Int(classUID)] = name
        return name
    }
}
