/// References read without decoding what they name: for loading part of an archive.
extension KeyedDecoder {
    /// The UID of the object under `key` (`nil` when absent; throws when the value is not a UID
    /// or names no object). `$null` is UID 0.
    public func objectUID(forKey key: String) throws(KeyedArchiveError) -> UInt64? {
        try referencedObject(key, expected: "an object reference")
    }

    /// The element UIDs of the NSArray / NSMutableArray object under `key`, each checked to
    /// exist, none decoded (`nil` when the key is absent). The array is checked as
    /// `decode([T].self, forKey:)` checks it: its class, `NS.objects`, every element a UID.
    public func arrayElementUIDs(forKey key: String) throws(KeyedArchiveError) -> [UInt64]? {
        guard let uid = try referencedObject(key, expected: "an array reference") else { return nil }
        let elements = try arrayElements(uid: uid, key: key)
        // Entered and left as decoding the array would: the same cycle, depth and budget checks.
        try archive.enter(uid)
        archive.leave(uid)
        let uids: [UInt64]
        switch elements {
        case .uids(let binary):
            uids = binary
        case .values(let values):
            var collected: [UInt64] = []
            collected.reserveCapacity(values.count)
            for element in values {
                guard let elementUID = ArchiveObjects.uid(of: element) else {
                    throw .typeMismatch(key: key, expected: "an array of references", found: element.kindName)
                }
                collected.append(elementUID)
            }
            uids = collected
        }
        for elementUID in uids where elementUID >= UInt64(archive.count) {
            throw .danglingReference(elementUID, objectCount: archive.count)
        }
        return uids
    }

    /// The number of elements of the NSArray / NSMutableArray object under `key`, none of them
    /// read (`nil` when the key is absent): the array itself checked as `arrayElementUIDs(forKey:)`
    /// checks it (its class, `NS.objects`, its extent in the file), not what it holds.
    public func arrayElementCount(forKey key: String) throws(KeyedArchiveError) -> Int? {
        guard let uid = try referencedObject(key, expected: "an array reference") else { return nil }
        let (objects, name) = try arrayObjects(uid: uid, key: key)
        guard let count = try archive.elementCount(in: objects) else { throw .missingKey("NS.objects", inClass: name) }
        try archive.enter(uid)
        archive.leave(uid)
        return count
    }

    /// The UID under `key`, checked to name an object; `nil` when the key is absent.
    private func referencedObject(_ key: String, expected: String) throws(KeyedArchiveError) -> UInt64? {
        guard let field = try archive.value(forKey: key, in: fields) else { return nil }
        let uid: UInt64
        if let binary = try archive.uid(in: field) {
            uid = binary
        } else {
            let value = try archive.propertyList(field)
            guard let decoded = ArchiveObjects.uid(of: value) else {
                throw .typeMismatch(key: key, expected: expected, found: value.kindName)
            }
            uid = decoded
        }
        guard uid < UInt64(archive.count) else { throw .danglingReference(uid, objectCount: archive.count) }
        return uid
    }
}
