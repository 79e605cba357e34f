/// The distinct strings of an archive being written, found by their exact bytes, each with the
/// reference of its string object and, once it is archived as a value, of its UID object.
///
/// Every string of the archive goes through it (values, keys, class names, the envelope), so a
/// text equal to a key such as "Text" shares that key's string object, as in Apple's files.
///
/// Open addressing with a seeded hash over the UTF-8 bytes, a word at a time: far cheaper than
/// a `Dictionary` keyed by `ExactString`, whose SipHash dominated encoding. "Café" and
/// "Cafe\u{301}" are different keys here, as they are different bytes in the file. A class, with
/// its tables (slots, hashes, references) in `RawBuffer`s that the lookup reads through their
/// unchecked `base`; the strings themselves stay in an array, read only to confirm a hash match.
final class StringTable {
    /// Entry indexes by hash (-1 when empty); the count is a power of two.
    private var slots: RawBuffer<Int32>
    private var hashes: RawBuffer<UInt64>
    /// The reference of each entry's string object.
    private var stringReferences: RawBuffer<Int>
    /// The reference of each entry's UID object, -1 while the string is only a key or class name.
    private var uidReferences: RawBuffer<Int>
    private var strings: [String] = []
    private let seed: UInt64

    /// Creates a table with room for about `capacity` strings before it grows.
    init(capacity: Int) {
        seed = UInt64.random(in: 0...UInt64.max)
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = RawBuffer(capacity: size)
        slots.append(repeating: -1, count: size)
        hashes = RawBuffer(capacity: capacity)
        stringReferences = RawBuffer(capacity: capacity)
        uidReferences = RawBuffer(capacity: capacity)
        strings.reserveCapacity(capacity)
    }

    /// The number of entries; the next `insert` makes entry `count`.
    var count: Int { strings.count }

    /// The hash of `utf8` from this table's seed, and whether every byte is ASCII (see `fingerprint(_:seed:)`).
    @inline(__always)
    func fingerprint(_ utf8: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, isASCII: Bool) {
        Self.fingerprint(utf8, seed: seed)
    }

    /// The seeded hash of `utf8`, and whether every byte is ASCII, from one pass over its words.
    ///
    /// A multiply–xorshift over eight bytes at a time, started from the table's seed and finished
    /// with a mix so the low bits, which pick the slot, depend on every byte. The ASCII test rides
    /// along (a high bit anywhere survives the OR) and spares the writer a second pass.
    @inline(__always)
    static func fingerprint(_ utf8: UnsafeBufferPointer<UInt8>, seed: UInt64) -> (hash: UInt64, isASCII: Bool) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let count = utf8.count
        var hash = seed ^ UInt64(count) &* multiplier
        var high: UInt64 = 0
        if let base = utf8.baseAddress, count > 0 {
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset &+ 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                high |= word
                hash = (hash ^ word) &* multiplier
                hash ^= hash >> 29
                offset &+= 8
            }
            if offset < count {
                var tail: UInt64 = 0
                if count >= 8 {
                    // The last eight bytes, overlapping the last word: one load instead of a byte loop.
                    tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                } else {
                    for index in 0..<count { tail = tail << 8 | UInt64(base[index]) }
                }
                high |= tail
                hash = (hash ^ tail) &* multiplier
            }
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        return (hash ^ (hash >> 33), high & 0x8080_8080_8080_8080 == 0)
    }

    /// The entry of the string of bytes `utf8` and hash `hash`, or -1 and the slot where `insert`
    /// must put it.
    @inline(__always)
    func find(_ utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int, slot: Int) {
        let mask = slots.count &- 1
        let slotIndexes = slots.base
        var slot = Int(truncatingIfNeeded: hash) & mask
        // `slot` is masked below `slots.count`; every index stored in a slot is below `hashes.count`
        // and the counts of the other entry buffers, which grow together; the load factor stays
        // below one half, so a probe always reaches an empty slot.
        while true {
            let index = Int(slotIndexes[slot])
            if index < 0 { return (-1, slot) }
            if hashes.base[index] == hash, Self.bytes(of: strings[index], equal: utf8) { return (index, slot) }
            slot = (slot &+ 1) & mask
        }
    }

    /// The reference of the UID object of the string of `entry` (from `find`), -1 when none yet.
    @inline(__always)
    func uidReference(of entry: Int) -> Int {
        // Unchecked: `find` gives only entries below the count of every entry buffer.
        uidReferences.base[entry]
    }

    /// The reference of the string object of `entry` (from `find`).
    func stringReference(of entry: Int) -> Int {
        stringReferences[entry]
    }

    /// Records the reference of the UID object of the string of `entry`.
    func setUIDReference(_ reference: Int, of entry: Int) {
        uidReferences[entry] = reference
    }

    /// Adds `string`, of hash `hash`, with the references of its string object and UID object
    /// (-1 for none), at the `slot` that `find` gave for it.
    func insert(_ string: String, hash: UInt64, stringReference: Int, uidReference: Int, slot: Int) {
        slots[slot] = Int32(truncatingIfNeeded: strings.count)
        hashes.append(hash)
        stringReferences.append(stringReference)
        uidReferences.append(uidReference)
        strings.append(string)
        if strings.count * 2 > slots.count { grow() }
    }

    /// The reference of the string object of `string`, which `builder` stores the first time:
    /// keys, class names and the archive's envelope, shared with equal values.
    func stringReference(_ string: String, builder: PropertyListBuilder) -> Int {
        var bytes = string
        return bytes.withUTF8 { utf8 in
            let (hash, isASCII) = fingerprint(utf8)
            let (entry, slot) = find(utf8, hash: hash)
            if entry >= 0 { return stringReferences[entry] }
            let reference = builder.add(distinctUTF8: utf8, isASCII: isASCII)
            insert(string, hash: hash, stringReference: reference, uidReference: -1, slot: slot)
            return reference
        }
    }

    private func grow() {
        let size = slots.count * 2
        slots = RawBuffer(capacity: size)
        slots.append(repeating: -1, count: size)
        let mask = size - 1
        for index in 0..<hashes.count {
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }

    /// Whether `string`'s UTF-8 bytes are exactly `utf8`.
    private static func bytes(of string: String, equal utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var string = string
        return string.withUTF8 { UnsafeRawBufferPointer($0).hasSameBytes(as: UnsafeRawBufferPointer(utf8)) }
    }
}
