/// Builds a binary property list (`bplist00`) in CoreFoundation's layout, object by object.
///
/// Children are added before their containers, each `add…` call returning the new object's
/// reference. Strings, UIDs, booleans and integers below 256 are stored once per distinct value.
/// `finish(top:)` picks the smallest reference and offset widths and writes the trailer. A value
/// type: the objects live in a `PropertyListBuilder` that is copied when a shared writer changes.
public struct BinaryPropertyListWriter {
    private var builder: PropertyListBuilder

    /// Creates an empty writer.
    public init() {
        self.init(reservingObjects: 16, bytes: 256)
    }

    /// Creates a writer with room for about `objects` objects and `bytes` bytes of file.
    public init(reservingObjects objects: Int, bytes: Int) {
        builder = PropertyListBuilder(reservingObjects: objects, bytes: bytes)
    }

    /// The number of objects added so far.
    public var objectCount: Int { builder.objectCount }

    /// The builder, copied first if another writer shares it.
    private var unique: PropertyListBuilder {
        mutating get {
            if !isKnownUniquelyReferenced(&builder) { builder = builder.copy() }
            return builder
        }
    }

    /// Adds a string (ASCII when every character is below 128, else UTF-16BE), once per value.
    public mutating func add(string: String) -> Int { unique.add(string: string) }

    /// Adds a signed integer in the fewest bytes CoreFoundation would use.
    public mutating func add(integer: Int64) -> Int { unique.add(integer: integer) }

    /// Adds an unsigned integer; values above `Int64.max` take 16 bytes as in CoreFoundation.
    public mutating func add(unsignedInteger value: UInt64) -> Int { unique.add(unsignedInteger: value) }

    /// Adds an 8-byte real.
    public mutating func add(real: Double) -> Int { unique.add(real: real) }

    /// Adds a date (seconds since 2001-01-01T00:00:00Z).
    public mutating func add(date: Double) -> Int { unique.add(date: date) }

    /// Adds a boolean; each of the two values is stored once.
    public mutating func add(bool: Bool) -> Int { unique.add(bool: bool) }

    /// Adds raw bytes.
    public mutating func add(data: [UInt8]) -> Int { unique.add(data: data) }

    /// Adds a keyed-archive UID in the fewest bytes, once per value.
    public mutating func add(uid: UInt64) -> Int { unique.add(uid: uid) }

    /// Adds an array of objects added earlier.
    public mutating func add<C: Collection<Int>>(array elements: C) -> Int {
        let builder = unique
        return elements.withContiguousStorageIfAvailable { builder.addArray(elements: $0) }
            ?? Array(elements).withUnsafeBufferPointer { builder.addArray(elements: $0) }
    }

    /// Adds a dictionary from interleaved key and value references: key0, value0, key1, value1….
    public mutating func add<C: Collection<Int>>(dictionaryPairs pairs: C) -> Int {
        let builder = unique
        return pairs.withContiguousStorageIfAvailable { builder.addDictionary(pairs: $0) }
            ?? Array(pairs).withUnsafeBufferPointer { builder.addDictionary(pairs: $0) }
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
        builder.finish(top: top)
    }

    /// Encodes a whole tree as a binary property list.
    public static func write(_ value: PropertyList) -> [UInt8] {
        var writer = BinaryPropertyListWriter()
        let top = writer.add(value)
        return writer.finish(top: top)
    }
}
