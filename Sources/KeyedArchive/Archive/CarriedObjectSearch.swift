/// Finds what new objects can share with the carried objects of a file an `ArchiveEditor`
/// appends to: its keys and class names (string objects found by their exact bytes), its class
/// dictionaries by name, its booleans and small integers.
///
/// Each answer is the first such object in object order, found by a walk over the objects that
/// stops at the first match and decodes nothing but class names; each is looked for once. What
/// an edit looks for is near the start of a file this program wrote (the first item holds every
/// key and class an item needs), so most walks stop within a few dozen objects; a key the file
/// lacks (the first note of a file, say) costs one whole walk, about 11 instructions an object.
///
/// Values (texts, UIDs) are not looked for: a new item's are mostly new, so each lookup was a
/// whole walk (at 10,000 items, `add x` spent 4.9 M of its 14.1 M instructions walking and
/// indexing the file's strings for them), and sharing one saves only its few bytes.
/// (Its UID objects are not shared either: a new reference to a carried object costs a UID
/// object of a few bytes, where finding the file's would cost a look at every object.)
final class CarriedObjectSearch {
    /// The archive looked into: its file, layout and `$objects`.
    private let archive: CarriedArchive
    /// Whether the offset table and trailer are where a walk loads them (any file it can read).
    private let usable: Bool
    /// The carried string object of each ASCII string looked for, -1 when there is none.
    private var strings: [String: Int] = [:]
    /// A carried `false` and `true` object (the first, when looked for): -2 while not looked for,
    /// -1 when there is none.
    private var booleans = (false: -2, true: -2)
    /// The first carried integer object of each value from 0 to 255, likewise.
    private var smallIntegers = [Int](repeating: -2, count: 256)
    /// The `$objects` entry of the first carried class dictionary of each `$classname` looked for
    /// (-1 for none).
    private var classes: [String: Int] = [:]

    /// The marker of a dictionary of two entries: every class dictionary's (and every date's and array's).
    private static var twoEntryDictionary: ObjectMarker {
        @inline(__always) get { ObjectMarker(.dictionary, count: 2) }
    }

    /// Prepares to look into the carried objects of `archive`, taking `booleans` (objects said
    /// to hold `false` and `true`) for its booleans where they are carried booleans of that value.
    init(_ archive: CarriedArchive, booleans hinted: (false: Int?, true: Int?) = (nil, nil)) {
        self.archive = archive
        usable =
            archive.offsetTableStart > 8
            && archive.offsetTableStart + archive.objectCount * archive.offsetSize + 32 <= archive.file.count
        guard usable else { return }
        archive.withArea { area in
            if let index = hinted.false, Self.isBoolean(index, .false, of: archive, in: area) { booleans.false = index }
            if let index = hinted.true, Self.isBoolean(index, .true, of: archive, in: area) { booleans.true = index }
        }
    }

    /// Whether object `index` is carried and its marker is `marker`.
    private static func isBoolean(
        _ index: Int, _ marker: ObjectMarker, of archive: CarriedArchive, in area: ObjectArea
    ) -> Bool {
        guard index < archive.base, let start = archive.offset(of: index, in: area) else { return false }
        return area.marker(at: start) == marker
    }

    // MARK: Lookups

    /// The object number of the first carried string object holding exactly `string`, when it is
    /// ASCII (as keys and class names are); `nil` for none.
    func reference(ofString string: String) -> Int? {
        guard usable else { return nil }
        if let known = strings[string] { return known >= 0 ? known : nil }
        var bytes = string
        let found = bytes.withUTF8 { utf8 -> Int? in
            let raw = UnsafeRawBufferPointer(utf8)
            return raw.isASCII ? walk(for: raw) : nil
        }
        strings[string] = found ?? -1
        return found
    }

    /// The object number of the first carried boolean object holding `value`, if any.
    func reference(ofBool value: Bool) -> Int? {
        guard usable else { return nil }
        if (value ? booleans.true : booleans.false) == -2 {
            let marker: ObjectMarker = value ? .true : .false
            let found = firstObject { object, _ in object == marker } ?? -1
            if value { booleans.true = found } else { booleans.false = found }
        }
        let known = value ? booleans.true : booleans.false
        return known >= 0 ? known : nil
    }

    /// The object number of the first carried one-byte integer object holding `value` (0 to 255), if any.
    func reference(ofSmallInteger value: Int) -> Int? {
        guard usable, value >= 0, value < 256 else { return nil }
        if smallIntegers[value] == -2 {
            let byte = UInt8(value)
            smallIntegers[value] =
                firstObject { marker, start in
                    marker == .byteInteger && start + 2 <= archive.offsetTableStart && archive.file[start + 1] == byte
                } ?? -1
        }
        return smallIntegers[value] >= 0 ? smallIntegers[value] : nil
    }

