/// Builds a binary property list (`bplist00`) in CoreFoundation's layout, object by object.
///
/// Children are added before their containers, each `add…` call returning the new object's
/// reference. Strings, UIDs, booleans and integers below 256 are stored once per distinct value.
/// `finish(top:)` picks the smallest reference and offset widths and writes the trailer.
public struct BinaryPropertyListWriter {
    /// Where one object's encoding lives until the file is written.
    private struct Entry {
        /// 0 for a scalar (bytes in `scalarBytes`), else the container marker (0xA0 or 0xD0).
        var marker: UInt8
        var start: Int
        var count: Int
    }

    private var entries: [Entry] = []
    private var scalarBytes: [UInt8] = []
    /// Container contents as object references; 32 bits each, since an archive with 2³² objects
    /// could not be built in memory anyway, and half the size keeps the writer's peak memory down.
    private var references: [UInt32] = []
    private var strings: [ExactString: Int] = [:]
    /// References of the integers 0 to 255, which archives use most (-1 where none yet).
    private var smallIntegers: [Int] = []
    /// References of the UIDs added so far, indexed by UID (-1 where none): archives number their
    /// objects densely from 0, so a table serves them without hashing.
    private var uidTable: [Int] = []
    /// References of UIDs too large for `uidTable` (only arbitrary trees have them).
    private var uids: [UInt64: Int] = [:]
    private var booleans: (false: Int?, true: Int?) = (nil, nil)

    /// Creates an empty writer.
    public init() {}

    /// Creates a writer with room for about `objects` objects and `bytes` bytes of scalars.
    public init(reservingObjects objects: Int, bytes: Int) {
        entries.reserveCapacity(objects)
        scalarBytes.reserveCapacity(bytes)
        references.reserveCapacity(objects * 5 / 2)
    }

    /// The number of objects added so far.
    public var objectCount: Int { entries.count }

    private mutating func appendScalar(_ write: (inout [UInt8]) -> Void) -> Int {
        let start = scalarBytes.count
        write(&scalarBytes)
        entries.append(Entry(marker: 0, start: start, count: scalarBytes.count - start))
        return entries.count - 1
    }

    /// Adds a string (ASCII when every character is below 128, else UTF-16BE), once per value.
    public mutating func add(string: String) -> Int {
        if let existing = strings[ExactString(string)] { return existing }
        let reference = appendScalar { out in Self.encode(string: string, into: &out) }
        strings[ExactString(string)] = reference
        return reference
    }

    /// Adds a string the caller already knows to be distinct from every string added before
    /// (the archiver stores each distinct string once itself), skipping a second hash lookup.
    mutating func add(distinctString string: String) -> Int {
        appendScalar { out in Self.encode(string: string, into: &out) }
    }

    /// Adds a signed integer in the fewest bytes CoreFoundation would use, once per value.
    public mutating func add(integer: Int64) -> Int {
        if integer >= 0, integer < 256 {
            if smallIntegers.isEmpty { smallIntegers = [Int](repeating: -1, count: 256) }
            if smallIntegers[Int(integer)] >= 0 { return smallIntegers[Int(integer)] }
            let reference = appendScalar { out in Self.encode(integer: integer, into: &out) }
            smallIntegers[Int(integer)] = reference
            return reference
        }
        // Larger integers (item IDs) are mostly distinct: store each where it is used.
        return appendScalar { out in Self.encode(integer: integer, into: &out) }
    }

    /// Adds an unsigned integer; values above `Int64.max` take 16 bytes as in CoreFoundation.
    public mutating func add(unsignedInteger value: UInt64) -> Int {
        if value <= UInt64(Int64.max) { return add(integer: Int64(value)) }
        return appendScalar { out in
            out.append(0x14)
            out.append(contentsOf: repeatElement(0, count: 8))
            Self.appendBigEndian(value, size: 8, to: &out)
        }
    }

    /// Adds an 8-byte real. Reals are not shared: archives rarely repeat one, and hashing every
    /// due date cost more than the few bytes sharing would save.
    public mutating func add(real: Double) -> Int {
        appendScalar { out in
            out.append(0x23)
            Self.appendBigEndian(real.bitPattern, size: 8, to: &out)
        }
    }

    /// Adds a date (seconds since 2001-01-01T00:00:00Z), not shared for the same reason as reals.
    public mutating func add(date: Double) -> Int {
        appendScalar { out in
            out.append(0x33)
            Self.appendBigEndian(date.bitPattern, size: 8, to: &out)
        }
    }

    /// Adds a boolean; each of the two values is stored once.
    public mutating func add(bool: Bool) -> Int {
        if bool, let existing = booleans.true { return existing }
        if !bool, let existing = booleans.false { return existing }
        let reference = appendScalar { out in out.append(bool ? 0x09 : 0x08) }
        if bool { booleans.true = reference } else { booleans.false = reference }
        return reference
    }

