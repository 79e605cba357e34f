/// The binary keyed archive an `ArchiveEditor` appends to: its layout, its envelope, and how much
/// of it the edited file carries byte for byte.
///
/// The envelope is the root dictionary, `$top`, `$objects` and the root's other keys and values.
/// When those are the file's last objects, by number and by offset (as in the files `KeyedEncoder`
/// writes, and earlier edits), the edited file carries everything before them and gives their
/// numbers to the new objects: the old envelope leaves no dead bytes. Otherwise it carries every
/// object, and the old envelope is dead. No carried object is checked not to refer to the
/// envelope: only files this program wrote are edited (the lock file's note), and none does.
struct CarriedArchive {
    /// The whole file.
    let file: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    /// The number of objects in the file.
    let objectCount: Int
    let offsetTableStart: Int
    /// The object numbers of the root dictionary, `$top` and `$objects`.
    let root: Int
    let top: Int
    let objects: Int
    /// The root dictionary's key and value references, in file order.
    let rootPairs: [(key: Int, value: Int)]
    /// `$top`'s key and value references, in file order, and its keys.
    let topPairs: [(key: Int, value: Int)]
    let topKeys: [String]
    /// The number of entries in `$objects`, and where its references start in the file.
    let archiveObjectCount: Int
    let objectsContents: Int
    /// The number of objects carried: the first new object gets this number.
    private(set) var base: Int
    /// The number of bytes of the file carried.
    private(set) var carriedLength: Int
    /// Objects of the envelope (scalars and strings of the root dictionary) that lie past `base`
    /// and are copied to the edited file, with the bytes each one occupies.
    private(set) var copiedObjects: [(reference: Int, bytes: Range<Int>)]
    /// The bytes of the old envelope that the edited file carries without using them.
    private(set) var envelopeDeadBytes: Int
    /// The dead bytes recorded in the trailer by earlier edits (0 for a file from elsewhere).
    let priorDeadBytes: Int

    /// The most `deadBytes` the trailer's five unused bytes hold.
    static let deadBytesLimit = (1 << 40) - 1

    /// Reads `file`'s layout and envelope, throwing what `KeyedUnarchiver` would throw for a
    /// damaged file or one that is not a keyed archive, and `notEditable` for an XML one.
    static func open(_ file: [UInt8]) throws(KeyedArchiveError) -> CarriedArchive {
        guard BinaryPropertyListReader.isBinaryPropertyList(file) else {
            _ = try KeyedUnarchiver(bytes: file)
            throw .notEditable("it is an XML property list; only binary archives can be changed by appending")
        }
        let result = file.withUnsafeBytes { raw in
            Result { () throws(KeyedArchiveError) in try parse(file, raw: raw) }
        }
        return try result.get()
    }

    /// Runs `body` on the file's object area.
    func withArea<R>(_ body: (ObjectArea) -> R) -> R {
        file.withUnsafeBytes { raw in
            body(ObjectArea(raw: raw, limit: offsetTableStart, referenceSize: referenceSize))
        }
    }

    /// Where object `index` starts, or `nil` when the index or its offset is out of range.
    @inline(__always)
    func offset(of index: Int, in area: ObjectArea) -> Int? {
        guard index >= 0, index < objectCount,
            let offset = area.unsigned(
                at: offsetTableStart &+ index &* offsetSize, size: offsetSize, end: area.raw.count),
            offset >= 8, offset < UInt64(offsetTableStart)
        else { return nil }
        return Int(offset)
    }

    /// The reference `$objects` holds for archive object `uid` (below `archiveObjectCount`).
    func objectReference(_ uid: Int, in area: ObjectArea) -> Int? {
        guard uid >= 0, uid < archiveObjectCount else { return nil }
        return area.reference(at: objectsContents &+ uid &* referenceSize)
    }

    /// Whether the object at `start` is an array, set or dictionary.
    static func isContainer(_ area: ObjectArea, _ start: Int) -> Bool {
        guard let marker = area.marker(at: start) else { return false }
        return marker.isArrayOrSet || marker.is(.dictionary)
    }

