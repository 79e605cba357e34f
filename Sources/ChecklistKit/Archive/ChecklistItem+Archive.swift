import KeyedArchive

extension ChecklistItem: KeyedArchivable {
    /// The iOS app's class name; any module prefix is accepted on reading.
    public static let archivedClass = ArchivedClass(name: "Checklists.ChecklistItem")

    public func encode(with coder: inout KeyedEncoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
        coder.encodeDate(referenceSeconds: archivedDate, forKey: "DueDate")
        coder.encode(shouldRemind, forKey: "ShouldRemind")
        coder.encode(itemID, forKey: "ItemID")
        coder.encode(hasDueDate, forKey: "HasDueDate")
        // Written only for an item that repeats: the others cost nothing more (SPEC §4).
        if let repeatRule { coder.encode(repeatRule.rrule, forKey: "Repeat") }
        if let uid { coder.encode(uid, forKey: "UID") }
    }

    /// Reads an item; a missing `ItemID` is read as -1 and replaced by a fresh ID afterwards.
    public init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        text = try coder.decode(String.self, forKey: "Text")
        checked = try coder.decodeIfPresent(Bool.self, forKey: "Checked") ?? false
        let shouldRemind = try coder.decodeIfPresent(Bool.self, forKey: "ShouldRemind") ?? false
        self.shouldRemind = shouldRemind
        itemID = try coder.decodeIfPresent(Int.self, forKey: "ItemID") ?? -1
        let stored = try coder.decodeDateIfPresent(forKey: "DueDate")
        // A missing DueDate is NaN until the book replaces it with the time of loading.
        archivedDate = stored ?? .nan
        // The iOS app has no HasDueDate: it treats the date as meaningful only with a reminder.
        hasDueDate = try coder.decodeIfPresent(Bool.self, forKey: "HasDueDate") ?? (shouldRemind && stored != nil)
        // Kept as written, understood or not (a rule from a phone goes back out unchanged).
        repeatRule = try coder.decodeIfPresent(String.self, forKey: "Repeat").map(RepeatRule.init(rrule:))
        uid = try coder.decodeIfPresent(String.self, forKey: "UID")
    }
}
