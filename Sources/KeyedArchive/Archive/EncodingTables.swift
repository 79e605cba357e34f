/// The tables an archive being encoded changes for every field: `$objects`, the stack of pending
/// key–value pairs, and the references of key strings.
///
/// A class over noncopyable buffers, so a field costs no copy-on-write check: an archive of
/// 10,000 items encodes about 100,000 fields.
final class EncodingTables {
    /// The binary-plist reference of each `$objects` entry; the index is the object's UID.
    var objects: RawBuffer<Int>
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

    /// Creates tables with room for about `expectedObjects` entries in `$objects`.
    init(expectedObjects: Int) {
        objects = RawBuffer(capacity: expectedObjects)
        keyBits.append(repeating: 0, count: 2 * Self.keySlots)
        keyReferences.append(repeating: -1, count: Self.keySlots)
    }

    /// The reference of key string `key`, from `add` the first time a key is seen.
    @inline(__always)
    func keyReference(_ key: String, add: (String) -> Int) -> Int {
        let bits = key.rawBits
        let mixed = (bits.0 ^ (bits.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0x9E37_79B9_7F4A_7C15
        var slot = Int(truncatingIfNeeded: mixed >> 58)
        // Keys are never removed, and the table stops taking new ones at three quarters full,
        // so a probe always reaches an empty slot.
        while keyReferences[slot] >= 0 {
            if keyBits[2 * slot] == bits.0, keyBits[2 * slot + 1] == bits.1 { return keyReferences[slot] }
            slot = (slot + 1) & (Self.keySlots - 1)
        }
        let reference = add(key)
        if keyStrings.count < Self.keySlots * 3 / 4 {
            keyBits[2 * slot] = bits.0
            keyBits[2 * slot + 1] = bits.1
            keyReferences[slot] = reference
            keyStrings.append(key)
        }
        return reference
    }

    /// The pending pairs from `base` on: the fields of the innermost object being encoded.
    func pendingPairs(from base: Int) -> UnsafeBufferPointer<Int> {
        precondition(base >= 0 && base <= pending.count, "pending pairs out of range")
        return UnsafeBufferPointer(start: pending.base + base, count: pending.count - base)
    }
}