    /// Reads the envelope of the binary property list `raw` (the bytes of `file`) and decides what to carry.
    private static func parse(
        _ file: [UInt8], raw: UnsafeRawBufferPointer
    ) throws(KeyedArchiveError)
        -> CarriedArchive
    {
        let layout: BinaryPropertyListReader.Layout
        var parser: BinaryPropertyListReader.Parser
        do {
            parser = try BinaryPropertyListReader.Parser(raw, denseStrings: false)
            layout = parser.layout
        } catch {
            throw .notAPropertyList(error)
        }
        let area = ObjectArea(raw: raw, limit: layout.offsetTableStart, referenceSize: layout.referenceSize)
        let root = layout.topObject
        guard let rootPairs = try pairs(of: root, layout: layout, area: area) else {
            let kind = try wrap { () throws(PropertyListError) in try parser.value(at: root, depth: 0).kindName }
            throw .notAKeyedArchive("the property list is \(KeyedUnarchiver.article(kind)), not a dictionary")
        }
        var found: [String: Int] = [:]
        for (entry, pair) in rootPairs.enumerated() {
            let key = try wrap { () throws(PropertyListError) in try parser.value(at: pair.key, depth: 1) }
            guard case .string(let name) = key else {
                throw .notAPropertyList(.invalidObject(index: root, reason: "dictionary key \(entry) is not a string"))
            }
            if found[name] == nil { found[name] = pair.value }
        }
        let archiver = try found["$archiver"].map { index throws(KeyedArchiveError) in
            try wrap { () throws(PropertyListError) in try parser.value(at: index, depth: 1) }
        }
        let version = try found["$version"].map { index throws(KeyedArchiveError) in
            try wrap { () throws(PropertyListError) in try parser.value(at: index, depth: 1) }
        }
        try KeyedUnarchiver.checkEnvelope(archiver: archiver, version: version)
        guard let objects = found["$objects"] else { throw .notAKeyedArchive("no $objects") }
        let objectsStart = try wrap { () throws(PropertyListError) in try layout.offset(of: objects) }
        guard let marker = area.marker(at: objectsStart), marker.isArrayOrSet else {
            throw .notAKeyedArchive("$objects is not an array")
        }
        guard let objectsExtent = area.extent(at: objectsStart) else {
            throw .notAPropertyList(.invalidObject(index: objects, reason: "contents run past the object area"))
        }
        // Every entry is checked now, as reading `$objects` would: `finish` copies them. One tight
        // pass finds the largest; the checked reads only find the error to report.
        let largest = area.largestReference(of: objectsExtent)
        if largest.map({ $0 >= layout.objectCount }) ?? true {
            var position = objectsExtent.references
            for _ in 0..<objectsExtent.referenceCount {
                _ = try wrap { () throws(PropertyListError) in try layout.reference(at: position, index: objects) }
                position &+= layout.referenceSize
            }
        }
        guard objectsExtent.referenceCount > 0 else {
            throw .notEditable("$objects is empty: it lacks the \"$null\" every archive starts with")
        }
        guard let top = found["$top"] else { throw .notAKeyedArchive("no $top") }
        guard let topPairs = try pairs(of: top, layout: layout, area: area) else {
            throw .notAKeyedArchive("$top is not a dictionary")
        }
        var topKeys: [String] = []
        for (entry, pair) in topPairs.enumerated() {
            let key = try wrap { () throws(PropertyListError) in try parser.value(at: pair.key, depth: 1) }
            guard case .string(let name) = key else {
                throw .notAPropertyList(.invalidObject(index: top, reason: "dictionary key \(entry) is not a string"))
            }
            topKeys.append(name)
        }
        let trailer = raw.count - 32
        var recorded = 0
        for index in trailer..<(trailer + 5) { recorded = recorded << 8 | Int(raw[index]) }
        var archive = CarriedArchive(
            file: file, offsetSize: layout.offsetSize, referenceSize: layout.referenceSize,
            objectCount: layout.objectCount, offsetTableStart: layout.offsetTableStart, root: root, top: top,
            objects: objects, rootPairs: rootPairs, topPairs: topPairs, topKeys: topKeys,
            archiveObjectCount: objectsExtent.referenceCount, objectsContents: objectsExtent.references,
            base: layout.objectCount, carriedLength: layout.offsetTableStart, copiedObjects: [],
            envelopeDeadBytes: 0, priorDeadBytes: min(recorded, file.count))
        if let largest, let reuse = archive.envelopeReuse(area, largest: largest) {
            archive = reuse
        } else {
            var dead = 0
            for index in Set([root, top, objects]) {
                guard let start = archive.offset(of: index, in: area), let extent = area.extent(at: start) else {
                    continue
                }
                dead += extent.end - start
            }
            archive.envelopeDeadBytes = dead
        }
        return archive
    }

