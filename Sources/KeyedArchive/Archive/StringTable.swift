/// The UIDs of the distinct strings of an archive being written, found by their exact bytes.
///
/// Open addressing with a seeded hash over the UTF-8 bytes, a word at a time: far cheaper than
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

    /// A multiply–xorshift hash over the UTF-8 bytes, eight at a time, started from a per-table
    /// seed and finished with a mix so the low bits, which pick the slot, depend on every byte.
    private static func hash(_ string: String, seed: UInt64) -> UInt64 {
        var string = string
        return string.withUTF8 { bytes in hash(bytes, seed: seed) }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = seed ^ UInt64(bytes.count) &* multiplier
        guard let base = bytes.baseAddress else { return hash }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
        hash = (hash ^ tail) &* multiplier
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return hash ^ (hash >> 33)
    }
}
