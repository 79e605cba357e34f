/// Validating objects without decoding them: for loading part of an archive.
extension KeyedUnarchiver {
    /// Checks objects `uids` as decoding them as `skim`'s class would, without building values,
    /// and returns for each the integer under `skim.integerKey` (`nil` where absent).
    ///
    /// Each object goes through the checks decoding it would make: it is a dictionary of the
    /// class, it is entered and left (cycles, depth and the shared budgets), and every field of
    /// `skim.fields` is read as its kind's decoder read reads it (`ObjectSkimmer`). So whenever
    /// decoding the objects with these reads throws, the skim throws too.
    public func skim(_ uids: [UInt64], _ skim: ObjectSkim) throws(KeyedArchiveError) -> [Int?] {
        var skimmer = ObjectSkimmer(archive: archive, skim: skim)
        return try skimmer.skim(uids)
    }

    /// The object indices of a `false` and a `true` object that the skims and decodes so far read
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
