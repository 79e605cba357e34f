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
}
