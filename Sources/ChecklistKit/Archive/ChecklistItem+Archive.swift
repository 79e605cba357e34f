import KeyedArchive

/// Whole days (SPEC §4 leaves the marking to us): `AllDay` (bool) is written with every due date
/// the user set, true for a whole day; `DueDay` (`YYYY-MM-DD`) then names the day, the same in
/// every time zone, while `DueDate` holds the day's start where it was set (what the iOS app shows).
/// A file without `AllDay` comes from the iOS app (its dates are times) or from an earlier version
/// of ours (a `HasDueDate` date at local midnight meant the whole day, and is read as one).
extension ChecklistItem: KeyedArchivable {
    /// The iOS app's class name; any module prefix is accepted on reading.
    public static let archivedClass = ArchivedClass(name: "Checklists.ChecklistItem")

    /// Gives a `DueDate` that was missing or not a number (read as NaN) the time of loading,
    /// `loadTime` (SPEC §4); every load does so before the item is used.
    mutating func fillArchivedDate(loadTime: Double) {
        if archivedDate.isNaN { archivedDate = loadTime }
    }

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
        if hasDueDate {
            coder.encode(dueDay != nil, forKey: "AllDay")
            if let dueDay { coder.encode(dueDay.description, forKey: "DueDay") }
        }
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
        // Kept as written, understood or not (a rule from a phone goes back out unchanged).
        repeatRule = try coder.decodeIfPresent(String.self, forKey: "Repeat").map(RepeatRule.init(rrule:))
        uid = try coder.decodeIfPresent(String.self, forKey: "UID")
        let marked = try coder.decodeIfPresent(Bool.self, forKey: "HasDueDate")
        hasDueDate = marked ?? (shouldRemind && stored != nil)
        dueDay = nil
        guard hasDueDate, let stored else { return }
        if let allDay = try coder.decodeIfPresent(Bool.self, forKey: "AllDay") {
            guard allDay else { return }
            dueDay =
                try coder.decodeIfPresent(String.self, forKey: "DueDay").flatMap(CalendarDay.init)
                ?? LocalTime.day(stored)
        } else if marked != nil {
            let local = LocalTime.fields(stored)
            if local.hour == 0, local.minute == 0, local.second == 0, stored == stored.rounded(.down) {
                dueDay = LocalTime.day(stored)
            }
        }
    }
}