    /// The `$objects` entry of the first carried class dictionary whose `$classname` is `name`, if any.
    func classUID(named name: String) -> Int? {
        guard usable else { return nil }
        if classes[name] == nil { classes[name] = walk(forClassNamed: name) }
        return classes[name].flatMap { $0 >= 0 ? $0 : nil }
    }

    // MARK: Walks

    /// The first object before the envelope, in object order, whose marker and start satisfy
    /// `matches` (called only with a start inside the object area).
    @inline(__always)
    private func firstObject(where matches: (ObjectMarker, Int) -> Bool) -> Int? {
        let end = archive.offsetTableStart
        let offsetSize = archive.offsetSize
        let offsetShift = UInt64(64 - 8 * offsetSize)
        let span = UInt64(end - 8)
        let count = archive.base
        return archive.file.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress else { return nil }
            // Eight bytes can be loaded at every offset-table entry: the trailer follows (`usable`).
            var tableEntry = end
            for index in 0..<count {
                let offset =
                    UInt64(bigEndian: base.loadUnaligned(fromByteOffset: tableEntry, as: UInt64.self)) &>> offsetShift
                tableEntry &+= offsetSize
                guard offset &- 8 < span else { continue }
                let start = Int(truncatingIfNeeded: offset)
                if matches(ObjectMarker(byte: base.load(fromByteOffset: start, as: UInt8.self)), start) {
                    return index
                }
            }
            return nil
        }
    }

    /// The `$objects` entry of the first class dictionary named `name`, by a walk; -1 for none.
    private func walk(forClassNamed name: String) -> Int {
        guard let classNameKey = reference(ofString: "$classname"), let classesKey = reference(ofString: "$classes")
        else { return -1 }
        return archive.withArea { area in
            let found = firstObject { marker, start in
                marker == Self.twoEntryDictionary
                    && className(at: start, nameKey: classNameKey, classesKey: classesKey, in: area) == name
            }
            guard let found else { return -1 }
            return archiveUID(ofReference: found, in: area) ?? -1
        }
    }

    /// The first ASCII string object holding `bytes`, by a walk.
    private func walk(for bytes: UnsafeRawBufferPointer) -> Int? {
        let end = archive.offsetTableStart
        let count = bytes.count
        // A count below 15 is in the marker, so one comparison rules out nearly every object.
        let wanted = ObjectMarker(.asciiString, count: count)
        return archive.withArea { area in
            archive.file.withUnsafeBytes { raw in
                firstObject { marker, start in
                    guard marker == wanted, let header = area.header(at: start),
                        header.count == count, header.contents <= end, count <= end &- header.contents
                    else { return false }
                    let contents = header.contents
                    return UnsafeRawBufferPointer(rebasing: raw[contents..<(contents + count)]).hasSameBytes(as: bytes)
                }
            }
        }
    }

    /// The `$classname` of the object at `start` when it is a class dictionary as the decoder
    /// reads one: two entries, a string under `nameKey` and an array of strings under `classesKey`
    /// (the references of those keys). A dictionary no object uses is carried as it is whatever
    /// it holds; one an edit shares becomes read, so each of its parts is checked.
    private func className(at start: Int, nameKey: Int, classesKey: Int, in area: ObjectArea) -> String? {
        let size = area.referenceSize
        // Most two-entry dictionaries are dates and arrays: their first two references (the keys) tell.
        guard let extent = area.extent(at: start), extent.referenceCount == 4,
            let first = area.reference(at: extent.references),
            let second = area.reference(at: extent.references + size),
            first == nameKey || second == nameKey
        else { return nil }
        let nameEntry = first == nameKey ? 0 : 1
        guard (nameEntry == 0 ? second : first) == classesKey,
            let name = area.reference(at: extent.references + (2 + nameEntry) * size),
            let chain = area.reference(at: extent.references + (3 - nameEntry) * size),
            let nameStart = archive.offset(of: name, in: area),
            let chainStart = archive.offset(of: chain, in: area),
            area.isObject(at: chainStart, .array),
            holdsStrings(arrayAt: chainStart, in: area)
        else { return nil }
        return area.string(at: nameStart)
    }

    /// Whether the array at `start` holds only references to string objects, as the decoder
    /// requires of `$classes`.
    private func holdsStrings(arrayAt start: Int, in area: ObjectArea) -> Bool {
        guard let extent = area.extent(at: start) else { return false }
        for element in 0..<extent.referenceCount {
            guard let reference = area.reference(at: extent.references &+ element &* area.referenceSize),
                let elementStart = archive.offset(of: reference, in: area), area.string(at: elementStart) != nil
            else { return false }
        }
        return true
    }

    /// The first `$objects` entry after "$null" that holds the carried object `reference`, if any
    /// (class dictionaries come early).
    private func archiveUID(ofReference reference: Int, in area: ObjectArea) -> Int? {
        guard archive.archiveObjectCount > 1 else { return nil }
        for uid in 1..<archive.archiveObjectCount where archive.objectReference(uid, in: area) == reference {
            return uid
        }
        return nil
    }
}
