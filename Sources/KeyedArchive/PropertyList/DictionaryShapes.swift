/// Remembers which entry holds each key asked for, per shape of dictionary key references.
///
/// Objects of one class are written with the same keys in the same order, and a binary list
/// stores each key string once, so their key references are byte-for-byte equal: one shape.
/// In a dictionary of a remembered shape, a key asked for before is found, present or absent,
/// without comparing strings. The table is small and fixed (pairs of slots, least recently used
/// replaced in turn), so any input costs bounded work and memory; a miss only means a scan.
/// Lookups write nothing, so the common path stays a few loads and compares.
struct DictionaryShapes {
    /// Where one dictionary's shape is remembered; `slot` is -1 when it is not.
    struct Token {
        /// The slot of the shape.
        let slot: Int
        /// The slot's generation when the token was made: a reused slot no longer matches it.
        let generation: Int

        /// A token for a dictionary whose keys are not remembered.
        static let none = Token(slot: -1, generation: 0)
    }

    /// One remembered shape.
    private struct Slot {
        /// The file offset of the key references of the first dictionary seen of this shape.
        var keysStart = 0
        /// The number of entries; 0 for an empty slot.
        var count = 0
        var generation = 0
        /// How many keys are remembered, at `slot * keysPerShape` in the key arrays, in the order
        /// first asked for: decoders ask in the same order each time, so early keys are found first.
        var remembered = 0
    }

    /// The number of slots (a power of two; slots are used in pairs).
    static let slotCount = 32
    /// The most keys remembered per shape; others are found by scanning.
    static let keysPerShape = 16
    /// Larger dictionaries are not remembered: comparing their key references would cost as much as a scan.
    static let maximumEntries = 64

    private var slots: [Slot]
    /// The raw bits of each remembered key `String`, two words per key. Equal bits mean an equal
    /// string while that string is alive, and `keys` keeps it alive. Unequal bits prove nothing:
    /// a key built anew for each call is not found here, only scanned for (literals and short
    /// keys, stored inline, have the same bits every time).
    private var keyBits: [UInt64]
    /// The entry holding each remembered key, or -1 when the shape lacks it.
    private var entries: [Int]
    private var keys: [String]
    /// Counts generations.
    private var clock = 0
    /// Which slot of each pair a new shape replaces next, by pair (toggled on each replacement).
    private var victims: [Int]

    /// Creates an empty table.
    init() {
        slots = [Slot](repeating: Slot(), count: Self.slotCount)
        keyBits = [UInt64](repeating: 0, count: 2 * Self.slotCount * Self.keysPerShape)
        entries = [Int](repeating: -1, count: Self.slotCount * Self.keysPerShape)
        keys = [String](repeating: "", count: Self.slotCount * Self.keysPerShape)
        victims = [Int](repeating: 0, count: Self.slotCount / 2)
    }

    /// The shape of the dictionary whose `count` key references start at `keysStart` (already
    /// checked to lie inside `layout`'s object area), remembering it when it is new.
    mutating func shape(
        keysStart: Int,
        count: Int,
        layout: BinaryPropertyListReader.Layout
    ) -> Token {
        guard count > 0, count <= Self.maximumEntries else { return .none }
        let size = layout.referenceSize
        let span = count * size
        let first = BinaryPropertyListReader.Layout.bigEndian(layout.bytes, at: keysStart, size: size)
        let last = BinaryPropertyListReader.Layout.bigEndian(layout.bytes, at: keysStart + span - size, size: size)
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15 ^ first &* 0xBF58_476D_1CE4_E5B9 ^ last
        hash ^= hash >> 29
        let pair = Int(truncatingIfNeeded: hash) & (Self.slotCount - 2)
        var slot = pair
        while slot < pair + 2 {
            if slots[slot].count == count,
                Self.equalBytes(layout.bytes, slots[slot].keysStart, keysStart, count: span)
            {
                return Token(slot: slot, generation: slots[slot].generation)
            }
            slot += 1
        }
        slot = pair + victims[pair / 2]
        victims[pair / 2] ^= 1
        clock += 1
        slots[slot] = Slot(keysStart: keysStart, count: count, generation: clock)
        return Token(slot: slot, generation: clock)
    }

    /// The remembered entry of the key with raw bits `bits` in the shape `token`: `nil` when not
    /// remembered, -1 when the shape lacks the key.
    func entry(forKeyBits bits: (UInt64, UInt64), in token: Token) -> Int? {
        guard token.slot >= 0, slots[token.slot].generation == token.generation else { return nil }
        var key = token.slot * Self.keysPerShape
        let end = key + slots[token.slot].remembered
        while key < end {
            if keyBits[2 * key] == bits.0, keyBits[2 * key + 1] == bits.1 { return entries[key] }
            key += 1
        }
        return nil
    }

    /// Remembers that `key` (with raw bits `bits`) is at `entry` of the shape `token`, or absent (-1).
    mutating func remember(_ key: String, bits: (UInt64, UInt64), entry: Int, in token: Token) {
        guard token.slot >= 0, slots[token.slot].generation == token.generation else { return }
        let remembered = slots[token.slot].remembered
        guard remembered < Self.keysPerShape else { return }
        let place = token.slot * Self.keysPerShape + remembered
        keyBits[2 * place] = bits.0
        keyBits[2 * place + 1] = bits.1
        entries[place] = entry
        keys[place] = key
        slots[token.slot].remembered = remembered + 1
    }

    /// Whether the `count` bytes at `first` and at `second` are equal (both ranges checked by the caller).
    private static func equalBytes(_ bytes: UnsafeRawBufferPointer, _ first: Int, _ second: Int, count: Int) -> Bool {
        if first == second { return true }
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        // Words first: key references of a small object take one to three of them.
        while offset + 8 <= count {
            let left = base.loadUnaligned(fromByteOffset: first + offset, as: UInt64.self)
            let right = base.loadUnaligned(fromByteOffset: second + offset, as: UInt64.self)
            if left != right { return false }
            offset += 8
        }
        while offset < count {
            if bytes[first + offset] != bytes[second + offset] { return false }
            offset += 1
        }
        return true
    }
}
