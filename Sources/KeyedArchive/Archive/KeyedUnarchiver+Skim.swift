/// Validating objects without decoding them: for loading part of an archive.
extension KeyedUnarchiver {
    /// Checks objects `uids` as decoding them as `skim`'s class would, without building values,
    /// and returns for each the integer under `skim.integerKey` (`nil` where absent).
    ///
    /// Each object goes through the checks decoding it would make: it is a dictionary of the
    /// class, it is entered and left (cycles, depth and the shared budgets), and every field of
    /// `skim.fields` is read as its kind's decoder read reads it. A binary string object is checked
    /// in place (its span, and ASCII bytes below 128) instead of being built; every other value,
    /// and any unusual shape (an XML archive, a string stored inline or as an `NSString` object),
    /// goes through the decoder's own read, its result dropped. So whenever decoding the objects
    /// with these reads throws, the skim throws too.
    public func skim(_ uids: [UInt64], _ skim: ObjectSkim) throws(KeyedArchiveError) -> [Int?] {
        let integerIsListed = skim.fields.contains { $0.key == skim.integerKey && $0.kind == .integer }
        var integers: [Int?] = []
        integers.reserveCapacity(uids.count)
        for uid in uids {
            integers.append(try skimObject(uid, skim, integerIsListed: integerIsListed))
        }
        return integers
    }

    /// Skims one object; returns its integer under `skim.integerKey`.
    private func skimObject(
        _ uid: UInt64, _ skim: ObjectSkim, integerIsListed: Bool
    ) throws(KeyedArchiveError)
        -> Int?
    {
        let binary = try archive.binaryDictionary(uid)
        let decoder: KeyedDecoder
        if let binary {
            let reported = try archive.reportedClassName(ofObject: uid, binary: binary, expected: skim.archivedClass)
            decoder = KeyedDecoder(archive: archive, binary: binary, className: reported)
        } else {
            let tree = try treeFields(uid)
            let reported = try archive.reportedClassName(
                ofObject: uid, fields: .tree(tree), expected: skim.archivedClass)
            decoder = KeyedDecoder(archive: archive, tree: tree, className: reported)
        }
        try archive.enter(uid)
        defer { archive.leave(uid) }
        var integer: Int?
        for field in skim.fields {
            switch field.kind {
            case .string:
                try skimString(field, binary: binary, decoder: decoder)
            case .bool:
                if field.required {
                    _ = try decoder.decode(Bool.self, forKey: field.key)
                } else {
                    _ = try decoder.decodeIfPresent(Bool.self, forKey: field.key)
                }
            case .integer:
                let value =
                    field.required
                    ? try decoder.decode(Int.self, forKey: field.key)
                    : try decoder.decodeIfPresent(Int.self, forKey: field.key)
                if field.key == skim.integerKey { integer = value }
            case .real:
                let present = try archive.value(forKey: field.key, in: decoder.fields) != nil
                if field.required || present { _ = try decoder.decode(Double.self, forKey: field.key) }
            case .date:
                if field.required {
                    _ = try decoder.decodeDate(forKey: field.key)
                } else {
                    _ = try decoder.decodeDateIfPresent(forKey: field.key)
                }
            }
        }
        if !integerIsListed { integer = try decoder.decodeIfPresent(Int.self, forKey: skim.integerKey) }
        return integer
    }

    /// Checks a string field as `decode(String.self, forKey:)` (required) or
    /// `decodeIfPresent(String.self, forKey:)` would read it, without building the string when it
    /// is a binary string object; other shapes take the decoder's own read.
    private func skimString(
        _ field: ObjectSkim.Field,
        binary: BinaryObjectTable.Dictionary?,
        decoder: KeyedDecoder
    ) throws(KeyedArchiveError) {
        if let binary {
            let reference = try archive.reference(forKey: field.key, in: binary)
            guard reference >= 0 else {
                if field.required { throw .missingKey(field.key, inClass: decoder.className) }
                return
            }
            if let uid = try archive.uid(at: reference) {
                // `$null` is absent for the optional read; the required one reads object 0 as any other.
                if uid == 0, !field.required { return }
                if try archive.checkString(uid: uid) { return }
            }
        }
        if field.required {
            _ = try decoder.decode(String.self, forKey: field.key)
        } else {
            _ = try decoder.decodeIfPresent(String.self, forKey: field.key)
        }
    }
}
