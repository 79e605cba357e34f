/// Encodes the fields of one archived object by key (NSCoder's keyed `encode…(forKey:)`).
///
/// One encoder serves the whole archive: encoding a nested object opens a frame on a stack of
/// pending key–value pairs, runs the object's `encode(with:)`, and closes the frame into a
/// dictionary in `$objects`, so nothing is allocated per object beyond the output itself. Its
/// objects live in classes (the builder, the tables, the strings), so a copy of the encoder adds
/// to the same archive; only the streaming of the file (`output`) is the copy's own.
public struct KeyedEncoder {
    let builder: PropertyListBuilder
    let tables: EncodingTables
    /// The reference of the UID object of each distinct string already archived.
    let strings: StringTable
    /// What new objects share of the file an `ArchiveEditor` appends to (its keys, class names,
    /// classes, booleans, small integers); `nil` for a whole archive.
    var carried: CarriedObjectSearch?
    /// Where the file's bytes go while they are made, when they are streamed (see `ArchiveOutput`).
    var output: ArchiveOutput? {
        didSet { nextHandOver = output.map { $0.handedOver + $0.pieceSize } ?? .max }
    }
    /// The byte count at which the next piece goes to `output` (never, without one): a plain
    /// comparison per archived object, where reading `output` would retain its closure.
    private var nextHandOver = Int.max

    init(expectedObjects: Int) {
        // About 8 plist objects per 3 archived objects (each object and the UID that refers to
        // it, inline numbers, shared keys) and 60 bytes per archived object: an item of the
        // Checklists app is an item, its text and its due date, 8 plist objects in ~170 bytes.
        builder = PropertyListBuilder(reservingObjects: expectedObjects * 8 / 3 + 16, bytes: expectedObjects * 60)
        tables = EncodingTables(expectedObjects: expectedObjects)
        strings = StringTable(capacity: expectedObjects / 2)
        tables.objects.append(plainString(KeyedArchiver.nullString))
    }

    @inline(__always)
    func keyReference(_ key: String) -> Int {
        tables.keyReference(key) { plainString($0) }
    }

    /// The reference of the string object of `string` when it is not a value: a key, a class name
    /// or part of the envelope (`$null` too, whose `$objects` entry the archiver adds itself).
    func plainString(_ string: String) -> Int {
        if let carried { adoptCarried(string, from: carried) }
        return strings.stringReference(string, builder: builder)
    }

    /// Pushes a field whose value is already stored; the key is looked up (and stored the first
    /// time) after the value, as the objects' order in the file requires.
    @inline(__always)
    private func append(key: String, value: Int) {
        tables.pushPair(key: keyReference(key), value: value)
    }

    /// Encodes a string as its own `$objects` entry, shared with every equal string.
    public mutating func encode(_ value: String, forKey key: String) {
        append(key: key, value: stringUIDReference(value))
    }

    /// Encodes a boolean inline, as `encodeBool(_:forKey:)` does.
    public mutating func encode(_ value: Bool, forKey key: String) {
        if carried != nil { shareCarried(bool: value) }
        append(key: key, value: builder.add(bool: value))
    }

    /// Encodes an integer inline, as `encodeInteger(_:forKey:)` does.
    public mutating func encode(_ value: Int, forKey key: String) {
        if carried != nil { shareCarried(integer: value) }
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
        let time = builder.add(real: referenceSeconds)
        if tables.timeKeyReference < 0 { tables.timeKeyReference = keyReference("NS.time") }
        tables.pushPair(key: tables.timeKeyReference, value: time)
        if tables.dateClassReference < 0 { tables.dateClassReference = classUIDReference(.date) }
        endObject(uid: uid, base: base, classReference: tables.dateClassReference)
        append(key: key, value: builder.add(uniqueUID: uid))
    }

