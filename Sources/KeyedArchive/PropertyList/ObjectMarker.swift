/// The first byte of every object of a binary property list: the object's kind in its high four
/// bits, a size or count in its low four.
///
/// For data, strings and containers the low four bits are the count (bytes, UTF-16 units,
/// elements or entries) when below 15; 0xF says an integer object after the marker holds it.
/// `header(in:at:limit:)` reads both, and is what every reader of objects asks.
struct ObjectMarker: Equatable {
    /// The byte as stored.
    let byte: UInt8

    /// What an object is: the high four bits of its marker.
    struct Kind: Equatable {
        /// The high four bits (0x0 to 0xF).
        let rawValue: UInt8

        /// `null`, `false`, `true` and fill bytes: the whole marker says which.
        static let singleton = Kind(rawValue: 0x0)
        /// A signed integer of 1, 2, 4 or 8 bytes (16 for values above `Int64.max`); the low bits
        /// are the base-2 logarithm of its size.
        static let integer = Kind(rawValue: 0x1)
        /// A real number of 4 or 8 bytes; the low bits as for integers.
        static let real = Kind(rawValue: 0x2)
        /// A date: an 8-byte real, seconds since 2001-01-01 (marker 0x33).
        static let date = Kind(rawValue: 0x3)
        /// Raw bytes; the low bits count them.
        static let data = Kind(rawValue: 0x4)
        /// An ASCII string; the low bits count its bytes.
        static let asciiString = Kind(rawValue: 0x5)
        /// A UTF-16 big-endian string; the low bits count its units.
        static let utf16String = Kind(rawValue: 0x6)
        /// A keyed archive's reference to an entry of `$objects`; the low bits are its size less one.
        static let uid = Kind(rawValue: 0x8)
        /// An array; the low bits count its element references.
        static let array = Kind(rawValue: 0xA)
        /// A set; stored like an array.
        static let set = Kind(rawValue: 0xC)
        /// A dictionary; the low bits count its entries (key references, then value references).
        static let dictionary = Kind(rawValue: 0xD)

        /// Whether the low bits of this kind's markers count what follows (0xF: an integer does).
        var isCounted: Bool {
            switch self {
            case .data, .asciiString, .utf16String, .array, .set, .dictionary: true
            default: false
            }
        }
    }

    /// The null object (CoreFoundation neither writes nor reads it in a property list).
    static let null = ObjectMarker(byte: 0x00)
    /// The boolean `false`.
    static let `false` = ObjectMarker(byte: 0x08)
    /// The boolean `true`.
    static let `true` = ObjectMarker(byte: 0x09)
    /// A fill byte.
    static let fill = ObjectMarker(byte: 0x0F)
    /// A 4-byte real.
    static let real32 = ObjectMarker(byte: 0x22)
    /// An 8-byte real.
    static let real64 = ObjectMarker(byte: 0x23)
    /// A date.
    static let date = ObjectMarker(byte: 0x33)
    /// A one-byte integer (0 to 255).
    static let byteInteger = ObjectMarker(byte: 0x10)
    /// The low bits that say an integer object after the marker holds the count.
    static let longCount: UInt8 = 0x0F

    init(byte: UInt8) {
        self.byte = byte
    }

    /// The marker of `kind` with `low` (0 to 15) in its low bits.
    init(_ kind: Kind, low: UInt8) {
        byte = kind.rawValue &<< 4 | low & 0x0F
    }

    /// The marker of a `kind` object of `count` elements: the count in the low bits when below 15,
    /// else `longCount`, an integer object following with the count.
    init(_ kind: Kind, count: Int) {
        self.init(kind, low: count < 15 ? UInt8(truncatingIfNeeded: count) : Self.longCount)
    }

    /// The object's kind.
    var kind: Kind { Kind(rawValue: byte &>> 4) }

    /// The low four bits: a count, a size, or `longCount`.
    var low: UInt8 { byte & 0x0F }

    /// Whether the object is of `kind`.
    func `is`(_ kind: Kind) -> Bool {
        byte &>> 4 == kind.rawValue
    }

    /// Whether the object is a string, ASCII or UTF-16.
    var isString: Bool { `is`(.asciiString) || `is`(.utf16String) }

    /// Whether the object is an array or a set.
    var isArrayOrSet: Bool { `is`(.array) || `is`(.set) }

    /// The size in bytes of an integer or real object's value: 2 to the power of the low bits.
    var scalarSize: Int { 1 &<< Int(low) }

