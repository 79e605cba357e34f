/// The tables an archive being encoded changes for every field: `$objects`, the stack of pending
/// key–value pairs, the references of key strings, and the classes written so far.
///
/// A class over noncopyable buffers, so a field costs no copy-on-write check: an archive of
/// 10,000 items encodes about 100,000 fields.
final class EncodingTables {
    /// The binary-plist reference of each `$objects` entry from `objectBase` on; entry `uid` is
    /// `objects[uid - objectBase]`.
    var objects: RawBuffer<Int>
    /// The entries below this are an edited file's own (`KeyedEncoder(appendingTo:…)`): not held in
    /// `objects`, whose first entry is the first new object, and -1 until replaced, the replaced ones
    /// in `carriedEntries`. Filling `objects` with -1 for them wrote 240 KB at 10,000 items.
    private(set) var objectBase = 0
    /// The carried entries replaced so far, with their new references.
    private(set) var carriedEntries: [Int: Int] = [:]
    /// Interleaved key and value references of the objects being encoded, innermost last.
    var pending = RawBuffer<Int>(capacity: 64)
    /// Key strings' references by the strings' raw bits, hashed with linear probing: keys are
    /// nearly always the same few literals, and equal bits mean an equal string (not the
    /// reverse), so two word comparisons replace hashing the key's bytes. Slot `n` is
    /// `keyBits[2n…2n+1]` and `keyReferences[n]` (-1 when empty); `keyStrings` keeps the
    /// strings alive, so their bits cannot come to mean another string.
    private var keyBits = RawBuffer<UInt64>(capacity: 2 * EncodingTables.keySlots)
    private var keyReferences = RawBuffer<Int>(capacity: EncodingTables.keySlots)
    private var keyStrings: [String] = []
    private static let keySlots = 64
    /// The Swift types whose class UIDs are known (`ObjectIdentifier` bit patterns), in the order
    /// first met, and the reference of each one's UID object in `classUIDReferences`.
    ///
    /// Archives hold a handful of classes: a linear scan of one word each is cheaper than reading
    /// `archivedClass` (three strings to retain) and comparing its name, which cost about a tenth
    /// of encoding an item.
    private var classTypes = RawBuffer<UInt>(capacity: 16)
    private var classUIDReferences = RawBuffer<Int>(capacity: 16)
    /// Class dictionaries already written, by name, with the reference of each one's UID object;
    /// looked up linearly (archives use a handful), once per Swift type and once each for the
    /// `NSDate` and `NSArray` classes.
    var classUIDs: [(name: String, uidReference: Int)] = []
    /// The references of the UID objects of the `NSDate` and `NSArray` classes (-1 until used).
    var dateClassReference = -1
    var arrayClassReference = -1
    /// The references of the keys every object or date writes, `$class` and `NS.time` (-1 until
    /// first written, where the general lookup would first write them): a probe of the key table
    /// cost about 20 instructions, twice per item.
    var classKeyReference = -1
    var timeKeyReference = -1

    /// Creates tables with room for about `expectedObjects` entries in `$objects`.
    init(expectedObjects: Int) {
        objects = RawBuffer(capacity: expectedObjects)
        keyBits.append(repeating: 0, count: 2 * Self.keySlots)
        keyReferences.append(repeating: -1, count: Self.keySlots)
    }

    /// Makes the first `count` entries of `$objects` an edited file's own, -1 until replaced; only
    /// before any entry is added.
    func carryEntries(_ count: Int) {
        precondition(objects.count == 0 && objectBase == 0, "entries carried after others were added")
        objectBase = count
    }

    /// The number of `$objects` entries, carried and added.
    var objectCount: Int { objectBase &+ objects.count }

    /// The reference of `$objects` entry `uid` (below `objectCount`), -1 for a carried entry not
    /// replaced and for an added one whose dictionary is not written yet.
    @inline(__always)
    func object(_ uid: Int) -> Int {
        uid >= objectBase ? objects[uid &- objectBase] : carriedEntries[uid] ?? -1
    }

    /// Makes `reference` the object of `$objects` entry `uid` (below `objectCount`).
    @inline(__always)
    func setObject(_ reference: Int, _ uid: Int) {
        if uid >= objectBase {
            objects[uid &- objectBase] = reference
        } else {
            carriedEntries[uid] = reference
        }
    }

    /// The reference of key string `key`, which `store` stores the first time a key is seen.
    ///
    /// Always inlined, so a literal key's bits are constants at the call site; the probe reads the
    /// buffers unchecked, as `slot` is masked below `keySlots` and both buffers hold that many slots.
    @inline(__always)
    func keyReference(_ key: String, store: (String) -> Int) -> Int {
        let bits = key.rawBits
        let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15
        var slot = Int(truncatingIfNeeded: mixed >> 58)
        let references = keyReferences.base
        let keyWords = keyBits.base
        // Keys are never removed, and the table stops taking new ones at three quarters full,
        // so a probe always reaches an empty slot.
        while true {
            let reference = references[slot]
            if reference < 0 { break }
            if keyWords[2 &* slot] == bits.0, keyWords[2 &* slot &+ 1] == bits.1 { return reference }
            slot = (slot &+ 1) & (Self.keySlots - 1)
        }
        return addKey(key, slot: slot, store: store)
    }

    /// Stores a key string not seen before and remembers its reference in the empty `slot`.
    @inline(never)
    private func addKey(_ key: String, slot: Int, store: (String) -> Int) -> Int {
        let reference = store(key)
        if keyStrings.count < Self.keySlots * 3 / 4 {
            keyBits[2 * slot] = key.rawBits.0
            keyBits[2 * slot + 1] = key.rawBits.1
            keyReferences[slot] = reference
            keyStrings.append(key)
        }
        return reference
    }

    /// Pushes one key–value pair of the innermost object being encoded: one capacity check for both.
    @inline(__always)
    func pushPair(key: Int, value: Int) {
        let pair = pending.extend(by: 2)
        pair[0] = key
        pair[1] = value
    }

    /// The pending pairs from `base` on: the fields of the innermost object being encoded.
    func pendingPairs(from base: Int) -> UnsafeBufferPointer<Int> {
        precondition(base >= 0 && base <= pending.count, "pending pairs out of range")
        return UnsafeBufferPointer(start: pending.base + base, count: pending.count - base)
    }

    /// The reference of the UID object of the class of Swift type `type`, or nil before
    /// `setClassUIDReference` is called for it.
    @inline(__always)
    func classUIDReference(forType type: ObjectIdentifier) -> Int? {
        let key = UInt(bitPattern: type)
        let types = classTypes.base
        // Both buffers hold `classTypes.count` entries: they only grow together.
        for index in 0..<classTypes.count where types[index] == key { return classUIDReferences.base[index] }
        return nil
    }

    /// Remembers the reference of the UID object of the class of Swift type `type`.
    func setClassUIDReference(_ reference: Int, forType type: ObjectIdentifier) {
        classTypes.append(UInt(bitPattern: type))
        classUIDReferences.append(reference)
    }
}
