/// Reading objects in place: for loading part of an archive.
extension KeyedUnarchiver {
    /// The integer under the ASCII key `key` of each object of `uids`, read in place with no check
    /// but the bounds every read keeps (`nil` for an object that is not a dictionary, lacks the
    /// key or holds no integer there); `nil` for an archive that is not a binary property list.
    ///
    /// A look, not a skim: it refuses nothing, so it only serves to find objects that the caller
    /// then decodes, and checks, in full (the checklist holding an `#ID`).
    public func peekIntegers(forKey key: StaticString, ofObjects uids: [UInt64]) -> [Int?]? {
        guard let layout = archive.table?.layout else { return nil }
        let references = archive.references
        let wanted = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        // The key's string object, as last found: archivers store each key once, so the keys are
        // compared by reference, and by their bytes only in an object where that finds none.
        var keyObject = -1
        return uids.map { uid -> Int? in
            guard uid < UInt64(references.count),
                let (keysStart, count) = layout.peekDictionary(references[Int(uid)])
            else { return nil }
            let width = layout.referenceSize
            var entry = 0
            while entry < count, layout.peekReference(at: keysStart &+ entry &* width) != keyObject { entry &+= 1 }
            if entry == count {
                entry = 0
                while entry < count {
                    if let key = layout.peekReference(at: keysStart &+ entry &* width),
                        layout.peekASCII(key)?.hasSameBytes(as: wanted) == true
                    {
                        keyObject = key
                        break
                    }
                    entry &+= 1
                }
            }
            guard entry < count, let value = layout.peekReference(at: keysStart &+ (count &+ entry) &* width),
                let integer = layout.peekInteger(value)
            else { return nil }
            return Int(truncatingIfNeeded: integer)
        }
    }

    /// The object indices of a `false` and a `true` object that the decodes so far read
    /// in place, if any: an `ArchiveEditor` of the same file gives them to the objects it adds
    /// instead of looking for such objects in the whole file.
    public var booleanObjects: (false: Int?, true: Int?) {
        let seen = archive.booleanObjects
        return (seen.false >= 0 ? seen.false : nil, seen.true >= 0 ? seen.true : nil)
    }

    /// Decodes objects `uids` as `T`, as `decode(_:objects:)` does, the objects after the first of
    /// each shape built from the values `skim` reads in place (`T.init(skimmed:)`): the same
    /// checks and result, without the decoder's lookups for each field.
    ///
    /// `skim` lists the fields `T.init(skimmed:)` reads, in its order. An object the skim cannot
    /// read in place, or that `init(skimmed:)` declines, is decoded through `T.init(from:)`. As
    /// the skim reads every field it lists, it may refuse a damaged one that `init(from:)` would
    /// not have read.
    public func decode<T: SkimDecodable>(
        _ type: T.Type,
        objects uids: [UInt64],
        reading skim: ObjectSkim
    ) throws(KeyedArchiveError) -> [T] {
        var skimmer = ObjectSkimmer(archive: archive, skim: skim)
        return try skimmer.decode(uids, as: T.self, with: topLevel)
    }
}
