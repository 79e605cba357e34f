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
        if BinaryPropertyListReader.isBinaryPropertyList(bytes) {
            try self.init(binary: bytes)
            return
        }
        let tree: PropertyList
        do {
            tree = try PropertyListReader.read(bytes)
        } catch {
            throw .notAPropertyList(error)
        }
        try self.init(propertyList: tree)
    }

    /// Reads `bytes` (binary or XML property list) as a keyed archive for the duration of `body`:
    /// a binary one in place, without the copy `init(bytes:)` makes of it (1.5 MB for a file of
    /// 10,000 items: its memory and copying are a tenth of a one-shot change). The unarchiver and
    /// every decoder it hands out must not be kept past `body`.
    public static func reading<Result>(
        _ bytes: [UInt8],
        _ body: (KeyedUnarchiver) throws -> Result
    ) throws -> Result {
        guard BinaryPropertyListReader.isBinaryPropertyList(bytes) else {
            return try body(KeyedUnarchiver(bytes: bytes))
        }
        return try bytes.withUnsafeBytes { raw in try body(KeyedUnarchiver(borrowing: raw)) }
    }

    /// Reads a binary archive lazily: the envelope now, each object only when it is decoded.
    private init(binary bytes: [UInt8]) throws(KeyedArchiveError) {
        let table: BinaryObjectTable
        do {
            table = try BinaryObjectTable(bytes)
        } catch {
            throw .notAPropertyList(error)
        }
        try self.init(table: table)
    }

    /// Reads the binary archive `bytes` in place, as `init(binary:)` reads its copy; `bytes` must
    /// outlive the unarchiver (`reading(_:_:)`).
    private init(borrowing bytes: UnsafeRawBufferPointer) throws(KeyedArchiveError) {
        let table: BinaryObjectTable
        do {
            table = try BinaryObjectTable(borrowing: bytes)
        } catch {
            throw .notAPropertyList(error)
        }
        try self.init(table: table)
    }

    /// Reads the envelope of the binary archive `table` holds.
    private init(table: BinaryObjectTable) throws(KeyedArchiveError) {
        do {
            guard let root = try table.dictionary(table.topObject) else {
                let kind = try table.value(table.topObject).kindName
                throw KeyedArchiveError.notAKeyedArchive("the property list is \(Self.article(kind)), not a dictionary")
            }
            try Self.checkEnvelope(
                archiver: try table.value(forKey: "$archiver", in: root),
                version: try table.value(forKey: "$version", in: root))
            guard let objectsReference = try table.reference(forKey: "$objects", in: root) else {
                throw KeyedArchiveError.notAKeyedArchive("no $objects")
            }
            guard let objects = try table.arrayElements(objectsReference) else {
                throw KeyedArchiveError.notAKeyedArchive("$objects is not an array")
            }
            guard let topValue = try table.value(forKey: "$top", in: root) else {
                throw KeyedArchiveError.notAKeyedArchive("no $top")
            }
            guard case .dictionary(let topDictionary) = topValue else {
                throw KeyedArchiveError.notAKeyedArchive("$top is not a dictionary")
            }
            archive = ArchiveObjects(table: table, references: objects)
            top = topDictionary
        } catch {
            throw .wrapping(error)
        }
    }

    /// Checks `$archiver` and `$version` (shared with `ArchiveEditor`, which reads the envelope itself).
    static func checkEnvelope(archiver: PropertyList?, version: PropertyList?) throws(KeyedArchiveError) {
        guard let archiver else { throw .notAKeyedArchive("no $archiver") }
        guard archiver.stringValue == "NSKeyedArchiver" else {
            throw .notAKeyedArchive("$archiver is \(Self.describe(archiver)), not NSKeyedArchiver")
        }
        guard let version else { throw .notAKeyedArchive("no $version") }
        guard version.integerValue == 100_000 else {
            throw .notAKeyedArchive("$version is \(Self.describe(version)), not 100000")
        }
    }

    /// Checks that `propertyList` has the keyed-archive envelope and wraps it.
    public init(propertyList: PropertyList) throws(KeyedArchiveError) {
        guard case .dictionary(let root) = propertyList else {
            throw .notAKeyedArchive("the property list is \(Self.article(propertyList.kindName)), not a dictionary")
        }
        try Self.checkEnvelope(archiver: root["$archiver"], version: root["$version"])
        guard let objects = root["$objects"] else { throw .notAKeyedArchive("no $objects") }
        guard case .array(let objectList) = objects else { throw .notAKeyedArchive("$objects is not an array") }
        guard let topValue = root["$top"] else { throw .notAKeyedArchive("no $top") }
        guard case .dictionary(let topDictionary) = topValue else {
            throw .notAKeyedArchive("$top is not a dictionary")
        }
        archive = ArchiveObjects(objects: objectList)
        top = topDictionary
    }

    /// A decoder for the `$top` keys.
    public var topLevel: KeyedDecoder {
        KeyedDecoder(archive: archive, tree: top, className: "$top")
    }

    /// The number of entries in `$objects`.
    public var objectCount: Int { archive.count }

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
