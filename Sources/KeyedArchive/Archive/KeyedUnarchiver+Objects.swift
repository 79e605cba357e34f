/// Objects reached by UID rather than through `$top`: for loading part of an archive.
extension KeyedUnarchiver {
    /// A decoder for the object `uid`, checked to be a dictionary of class `archivedClass`
    /// (class names matched as decoding matches them: any module prefix).
    ///
    /// The object is not marked as being decoded: cycles are caught by the decoding of what it
    /// refers to, as they are for any object.
    public func decoder(
        forObject uid: UInt64, of archivedClass: ArchivedClass
    ) throws(KeyedArchiveError)
        -> KeyedDecoder
    {
        if let dictionary = try archive.binaryDictionary(uid) {
            let reported = try archive.reportedClassName(ofObject: uid, binary: dictionary, expected: archivedClass)
            return KeyedDecoder(archive: archive, binary: dictionary, className: reported)
        }
        let tree = try treeFields(uid)
        let reported = try archive.reportedClassName(ofObject: uid, fields: .tree(tree), expected: archivedClass)
        return KeyedDecoder(archive: archive, tree: tree, className: reported)
    }

    /// Decodes the objects `uids` as `T`, as decoding an array of them would.
    public func decode<T: KeyedArchivable>(_ type: T.Type, objects uids: [UInt64]) throws(KeyedArchiveError) -> [T] {
        let decoder = topLevel
        // Read once: the protocol requirement hands out a fresh copy on every call.
        let archivedClass = T.archivedClass
        var result: [T] = []
        result.reserveCapacity(uids.count)
        for uid in uids {
            result.append(try decoder.decodeObject(T.self, archivedClass: archivedClass, uid: uid, key: "$objects"))
        }
        return result
    }

    /// The fields of object `uid` when it is a decoded dictionary (an XML archive's); throws
    /// for anything else (a binary dictionary is read in place by the callers first).
    func treeFields(_ uid: UInt64) throws(KeyedArchiveError) -> PropertyListDictionary {
        guard case .tree(let tree)? = try archive.fields(uid) else {
            throw .typeMismatch(key: "$objects", expected: "an object", found: try archive.object(uid).kindName)
        }
        return tree
    }
}
