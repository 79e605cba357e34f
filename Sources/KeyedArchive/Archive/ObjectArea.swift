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

    /// The marker of the object at `start`.
    func marker(at start: Int) -> ObjectMarker? {
        guard start >= 0, start < limit else { return nil }
        return ObjectMarker(byte: raw[start])
    }

    /// Whether the object at `start` is of `kind`.
    func isObject(at start: Int, _ kind: ObjectMarker.Kind) -> Bool {
        marker(at: start)?.is(kind) == true
    }

    /// The header of the object at `start`: its marker, its count and where its contents start.
    @inline(__always)
    func header(at start: Int) -> ObjectHeader? {
        ObjectMarker.header(in: raw, at: start, limit: limit)
    }

    /// Where the object at `start` ends and the references it stores, or `nil` when it is
    /// malformed or runs past the object area.
    func extent(at start: Int) -> Extent? {
        guard let header = header(at: start) else { return nil }
        let marker = header.marker
        var size = 0
        var unit = 1
        var contents = start &+ 1
        var referenceCount = 0
        switch marker.kind {
        case .singleton:
            guard marker == .null || marker == .false || marker == .true || marker == .fill else { return nil }
        case .integer:
            guard marker.low <= 4 else { return nil }
            size = marker.scalarSize
        case .real:
            guard marker == .real32 || marker == .real64 else { return nil }
            size = marker.scalarSize
        case .date:
            guard marker == .date else { return nil }
            size = 8
        case .data, .asciiString, .utf16String:
            (size, contents) = (header.count, header.contents)
            unit = marker.is(.utf16String) ? 2 : 1
        case .uid:
            size = marker.uidSize
        case .array, .set, .dictionary:
            referenceCount = marker.is(.dictionary) ? 2 &* header.count : header.count
            (size, contents, unit) = (referenceCount, header.contents, referenceSize)
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
        guard let header = header(at: start), header.marker.is(.asciiString)
        else { return nil }
        let (count, from) = (header.count, header.contents)
        guard from <= limit, count <= limit &- from else { return nil }
        return UnsafeRawBufferPointer(rebasing: raw[from..<(from &+ count)])
    }

    /// The string object at `start` (ASCII or UTF-16), decoded, or `nil` for another kind of object.
    func string(at start: Int) -> String? {
        // `extent` checks that the contents lie inside the object area.
        guard let header = header(at: start), header.marker.isString, extent(at: start) != nil else { return nil }
        let (count, contents) = (header.count, header.contents)
        if header.marker.is(.asciiString) { return BinaryStringDecoding.ascii(raw, from: contents, count: count) }
        return BinaryStringDecoding.utf16BigEndian(raw, from: contents, count: count)
    }
}
