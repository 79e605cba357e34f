extension String {
    /// The form two tags are compared in (SPEC §13): lower case, accents removed, so `Café`,
    /// `cafe` and `CAFÉ` are one tag, kept as first typed.
    public var tagKey: String { SearchFolding.key(self) }

    /// Why this word cannot be a tag (empty, or holding a space or a line break), `nil` when it can.
    public var tagProblem: String? {
        if isEmpty { return "a tag needs a word after +" }
        if contains(where: { $0.isWhitespace || $0.isNewline }) {
            return "\"\(self)\" is not a tag: a tag is one word without spaces"
        }
        return nil
    }
}

extension ChecklistItem {
    /// Whether the item carries a tag that matches `tag` (ignoring case and accents).
    public func hasTag(_ tag: String) -> Bool {
        let key = tag.tagKey
        return tags.contains { $0.tagKey == key }
    }
}

extension ChecklistBook {
    /// Every tag in use, as first typed (in the order checklists and items are stored), by its
    /// `tagKey`.
    public var tagSpellings: [String: String] {
        var spelling: [String: String] = [:]
        for list in checklists {
            for item in list.items {
                for tag in item.tags where spelling[tag.tagKey] == nil { spelling[tag.tagKey] = tag }
            }
        }
        return spelling
    }
}
