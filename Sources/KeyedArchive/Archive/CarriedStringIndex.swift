/// What new objects can share with the carried objects of a file an `ArchiveEditor` appends to:
/// its strings (found by their exact bytes), the UID objects that refer to `$objects` entries,
/// its class dictionaries by name, its booleans and small integers.
///
/// Built by one pass over the carried objects' markers, without decoding them (only class names
/// are decoded); strings are compared with the file's bytes in place. Never changed afterwards, so
/// copies of an editor share it.
final class CarriedStringIndex {
    /// The file the references point into.
    private let file: [UInt8]
    /// One carried string object.
    private struct Entry {
        /// The object's number.
        var reference: Int
        /// Where its bytes start in the file, and how many there are.
        var start: Int
        var length: Int
        /// Whether they are UTF-16BE (else ASCII).
        var isUTF16: Bool
        var hash: UInt64
    }

    private var entries: [Entry] = []
    /// Entry numbers by hash (-1 when empty); the count is a power of two.
    private var slots: [Int] = []
    private let seed = UInt64.random(in: 0...UInt64.max)
    /// The `$objects` entry of each carried object (-1 where none), by object number.
    private var archiveUIDs: [Int32] = []
    /// The object number of a carried UID object holding each `$objects` entry (-1 where none).
    private var uidObjects: [Int32] = []
    /// The carried boolean objects, and integer objects of 0 to 255 (one byte).
    private(set) var booleans: [(value: Bool, reference: Int)] = []
    private(set) var smallIntegers: [(value: Int, reference: Int)] = []
    /// The carried class dictionaries: each one's `$classname` and `$objects` entry.
    private(set) var classes: [(name: String, uid: Int)] = []

    /// Indexes the carried objects of `archive`.
    init(_ archive: CarriedArchive) {
        file = archive.file
        // Object numbers fit in Int32 in any file that fits in memory; a larger one shares nothing.
        guard archive.objectCount < Int(Int32.max), archive.archiveObjectCount < Int(Int32.max) else { return }
        // Filled in locals: each access to a property of a class is checked for exclusivity.
        var archiveUIDs = [Int32](repeating: -1, count: archive.base)
        var uidObjects = [Int32](repeating: -1, count: archive.archiveObjectCount)
        var entries: [Entry] = []
        var booleans: [(value: Bool, reference: Int)] = []
        var smallIntegers: [(value: Int, reference: Int)] = []
        let seed = seed
        var classCandidates: [Int] = []
        // About one object in four is a string in a checklist archive.
        entries.reserveCapacity(archive.base / 4)
        archive.withArea { area in
            guard let base = area.raw.baseAddress,
                archive.offsetTableStart + archive.objectCount * archive.offsetSize + 32 <= area.raw.count
            else { return }
            // Eight bytes can be loaded at every offset-table entry and object byte: the trailer follows.
            let offsetShift = UInt64(64 - 8 * archive.offsetSize)
            var tableEntry = archive.offsetTableStart
            var seenBooleans = (false, false)
            for index in 0..<archive.base {
                let start = Int(
                    UInt64(bigEndian: base.loadUnaligned(fromByteOffset: tableEntry, as: UInt64.self)) &>> offsetShift)
                tableEntry &+= archive.offsetSize
                guard start >= 8, start < archive.offsetTableStart else { continue }
                let marker = base.load(fromByteOffset: start, as: UInt8.self)
                switch marker >> 4 {
                case 0x0 where marker == 0x08 || marker == 0x09:
                    let value = marker == 0x09
                    if value ? !seenBooleans.1 : !seenBooleans.0 { booleans.append((value, index)) }
                    if value { seenBooleans.1 = true } else { seenBooleans.0 = true }
                case 0x1 where marker == 0x10 && start + 2 <= archive.offsetTableStart:
                    smallIntegers.append((Int(base.load(fromByteOffset: start + 1, as: UInt8.self)), index))
                case 0x5, 0x6:
                    guard let (count, contents) = area.length(nibble: marker & 0x0F, at: start) else { continue }
                    let length = marker >> 4 == 0x6 ? 2 &* count : count
                    guard contents <= archive.offsetTableStart, length <= archive.offsetTableStart &- contents else {
                        continue
                    }
                    let bytes = UnsafeBufferPointer(
                        start: (base + contents).assumingMemoryBound(to: UInt8.self), count: length)
                    let hash = StringTable.fingerprint(bytes, seed: seed).hash
                    entries.append(
                        Entry(
                            reference: index, start: contents, length: length, isUTF16: marker >> 4 == 0x6, hash: hash))
                case 0x8:
                    let size = Int(marker & 0x0F) + 1
                    guard start + 1 + size <= archive.offsetTableStart else { continue }
                    let uid =
                        UInt64(bigEndian: base.loadUnaligned(fromByteOffset: start + 1, as: UInt64.self))
                        &>> UInt64(64 - 8 * size)
                    guard uid < UInt64(archive.archiveObjectCount), uidObjects[Int(uid)] < 0 else { continue }
                    uidObjects[Int(uid)] = Int32(truncatingIfNeeded: index)
                case 0xD where marker == 0xD2:
                    classCandidates.append(index)
                default:
                    continue
                }
            }
            // Entry 0 is "$null", nil: a "$null" text must get an entry of its own, as the encoder gives it.
            for uid in 1..<max(archive.archiveObjectCount, 1) {
                guard let reference = archive.objectReference(uid, in: area), reference < archive.base,
                    archiveUIDs[reference] < 0
                else { continue }
                archiveUIDs[reference] = Int32(truncatingIfNeeded: uid)
            }
        }
        self.archiveUIDs = archiveUIDs
        self.uidObjects = uidObjects
        self.entries = entries
        self.booleans = booleans
        self.smallIntegers = smallIntegers
        buildSlots()
        findClasses(classCandidates, in: archive)
    }