    /// The size in bytes of a UID object's value: the low bits plus one.
    var uidSize: Int { Int(low) &+ 1 }
}

/// An object's marker, its count, and where its contents start.
struct ObjectHeader: Equatable {
    /// The marker byte.
    var marker: ObjectMarker
    /// For data, strings and containers, the count of bytes, units, elements or entries (read
    /// from the integer after the marker when it is long); for other objects the marker's low bits.
    var count: Int
    /// Where the bytes after the marker and the count start.
    var contents: Int
}

extension ObjectMarker {
    /// The header of the object at `start` among the objects `bytes[..<limit]`: its marker, its
    /// count and where its contents start; `nil` when the marker lies outside, or a long count
    /// is not an integer of 1 to 8 bytes inside, or is larger than `limit`. The contents are
    /// not checked against `limit`: that depends on their kind.
    ///
    /// Short counts are read inline, and so are one-byte long ones (15 to 255: most texts); the
    /// wider ones out of line. Always inlined: called out of line, it made a one-shot `toggle 5`
    /// at 10,000 items cost 1.7 times the instructions (callgrind, 11.3 M → 19.2 M).
    @inline(__always)
    static func header(in bytes: UnsafeRawBufferPointer, at start: Int, limit: Int) -> ObjectHeader? {
        guard UInt(bitPattern: start) < UInt(bitPattern: limit), limit <= bytes.count else { return nil }
        let marker = ObjectMarker(byte: bytes[start])
        guard marker.low == longCount, marker.kind.isCounted else {
            return ObjectHeader(marker: marker, count: Int(marker.low), contents: start &+ 1)
        }
        let position = start &+ 1
        if position &+ 2 <= limit, bytes[position] == byteInteger.byte {
            let count = Int(bytes[position &+ 1])
            guard count <= limit else { return nil }
            return ObjectHeader(marker: marker, count: count, contents: position &+ 2)
        }
        return longHeader(marker, in: bytes, at: position, limit: limit)
    }

    /// The header of a counted object whose count, at `position`, is an integer object.
    @inline(never)
    static func longHeader(
        _ marker: ObjectMarker, in bytes: UnsafeRawBufferPointer, at position: Int, limit: Int
    ) -> ObjectHeader? {
        guard position < limit else { return nil }
        let integer = ObjectMarker(byte: bytes[position])
        guard integer.is(.integer), integer.low <= 3 else { return nil }
        let size = integer.scalarSize
        guard position &+ 1 &+ size <= limit else { return nil }
        var value: UInt64 = 0
        for offset in 1...size { value = value &<< 8 | UInt64(bytes[position &+ offset]) }
        guard value <= UInt64(limit) else { return nil }
        return ObjectHeader(marker: marker, count: Int(value), contents: position &+ 1 &+ size)
    }
}

extension ObjectMarker {
    /// The header of object `index`, at `start` among the objects `bytes[..<limit]`, as
    /// `header(in:at:limit:)` reads it, or the error saying why it is malformed.
    @inline(__always)
    static func header(
        in bytes: UnsafeRawBufferPointer, at start: Int, limit: Int, index: Int
    ) throws(PropertyListError) -> ObjectHeader {
        if let header = header(in: bytes, at: start, limit: limit) { return header }
        throw headerError(in: bytes, at: start, limit: limit, index: index)
    }

    /// What is wrong with the header `header(in:at:limit:)` did not read, built out of line.
    @inline(never)
    static func headerError(
        in bytes: UnsafeRawBufferPointer, at start: Int, limit: Int, index: Int
    ) -> PropertyListError {
        guard start >= 0, start < limit, limit <= bytes.count else {
            return .invalidObject(index: index, reason: "offset \(start) outside the object area")
        }
        let position = start + 1
        guard position < limit else { return .invalidObject(index: index, reason: "length runs past the object area") }
        let integer = ObjectMarker(byte: bytes[position])
        guard integer.is(.integer), integer.low <= 3 else {
            return .invalidObject(index: index, reason: "length is not an integer")
        }
        let size = integer.scalarSize
        guard position + 1 + size <= limit else {
            return .invalidObject(index: index, reason: "length runs past the object area")
        }
        var value: UInt64 = 0
        for offset in 1...size { value = value << 8 | UInt64(bytes[position + offset]) }
        return .invalidObject(index: index, reason: "length \(value) exceeds the file")
    }
}