    /// Encodes a nested archivable value as its own object.
    public mutating func encode<T: KeyedArchivable>(_ value: T, forKey key: String) {
        append(key: key, value: builder.add(uniqueUID: encodeObject(value)))
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
        // The elements' UID references go on the pending stack, which each element's own fields
        // leave as they found it, rather than into an array checked for uniqueness per append.
        let start = tables.pending.count
        // Elements borrowed from the buffer by address: iterating the array copied each value through
        // its value witnesses (and destroyed the copy), as this generic code is not specialized for the
        // caller's type.
        // The tables and the builder held in locals: read from `self` after each element, which the
        // element's `encode(with:)` may change, they were retained and released per element.
        let tables = tables
        let builder = builder
        values.withUnsafeBufferPointer { values in
            guard let first = values.baseAddress else { return }
            for index in values.indices {
                let element = encodeObject(at: first + index)
                tables.pending.append(builder.add(uniqueUID: element))
            }
        }
        let array = builder.addArray(elements: tables.pendingPairs(from: start))
        tables.pending.truncate(to: start)
        endArray(uid: uid, array: array, forKey: key)
    }

    /// Encodes an array of strings as an `NSArray` of string objects.
    public mutating func encode(_ values: [String], forKey key: String) {
        let uid = beginObject()
        let elements = values.map { stringUIDReference($0) }
        endArray(uid: uid, array: builder.add(array: elements), forKey: key)
    }

    /// Writes the `NSArray` object `uid` around its `NS.objects` array `array`, and its field `key`.
    private mutating func endArray(uid: UInt64, array: Int, forKey key: String) {
        let base = tables.pending.count
        append(key: "NS.objects", value: array)
        if tables.arrayClassReference < 0 { tables.arrayClassReference = classUIDReference(.array) }
        endObject(uid: uid, base: base, classReference: tables.arrayClassReference)
        append(key: key, value: builder.add(uniqueUID: uid))
    }

    /// The reference of the UID object of `string`, storing the string (with the next UID) and
    /// its UID object the first time.
    ///
    /// One pass over the bytes both hashes them and tells whether they are ASCII, and one
    /// `withUTF8` serves the lookup and the writing: item texts are mostly distinct. An edit does
    /// not look for a value among the carried file's strings (`CarriedObjectSearch`).
    ///
    /// The bytes are borrowed from the string's own storage when it is contiguous UTF-8 (native
    /// strings): `withUTF8` needs a `var` copy, which cost a retain and a release per string.
    func stringUIDReference(_ string: String) -> Int {
        if let reference = string.utf8.withContiguousStorageIfAvailable({ stringUIDReference(string, utf8: $0) }) {
            return reference
        }
        var bytes = string
        return bytes.withUTF8 { stringUIDReference(string, utf8: $0) }
    }

    /// `stringUIDReference` for `string`, whose UTF-8 bytes are `utf8`.
    @inline(__always)
    private func stringUIDReference(_ string: String, utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let (hash, isASCII) = strings.fingerprint(utf8)
        let (entry, slot) = strings.find(utf8, hash: hash)
        let uid = UInt64(tables.objectCount)
        if entry >= 0 {
            let known = strings.uidReference(of: entry)
            if known >= 0 { return known }
            // Stored as a key or class name so far: the same string object becomes a value too.
            tables.objects.append(strings.stringReference(of: entry))
            let reference = builder.add(uniqueUID: uid)
            strings.setUIDReference(reference, of: entry)
            return reference
        }
        let stringReference = builder.add(distinctUTF8: utf8, isASCII: isASCII)
        tables.objects.append(stringReference)
        let reference = builder.add(uniqueUID: uid)
        strings.insert(string, hash: hash, stringReference: stringReference, uidReference: reference, slot: slot)
        return reference
    }

    /// Takes the next UID for an object whose dictionary is written when it ends.
    @inline(__always)
    private func beginObject() -> UInt64 {
        tables.objects.append(-1)
        return UInt64(tables.objectCount &- 1)
    }

