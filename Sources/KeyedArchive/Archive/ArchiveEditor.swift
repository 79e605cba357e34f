/// Changes a binary keyed archive by appending: every object not replaced keeps its bytes.
///
/// The edited file is the original's first bytes, carried unchanged, then the new objects, a new
/// envelope (`$top`, `$objects`, the root dictionary), offset table and trailer. A replaced
/// `$objects` entry points at a new object; the old one stays in the file, dead. New objects
/// share the file's keys and class names, class dictionaries (by exact `$classname`; a class
/// with another module prefix gets a dictionary of its own), booleans and small integers
/// (`CarriedObjectSearch`); their texts are stored anew, each distinct one once.
///
/// `deadBytes` counts what the edits leave unused: each replaced object's own bytes (its dictionary
/// and the containers it holds directly, such as an `NSArray`'s `NS.objects`), or, when larger,
/// what its replacement writes (its children reached through UIDs, an item's `NSDate` and text,
/// are written anew, and the old ones are left, about as large), and the old envelope when it is
/// carried. The count accumulates across edits in the trailer's five unused bytes.
public final class ArchiveEditor {
    /// The original file and what of it is carried.
    private let carried: CarriedArchive
    /// Encodes the new objects after the carried ones; its `$objects` table holds the replaced
    /// entries and the new ones.
    private var encoder: KeyedEncoder
    /// Whether the encoder shares the carried file's keys and classes yet (`CarriedObjectSearch`).
    private var sharesCarried = false
    /// `$top`'s key and value references, and its keys.
    private var topPairs: [(key: Int, value: Int)]
    private var topKeys: [String]
    /// The bytes this edit has stopped using so far.
    private var deadBytes = 0
    /// Objects of the file said to hold `false` and `true` (checked before use).
    private let booleans: (false: Int?, true: Int?)

    /// Opens `file`, a binary property list holding a keyed archive (throws for XML or damage,
    /// with KeyedArchiveError as KeyedUnarchiver would).
    ///
    /// `file` must be one this program wrote (`KeyedEncoder`'s, or an earlier edit's), whose
    /// objects never refer to the envelope's: when the envelope is the file's last objects, its
    /// numbers are given to new objects without a look at the carried ones (`CarriedArchive`).
    ///
    /// `booleans` names objects of the file that hold `false` and `true`, as a read of it met them
    /// (`KeyedUnarchiver.booleanObjects`): new booleans share them without a look through the
    /// file. One that is not a carried boolean of its value is ignored.
    public init(
        file: [UInt8], booleans: (false: Int?, true: Int?) = (nil, nil)
    ) throws(KeyedArchiveError) {
        carried = try CarriedArchive.open(file)
        self.booleans = booleans
        encoder = KeyedEncoder(
            appendingTo: carried.base, referenceWidth: carried.referenceSize,
            archiveObjectCount: carried.archiveObjectCount)
        topPairs = carried.topPairs
        topKeys = carried.topKeys
    }

    /// The number of entries in `$objects` of the original file (UIDs below it exist).
    public var originalObjectCount: Int { carried.archiveObjectCount }

    /// Makes `$objects[uid]` the object `value` encodes (as KeyedEncoder would encode it as a
    /// nested object); `uid` must be an existing UID other than 0, else throws.
    ///
    /// Strings and class dictionaries cannot be replaced (other objects share them); an object
    /// appended by this editor can.
    public func replace<T: KeyedArchivable>(_ uid: UInt64, with value: T) throws(KeyedArchiveError) {
        let entry = try replaceableEntry(uid)
        let own = ownBytes(ofEntry: entry)
        shareCarried()
        let (bytes, objects) = (encoder.builder.byteCount, encoder.builder.objectCount)
        encoder.encode(value, asObject: uid)
        // The old object also leaves the children its replacement writes anew, which new objects
        // do not share (an item's text, its date, their UID objects and offsets): about as many
        // bytes as those.
        let written = encoder.builder.byteCount - bytes + (encoder.builder.objectCount - objects) * carried.offsetSize
        deadBytes += max(own, written)
    }

