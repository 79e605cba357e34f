/// An independent, minimal view of a binary property list's layout (trailer, offset table, object
/// markers), used to check the writer's choices byte by byte without going through our reader.
struct BinaryPropertyListLayout {
    /// One object as laid out in the file.
    struct Object {
        /// The offset of the marker byte.
        var offset: Int
        /// The marker byte (type in the high nibble).
        var marker: UInt8
    }

    let bytes: [UInt8]
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableStart: Int
    let objects: [Object]

    /// Parses the trailer and offset table; `nil` when they are not self-consistent.
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { return nil }
        self.bytes = bytes
        let trailer = bytes.count - 32
        guard bytes[trailer..<(trailer + 6)].allSatisfy({ $0 == 0 }) else { return nil }
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count < UInt64(bytes.count),
            top < count, table < UInt64(trailer), Int(table) + Int(count) * offsetSize == trailer
        else { return nil }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(table)
        var objects: [Object] = []
        for index in 0..<objectCount {
            let offset = Int(Self.bigEndian(bytes, at: offsetTableStart + index * offsetSize, size: offsetSize))
            guard offset >= 8, offset < offsetTableStart else { return nil }
            objects.append(Object(offset: offset, marker: bytes[offset]))
        }
        self.objects = objects
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The length field of a string/data/array/dictionary object and where its contents start.
    func length(of object: Object) -> (count: Int, start: Int) {
        let nibble = Int(object.marker & 0x0F)
        if nibble != 0x0F { return (nibble, object.offset + 1) }
        let size = 1 << Int(bytes[object.offset + 1] & 0x0F)
        return (Int(Self.bigEndian(bytes, at: object.offset + 2, size: size)), object.offset + 2 + size)
    }

    /// The string an 0x5_ (ASCII) or 0x6_ (UTF-16BE) object holds, decoded independently of our reader.
    func string(of object: Object) -> String? {
        let (count, start) = length(of: object)
        switch object.marker >> 4 {
        case 0x5: return String(decoding: bytes[start..<(start + count)], as: UTF8.self)
        case 0x6:
            let units = (0..<count).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        default: return nil
        }
    }

    /// The bytes of an integer object's value (after the marker).
    func integerPayload(of object: Object) -> ArraySlice<UInt8> {
        let size = 1 << Int(object.marker & 0x0F)
        return bytes[(object.offset + 1)..<(object.offset + 1 + size)]
    }

    /// The smallest of 1, 2, 4 or 8 bytes that holds `value`.
    static func minimalWidth(_ value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }
}

/// Assembles binary property lists by hand, object bytes first, with every trailer field overridable,
/// to build inputs no writer would produce.
struct HandmadeBinaryPropertyList {
    /// The encoded objects, in object-number order (each starts with its marker byte).
    var objects: [[UInt8]]
    var offsetSize = 1
    var referenceSize = 1
    var top: UInt64 = 0
    /// Overrides for the trailer's object count and offset-table offset.
    var objectCountOverride: UInt64?
    var offsetTableOverride: UInt64?
    /// Replaces offset-table entries by object number.
    var offsetOverrides: [Int: UInt64] = [:]

    init(_ objects: [[UInt8]]) {
        self.objects = objects
    }

    var bytes: [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(out.count))
            out += object
        }
        let table = UInt64(out.count)
        for (index, offset) in offsets.enumerated() {
            out += Self.bigEndian(offsetOverrides[index] ?? offset, size: offsetSize)
        }
        out += [0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: offsetSize), UInt8(truncatingIfNeeded: referenceSize)]
        out += Self.bigEndian(objectCountOverride ?? UInt64(objects.count), size: 8)
        out += Self.bigEndian(top, size: 8)
        out += Self.bigEndian(offsetTableOverride ?? table, size: 8)
        return out
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// An array marker with its count (inline, or 0xF and an 8-byte integer) and references.
    static func array(count: UInt64, references: [UInt64], referenceSize: Int = 1) -> [UInt8] {
        marker(0xA0, count: count) + references.flatMap { bigEndian($0, size: referenceSize) }
    }

    /// A marker with a count in the low nibble, or 0xF followed by an 8-byte integer object.
    static func marker(_ type: UInt8, count: UInt64) -> [UInt8] {
        count < 15 ? [type | UInt8(count)] : [type | 0x0F, 0x13] + bigEndian(count, size: 8)
    }
}

extension BinaryPropertyListLayout {
    /// The file with every string object for which `replacement` returns a value rewritten (as ASCII),
    /// all other objects copied byte for byte and the offset table rebuilt.
    func replacingStrings(_ replacement: (String) -> String?) -> [UInt8] {
        let starts = Set(objects.map(\.offset)).sorted()
        var ends: [Int: Int] = [:]
        for (position, start) in starts.enumerated() {
            ends[start] = position + 1 < starts.count ? starts[position + 1] : offsetTableStart
        }
        var rebuilt = HandmadeBinaryPropertyList([])
        for object in objects {
            let next = ends[object.offset] ?? offsetTableStart
            if let string = string(of: object), let new = replacement(string) {
                rebuilt.objects.append(
                    HandmadeBinaryPropertyList.marker(0x50, count: UInt64(new.utf8.count)) + new.utf8)
            } else {
                rebuilt.objects.append(Array(bytes[object.offset..<next]))
            }
        }
        let tableStart = 8 + rebuilt.objects.reduce(0) { $0 + $1.count }
        rebuilt.offsetSize = Self.minimalWidth(UInt64(tableStart))
        rebuilt.referenceSize = referenceSize
        rebuilt.top = UInt64(topObject)
        return rebuilt.bytes
    }
}
