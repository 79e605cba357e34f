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

    /// Makes new objects share the carried file's keys, class names, classes, booleans and small
    /// integers, each looked for when it is first used (`adoptCarried`, `carriedClassUIDReference`,
    /// `shareCarried(bool:)`, `shareCarried(integer:)`).
    mutating func share(_ search: CarriedObjectSearch) {
        carried = search
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

    /// Enters `string` (a key, a class name) in the string table from the carried file, when the
    /// file holds it and the table does not yet: new objects then share the file's string object.
    /// Used as a value, it would get an `$objects` entry of this edit's (the string object stays
    /// the file's one): finding the file's entry would cost a walk over `$objects`.
    func adoptCarried(_ string: String, from search: CarriedObjectSearch) {
        var bytes = string
        bytes.withUTF8 { utf8 in
            let (hash, _) = strings.fingerprint(utf8)
            let (entry, slot) = strings.find(utf8, hash: hash)
            guard entry < 0, let reference = search.reference(ofString: string) else { return }
            strings.insert(string, hash: hash, stringReference: reference, uidReference: -1, slot: slot)
        }
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