    /// Makes `$objects[uid]`, a dictionary, one whose string fields under `fields`' keys hold
    /// their new values, every other field kept as it refers now (a checklist renamed keeps its
    /// items' array without encoding it); a key the dictionary lacks is added. Throws for a UID
    /// that cannot be replaced (see `replace`) or an object that is not a dictionary.
    public func replaceStrings(
        ofObject uid: UInt64, _ fields: [(key: String, value: String)]
    ) throws(KeyedArchiveError) {
        let entry = try replaceableEntry(uid)
        // The dictionary's pairs, and for each of its keys which field, if any, names it.
        let read = withObjects { locate -> (pairs: [Int], fields: [Int?], bytes: Int)? in
            guard let (area, start) = locate(currentReference(ofEntry: entry)),
                area.isObject(at: start, .dictionary), let extent = area.extent(at: start)
            else { return nil }
            let count = extent.referenceCount / 2
            var pairs: [Int] = []
            var named: [Int?] = []
            for pair in 0..<count {
                guard let key = area.reference(at: extent.references + pair * area.referenceSize),
                    let value = area.reference(at: extent.references + (count + pair) * area.referenceSize)
                else { return nil }
                pairs += [key, value]
                let keyBytes = locate(key).flatMap { $0.area.asciiBytes(at: $0.start) }
                named.append(
                    keyBytes.flatMap { bytes in fields.firstIndex { $0.key.utf8.elementsEqual(bytes) } })
            }
            return (pairs, named, extent.end - start)
        }
        guard let read else {
            throw .notEditable("object \(uid) is not a dictionary; only an object's fields can be set")
        }
        shareCarried()
        deadBytes += read.bytes
        var pairs = read.pairs
        for (field, change) in fields.enumerated() {
            let value = encoder.stringUIDReference(change.value)
            let places = read.fields.indices.filter { read.fields[$0] == field }
            for place in places { pairs[2 * place + 1] = value }
            if places.isEmpty { pairs += [encoder.keyReference(change.key), value] }
        }
        encoder.tables.setObject(encoder.builder.add(dictionaryPairs: pairs), entry)
    }

    /// Counts `bytes` more as dead: objects the caller stopped referring to without replacing
    /// them (items taken out of an array), whose size it knows or estimates better than the
    /// editor, which does not follow references.
    public func countDead(_ bytes: Int) {
        deadBytes += min(max(bytes, 0), CarriedArchive.deadBytesLimit)
    }

    /// Appends `value` as a new object and returns its UID.
    public func append<T: KeyedArchivable>(_ value: T) -> UInt64 {
        shareCarried()
        return encoder.encodeObject(value)
    }

    /// Makes `$objects[uid]` an NSArray (written as KeyedEncoder writes arrays) of `elements`
    /// (existing or appended UIDs; throws for a UID that does not exist).
    ///
    /// The array keeps the class of the one it replaces (`NSArray` or `NSMutableArray`) and the
    /// UID objects of the elements it held; UID 0 (`$null`, nil) cannot be an element.
    public func replaceArray(_ uid: UInt64, elements: [UInt64]) throws(KeyedArchiveError) {
        let entry = try replaceableEntry(uid)
        let count = encoder.tables.objectCount
        for element in elements where element == 0 || element >= UInt64(count) {
            if element == 0 { throw .notEditable("UID 0 ($null, nil) cannot be an array element") }
            throw .danglingReference(element, objectCount: count)
        }
        let old = arrayShape(ofEntry: entry)
        deadBytes += ownBytes(ofEntry: entry)
        let references: (objectsKey: Int, classKey: Int, arrayClass: Int)
        if let old {
            references = (old.objectsKey, old.classKey, old.arrayClass)
        } else {
            shareCarried()
            references = encoder.arrayDictionaryReferences()
        }
        let builder = encoder.builder
        // The old elements' UID objects serve again, found in order (an added, removed or moved
        // element breaks the run; a table takes over then).
        let known = old?.elements ?? []
        var cursor = 0
        var table: [UInt64: Int] = [:]
        var elementReferences: [Int] = []
        elementReferences.reserveCapacity(elements.count)
        for element in elements {
            if cursor < known.count, known[cursor].uid == element {
                elementReferences.append(known[cursor].reference)
                cursor += 1
                continue
            }
            // Only the old elements not taken in order can serve again: none when the run ended
            // with them (elements appended), which then costs no table of them.
            if table.isEmpty {
                for item in known[cursor...].reversed() { table[item.uid] = item.reference }
            }
            if let reference = table[element] {
                elementReferences.append(reference)
                continue
            }
            let reference = builder.add(uniqueUID: element)
            table[element] = reference
            elementReferences.append(reference)
        }
        let array = builder.add(array: elementReferences)
        let dictionary = builder.add(dictionaryPairs: [
            references.objectsKey, array, references.classKey, references.arrayClass,
        ])
        encoder.tables.setObject(dictionary, entry)
    }