    /// Fills the hash slots, the first of equal strings winning.
    private func buildSlots() {
        var size = 16
        while size < 2 * entries.count { size *= 2 }
        slots = [Int](repeating: -1, count: size)
        let mask = size - 1
        file.withUnsafeBytes { raw in
            for entry in entries.indices {
                var slot = Int(truncatingIfNeeded: entries[entry].hash) & mask
                var duplicate = false
                while slots[slot] >= 0 {
                    if same(slots[slot], entry, raw) {
                        duplicate = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if !duplicate { slots[slot] = entry }
            }
        }
    }

    /// Whether string entries `left` and `right` hold the same bytes of the same kind.
    private func same(_ left: Int, _ right: Int, _ raw: UnsafeRawBufferPointer) -> Bool {
        let (left, right) = (entries[left], entries[right])
        guard left.hash == right.hash, left.isUTF16 == right.isUTF16, left.length == right.length else {
            return false
        }
        return UnsafeRawBufferPointer(rebasing: raw[left.start..<(left.start + left.length)]).hasSameBytes(
            as: UnsafeRawBufferPointer(rebasing: raw[right.start..<(right.start + right.length)]))
    }

    /// Finds the class dictionaries among the two-entry dictionaries `candidates`: `$objects`
    /// entries with a string `$classname` and an array `$classes`.
    private func findClasses(_ candidates: [Int], in archive: CarriedArchive) {
        guard let classNameKey = reference(ofString: "$classname"), let classesKey = reference(ofString: "$classes")
        else { return }
        archive.withArea { area in
            let size = area.referenceSize
            for candidate in candidates where archiveUIDs[candidate] >= 0 {
                // Most candidates are dates and arrays: their first two references (the keys) tell.
                guard let start = archive.offset(of: candidate, in: area), let extent = area.extent(at: start),
                    extent.referenceCount == 4, let first = area.reference(at: extent.references),
                    let second = area.reference(at: extent.references + size),
                    first == classNameKey || second == classNameKey
                else { continue }
                let nameEntry = first == classNameKey ? 0 : 1
                guard (nameEntry == 0 ? second : first) == classesKey,
                    let name = area.reference(at: extent.references + (2 + nameEntry) * size),
                    let chain = area.reference(at: extent.references + (3 - nameEntry) * size),
                    let nameStart = archive.offset(of: name, in: area),
                    let name = area.string(at: nameStart),
                    let chainStart = archive.offset(of: chain, in: area),
                    area.marker(at: chainStart).map({ $0 >> 4 == 0xA }) == true
                else { continue }
                classes.append((name, Int(archiveUIDs[candidate])))
            }
        }
    }

    /// The object number of the carried string object holding exactly `string`, if any.
    func reference(ofString string: String) -> Int? {
        var string = string
        return string.withUTF8 { utf8 in reference(ofUTF8: utf8, isASCII: UnsafeRawBufferPointer(utf8).isASCII) }
    }

    /// The object number of the carried string object holding the string of UTF-8 bytes `utf8`
    /// (ASCII when `isASCII`), if any.
    func reference(ofUTF8 utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
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

    /// The object number of the carried string of kind `utf16` whose bytes are `bytes`, if any.
    private func lookUp(_ bytes: UnsafeRawBufferPointer, utf16: Bool) -> Int? {
        let hash = StringTable.fingerprint(bytes.assumingMemoryBound(to: UInt8.self), seed: seed).hash
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        return file.withUnsafeBytes { raw in
            while slots[slot] >= 0 {
                let entry = entries[slots[slot]]
                if entry.hash == hash, entry.isUTF16 == utf16, entry.length == bytes.count,
                    UnsafeRawBufferPointer(rebasing: raw[entry.start..<(entry.start + entry.length)])
                        .hasSameBytes(as: bytes)
                {
                    return entry.reference
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// The `$objects` entry that holds carried object `reference`, if any.
    func archiveUID(ofReference reference: Int) -> Int? {
        guard reference >= 0, reference < archiveUIDs.count, archiveUIDs[reference] >= 0 else { return nil }
        return Int(archiveUIDs[reference])
    }

    /// The object number of a carried UID object holding `uid`, if any.
    func uidObject(of uid: Int) -> Int? {
        guard uid >= 0, uid < uidObjects.count, uidObjects[uid] >= 0 else { return nil }
        return Int(uidObjects[uid])
    }
}
