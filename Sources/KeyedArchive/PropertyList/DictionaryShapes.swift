/// Remembers which entry holds each key asked for, per shape of dictionary key references.
///
/// Objects of one class are written with the same keys in the same order, and a binary list
/// stores each key string once, so their key references are byte-for-byte equal: one shape.
/// In a dictionary of a remembered shape, a key asked for before is found, present or absent,
/// by hashing the key's raw bits instead of comparing strings. The table is small and fixed
/// (pairs of slots, replaced in turn; a few keys per shape), so any input costs bounded work
/// and memory, and a miss only means a scan. Lookups write nothing.
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
        /// How many keys are remembered in the slot's places.
        var remembered = 0
    }

    /// One remembered key of a shape: the raw bits of the key `String` and its entry.
    private struct Place {
        var bits: (UInt64, UInt64) = (0, 0)
        /// The entry holding the key, -1 when the shape lacks it, or `empty`.
        var entry = Place.empty

        /// The entry of a place that holds no key.
        static let empty = Int.min
    }

    /// The number of slots (a power of two; slots are used in pairs).
    static let slotCount = 32
    /// The places of each shape's open-addressing table (a power of two, at most 256).
    static let placesPerShape = 32
    /// The most keys remembered per shape, leaving empty places so a miss ends its probe early.
    /// An item asks for up to 19 keys, most of them absent (SPEC §13's): a key past this many is
    /// scanned for in every item, which cost a full load of 10,000 items a third of its
    /// instructions at 12 (134 M against 87 M at 24).
    static let keysPerShape = 24
    /// Larger dictionaries are not remembered: comparing their key references would cost as much as a scan.
    static let maximumEntries = 64

    private var slots: [Slot]
    /// `placesPerShape` places per slot. Equal bits mean an equal string while that string is
    /// alive, and `keys` keeps every remembered key alive. Unequal bits prove nothing: a key
    /// built anew for each call is not found here, only scanned for (literals and short keys,
    /// stored inline, have the same bits every time).
    private var places: [Place]
    private var keys: [String]
    /// Counts generations.
    private var clock = 0
    /// Which slot of each pair a new shape replaces next, by pair (toggled on each replacement).
    private var victims: [Int]

    /// Creates an empty table.
    init() {
        slots = [Slot](repeating: Slot(), count: Self.slotCount)
        places = [Place](repeating: Place(), count: Self.slotCount * Self.placesPerShape)
        keys = [String](repeating: "", count: Self.slotCount * Self.placesPerShape)
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
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15 ^ first &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
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
        let base = slot * Self.placesPerShape
        for place in base..<(base + Self.placesPerShape) { places[place].entry = Place.empty }
        return Token(slot: slot, generation: clock)
    }

    /// Where the probe for a key with raw bits `bits` starts in a shape's places.
    @inline(__always)
    private static func home(of bits: (UInt64, UInt64)) -> Int {
        let mixed = (bits.0 ^ bits.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 56) & (placesPerShape - 1)
    }

    /// The remembered entry of the key with raw bits `bits` in the shape `token`: `nil` when not
    /// remembered, -1 when the shape lacks the key.
    @inline(__always)
    func entry(forKeyBits bits: (UInt64, UInt64), in token: Token) -> Int? {
        guard token.slot >= 0, slots[token.slot].generation == token.generation else { return nil }
        let base = token.slot * Self.placesPerShape
        var probe = Self.home(of: bits)
        for _ in 0..<Self.placesPerShape {
            let place = places[base + probe]
            if place.entry == Place.empty { return nil }
            if place.bits == bits { return place.entry }
            probe = (probe + 1) & (Self.placesPerShape - 1)
        }
        return nil
    }

    /// Remembers that `key` (with raw bits `bits`) is at `entry` of the shape `token`, or absent (-1).
    mutating func remember(_ key: String, bits: (UInt64, UInt64), entry: Int, in token: Token) {
        guard token.slot >= 0, slots[token.slot].generation == token.generation,
            slots[token.slot].remembered < Self.keysPerShape
        else { return }
        let base = token.slot * Self.placesPerShape
        var probe = Self.home(of: bits)
        // A free place is there: at most keysPerShape of the places are taken.
        while places[base + probe].entry != Place.empty {
            if places[base + probe].bits == bits { return }
            probe = (probe + 1) & (Self.placesPerShape - 1)
        }
        places[base + probe] = Place(bits: bits, entry: entry)
        keys[base + probe] = key
        slots[token.slot].remembered += 1
    }

    /// Whether the `count` bytes at `first` and at `second` are equal (both ranges checked by the caller).
    private static func equalBytes(_ bytes: UnsafeRawBufferPointer, _ first: Int, _ second: Int, count: Int) -> Bool {
        guard let base = bytes.baseAddress else { return count == 0 }
        return UnsafeRawBufferPointer(start: base + first, count: count)
            .hasSameBytes(as: UnsafeRawBufferPointer(start: base + second, count: count))
    }
}