    /// Writes the dictionary of object `uid` from its pending pairs and `$class`.
    func endObject(uid: UInt64, base: Int, classReference: Int) {
        if tables.classKeyReference < 0 { tables.classKeyReference = keyReference("$class") }
        tables.pushPair(key: tables.classKeyReference, value: classReference)
        tables.setObject(builder.addDictionary(pairs: tables.pendingPairs(from: base)), Int(uid))
        tables.pending.truncate(to: base)
    }

    /// Encodes `value` as its own object and returns its UID.
    mutating func encodeObject<T: KeyedArchivable>(_ value: T) -> UInt64 {
        withUnsafePointer(to: value) { value in encodeObject(at: value) }
    }

    /// Encodes the value at `value` as its own object and returns its UID.
    private mutating func encodeObject<T: KeyedArchivable>(at value: UnsafePointer<T>) -> UInt64 {
        let uid = beginObject()
        encodeFields(at: value, asObject: uid)
        return uid
    }

    /// Encodes the value at `value` as object `uid`, whose `$objects` entry exists already.
    @inline(__always)
    mutating func encodeFields<T: KeyedArchivable>(at value: UnsafePointer<T>, asObject uid: UInt64) {
        let base = tables.pending.count
        value.pointee.encode(with: &self)
        let type = ObjectIdentifier(T.self)
        let classReference: Int
        if let known = tables.classUIDReference(forType: type) {
            classReference = known
        } else {
            classReference = classUIDReference(T.archivedClass)
            tables.setClassUIDReference(classReference, forType: type)
        }
        endObject(uid: uid, base: base, classReference: classReference)
        // Every object is a point where the file so far is final: hand it over once a piece is due.
        if builder.byteCount >= nextHandOver { handOverBytes() }
    }

    /// The reference of the UID object of `archivedClass`'s dictionary, storing the dictionary
    /// and the UID object the first time the class name is met (an edit's encoder shares the
    /// dictionary of the file it appends to, when the file has one of that name).
    func classUIDReference(_ archivedClass: ArchivedClass) -> Int {
        for entry in tables.classUIDs where entry.name == archivedClass.name { return entry.uidReference }
        if carried != nil, let reference = carriedClassUIDReference(archivedClass.name) { return reference }
        let chain = archivedClass.chain.map { plainString($0) }
        let pairs = [
            keyReference("$classname"), plainString(archivedClass.name),
            keyReference("$classes"), builder.add(array: chain),
        ]
        tables.objects.append(builder.add(dictionaryPairs: pairs))
        let reference = builder.add(uniqueUID: UInt64(tables.objectCount - 1))
        tables.classUIDs.append((archivedClass.name, reference))
        return reference
    }

    /// Hands the bytes made since the last piece to `output`.
    private mutating func handOverBytes() {
        guard var output else { return }
        output.hand(builder.storedBytes(from: output.start(rewriteCount: builder.rewriteCount)))
        self.output = output
    }

    /// Writes the archive's outer dictionary around the `$top` pairs, hands the rest of the file
    /// to `output`, and returns the file's length.
    mutating func finishStreaming() -> Int {
        let file = builder.finishInPlace(top: finishObjects())
        guard var output else { return file.count }
        output.hand(UnsafeRawBufferPointer(rebasing: file[output.start(rewriteCount: builder.rewriteCount)...]))
        return file.count
    }

    /// Writes the archive's outer dictionary around the `$top` pairs and returns the bytes.
    mutating func finish() -> [UInt8] {
        builder.finish(top: finishObjects())
    }

    /// Writes `$top`, `$objects` and the outer dictionary, and returns the outer dictionary's reference.
    private mutating func finishObjects() -> Int {
        let top = builder.addDictionary(pairs: tables.pendingPairs(from: 0))
        tables.pending.truncate(to: 0)
        let objectsArray = builder.addArray(elements: tables.objects.elements)
        return builder.add(dictionaryPairs: [
            plainString("$version"), builder.add(integer: 100_000),
            plainString("$archiver"), plainString("NSKeyedArchiver"),
            plainString("$top"), top,
            plainString("$objects"), objectsArray,
        ])
    }
}
