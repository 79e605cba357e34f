/// The UIDs of the distinct strings of an archive being written, found by their exact bytes.
///
/// Open addressing with a seeded FNV-1a hash over the UTF-8 bytes: about a third of the cost of
/// a `Dictionary` keyed by `ExactString`, whose SipHash dominated encoding. "Café" and
/// "Cafe\u{301}" are different keys here, as they are different bytes in the file.
struct StringTable {
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var strings: [String] = []
    private var uids: [UInt64] = []
    private let seed = UInt64.random(in: 0...UInt64.max)

    /// Creates a table with room for about `capacity` strings before it grows.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        hashes.reserveCapacity(capacity)
        strings.reserveCapacity(capacity)
        uids.reserveCapacity(capacity)
    }

    /// The UID of `string`, or the one `makeUID` gives it when it is new.
    mutating func uid(for string: String, makeUID: () -> UInt64) -> UInt64 {
        let hash = Self.hash(string, seed: seed)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            if hashes[index] == hash, ExactString(strings[index]) == ExactString(string) { return uids[index] }
            slot = (slot + 1) & mask
        }
        let uid = makeUID()
        slots[slot] = Int32(truncatingIfNeeded: strings.count)
        hashes.append(hash)
        strings.append(string)
        uids.append(uid)
        if strings.count * 2 > slots.count { grow() }
        return uid
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }

    /// FNV-1a over the UTF-8 bytes, started from a per-table seed and finished with a mix so
    /// the low bits, which pick the slot, depend on every byte.
    private static func hash(_ string: String, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        if done == nil {
            for byte in string.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }
}
