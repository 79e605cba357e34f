extension ChecklistItem {
    /// Adds each of `tags` the item does not carry yet (ignoring case and accents), in order,
    /// each spelled as `inUse` spells its key when it is in use already.
    ///
    /// The tags are appended to a copy set once: each append to `tags` itself builds a new box of
    /// the item's fields, copying every tag so far, which made thousands of words quadratic.
    mutating func addTags(_ typed: [String], inUse: [String: String]) {
        var itemTags = tags
        var carried = Set(itemTags.map(\.tagKey))
        for tag in typed {
            let key = tag.tagKey
            if carried.insert(key).inserted { itemTags.append(inUse[key] ?? tag) }
        }
        tags = itemTags
    }

    /// Removes the tags whose key is one of `typed`'s.
    mutating func removeTags(_ typed: [String]) {
        let removed = Set(typed.map(\.tagKey))
        tags.removeAll { removed.contains($0.tagKey) }
    }
}