    /// Adds raw bytes.
    public mutating func add(data: [UInt8]) -> Int {
        appendScalar { out in
            Self.appendMarker(0x40, count: data.count, to: &out)
            out.append(contentsOf: data)
        }
    }

    /// Adds a keyed-archive UID in the fewest bytes, once per value.
    public mutating func add(uid: UInt64) -> Int {
        // The table grows with the objects added, so a huge UID cannot make it allocate much.
        guard uid <= UInt64(entries.count) + 1024 else {
            if let existing = uids[uid] { return existing }
            let reference = appendUID(uid)
            uids[uid] = reference
            return reference
        }
        let index = Int(uid)
        if index < uidTable.count, uidTable[index] >= 0 { return uidTable[index] }
        let reference = appendUID(uid)
        if index >= uidTable.count {
            let newCount = max(index + 1, 2 * uidTable.count)
            uidTable.append(contentsOf: repeatElement(-1, count: newCount - uidTable.count))
        }
        uidTable[index] = reference
        return reference
    }

    private mutating func appendUID(_ uid: UInt64) -> Int {
        let size = Self.byteWidth(uid)
        return appendScalar { out in
            out.append(0x80 | UInt8(size - 1))
            Self.appendBigEndian(uid, size: size, to: &out)
        }
    }

    /// Adds an array of objects added earlier.
    public mutating func add<C: Collection<Int>>(array elements: C) -> Int {
        let start = references.count
        references.append(contentsOf: elements.lazy.map { UInt32(truncatingIfNeeded: $0) })
        entries.append(Entry(marker: 0xA0, start: start, count: elements.count))
        return entries.count - 1
    }

    /// Adds a dictionary from interleaved key and value references: key0, value0, key1, value1….
    public mutating func add<C: Collection<Int>>(dictionaryPairs pairs: C) -> Int where C.Index == Int {
        let start = references.count
        let count = pairs.count / 2
        var index = pairs.startIndex
        for _ in 0..<count {
            references.append(UInt32(truncatingIfNeeded: pairs[index]))
            index += 2
        }
        index = pairs.startIndex + 1
        for _ in 0..<count {
            references.append(UInt32(truncatingIfNeeded: pairs[index]))
            index += 2
        }
        entries.append(Entry(marker: 0xD0, start: start, count: count))
        return entries.count - 1
    }

    /// Adds a whole tree, children first, and returns the reference of its root.
    public mutating func add(_ value: PropertyList) -> Int {
        switch value {
        case .dictionary(let dictionary):
            var pairs = [Int]()
            pairs.reserveCapacity(dictionary.count * 2)
            for (key, item) in zip(dictionary.keys, dictionary.values) {
                pairs.append(add(string: key))
                pairs.append(add(item))
            }
            return add(dictionaryPairs: pairs)
        case .array(let elements):
            let children = elements.map { add($0) }
            return add(array: children)
        case .string(let string): return add(string: string)
        case .integer(let integer): return add(integer: integer)
        case .unsignedInteger(let value): return add(unsignedInteger: value)
        case .real(let real): return add(real: real)
        case .bool(let bool): return add(bool: bool)
        case .date(let date): return add(date: date)
        case .data(let data): return add(data: data)
        case .uid(let uid): return add(uid: uid)
        }
    }

    /// Writes the file with `top` as its top object.
    public func finish(top: Int) -> [UInt8] {
        let referenceSize = Self.byteWidth(UInt64(max(entries.count - 1, 0)))
        // Sizes first, then every byte stored into one buffer of the file's exact size: appending
        // byte by byte to a growing array cost a fifth of encoding (benchmarks, 10,000 items).
        var tableStart = BinaryPropertyListReader.magic.count
        for entry in entries {
            if entry.marker == 0 {
                tableStart += entry.count
            } else {
                tableStart += ByteCursor.markerSize(count: entry.count) + Self.referenceCount(entry) * referenceSize
            }
        }
        let offsetSize = Self.byteWidth(UInt64(tableStart))
        var out = [UInt8](repeating: 0, count: tableStart + entries.count * offsetSize + 32)
        out.withUnsafeMutableBufferPointer { buffer in
            var objects = ByteCursor(buffer: buffer, position: 0)
            var table = ByteCursor(buffer: buffer, position: tableStart)
            BinaryPropertyListReader.magic.withUnsafeBufferPointer { objects.append($0) }
            scalarBytes.withUnsafeBufferPointer { scalars in
                references.withUnsafeBufferPointer { references in
                    for entry in entries {
                        table.appendBigEndian(UInt64(objects.position), size: offsetSize)
                        if entry.marker == 0 {
                            objects.append(
                                UnsafeBufferPointer(rebasing: scalars[entry.start..<(entry.start + entry.count)]))
                            continue
                        }
                        objects.appendMarker(entry.marker, count: entry.count)
                        for reference in references[entry.start..<(entry.start + Self.referenceCount(entry))] {
                            objects.appendBigEndian(UInt64(reference), size: referenceSize)
                        }
                    }
                }
            }
            precondition(objects.position == tableStart, "binary property list object area miscounted")
            table.position += 6
            table.append(UInt8(offsetSize))
            table.append(UInt8(referenceSize))
            table.appendBigEndian(UInt64(entries.count), size: 8)
            table.appendBigEndian(UInt64(top), size: 8)
            table.appendBigEndian(UInt64(tableStart), size: 8)
            precondition(table.position == buffer.count, "binary property list size miscounted")
        }
        return out
    }

