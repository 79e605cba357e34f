/// Checked reads of the objects of a binary property list without decoding them: where an object
/// ends, which objects it refers to, the bytes of a string.
///
/// Used by `ArchiveEditor` on the file it appends to and on the objects it has added since. Every
/// read is checked against `limit`, the end of the object area, and returns `nil` past it, so no
/// byte of a damaged file can make it trap.
struct ObjectArea {
    /// The bytes; objects lie in `0..<limit`.
    let raw: UnsafeRawBufferPointer
    /// Where the object area ends (the offset table's start in a file).
    let limit: Int
    /// The width of the references that containers store.
    let referenceSize: Int

    /// What `extent(at:)` finds about one object.
    struct Extent {
        /// Where the object's bytes end (exclusive).
        var end: Int
        /// Where its references start (containers only).
        var references: Int
        /// How many references it stores: the elements of an array or set, twice the entries of a
        /// dictionary (keys, then values), 0 for any other object.
        var referenceCount: Int
    }

    /// The unsigned big-endian integer of `size` bytes (1 to 8) at `position`, or `nil` when it
    /// does not lie inside the object area.
    @inline(__always)
    func unsigned(at position: Int, size: Int) -> UInt64? {
        unsigned(at: position, size: size, end: limit)
    }

    /// The unsigned big-endian integer of `size` bytes (1 to 8) at `position`, or `nil` when it
    /// does not lie before `end` (at most the bytes' count: the offset table lies past the objects).
    @inline(__always)
    func unsigned(at position: Int, size: Int, end: Int) -> UInt64? {
        guard position >= 0, size >= 1, size <= 8, end <= raw.count, position <= end &- size,
            let base = raw.baseAddress
        else {
            return nil
        }
        if position &+ 8 <= raw.count {
            let word = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            return word &>> UInt64(64 &- 8 &* size)
        }
        var value: UInt64 = 0
        for index in position..<(position &+ size) { value = value << 8 | UInt64(raw[index]) }
        return value
    }

    /// The reference stored at `position`.
    @inline(__always)
    func reference(at position: Int) -> Int? {
        guard let value = unsigned(at: position, size: referenceSize), value <= UInt64(Int.max) else { return nil }
        return Int(value)
    }

    /// The marker byte at `start`.
    func marker(at start: Int) -> UInt8? {
        guard start >= 0, start < limit else { return nil }
        return raw[start]
    }

    /// The count of a string, data or container object whose marker at `start` has `nibble` in its
    /// low bits, and where its contents start: the nibble, or the integer object after the marker.
    @inline(__always)
    func length(nibble: UInt8, at start: Int) -> (count: Int, contents: Int)? {
        if nibble != 0x0F { return (Int(nibble), start &+ 1) }
        guard let marker = marker(at: start &+ 1), marker >> 4 == 0x1, marker & 0x0F <= 3 else { return nil }
        let size = 1 << Int(marker & 0x0F)
        guard let count = unsigned(at: start &+ 2, size: size), count <= UInt64(limit) else { return nil }
        return (Int(count), start &+ 2 &+ size)
    }

    /// Where the object at `start` ends and the references it stores, or `nil` when it is
    /// malformed or runs past the object area.
    func extent(at start: Int) -> Extent? {
        guard let marker = marker(at: start) else { return nil }
        let nibble = marker & 0x0F
        var size = 0
        var unit = 1
        var contents = start &+ 1
        var referenceCount = 0
        switch marker >> 4 {
        case 0x0:
            guard marker == 0x00 || marker == 0x08 || marker == 0x09 || marker == 0x0F else { return nil }
        case 0x1:
            guard nibble <= 4 else { return nil }
            size = 1 << Int(nibble)
        case 0x2:
            guard nibble == 2 || nibble == 3 else { return nil }
            size = 1 << Int(nibble)
        case 0x3:
            guard marker == 0x33 else { return nil }
            size = 8
        case 0x4, 0x5, 0x6:
            guard let (count, from) = length(nibble: nibble, at: start) else { return nil }
            (size, contents) = (count, from)
            unit = marker >> 4 == 0x6 ? 2 : 1
        case 0x8:
            size = Int(nibble) &+ 1
        case 0xA, 0xC, 0xD:
            guard let (count, from) = length(nibble: nibble, at: start) else { return nil }
            referenceCount = marker >> 4 == 0xD ? 2 &* count : count
            (size, contents, unit) = (referenceCount, from, referenceSize)
        default:
            return nil
        }
        // `size` is at most the object area's length and `unit` at most 8: no overflow.
        let end = contents &+ size &* unit
        guard contents <= limit, end <= limit, end >= contents else { return nil }
        return Extent(end: end, references: contents, referenceCount: referenceCount)
    }

    /// The largest of the references `extent` stores (0 when it stores none), or `nil` when it
    /// does not lie before the last eight bytes (then the checked reads find what to report): one
    /// tight pass (the `$objects` of a file of 10,000 items holds 40,000). In a file, the offset
    /// table and the 32-byte trailer follow every object, so eight bytes load at any position.
    func largestReference(of extent: Extent) -> Int? {
        guard extent.referenceCount > 0 else { return 0 }
        guard extent.end <= raw.count &- 8, let base = raw.baseAddress else { return nil }
        let shift = UInt64(64 &- 8 &* referenceSize)
        var largest: UInt64 = 0
        var position = extent.references
        for _ in 0..<extent.referenceCount {
            largest = max(
                largest, UInt64(bigEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &>> shift)
            position &+= referenceSize
        }
        return largest <= UInt64(Int.max) ? Int(largest) : nil
    }

    /// The bytes of the ASCII string object at `start`, or `nil` for another kind of object.
    func asciiBytes(at start: Int) -> UnsafeRawBufferPointer? {
        guard let marker = marker(at: start), marker >> 4 == 0x5,
            let (count, from) = length(nibble: marker & 0x0F, at: start), from <= limit, count <= limit &- from
        else { return nil }
        return UnsafeRawBufferPointer(rebasing: raw[from..<(from &+ count)])
    }

    /// The string object at `start` (ASCII or UTF-16), decoded, or `nil` for another kind of object.
    func string(at start: Int) -> String? {
        // `extent` checks that the contents lie inside the object area.
        guard let marker = marker(at: start), marker >> 4 == 0x5 || marker >> 4 == 0x6, extent(at: start) != nil,
            let (count, contents) = length(nibble: marker & 0x0F, at: start)
        else { return nil }
        if marker >> 4 == 0x5 { return BinaryStringDecoding.ascii(raw, from: contents, count: count) }
        return BinaryStringDecoding.utf16BigEndian(raw, from: contents, count: count)
    }
}
