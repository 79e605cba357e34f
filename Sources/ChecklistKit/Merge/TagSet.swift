/// An item's tags as a set for the merge (SPEC §13): a tag added on one side and another removed
/// on the other both happen.
///
/// Tags match ignoring case and accents (`Urgent`, `urgent` and `úrgent` are one tag) and keep
/// the spelling they were first typed with: OURS's where OURS has the tag, else THEIRS's.
enum TagSet {
    /// The merged tags: BASE's that neither side removed, then those either side added, in
    /// OURS's order followed by THEIRS's.
    static func merge(base: [String]?, ours: [String], theirs: [String]) -> [String] {
        // The common cases keep a side's list exactly (SPEC §8 rule 8).
        if ours == theirs || base == theirs { return ours }
        if base == ours { return theirs }
        let baseKeys = Set((base ?? []).map(key))
        let oursKeys = Set(ours.map(key))
        let theirsKeys = Set(theirs.map(key))
        var taken = Set<String>()
        var result: [String] = []
        for tag in ours + theirs {
            let tagKey = key(tag)
            // A base tag stays unless a side removed it; a new one stays whichever side added it.
            let kept =
                baseKeys.contains(tagKey) ? oursKeys.contains(tagKey) && theirsKeys.contains(tagKey) : true
            if kept, taken.insert(tagKey).inserted { result.append(tag) }
        }
        return result
    }

    /// What two tags are compared by: the tag without case or accents.
    static func key(_ tag: String) -> String {
        SearchFolding.key(tag)
    }
}
