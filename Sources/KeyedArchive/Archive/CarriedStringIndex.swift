/// What new objects can share with the carried objects of a file an `ArchiveEditor` appends to:
/// its strings (found by their exact bytes), its class dictionaries by name, its booleans and
/// small integers. (Its UID objects are not shared: a new reference to a carried object costs a
/// UID object of a few bytes, where finding the file's would cost a look at every object.)
///
/// Each answer is the first such object in object order, found without decoding anything but
/// class names, and found in one of two ways:
/// - At first by a walk over the objects that stops at the first match. What an edit looks for
///   is mostly near the start (the keys and class names it writes, a boolean, the small integers
///   of the first items) and at most a few new texts, each of which costs one whole walk. A file
///   of 10,000 items holds 80,000 objects, half of them UIDs, and a whole walk costs about 11
///   instructions per object.
/// - Once the walks have looked at twice the file's objects, by an index built in one pass (the
///   strings in 12-byte records, looked up by comparing lengths first and bytes in place; the
///   booleans, small integers and class dictionaries): an edit that looks for many things, such
///   as a change to many items, never costs more than the walks and the pass.
///
/// `add x` at 10,000 items: 2.4 M instructions for the pass and its lookups, 0.9 M walking.
/// (A hash table of every carried string cost more than all the lookups: 11 M against 2 M.)
/// Lookups in the index compare each string of the same length and kind; once they pass
/// `lookupsBeforeHashing`, as when an edit adds a checklist of a thousand new texts (an `undo`
/// of a `drop`, an `import`), the strings are hashed into a table and each lookup is a probe.
/// The answers depend on the file alone, so copies of an editor share what was found.
final class CarriedStringIndex {
    /// The file the references point into.
    private let file: [UInt8]
    /// The archive, to find the `$objects` entry of a class dictionary.
    private let archive: CarriedArchive
    /// Whether object numbers and offsets fit in 32 bits (any file under 2 GB): else nothing is shared.
    private let usable: Bool

    /// One carried string object, in 12 bytes.
    private struct Entry {
        /// The object's number.
        var reference: Int32
        /// Where its bytes start in the file.
        var start: Int32
        /// How many bytes it has, shifted left by one, with 1 added when they are UTF-16BE (else
        /// ASCII): a lookup compares length and kind at once.
        var lengthAndKind: UInt32
    }

    /// A two-entry dictionary and its two key references (truncated to 32 bits: compared only).
    private struct Candidate {
        var reference: Int32
        var keys: (UInt32, UInt32)
    }

    /// The carried strings in object order, once the index is built.
    private var entries: [Entry]?
    /// An open-addressing table over `entries` (each slot an entry's position plus one, 0 when
    /// empty, filled in object order), once lookups through the index are many.
    private var slots: [Int32]?
    /// How many strings were looked up through the index so far.
    private var indexedLookups = 0
    /// The lookups through the index that compare strings in turn before the table is built: a
    /// few are cheaper than hashing every carried string (about 0.5 M instructions at 10,000 items).
    private static let lookupsBeforeHashing = 16

    /// The marker of a dictionary of two entries: every class dictionary's (and every date's and array's).
    private static var twoEntryDictionary: ObjectMarker {
        @inline(__always) get { ObjectMarker(.dictionary, count: 2) }
    }
    /// How many more objects the walks may look at before the index is built instead.
    private var walkBudget: Int
    /// A carried `false` and `true` object (the first, when looked for): -2 while not looked for,
    /// -1 when there is none.
    private var booleans = (false: -2, true: -2)
    /// The first carried integer object of each value from 0 to 255, likewise.
    private var smallIntegers = [Int](repeating: -2, count: 256)
    /// The `$objects` entry of the first carried class dictionary of each `$classname` looked for
    /// (-1 for none), or of every one once the index is built.
    private var classes: [String: Int] = [:]