    /// Sets the integer under `key` in `$top` (added when absent).
    public func setTopInteger(_ value: Int, forKey key: String) {
        encoder.shareCarried(integer: value)
        let reference = encoder.builder.add(integer: Int64(value))
        var found = false
        // Exact bytes, as keys are compared in the file; every entry, should the file repeat the key.
        for entry in topKeys.indices where topKeys[entry].utf8.elementsEqual(key.utf8) {
            topPairs[entry].value = reference
            found = true
        }
        guard !found else { return }
        shareCarried()
        topPairs.append((encoder.keyReference(key), reference))
        topKeys.append(key)
    }

    /// The edited file, or `nil` when it cannot be made by appending (the carried objects'
    /// reference or offset width cannot address the new objects): the caller then encodes afresh.
    ///
    /// Only the reference width limits: the offset table is written anew, as wide as the new
    /// length needs.
    public func finish() -> EditedArchive? {
        let carried = self.carried
        let builder = encoder.builder
        let tables = encoder.tables
        let referenceSize = carried.referenceSize
        let addedOffsets = builder.addedOffsets
        var next = carried.base + addedOffsets.count
        var copiedReferences: [Int: Int] = [:]
        var copiedBytes = 0
        for copy in carried.copiedObjects {
            copiedReferences[copy.reference] = next
            next += 1
            copiedBytes += copy.bytes.count
        }
        let (top, objects, root) = (next, next + 1, next + 2)
        let total = next + 3
        // A reader checks that the object count fits the references (255 objects for one byte).
        guard referenceSize >= 8 || total < 1 << (8 * referenceSize) else { return nil }
        let archiveCount = tables.objectCount
        let topSize = PropertyListBuilder.markerSize(count: topPairs.count) + 2 * topPairs.count * referenceSize
        let objectsSize = PropertyListBuilder.markerSize(count: archiveCount) + archiveCount * referenceSize
        let rootPairs = carried.rootPairs
        let rootSize = PropertyListBuilder.markerSize(count: rootPairs.count) + 2 * rootPairs.count * referenceSize
        let added = builder.storedBytes(from: 0).assumingMemoryBound(to: UInt8.self)
        let objectsEnd = carried.carriedLength + added.count + copiedBytes + topSize + objectsSize + rootSize
        let offsetSize = PropertyListBuilder.byteWidth(UInt64(objectsEnd))
        let tailCount = objectsEnd - carried.carriedLength + total * offsetSize + 32
        let dead = min(
            carried.priorDeadBytes + carried.envelopeDeadBytes + deadBytes, CarriedArchive.deadBytesLimit)
        let carriedLength = carried.carriedLength
        // The tail's largest parts are runs of the original file, written from where they are: the
        // carried envelope objects, the original `$objects` entries (split around the few entries
        // this edit replaced; with many, copied and patched), and the old offset table when its
        // width holds.
        let entriesRun =
            carried.objectsContents..<(carried.objectsContents + carried.archiveObjectCount * referenceSize)
        // The original entries this edit replaced, with their new references.
        let replaced = tables.carriedEntries
        let patches = replaced.count <= Self.patchPieceLimit ? replaced.sorted { $0.key < $1.key } : nil
        let oldTable = carried.offsetTableStart..<(carried.offsetTableStart + carried.base * carried.offsetSize)
        let sameWidth = offsetSize == carried.offsetSize
        var originalBytes = copiedBytes
        if let patches { originalBytes += entriesRun.count - patches.count * referenceSize }
        if sameWidth { originalBytes += oldTable.count }
        let ownCount = tailCount - originalBytes
        var pieces: [EditedArchive.Piece] = []
        let own = carried.file.withUnsafeBufferPointer { file in
            [UInt8](unsafeUninitializedCapacity: ownCount) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                var out = TailBytes(own: ObjectBytes(base: base, position: 0, end: ownCount))
                out.own.store(added)
                var envelopeOffsets: [Int] = []
                for copy in carried.copiedObjects {
                    envelopeOffsets.append(carriedLength + out.position)
                    out.original(copy.bytes)
                }
                envelopeOffsets.append(carriedLength + out.position)
                out.own.storeMarker(.dictionary, count: topPairs.count)
                for pair in topPairs { out.own.store(bigEndian: UInt64(pair.key), width: referenceSize) }
                for pair in topPairs { out.own.store(bigEndian: UInt64(pair.value), width: referenceSize) }
                envelopeOffsets.append(carriedLength + out.position)
                out.own.storeMarker(.array, count: archiveCount)
                // The original entries as they are, the replaced ones in their places, then the new ones.
                if let patches {
                    var from = entriesRun.lowerBound
                    for (entry, reference) in patches {
                        let at = entriesRun.lowerBound + entry * referenceSize
                        out.original(from..<at)
                        out.own.store(bigEndian: UInt64(reference), width: referenceSize)
                        from = at + referenceSize
                    }
                    out.original(from..<entriesRun.upperBound)
                } else {
                    let entries = out.own.position
                    out.own.store(UnsafeBufferPointer(rebasing: file[entriesRun]))
                    for (entry, reference) in replaced {
                        var patch = ObjectBytes(
                            base: base, position: entries + entry * referenceSize, end: out.own.position)
                        patch.store(bigEndian: UInt64(reference), width: referenceSize)
                    }
                }
                out.own.store(
                    references: tables.objects.elements,
                    width: referenceSize)
                envelopeOffsets.append(carriedLength + out.position)
                let renumber = { (reference: Int) -> UInt64 in
                    if reference == carried.top { return UInt64(top) }
                    if reference == carried.objects { return UInt64(objects) }
                    return UInt64(copiedReferences[reference] ?? reference)
                }
                out.own.storeMarker(.dictionary, count: rootPairs.count)
                for pair in rootPairs { out.own.store(bigEndian: renumber(pair.key), width: referenceSize) }
                for pair in rootPairs { out.own.store(bigEndian: renumber(pair.value), width: referenceSize) }
                if sameWidth {
                    out.original(oldTable)
                } else {
                    storeWidenedOffsets(into: &out.own, file: file, width: offsetSize)
                }
                for offset in addedOffsets {
                    out.own.store(bigEndian: UInt64(carriedLength + offset), width: offsetSize)
                }
                for offset in envelopeOffsets { out.own.store(bigEndian: UInt64(offset), width: offsetSize) }
                out.own.store(bigEndian: UInt64(dead), width: 5)
                out.own.store(0)
                out.own.store(UInt8(offsetSize))
                out.own.store(UInt8(referenceSize))
                out.own.store(bigEndian: UInt64(total), width: 8)
                out.own.store(bigEndian: UInt64(root), width: 8)
                out.own.store(bigEndian: UInt64(objectsEnd), width: 8)
                out.endRun()
                pieces = out.pieces
                initialized = out.own.position
            }
        }
        return EditedArchive(carriedLength: carriedLength, own: own, pieces: pieces, deadBytes: dead)
    }

    /// Above this many replaced `$objects` entries, the original entries are copied and patched
    /// rather than written as runs between the replaced ones.
    public static let patchPieceLimit = 64

    /// Stores the carried objects' offsets `width` bytes wide, wider than the file's: the new file
    /// outgrew the old width (never narrower, as the file only grows).
    private func storeWidenedOffsets(into out: inout ObjectBytes, file: UnsafeBufferPointer<UInt8>, width: Int) {
        let oldTable = carried.offsetTableStart
        for index in 0..<carried.base {
            var offset: UInt64 = 0
            for byte in 0..<carried.offsetSize {
                offset = offset << 8 | UInt64(file[oldTable + index * carried.offsetSize + byte])
            }
            out.store(bigEndian: offset, width: width)
        }
    }

    // MARK: Helpers

    /// Makes new objects share the carried keys and classes, looked for from now on.
    private func shareCarried() {
        guard !sharesCarried else { return }
        encoder.share(CarriedObjectSearch(carried, booleans: booleans))
        sharesCarried = true
    }

    /// The `$objects` entry `uid` names, checked to exist, not to be 0, and not to be a string or
    /// a class dictionary.
    private func replaceableEntry(_ uid: UInt64) throws(KeyedArchiveError) -> Int {
        let count = encoder.tables.objectCount
        guard uid != 0 else { throw .notEditable("UID 0 is $null, which stands for nil; it cannot be replaced") }
        guard uid < UInt64(count) else { throw .danglingReference(uid, objectCount: count) }
        let entry = Int(uid)
        let shared = withObjects { locate -> Bool in
            guard let (area, start) = locate(currentReference(ofEntry: entry)),
                let marker = area.marker(at: start)
            else { return false }
            if marker.isString { return true }
            return key("$classname", in: area, at: start, locate: locate) != nil
        }
        guard !shared else {
            throw .notEditable(
                "object \(uid) is a string or a class, which other objects share; only objects such as items and arrays can be replaced"
            )
        }
        return entry
    }

    /// The object `$objects[entry]` refers to now.
    private func currentReference(ofEntry entry: Int) -> Int {
        let current = encoder.tables.object(entry)
        if current >= 0 { return current }
        return carried.withArea { carried.objectReference(entry, in: $0) } ?? -1
    }

    /// Runs `body` with a function that finds an object, carried or added, by its number: the
    /// area holding it and where it starts.
    private func withObjects<R>(_ body: (_ locate: (Int) -> (area: ObjectArea, start: Int)?) -> R) -> R {
        let builder = encoder.builder
        let added = builder.storedBytes(from: 0)
        let offsets = builder.addedOffsets
        let base = carried.base
        let referenceSize = carried.referenceSize
        return carried.withArea { file in
            let appended = ObjectArea(raw: added, limit: added.count, referenceSize: referenceSize)
            return body { reference in
                if reference < base { return carried.offset(of: reference, in: file).map { (file, $0) } }
                let index = reference - base
                guard index < offsets.count else { return nil }
                return (appended, offsets[index])
            }
        }
    }

    /// The entry under the ASCII key `name` in the dictionary at `start` of `area`: the key's and
    /// value's references, or `nil` when it is not a dictionary or lacks the key.
    private func key(
        _ name: StaticString,
        in area: ObjectArea,
        at start: Int,
        locate: (Int) -> (area: ObjectArea, start: Int)?
    ) -> (key: Int, value: Int)? {
        guard area.isObject(at: start, .dictionary), let extent = area.extent(at: start) else {
            return nil
        }
        let count = extent.referenceCount / 2
        let wanted = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for entry in 0..<count {
            let position = extent.references + entry * area.referenceSize
            guard let key = area.reference(at: position), let (keyArea, keyStart) = locate(key),
                let bytes = keyArea.asciiBytes(at: keyStart), bytes.hasSameBytes(as: wanted),
                let value = area.reference(at: position + count * area.referenceSize)
            else { continue }
            return (key, value)
        }
        return nil
    }

    /// The bytes `$objects[entry]`'s object uses on its own: a dictionary or array and the
    /// containers it holds directly (an `NSArray`'s `NS.objects`); 0 for other objects, such as
    /// strings and numbers, which may be shared.
    private func ownBytes(ofEntry entry: Int) -> Int {
        withObjects { locate in
            guard let (area, start) = locate(currentReference(ofEntry: entry)),
                CarriedArchive.isContainer(area, start), let extent = area.extent(at: start)
            else { return 0 }
            var total = extent.end - start
            guard area.isObject(at: start, .dictionary) else { return total }
            let count = extent.referenceCount / 2
            for value in 0..<count {
                guard let child = area.reference(at: extent.references + (count + value) * area.referenceSize),
                    let (childArea, childStart) = locate(child), CarriedArchive.isContainer(childArea, childStart),
                    let childExtent = childArea.extent(at: childStart)
                else { continue }
                total += childExtent.end - childStart
            }
            return total
        }
    }

    /// The parts of `$objects[entry]` when it is an `NSArray` of UIDs as written by archivers:
    /// its `NS.objects` and `$class` keys, its class's UID object, and each element's UID and
    /// UID object; `nil` for any other object.
    private func arrayShape(
        ofEntry entry: Int
    ) -> (objectsKey: Int, classKey: Int, arrayClass: Int, elements: [(uid: UInt64, reference: Int)])? {
        withObjects { locate in
            guard let (area, start) = locate(currentReference(ofEntry: entry)),
                let objects = key("NS.objects", in: area, at: start, locate: locate),
                let classEntry = key("$class", in: area, at: start, locate: locate),
                let (arrayArea, arrayStart) = locate(objects.value),
                arrayArea.isObject(at: arrayStart, .array),
                let extent = arrayArea.extent(at: arrayStart)
            else { return nil }
            var elements: [(uid: UInt64, reference: Int)] = []
            elements.reserveCapacity(extent.referenceCount)
            for element in 0..<extent.referenceCount {
                guard let reference = arrayArea.reference(at: extent.references + element * arrayArea.referenceSize),
                    let (uidArea, uidStart) = locate(reference), let marker = uidArea.marker(at: uidStart),
                    marker.is(.uid), let uid = uidArea.unsigned(at: uidStart + 1, size: marker.uidSize)
                else { return nil }
                elements.append((uid, reference))
            }
            return (objects.key, classEntry.key, classEntry.value, elements)
        }
    }
}
