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
    /// Per string entry: its object number, where its bytes start, how many bytes, whether they
    /// are UTF-16 (else ASCII), and their hash.
    private var references: [Int] = []
    private var starts: [Int] = []
    private var lengths: [Int] = []
    private var isUTF16: [Bool] = []
    private var hashes: [UInt64] = []
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
        archiveUIDs = [Int32](repeating: -1, count: archive.base)
        uidObjects = [Int32](repeating: -1, count: archive.archiveObjectCount)
        let seed = seed
        var classCandidates: [Int] = []
        archive.withArea { area in
            var seenBooleans = (false, false)
            for index in 0..<archive.base {
                guard let start = archive.offset(of: index, in: area), let marker = area.marker(at: start) else {
                    continue
                }
                switch marker >> 4 {
                case 0x0 where marker == 0x08 || marker == 0x09:
                    let value = marker == 0x09
                    if value ? !seenBooleans.1 : !seenBooleans.0 { booleans.append((value, index)) }
                    if value { seenBooleans.1 = true } else { seenBooleans.0 = true }
                case 0x1 where marker == 0x10:
                    if let value = area.unsigned(at: start + 1, size: 1) { smallIntegers.append((Int(value), index)) }
                case 0x5, 0x6:
                    guard area.extent(at: start) != nil,
                        let (count, contents) = area.length(nibble: marker & 0x0F, at: start)
                    else { continue }
                    let byteCount = marker >> 4 == 0x6 ? 2 * count : count
                    let bytes = UnsafeRawBufferPointer(rebasing: area.raw[contents..<(contents + byteCount)])
                    references.append(index)
                    starts.append(contents)
                    lengths.append(byteCount)
                    isUTF16.append(marker >> 4 == 0x6)
                    hashes.append(StringTable.fingerprint(bytes.assumingMemoryBound(to: UInt8.self), seed: seed).hash)
                case 0x8:
                    guard let uid = area.unsigned(at: start + 1, size: Int(marker & 0x0F) + 1),
                        uid < UInt64(archive.archiveObjectCount), uidObjects[Int(uid)] < 0
                    else { continue }
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
        buildSlots()
        findClasses(classCandidates, in: archive)
    }

    /// Fills the hash slots, the first of equal strings winning.
    private func buildSlots() {
        var size = 16
        while size < 2 * references.count { size *= 2 }
        slots = [Int](repeating: -1, count: size)
        let mask = size - 1
        file.withUnsafeBytes { raw in
            for entry in references.indices {
                var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
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
        guard hashes[left] == hashes[right], isUTF16[left] == isUTF16[right], lengths[left] == lengths[right] else {
            return false
        }
        return UnsafeRawBufferPointer(rebasing: raw[starts[left]..<(starts[left] + lengths[left])]).hasSameBytes(
            as: UnsafeRawBufferPointer(rebasing: raw[starts[right]..<(starts[right] + lengths[right])]))
    }

    /// Finds the class dictionaries among the two-entry dictionaries `candidates`: `$objects`
    /// entries with a string `$classname` and an array `$classes`.
    private func findClasses(_ candidates: [Int], in archive: CarriedArchive) {
        guard let classNameKey = reference(ofString: "$classname"), let classesKey = reference(ofString: "$classes")
        else { return }
        archive.withArea { area in
            for candidate in candidates where archiveUIDs[candidate] >= 0 {
                guard let start = archive.offset(of: candidate, in: area), let extent = area.extent(at: start),
                    extent.referenceCount == 4
                else { continue }
                let size = area.referenceSize
                let references = (0..<4).compactMap { area.reference(at: extent.references + $0 * size) }
                guard references.count == 4 else { continue }
                let nameEntry = references[0] == classNameKey ? 0 : 1
                guard references[nameEntry] == classNameKey, references[1 - nameEntry] == classesKey,
                    let nameStart = archive.offset(of: references[2 + nameEntry], in: area),
                    let name = area.string(at: nameStart),
                    let chainStart = archive.offset(of: references[3 - nameEntry], in: area),
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
                let entry = slots[slot]
                if hashes[entry] == hash, isUTF16[entry] == utf16, lengths[entry] == bytes.count,
                    UnsafeRawBufferPointer(rebasing: raw[starts[entry]..<(starts[entry] + lengths[entry])])
                        .hasSameBytes(as: bytes)
                {
                    return references[entry]
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