    /// The number of references a container entry holds: a dictionary's keys and values.
    private static func referenceCount(_ entry: Entry) -> Int {
        entry.marker == 0xD0 ? entry.count * 2 : entry.count
    }

    /// Encodes a whole tree as a binary property list.
    public static func write(_ value: PropertyList) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        let top = writer.add(value)
        return writer.finish(top: top)
    }
}

extension BinaryPropertyListWriter {
    /// The number of bytes (1, 2, 4 or 8) CoreFoundation uses for an unsigned value.
    static func byteWidth(_ value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    static func appendBigEndian(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// Appends a marker with its count in the low nibble, or 0xF and an integer object.
    static func appendMarker(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            encode(integer: Int64(count), into: &out)
        }
    }

    static func encode(integer: Int64, into out: inout [UInt8]) {
        if integer < 0 {
            out.append(0x13)
            appendBigEndian(UInt64(bitPattern: integer), size: 8, to: &out)
            return
        }
        let width = byteWidth(UInt64(integer))
        out.append(0x10 | UInt8(width.trailingZeroBitCount))
        appendBigEndian(UInt64(integer), size: width, to: &out)
    }

    static func encode(string: String, into out: inout [UInt8]) {
        var string = string
        let isASCII = string.withUTF8 { utf8 in !utf8.contains(where: { $0 >= 0x80 }) }
        if isASCII {
            string.withUTF8 { utf8 in
                appendMarker(0x50, count: utf8.count, to: &out)
                out.append(contentsOf: utf8)
            }
            return
        }
        let units = string.utf16
        appendMarker(0x60, count: units.count, to: &out)
        for unit in units {
            out.append(UInt8(unit >> 8))
            out.append(UInt8(unit & 0xFF))
        }
    }
}

/// A string that compares and hashes by its exact UTF-8 bytes, for deduplicating stored strings.
///
/// `String`'s own `==` and hashing use canonical equivalence, which would store "é" (U+00E9) and
/// "e\u{301}" as one object and so change the text of whichever was written second.
struct ExactString: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        // Lengths first: hash-table probes and key lookups mostly compare strings of other lengths.
        guard lhs.string.utf8.count == rhs.string.utf8.count else { return false }
        var left = lhs.string
        var right = rhs.string
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                // A plain loop: `elementsEqual` on the UTF-8 views costs several times more per call.
                for index in leftBytes.indices where leftBytes[index] != rightBytes[index] { return false }
                return true
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// Stores bytes into a buffer sized in advance; every store is checked against the buffer's end.
private struct ByteCursor {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var position: Int

    /// The bytes `appendMarker` writes for a container of `count` entries.
    static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 2 + BinaryPropertyListWriter.byteWidth(UInt64(count))
    }

    mutating func append(_ byte: UInt8) {
        precondition(position < buffer.count, "binary property list size miscounted")
        buffer[position] = byte
        position += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        precondition(bytes.count <= buffer.count - position, "binary property list size miscounted")
        _ = UnsafeMutableBufferPointer(rebasing: buffer[position..<(position + bytes.count)]).update(
            fromContentsOf: bytes)
        position += bytes.count
    }

    mutating func appendBigEndian(_ value: UInt64, size: Int) {
        precondition(size <= buffer.count - position, "binary property list size miscounted")
        // References and offsets take 1, 2 or 4 bytes (`byteWidth`) in all but huge files: store
        // those directly.
        switch size {
        case 1:
            buffer[position] = UInt8(truncatingIfNeeded: value)
        case 2:
            buffer[position] = UInt8(truncatingIfNeeded: value >> 8)
            buffer[position + 1] = UInt8(truncatingIfNeeded: value)
        case 4:
            buffer[position] = UInt8(truncatingIfNeeded: value >> 24)
            buffer[position + 1] = UInt8(truncatingIfNeeded: value >> 16)
            buffer[position + 2] = UInt8(truncatingIfNeeded: value >> 8)
            buffer[position + 3] = UInt8(truncatingIfNeeded: value)
        default:
            var shift = (size - 1) * 8
            for index in position..<(position + size) {
                buffer[index] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
                shift -= 8
            }
        }
        position += size
    }

    /// A container marker with its count in the low nibble, or 0xF and an integer object.
    mutating func appendMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            append(marker | UInt8(count))
            return
        }
        append(marker | 0x0F)
        let width = BinaryPropertyListWriter.byteWidth(UInt64(count))
        append(0x10 | UInt8(width.trailingZeroBitCount))
        appendBigEndian(UInt64(count), size: width)
    }
}
