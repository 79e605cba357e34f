/// Encodes the fields of one archived object by key (NSCoder's keyed `encode…(forKey:)`).
///
/// One encoder serves the whole archive: encoding a nested object opens a frame on a stack of
/// pending key–value pairs, runs the object's `encode(with:)`, and closes the frame into a
/// dictionary in `$objects`, so nothing is allocated per object beyond the output itself.
public struct KeyedEncoder {
    let builder: PropertyListBuilder
    let tables: EncodingTables
    /// The UID of each distinct string already archived.
    private var stringUIDs: StringTable
    /// Class dictionaries already written, looked up linearly (archives use a handful).
    private var classUIDs: [(name: String, uid: UInt64)] = []
    /// Where the file's bytes go while they are made, when they are streamed (see `ArchiveOutput`).
    var output: ArchiveOutput?

    init(expectedObjects: Int) {
        // About 8 plist objects per 3 archived objects (each object and the UID that refers to
        // it, inline numbers, shared keys) and 60 bytes per archived object: an item of the
        // Checklists app is an item, its text and its due date, 8 plist objects in ~170 bytes.
        builder = PropertyListBuilder(reservingObjects: expectedObjects * 8 / 3 + 16, bytes: expectedObjects * 60)
        tables = EncodingTables(expectedObjects: expectedObjects)
        stringUIDs = StringTable(capacity: expectedObjects / 2)
    }

    private func keyReference(_ key: String) -> Int {
        tables.keyReference(key) { builder.add(string: $0) }
    }

    private mutating func append(key: String, value: Int) {
        tables.pending.append(keyReference(key))
        tables.pending.append(value)
    }

    private mutating func append(key: String, uid: UInt64) {
        append(key: key, value: builder.add(uid: uid))
    }

    /// Encodes a string as its own `$objects` entry, shared with every equal string.
    public mutating func encode(_ value: String, forKey key: String) {
        append(key: key, uid: uid(for: value))
    }

    /// Encodes a boolean inline, as `encodeBool(_:forKey:)` does.
    public mutating func encode(_ value: Bool, forKey key: String) {
        append(key: key, value: builder.add(bool: value))
    }

    /// Encodes an integer inline, as `encodeInteger(_:forKey:)` does.
    public mutating func encode(_ value: Int, forKey key: String) {
        append(key: key, value: builder.add(integer: Int64(value)))
    }

    /// Encodes a double inline, as `encodeDouble(_:forKey:)` does.
    public mutating func encode(_ value: Double, forKey key: String) {
        append(key: key, value: builder.add(real: value))
    }

    /// Encodes an `NSDate` object holding `referenceSeconds` (seconds since 2001-01-01 UTC).
    public mutating func encodeDate(referenceSeconds: Double, forKey key: String) {
        let uid = beginObject()
        let base = tables.pending.count
        append(key: "NS.time", value: builder.add(real: referenceSeconds))
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
            elements.append(builder.add(uid: encodeObject(value)))
            if output != nil { handOverBytes() }
        }
        let base = tables.pending.count
        append(key: "NS.objects", value: builder.add(array: elements))
        endObject(uid: uid, base: base, class: .array)
        append(key: key, uid: uid)
    }

    /// Encodes an array of strings as an `NSArray` of string objects.
    public mutating func encode(_ values: [String], forKey key: String) {
        let uid = beginObject()
        let elements = values.map { builder.add(uid: self.uid(for: $0)) }
        let base = tables.pending.count
        append(key: "NS.objects", value: builder.add(array: elements))
        endObject(uid: uid, base: base, class: .array)
        append(key: key, uid: uid)
    }

    private mutating func uid(for string: String) -> UInt64 {
        let next = UInt64(tables.objects.count)
        let uid = stringUIDs.uid(for: string) { next }
        if uid == next { tables.objects.append(builder.add(distinctString: string)) }
        return uid
    }

    /// Takes the next UID for an object whose dictionary is written when it ends.
    private mutating func beginObject() -> UInt64 {
        tables.objects.append(-1)
        return UInt64(tables.objects.count - 1)
    }

    private mutating func endObject(uid: UInt64, base: Int, class archivedClass: ArchivedClass) {
        append(key: "$class", uid: classUID(archivedClass))
        tables.objects[Int(uid)] = builder.addContainer(0xD0, elements: tables.pendingPairs(from: base))
        tables.pending.truncate(to: base)
    }

    private mutating func encodeObject<T: KeyedArchivable>(_ value: T) -> UInt64 {
        let uid = beginObject()
        let base = tables.pending.count
        value.encode(with: &self)
        endObject(uid: uid, base: base, class: T.archivedClass)
        return uid
    }

    private mutating func classUID(_ archivedClass: ArchivedClass) -> UInt64 {
        for entry in classUIDs where entry.name == archivedClass.name { return entry.uid }
        let chain = archivedClass.chain.map { builder.add(string: $0) }
        let pairs = [
            keyReference("$classname"), builder.add(string: archivedClass.name),
            keyReference("$classes"), builder.add(array: chain),
        ]
        tables.objects.append(builder.add(dictionaryPairs: pairs))
        let uid = UInt64(tables.objects.count - 1)
        classUIDs.append((archivedClass.name, uid))
        return uid
    }

    /// Hands the bytes made since the last piece to `output`, once there are enough of them.
    private mutating func handOverBytes() {
        guard var output, builder.byteCount - output.handedOver >= output.pieceSize else { return }
        output.hand(builder.storedBytes(from: output.start(rewriteCount: builder.rewriteCount)))
        self.output = output
    }

    /// Writes the archive's outer dictionary around the `$top` pairs, hands the rest of the file
    /// to `output`, and returns the file's length.
    mutating func finishStreaming() -> Int {
        let file = builder.finishInPlace(top: finishObjects())
        guard var output else { return file.count }
        output.hand(UnsafeRawBufferPointer(rebasing: file[output.start(rewriteCount: builder.rewriteCount)...]))
        self.output = output
        return file.count
    }

    /// Writes the archive's outer dictionary around the `$top` pairs and returns the bytes.
    mutating func finish() -> [UInt8] {
        builder.finish(top: finishObjects())
    }

    /// Writes `$top`, `$objects` and the outer dictionary, and returns the outer dictionary's reference.
    private mutating func finishObjects() -> Int {
        let top = builder.addContainer(0xD0, elements: tables.pendingPairs(from: 0))
        tables.pending.truncate(to: 0)
        let objectsArray = builder.addContainer(0xA0, elements: tables.objects.elements)
        return builder.add(dictionaryPairs: [
            builder.add(string: "$version"), builder.add(integer: 100_000),
            builder.add(string: "$archiver"), builder.add(string: "NSKeyedArchiver"),
            builder.add(string: "$top"), top,
            builder.add(string: "$objects"), objectsArray,
        ])
    }
}