    /// Prepares to look into the carried objects of `archive`, taking `booleans` (objects said
    /// to hold `false` and `true`) for its booleans where they are carried booleans of that value.
    init(_ archive: CarriedArchive, booleans hinted: (false: Int?, true: Int?) = (nil, nil)) {
        file = archive.file
        self.archive = archive
        usable =
            archive.objectCount < Int(Int32.max) && archive.archiveObjectCount < Int(Int32.max)
            && archive.offsetTableStart < Int(Int32.max) && archive.offsetTableStart > 8
            && archive.offsetTableStart + archive.objectCount * archive.offsetSize + 32 <= archive.file.count
        walkBudget = 2 * archive.base
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

    /// The object number of the carried string object holding exactly `string`, if any.
    func reference(ofString string: String) -> Int? {
        var string = string
        return string.withUTF8 { utf8 in reference(ofUTF8: utf8, isASCII: UnsafeRawBufferPointer(utf8).isASCII) }
    }

    /// The object number of the carried string object holding the string of UTF-8 bytes `utf8`
    /// (ASCII when `isASCII`), if any.
    func reference(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int? {
        if isASCII { return lookUp(UnsafeRawBufferPointer(utf8), utf16: false) }
        // Non-ASCII strings are stored as UTF-16BE: look for those bytes.
        let units = UTF16BigEndian.unitCount(utf8)
        let encoded = [UInt8](unsafeUninitializedCapacity: 2 * units) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var object = ObjectBytes(base: base, position: 0, end: 2 * units)
            UTF16BigEndian.store(utf8, into: &object)
            initialized = object.position
        }
        return encoded.withUnsafeBytes { lookUp($0, utf16: true) }
    }

    /// The object number of the first carried boolean object holding `value`, if any.
    func reference(ofBool value: Bool) -> Int? {
        guard usable else { return nil }
        // -2 until looked for; building the index fills it.
        if (value ? booleans.true : booleans.false) == -2, !indexed() {
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
        if smallIntegers[value] == -2, !indexed() {
            let byte = UInt8(value)
            smallIntegers[value] =
                firstObject { marker, start in
                    marker == .byteInteger && start + 2 <= archive.offsetTableStart && file[start + 1] == byte
                } ?? -1
        }
        return smallIntegers[value] >= 0 ? smallIntegers[value] : nil
    }

    /// The `$objects` entry of the first carried class dictionary whose `$classname` is `name`, if any.
    func classUID(named name: String) -> Int? {
        guard usable else { return nil }
        // Once the index is built, `classes` holds every class dictionary.
        if classes[name] == nil, !indexed() { classes[name] = walk(forClassNamed: name) }
        return classes[name].flatMap { $0 >= 0 ? $0 : nil }
    }

    /// The first carried string of kind `utf16` whose bytes are `bytes`, by a walk or by the index.
    private func lookUp(_ bytes: UnsafeRawBufferPointer, utf16: Bool) -> Int? {
        guard usable, bytes.count < Int(Int32.max) / 2 else { return nil }
        guard indexed(), let entries else { return walk(for: bytes, utf16: utf16) }
        let lengthAndKind = UInt32(bytes.count) &<< 1 | (utf16 ? 1 : 0)
        indexedLookups += 1
        if slots == nil, indexedLookups > Self.lookupsBeforeHashing { slots = hashed(entries) }
        if let slots { return probe(slots, entries: entries, for: bytes, lengthAndKind: lengthAndKind) }
        return file.withUnsafeBytes { raw in
            for entry in entries where entry.lengthAndKind == lengthAndKind {
                let start = Int(entry.start)
                if UnsafeRawBufferPointer(rebasing: raw[start..<(start + bytes.count)]).hasSameBytes(as: bytes) {
                    return Int(entry.reference)
                }
            }
            return nil
        }
    }

    /// The first of `entries` whose bytes are `bytes` and whose length and kind are
    /// `lengthAndKind`, found in `slots` (`hashed(entries)`).
    private func probe(
        _ slots: [Int32], entries: [Entry], for bytes: UnsafeRawBufferPointer, lengthAndKind: UInt32
    ) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
        return file.withUnsafeBytes { raw in
            // The table is at most half full: an empty slot ends every probe.
            while slots[slot] != 0 {
                let entry = entries[Int(slots[slot]) - 1]
                let start = Int(entry.start)
                if entry.lengthAndKind == lengthAndKind,
                    UnsafeRawBufferPointer(rebasing: raw[start..<(start + bytes.count)]).hasSameBytes(as: bytes)
                {
                    return Int(entry.reference)
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// An open-addressing table of `entries` by the hash of their bytes, with linear probing and
    /// at least twice as many slots as entries. Filled in object order, so that of equal strings
    /// a probe meets the first one first.
    private func hashed(_ entries: [Entry]) -> [Int32] {
        var capacity = 16
        while capacity < 2 * entries.count { capacity *= 2 }
        let mask = capacity - 1
        var slots = [Int32](repeating: 0, count: capacity)
        file.withUnsafeBytes { raw in
            for (position, entry) in entries.enumerated() {
                let start = Int(entry.start)
                let bytes = UnsafeRawBufferPointer(rebasing: raw[start..<(start + Int(entry.lengthAndKind >> 1))])
                var slot = Int(truncatingIfNeeded: Self.hash(bytes)) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(truncatingIfNeeded: position + 1)
            }
        }
        return slots
    }

    /// The hash of a string object's bytes (the encoder's string hash, unseeded: it only spreads
    /// the entries of one file).
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        StringTable.fingerprint(bytes.assumingMemoryBound(to: UInt8.self), seed: 0).hash
    }

    /// Takes `count` more string lookups to come (the texts of a checklist being appended): when
    /// they would pass `lookupsBeforeHashing`, the index and its table are built at the first,
    /// without the walks that serve a few lookups and the comparisons in turn that serve a few more.
    func expectLookups(_ count: Int) {
        guard count > Self.lookupsBeforeHashing else { return }
        walkBudget = 0
        indexedLookups = max(indexedLookups, Self.lookupsBeforeHashing)
    }

    /// Whether the index is built: it is, once the walks have looked at twice the file's objects.
    private func indexed() -> Bool {
        if entries == nil, walkBudget <= 0 { buildIndex() }
        return entries != nil
    }

    // MARK: Walks

    /// The first object before the envelope, in object order, whose marker and start satisfy
    /// `matches` (called only with a start inside the object area), charged to the walk budget.
    @inline(__always)
    private func firstObject(where matches: (ObjectMarker, Int) -> Bool) -> Int? {
        let end = archive.offsetTableStart
        let offsetSize = archive.offsetSize
        let offsetShift = UInt64(64 - 8 * offsetSize)
        let span = UInt64(end - 8)
        let count = archive.base
        var looked = count
        defer { walkBudget -= looked }
        return file.withUnsafeBytes { raw -> Int? in
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
                    looked = index + 1
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
            return archiveUIDs(ofReferences: [found], in: area)[found] ?? -1
        }
    }

    /// The first string object of kind `utf16` holding `bytes`, by a walk.
    private func walk(for bytes: UnsafeRawBufferPointer, utf16: Bool) -> Int? {
        let end = archive.offsetTableStart
        let count = utf16 ? bytes.count / 2 : bytes.count
        // A count below 15 is in the marker, so one comparison rules out nearly every object.
        let wanted = ObjectMarker(utf16 ? .utf16String : .asciiString, count: count)
        return archive.withArea { area in
            file.withUnsafeBytes { raw in
                firstObject { marker, start in
                    guard marker == wanted, let header = area.header(at: start),
                        header.count == count, header.contents <= end, bytes.count <= end &- header.contents
                    else { return false }
                    let contents = header.contents
                    return UnsafeRawBufferPointer(rebasing: raw[contents..<(contents + bytes.count)])
                        .hasSameBytes(as: bytes)
                }
            }
        }
    }

    // MARK: The index

    /// Builds the index in one pass over the carried objects' markers: the strings, the booleans,
    /// the small integers and the class dictionaries. Everything it reads is a local, an offset is
    /// checked with one comparison, and what it keeps goes into buffers of the largest size it can
    /// need (callgrind, 80,000 objects: 2.4 M instructions; 4.1 M when it appended tuples of `Int`
    /// to growing arrays).
    private func buildIndex() {
        var candidates: [Candidate] = []
        archive.withArea { area in candidates = scan(area) }
        classes = [:]
        findClasses(candidates)
    }

    /// Fills `entries`, `booleans` and `smallIntegers` from one pass over the objects, and returns
    /// the two-entry dictionaries (most are dates and arrays; the class dictionaries are among them).
    private func scan(_ area: ObjectArea) -> [Candidate] {
        let end = archive.offsetTableStart
        let offsetSize = archive.offsetSize
        let count = archive.base
        guard usable, let base = area.raw.baseAddress, count > 0 else {
            entries = []
            return []
        }
        // Eight bytes can be loaded at every offset-table entry and object byte: the trailer follows.
        let offsetShift = UInt64(64 - 8 * offsetSize)
        // An offset is in 8..<end when it is below `span` once 8 is taken from it.
        let span = UInt64(end - 8)
        let referenceSize = area.referenceSize
        let referenceShift = UInt64(64 - 8 * referenceSize)
        let dictionaryEnd = end - 1 - 4 * referenceSize
        var booleans = (false: -1, true: -1)
        var smallIntegers = [Int](repeating: -1, count: 256)
        var candidates: [Candidate] = []
        entries = [Entry](unsafeUninitializedCapacity: count) { strings, stringCount in
            candidates = [Candidate](unsafeUninitializedCapacity: count) { dictionaries, dictionaryCount in
                var tableEntry = end
                for index in 0..<count {
                    let offset =
                        UInt64(bigEndian: base.loadUnaligned(fromByteOffset: tableEntry, as: UInt64.self))
                        &>> offsetShift
                    tableEntry &+= offsetSize
                    guard offset &- 8 < span else { continue }
                    let start = Int(truncatingIfNeeded: offset)
                    let marker = ObjectMarker(byte: base.load(fromByteOffset: start, as: UInt8.self))
                    switch marker.kind {
                    case .asciiString, .utf16String:
                        guard let header = area.header(at: start) else { continue }
                        let utf16 = marker.is(.utf16String)
                        let (length, contents) = (utf16 ? 2 &* header.count : header.count, header.contents)
                        guard contents <= end, length <= end &- contents else { continue }
                        strings[stringCount] = Entry(
                            reference: Int32(truncatingIfNeeded: index), start: Int32(truncatingIfNeeded: contents),
                            lengthAndKind: UInt32(truncatingIfNeeded: length) &<< 1 | (utf16 ? 1 : 0))
                        stringCount &+= 1
                    case .dictionary where marker == Self.twoEntryDictionary && start <= dictionaryEnd:
                        // Its two key references, read here: they tell dates and arrays from class
                        // dictionaries without another look.
                        let first = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: start + 1, as: UInt64.self))
                        let second = UInt64(
                            bigEndian: base.loadUnaligned(fromByteOffset: start + 1 + referenceSize, as: UInt64.self))
                        dictionaries[dictionaryCount] = Candidate(
                            reference: Int32(truncatingIfNeeded: index),
                            keys: (
                                UInt32(truncatingIfNeeded: first &>> referenceShift),
                                UInt32(truncatingIfNeeded: second &>> referenceShift)
                            ))
                        dictionaryCount &+= 1
                    case .singleton where marker == .false:
                        if booleans.false < 0 { booleans.false = index }
                    case .singleton where marker == .true:
                        if booleans.true < 0 { booleans.true = index }
                    case .integer where marker == .byteInteger && start + 2 <= end:
                        let value = Int(base.load(fromByteOffset: start + 1, as: UInt8.self))
                        if smallIntegers[value] < 0 { smallIntegers[value] = index }
                    default:
                        continue
                    }
                }
            }
        }
        self.booleans = booleans
        self.smallIntegers = smallIntegers
        return candidates
    }

    /// Enters in `classes` the class dictionaries among the two-entry dictionaries `candidates`.
    private func findClasses(_ candidates: [Candidate]) {
        guard let classNameKey = reference(ofString: "$classname"), let classesKey = reference(ofString: "$classes")
        else { return }
        let key = UInt32(truncatingIfNeeded: classNameKey)
        let candidates = candidates.filter { $0.keys.0 == key || $0.keys.1 == key }.map { Int($0.reference) }
        guard !candidates.isEmpty else { return }
        archive.withArea { area in
            var found: [(name: String, reference: Int)] = []
            for candidate in candidates {
                guard let start = archive.offset(of: candidate, in: area),
                    let name = className(at: start, nameKey: classNameKey, classesKey: classesKey, in: area)
                else { continue }
                found.append((name, candidate))
            }
            let uids = archiveUIDs(ofReferences: Set(found.map(\.reference)), in: area)
            for (name, reference) in found {
                if let uid = uids[reference], classes[name] == nil { classes[name] = uid }
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

    /// The first `$objects` entry after "$null" that holds each of the carried objects `references`
    /// (those held by none are left out): one walk over `$objects`, stopped once all are found
    /// (class dictionaries come early), whatever the number of class dictionaries a file holds.
    private func archiveUIDs(ofReferences references: Set<Int>, in area: ObjectArea) -> [Int: Int] {
        var uids: [Int: Int] = [:]
        guard !references.isEmpty, archive.archiveObjectCount > 1 else { return uids }
        for uid in 1..<archive.archiveObjectCount {
            guard let reference = archive.objectReference(uid, in: area), references.contains(reference),
                uids[reference] == nil
            else { continue }
            uids[reference] = uid
            if uids.count == references.count { break }
        }
        return uids
    }
}
