extension KeyedEncoder {
    /// An encoder of objects appended to a binary archive of `carriedObjects` property-list objects
    /// (`ArchiveEditor`): references start after them and keep their width, and `$objects` starts
    /// with `archiveObjectCount` entries that stay the file's (-1) until replaced.
    init(appendingTo carriedObjects: Int, referenceWidth: Int, archiveObjectCount: Int) {
        builder = PropertyListBuilder(appendingTo: carriedObjects, referenceWidth: referenceWidth)
        tables = EncodingTables(expectedObjects: 64)
        tables.carryEntries(archiveObjectCount)
        strings = StringTable(capacity: 64)
    }

    /// Encodes `value` as object `uid`, an existing entry of `$objects`.
    mutating func encode<T: KeyedArchivable>(_ value: T, asObject uid: UInt64) {
        withUnsafePointer(to: value) { value in encodeFields(at: value, asObject: uid) }
    }

    /// Makes new objects share the carried file's strings, classes, booleans and small integers,
    /// each looked for when it is first used (`adoptCarried`, `carriedClassUIDReference`,
    /// `shareCarried(bool:)`, `shareCarried(integer:)`).
    mutating func share(_ index: CarriedStringIndex) {
        carried = index
    }

    /// Makes the carried file's object holding `value`, if it has one, the one `builder` gives for
    /// it, unless `builder` already has one.
    func shareCarried(bool value: Bool) {
        guard let carried, !builder.holds(bool: value), let reference = carried.reference(ofBool: value) else { return }
        builder.reuse(bool: value, reference: reference)
    }

    /// `shareCarried(bool:)` for an integer: those of 0 to 255 are stored once.
    func shareCarried(integer value: Int) {
        guard let carried, value >= 0, value < 256, !builder.holds(smallInteger: value),
            let reference = carried.reference(ofSmallInteger: value)
        else { return }
        builder.reuse(smallInteger: value, reference: reference)
    }

    /// The reference of a new UID object of the carried file's class dictionary named `name`, entered
    /// among this encoder's classes; `nil` when the file has none (or this edit replaced its entry).
    func carriedClassUIDReference(_ name: String) -> Int? {
        guard let uid = carried?.classUID(named: name), uid < tables.objectCount, tables.object(uid) < 0
        else { return nil }
        let reference = builder.add(uniqueUID: UInt64(uid))
        tables.classUIDs.append((name, reference))
        return reference
    }

    /// Enters `string` in the string table from the carried file, when the file holds it and the
    /// table does not yet: keys and class names then share the file's string objects.
    func adoptCarried(_ string: String, from index: CarriedStringIndex) {
        var bytes = string
        bytes.withUTF8 { utf8 in
            let (hash, isASCII) = strings.fingerprint(utf8)
            let (entry, slot) = strings.find(utf8, hash: hash)
            guard entry < 0 else { return }
            _ = adoptCarried(string, utf8: utf8, hash: hash, isASCII: isASCII, slot: slot, from: index)
        }
    }

    /// Enters `string` (bytes `utf8`, hash `hash`, absent from the table, whose `slot` it takes)
    /// from the carried file with its string object; returns its entry, or -1 when the file does
    /// not hold it. Used as a value, it then gets an `$objects` entry of this edit's (the string
    /// object stays the file's one): finding the file's entry would cost a walk over `$objects`.
    func adoptCarried(
        _ string: String,
        utf8: UnsafeBufferPointer<UInt8>,
        hash: UInt64,
        isASCII: Bool,
        slot: Int,
        from index: CarriedStringIndex
    ) -> Int {
        guard let reference = index.reference(ofUTF8: utf8, isASCII: isASCII) else { return -1 }
        let entry = strings.count
        strings.insert(string, hash: hash, stringReference: reference, uidReference: -1, slot: slot)
        return entry
    }

    /// What the dictionary of an `NSArray` object refers to besides its elements, as `encode(_:forKey:)`
    /// writes it: the `NS.objects` and `$class` keys and the UID object of the `NSArray` class.
    func arrayDictionaryReferences() -> (objectsKey: Int, classKey: Int, arrayClass: Int) {
        let objectsKey = keyReference("NS.objects")
        if tables.classKeyReference < 0 { tables.classKeyReference = keyReference("$class") }
        if tables.arrayClassReference < 0 { tables.arrayClassReference = classUIDReference(.array) }
        return (objectsKey, tables.classKeyReference, tables.arrayClassReference)
    }
}
