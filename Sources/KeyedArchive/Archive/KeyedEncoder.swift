/// Encodes the fields of one archived object by key (NSCoder's keyed `encode…(forKey:)`).
///
/// One encoder serves the whole archive: encoding a nested object opens a frame on a stack of
/// pending key–value pairs, runs the object's `encode(with:)`, and closes the frame into a
/// dictionary in `$objects`, so nothing is allocated per object beyond the output itself.
public struct KeyedEncoder {
    var writer: BinaryPropertyListWriter
    /// The binary-plist reference of each `$objects` entry; the index is the object's UID.
    var objects: [Int] = []
    /// The UID of each distinct string already archived.
    private var stringUIDs: StringTable
    /// Class dictionaries already written, looked up linearly (archives use a handful).
    private var classUIDs: [(name: String, uid: UInt64)] = []
    /// Interleaved key and value references of the objects being encoded, innermost last.
    private var pending: [Int] = []
    /// References of the key strings used so far, looked up linearly before hashing.
    private var recentKeys: [(bits: (UInt64, UInt64), key: String, reference: Int)] = []

    init(expectedObjects: Int) {
        // About three plist objects per archived object (itself, its UIDs, inline numbers).
        writer = BinaryPropertyListWriter(reservingObjects: expectedObjects * 3, bytes: expectedObjects * 24)
        objects.reserveCapacity(expectedObjects)
        stringUIDs = StringTable(capacity: expectedObjects / 2)
        pending.reserveCapacity(64)
    }

    private mutating func keyReference(_ key: String) -> Int {
        // Keys are nearly always the same literals: equal raw bits mean an equal string, and
        // comparing two words per entry is far cheaper than comparing strings.
        let bits = unsafeBitCast(key, to: (UInt64, UInt64).self)
        for entry in recentKeys where entry.bits.0 == bits.0 && entry.bits.1 == bits.1 { return entry.reference }
        let reference = writer.add(string: key)
        if recentKeys.count < 32 { recentKeys.append((bits, key, reference)) }
        return reference
    }

    private mutating func append(key: String, value: Int) {
        pending.append(keyReference(key))
        pending.append(value)
    }

    private mutating func append(key: String, uid: UInt64) {
        append(key: key, value: writer.add(uid: uid))
    }

    /// Encodes a string as its own `$objects` entry, shared with every equal string.
    public mutating func encode(_ value: String, forKey key: String) {
        append(key: key, uid: uid(for: value))
    }

    /// Encodes a boolean inline, as `encodeBool(_:forKey:)` does.
    public mutating func encode(_ value: Bool, forKey key: String) {
        append(key: key, value: writer.add(bool: value))
    }

    /// Encodes an integer inline, as `encodeInteger(_:forKey:)` does.
    public mutating func encode(_ value: Int, forKey key: String) {
        append(key: key, value: writer.add(integer: Int64(value)))
    }

    /// Encodes a double inline, as `encodeDouble(_:forKey:)` does.
    public mutating func encode(_ value: Double, forKey key: String) {
        append(key: key, value: writer.add(real: value))
    }

    /// Encodes an `NSDate` object holding `referenceSeconds` (seconds since 2001-01-01 UTC).
    public mutating func encodeDate(referenceSeconds: Double, forKey key: String) {
        let uid = beginObject()
        let base = pending.count
        append(key: "NS.time", value: writer.add(real: referenceSeconds))
        endObject(uid: uid, base: base, class: .date)
        append(key: key, uid: uid)
    }

    /// Encodes a nested archivable value as its own object.
    public mutating func encode<T: KeyedArchivable>(_ value: T, forKey key: String) {
        append(key: key, uid: encodeObject(value))
    }

    /// Encodes an optional value; `nil` writes nothing, as Foundation does for nil objects.
    public mutating func encodeIfPresent<T: KeyedArchivable>(_ value: T?, forKey key: String) {
        if let value { encode(value, forKey: key) }
    }

    /// Encodes an optional string; `nil` writes nothing.
    public mutating func encodeIfPresent(_ value: String?, forKey key: String) {
        if let value { encode(value, forKey: key) }
    }

    /// Encodes an array of archivable values as an `NSArray` with `NS.objects`.
    public mutating func encode<T: KeyedArchivable>(_ values: [T], forKey key: String) {
        let uid = beginObject()
        var elements = [Int]()
        elements.reserveCapacity(values.count)
        for value in values {
            elements.append(writer.add(uid: encodeObject(value)))
        }
        let base = pending.count
        append(key: "NS.objects", value: writer.add(array: elements))
        endObject(uid: uid, base: base, class: .array)
        append(key: key, uid: uid)
    }

    /// Encodes an array of strings as an `NSArray` of string objects.
    public mutating func encode(_ values: [String], forKey key: String) {
        let uid = beginObject()
        let elements = values.map { writer.add(uid: self.uid(for: $0)) }
        let base = pending.count
        append(key: "NS.objects", value: writer.add(array: elements))
        endObject(uid: uid, base: base, class: .array)
        append(key: key, uid: uid)
    }

    private mutating func uid(for string: String) -> UInt64 {
        let next = UInt64(objects.count)
        let uid = stringUIDs.uid(for: string) { next }
        if uid == next { objects.append(writer.add(distinctString: string)) }
        return uid
    }

    /// Takes the next UID for an object whose dictionary is written when it ends.
    private mutating func beginObject() -> UInt64 {
        objects.append(-1)
        return UInt64(objects.count - 1)
    }

    private mutating func endObject(uid: UInt64, base: Int, class archivedClass: ArchivedClass) {
        append(key: "$class", uid: classUID(archivedClass))
        objects[Int(uid)] = writer.add(dictionaryPairs: pending[base...])
        pending.removeSubrange(base...)
    }

    private mutating func encodeObject<T: KeyedArchivable>(_ value: T) -> UInt64 {
        let uid = beginObject()
        let base = pending.count
        value.encode(with: &self)
        endObject(uid: uid, base: base, class: T.archivedClass)
        return uid
    }

    private mutating func classUID(_ archivedClass: ArchivedClass) -> UInt64 {
        for entry in classUIDs where entry.name == archivedClass.name { return entry.uid }
        let chain = archivedClass.chain.map { writer.add(string: $0) }
        let pairs = [
            keyReference("$classname"), writer.add(string: archivedClass.name),
            keyReference("$classes"), writer.add(array: chain),
        ]
        objects.append(writer.add(dictionaryPairs: pairs))
        let uid = UInt64(objects.count - 1)
        classUIDs.append((archivedClass.name, uid))
        return uid
    }

    /// Writes the archive's outer dictionary around the `$top` pairs and returns the bytes.
    mutating func finish() -> [UInt8] {
        let top = writer.add(dictionaryPairs: pending[...])
        pending.removeAll()
        let objectsArray = writer.add(array: objects)
        let root = writer.add(dictionaryPairs: [
            writer.add(string: "$version"), writer.add(integer: 100_000),
            writer.add(string: "$archiver"), writer.add(string: "NSKeyedArchiver"),
            writer.add(string: "$top"), top,
            writer.add(string: "$objects"), objectsArray,
        ])
        return writer.finish(top: root)
    }
}
