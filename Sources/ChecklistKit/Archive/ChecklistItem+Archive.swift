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

    /// Writes every key of `ItemArchiveKey` the item has a value for.
    public func encode(with coder: inout KeyedEncoder) {
        for key in ItemArchiveKey.ordered { encode(key, with: &coder) }
    }

    /// Writes the item's value for `key`, if it has one: the optional keys are written only when
    /// set, so an item without them is written as the iOS app's are (SPEC §4).
    private func encode(_ key: ItemArchiveKey, with coder: inout KeyedEncoder) {
        switch key {
        case .text: coder.encode(text, forKey: key.name)
        case .checked: coder.encode(checked, forKey: key.name)
        case .dueDate: coder.encodeDate(referenceSeconds: archivedDate, forKey: key.name)
        case .shouldRemind: coder.encode(shouldRemind, forKey: key.name)
        case .itemID: coder.encode(itemID, forKey: key.name)
        case .hasDueDate: coder.encode(hasDueDate, forKey: key.name)
        case .repeatRule: if let repeatRule { coder.encode(repeatRule.rrule, forKey: key.name) }
        case .uid: if let uid { coder.encode(uid, forKey: key.name) }
        case .serverMark: if let serverMark { coder.encode(serverMark, forKey: key.name) }
        case .alarmOffset: if let alarmOffset { coder.encode(alarmOffset, forKey: key.name) }
        case .cancelled: if cancelled { coder.encode(true, forKey: key.name) }
        case .allDay: if hasDueDate { coder.encode(dueDay != nil, forKey: key.name) }
        case .dueDay: if hasDueDate, let dueDay { coder.encode(dueDay.description, forKey: key.name) }
        case .note: if !note.isEmpty { coder.encode(note, forKey: key.name) }
        // An array of strings (SPEC §4), as NSKeyedArchiver writes a Swift `[String]`.
        case .tags: if !tags.isEmpty { coder.encode(tags, forKey: key.name) }
        case .priority: if let priority { coder.encode(priority, forKey: key.name) }
        case .parent: if let parentUID { coder.encode(parentUID, forKey: key.name) }
        case .start:
            switch start {
            case nil: break
            case .time(let time): coder.encodeDate(referenceSeconds: time, forKey: key.name)
            case .day(let day): coder.encodeDate(referenceSeconds: LocalTime.start(of: day), forKey: key.name)
            }
        case .startDay: if case .day(let day) = start { coder.encode(day.description, forKey: key.name) }
        }
    }

    /// Reads an item; a missing `ItemID` is read as -1 and replaced by a fresh ID afterwards.
    public init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        try self.init(text: try coder.decode(String.self, forKey: ItemArchiveKey.text.name), reading: coder)
    }

    /// An item of text `text` from its other archived fields as `fields` reads them, by SPEC §4's
    /// rules: the decoder's reads and the skim's alike.
    private init(text: String, reading fields: some ArchivedItemFields) throws(KeyedArchiveError) {
        let checked = try fields.bool(.checked)
        let shouldRemind = try fields.bool(.shouldRemind)
        let itemID = try fields.integer(.itemID)
        let stored = try fields.date(.dueDate)
        let rule = try fields.string(.repeatRule)
        let uid = try fields.string(.uid)
        let marked = try fields.bool(.hasDueDate)
        // AllDay and DueDay are read only where they count, so a damaged one elsewhere is ignored.
        let dated = Self.hasDueDate(marked: marked, shouldRemind: shouldRemind, stored: stored) && stored != nil
        let allDay = dated ? try fields.bool(.allDay) : nil
        let dueDay = allDay == true ? try fields.string(.dueDay) : nil
        self.init(
            text: text, checked: checked, shouldRemind: shouldRemind, itemID: itemID, stored: stored, rule: rule,
            uid: uid, marked: marked, allDay: allDay, dueDay: dueDay)
        readRichFields(
            RichFields(
                note: try fields.string(.note), tags: try fields.strings(.tags),
                priority: try fields.integer(.priority),
                parent: try fields.string(.parent), start: try fields.date(.start),
                startDay: try fields.string(.startDay)))
        serverMark = try fields.string(.serverMark)
        // Set only when present: each set of a boxed field builds and compares the fields.
        if let offset = try fields.integer(.alarmOffset) { alarmOffset = offset }
        if self.checked, try fields.bool(.cancelled) == true { cancelled = true }
    }

    /// SPEC §13's fields as read, `nil` where absent.
    private struct RichFields {
        var note: String?
        var tags: [String]?
        var priority: Int?
        var parent: String?
        var start: Double?
        var startDay: String?
    }

    /// Sets SPEC §13's fields from what was read: a priority outside 1–9 reads as none (RFC 5545's
    /// 0 means none), a start day that is not a date as the day its `Start` falls on here.
    private mutating func readRichFields(_ fields: RichFields) {
        // Most items have none: they keep no box at all.
        guard
            fields.note != nil || fields.tags != nil || fields.priority != nil || fields.parent != nil
                || fields.start != nil
        else { return }
        var read = ExtraFields()
        read.note = fields.note ?? ""
        read.tags = fields.tags.map(Self.tags) ?? []
        read.priority = fields.priority.flatMap { (1...9).contains($0) ? $0 : nil }
        read.parentUID = fields.parent
        if let start = fields.start, start.isFinite {
            if let startDay = fields.startDay {
                read.start = .day(CalendarDay(startDay) ?? LocalTime.day(start))
            } else {
                read.start = .time(start)
            }
        }
        extraFields = read
    }

    /// The tags of a `Tags` value: its strings as written, but for a lone string (as files
    /// written before `Tags` was an array hold), read a tag a line.
    static func tags(_ strings: [String]) -> [String] {
        guard strings.count == 1, let only = strings.first else { return strings }
        return tags(only)
    }

    /// The tags of a `Tags` string, a tag a line, empty lines left out. Split on the UTF-8 bytes:
    /// a walk over characters cost 3,000 instructions an item.
    static func tags(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var result: [String] = []
            result.reserveCapacity(2)
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A {
                if index > start {
                    result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            if start < bytes.count {
                result.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            }
            return result
        }
    }

    /// An item from its archived fields, as read (`nil` where absent), by SPEC §4's rules.
    private init(
        text: String, checked: Bool?, shouldRemind: Bool?, itemID: Int?, stored: Double?, rule: String?,
        uid: String?, marked: Bool?, allDay: Bool?, dueDay: String?
    ) {
        self.text = text
        self.checked = checked ?? false
        self.shouldRemind = shouldRemind ?? false
        self.itemID = itemID ?? -1
        // A missing DueDate is NaN until the book replaces it with the time of loading.
        archivedDate = stored ?? .nan
        // Kept as written, understood or not (a rule from a phone goes back out unchanged).
        repeatRule = rule.map(RepeatRule.init(rrule:))
        self.uid = uid
        hasDueDate = Self.hasDueDate(marked: marked, shouldRemind: shouldRemind, stored: stored)
        self.dueDay = nil
        guard hasDueDate, let stored else { return }
        if let allDay {
            guard allDay else { return }
            self.dueDay = dueDay.flatMap(CalendarDay.init) ?? LocalTime.day(stored)
        } else if marked != nil {
            let local = LocalTime.fields(stored)
            if local.hour == 0, local.minute == 0, local.second == 0, stored == stored.rounded(.down) {
                self.dueDay = LocalTime.day(stored)
            }
        }
    }

    /// Whether an item has a due date: `HasDueDate` as written; the iOS app has no such key, and
    /// treats the date as meaningful only with a reminder.
    private static func hasDueDate(marked: Bool?, shouldRemind: Bool?, stored: Double?) -> Bool {
        marked ?? ((shouldRemind ?? false) && stored != nil)
    }
}

extension ChecklistItem: SkimDecodable {
    /// What a skim reads of each item: every key decoding an item reads, the text and due date
    /// required.
    static let skim = ObjectSkim(
        archivedClass: ChecklistItem.archivedClass, fields: ItemArchiveKey.allCases.map(\.skimField))

    /// An item from the fields `skim` read, by the rules `init(from:)` applies.
    public init?(skimmed values: ObjectSkim.Values) {
        guard let text = values.string(ItemArchiveKey.text) else { return nil }
        do {
            try self.init(text: text, reading: values)
        } catch {
            // The skim's values read without throwing.
            return nil
        }
    }
}