    /// This archive carrying only the objects before its envelope, when the envelope can be left
    /// behind (see the type's comment), else `nil`; `largest` is the largest entry of `$objects`.
    private func envelopeReuse(_ area: ObjectArea, largest: Int) -> CarriedArchive? {
        let own: Set<Int> = [root, top, objects]
        guard own.count == 3 else { return nil }
        // A root that holds itself (or its envelope in odd places) is left to the carry-all path.
        guard rootPairs.allSatisfy({ $0.key != root && $0.value != root && $0.key != top && $0.key != objects })
        else { return nil }
        var envelope = own
        for pair in rootPairs {
            envelope.insert(pair.key)
            envelope.insert(pair.value)
        }
        var first = objectCount
        while first > 0, envelope.contains(first - 1) { first -= 1 }
        guard root >= first, top >= first, objects >= first else { return nil }
        guard topPairs.allSatisfy({ $0.key < first && $0.value < first }) else { return nil }
        guard largest < first else { return nil }
        // The envelope's bytes start where its first object by offset does.
        var length = offsetTableStart
        for index in first..<objectCount {
            guard let start = offset(of: index, in: area) else { return nil }
            length = min(length, start)
        }
        var copied: [(reference: Int, bytes: Range<Int>)] = []
        for index in first..<objectCount where !own.contains(index) {
            guard let start = offset(of: index, in: area), !Self.isContainer(area, start),
                let extent = area.extent(at: start)
            else { return nil }
            copied.append((index, start..<extent.end))
        }
        var reuse = self
        reuse.base = first
        reuse.carriedLength = length
        reuse.copiedObjects = copied
        return reuse
    }

    /// The key and value references of the dictionary `index`, or `nil` when it is another kind of object.
    private static func pairs(
        of index: Int, layout: BinaryPropertyListReader.Layout, area: ObjectArea
    ) throws(KeyedArchiveError) -> [(key: Int, value: Int)]? {
        let start = try wrap { () throws(PropertyListError) in try layout.offset(of: index) }
        guard area.isObject(at: start, .dictionary) else { return nil }
        guard let extent = area.extent(at: start) else {
            throw .notAPropertyList(.invalidObject(index: index, reason: "contents run past the object area"))
        }
        let count = extent.referenceCount / 2
        var pairs: [(key: Int, value: Int)] = []
        pairs.reserveCapacity(count)
        for entry in 0..<count {
            let keyPosition = extent.references + entry * layout.referenceSize
            let valuePosition = keyPosition + count * layout.referenceSize
            let key = try wrap { () throws(PropertyListError) in try layout.reference(at: keyPosition, index: index) }
            let value = try wrap { () throws(PropertyListError) in
                try layout.reference(at: valuePosition, index: index)
            }
            pairs.append((key, value))
        }
        return pairs
    }

    /// Runs `body`, turning a property-list error into `KeyedArchiveError.notAPropertyList`.
    private static func wrap<T>(_ body: () throws(PropertyListError) -> T) throws(KeyedArchiveError) -> T {
        do {
            return try body()
        } catch {
            throw .notAPropertyList(error)
        }
    }
}
