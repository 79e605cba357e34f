import KeyedArchive

/// The archived fields of one item as a reader gets them, `nil` where absent: from the decoder,
/// or from the values a skim read in place. One set of rules (`ChecklistItem.init(text:reading:)`)
/// turns either into an item, so the two cannot drift apart.
protocol ArchivedItemFields {
    func string(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> String?
    func bool(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> Bool?
    func integer(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> Int?
    func date(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> Double?
    func strings(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> [String]?
}

extension KeyedDecoder: ArchivedItemFields {
    /// The string under `key`, `nil` when absent.
    func string(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> String? {
        try decodeIfPresent(String.self, forKey: key.name)
    }

    /// The boolean under `key`, `nil` when absent.
    func bool(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> Bool? {
        try decodeIfPresent(Bool.self, forKey: key.name)
    }

    /// The integer under `key`, `nil` when absent.
    func integer(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> Int? {
        try decodeIfPresent(Int.self, forKey: key.name)
    }

    /// The date under `key` (seconds since 2001-01-01 UTC), `nil` when absent.
    func date(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> Double? {
        try decodeDateIfPresent(forKey: key.name)
    }

    /// The strings under `key` (one for a lone string), `nil` when absent.
    func strings(_ key: ItemArchiveKey) throws(KeyedArchiveError) -> [String]? {
        try decodeStringsIfPresent(forKey: key.name)
    }
}

extension ObjectSkim.Values: ArchivedItemFields {
    /// The string the skim read under `key`, `nil` when absent.
    func string(_ key: ItemArchiveKey) -> String? { string(key.rawValue) }

    /// The boolean the skim read under `key`, `nil` when absent.
    func bool(_ key: ItemArchiveKey) -> Bool? { bool(key.rawValue) }

    /// The integer the skim read under `key`, `nil` when absent.
    func integer(_ key: ItemArchiveKey) -> Int? { integer(key.rawValue) }

    /// The date the skim read under `key`, `nil` when absent.
    func date(_ key: ItemArchiveKey) -> Double? { date(key.rawValue) }

    /// The strings the skim read under `key`, `nil` when absent.
    func strings(_ key: ItemArchiveKey) -> [String]? { strings(key.rawValue) }
}
