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
        if let serverMark { coder.encode(serverMark, forKey: "ServerMark") }
        if let alarmOffset { coder.encode(alarmOffset, forKey: "AlarmOffset") }
        if cancelled { coder.encode(true, forKey: "Cancelled") }
        if hasDueDate {
            coder.encode(dueDay != nil, forKey: "AllDay")
            if let dueDay { coder.encode(dueDay.description, forKey: "DueDay") }
        }
        encodeRichFields(with: &coder)
    }

    /// SPEC §13's fields, each written only when set, so an item without them is written as the
    /// iOS app's are.
    private func encodeRichFields(with coder: inout KeyedEncoder) {
        if !note.isEmpty { coder.encode(note, forKey: "Note") }
        // One string, a tag a line: tags hold no line breaks, and one string keeps the item flat.
        if !tags.isEmpty { coder.encode(tags.joined(separator: "\n"), forKey: "Tags") }
        if let priority { coder.encode(priority, forKey: "Priority") }
        if let parentUID { coder.encode(parentUID, forKey: "Parent") }
        switch start {
        case nil: break
        case .time(let time): coder.encodeDate(referenceSeconds: time, forKey: "Start")
        case .day(let day):
            coder.encodeDate(referenceSeconds: LocalTime.start(of: day), forKey: "Start")
            coder.encode(day.description, forKey: "StartDay")
        }
    }

    /// Reads an item; a missing `ItemID` is read as -1 and replaced by a fresh ID afterwards.
    public init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        let text = try coder.decode(String.self, forKey: "Text")
        let checked = try coder.decodeIfPresent(Bool.self, forKey: "Checked")
        let shouldRemind = try coder.decodeIfPresent(Bool.self, forKey: "ShouldRemind")
        let itemID = try coder.decodeIfPresent(Int.self, forKey: "ItemID")
        let stored = try coder.decodeDateIfPresent(forKey: "DueDate")
        let rule = try coder.decodeIfPresent(String.self, forKey: "Repeat")
        let uid = try coder.decodeIfPresent(String.self, forKey: "UID")
        let marked = try coder.decodeIfPresent(Bool.self, forKey: "HasDueDate")
        // AllDay and DueDay are read only where they count, so a damaged one elsewhere is ignored.
        let dated = Self.hasDueDate(marked: marked, shouldRemind: shouldRemind, stored: stored) && stored != nil
        let allDay = dated ? try coder.decodeIfPresent(Bool.self, forKey: "AllDay") : nil
        let dueDay = allDay == true ? try coder.decodeIfPresent(String.self, forKey: "DueDay") : nil
        self.init(
            text: text, checked: checked, shouldRemind: shouldRemind, itemID: itemID, stored: stored, rule: rule,
            uid: uid, marked: marked, allDay: allDay, dueDay: dueDay)
        readRichFields(
            RichFields(
                note: try coder.decodeIfPresent(String.self, forKey: "Note"),
                tags: try coder.decodeIfPresent(String.self, forKey: "Tags"),
                priority: try coder.decodeIfPresent(Int.self, forKey: "Priority"),
                parent: try coder.decodeIfPresent(String.self, forKey: "Parent"),
                start: try coder.decodeDateIfPresent(forKey: "Start"),
                startDay: try coder.decodeIfPresent(String.self, forKey: "StartDay")))
        serverMark = try coder.decodeIfPresent(String.self, forKey: "ServerMark")
        // Set only when present: each set of a boxed field builds and compares the fields.
        if let offset = try coder.decodeIfPresent(Int.self, forKey: "AlarmOffset") { alarmOffset = offset }
        if self.checked, try coder.decodeIfPresent(Bool.self, forKey: "Cancelled") == true { cancelled = true }
    }

    /// SPEC §13's fields as read, `nil` where absent.
    private struct RichFields {
        var note: String?
        var tags: String?
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
    /// The fields a skim reads of an item, in the order of `skim`'s fields.
    private enum SkimmedField: Int, CaseIterable {
        case text, checked, dueDate, shouldRemind, itemID, hasDueDate, repeatRule, uid, allDay, dueDay
        case note, tags, priority, parent, start, startDay, serverMark, alarmOffset, cancelled

        /// The field as the skim checks it.
        var field: ObjectSkim.Field {
            switch self {
            case .text: ObjectSkim.Field(key: "Text", kind: .string, required: true)
            case .checked: ObjectSkim.Field(key: "Checked", kind: .bool)
            // Required: a missing one is filled in on a full load (SPEC §4).
            case .dueDate: ObjectSkim.Field(key: "DueDate", kind: .date, required: true)
            case .shouldRemind: ObjectSkim.Field(key: "ShouldRemind", kind: .bool)
            case .itemID: ObjectSkim.Field(key: "ItemID", kind: .integer)
            case .hasDueDate: ObjectSkim.Field(key: "HasDueDate", kind: .bool)
            case .repeatRule: ObjectSkim.Field(key: "Repeat", kind: .string)
            case .uid: ObjectSkim.Field(key: "UID", kind: .string)
            case .allDay: ObjectSkim.Field(key: "AllDay", kind: .bool)
            case .dueDay: ObjectSkim.Field(key: "DueDay", kind: .string)
            case .note: ObjectSkim.Field(key: "Note", kind: .string)
            case .tags: ObjectSkim.Field(key: "Tags", kind: .string)
            case .priority: ObjectSkim.Field(key: "Priority", kind: .integer)
            case .parent: ObjectSkim.Field(key: "Parent", kind: .string)
            case .start: ObjectSkim.Field(key: "Start", kind: .date)
            case .startDay: ObjectSkim.Field(key: "StartDay", kind: .string)
            case .serverMark: ObjectSkim.Field(key: "ServerMark", kind: .string)
            case .alarmOffset: ObjectSkim.Field(key: "AlarmOffset", kind: .integer)
            case .cancelled: ObjectSkim.Field(key: "Cancelled", kind: .bool)
            }
        }
    }

    /// What a skim reads of each item: every key decoding an item reads, a due date required.
    static let skim = ObjectSkim(
        archivedClass: ChecklistItem.archivedClass, fields: SkimmedField.allCases.map(\.field))

    /// An item from the fields `skim` read, by the rules `init(from:)` applies.
    public init?(skimmed values: ObjectSkim.Values) {
        guard let text = values.string(SkimmedField.text.rawValue) else { return nil }
        self.init(
            text: text, checked: values.bool(SkimmedField.checked.rawValue),
            shouldRemind: values.bool(SkimmedField.shouldRemind.rawValue),
            itemID: values.integer(SkimmedField.itemID.rawValue), stored: values.date(SkimmedField.dueDate.rawValue),
            rule: values.string(SkimmedField.repeatRule.rawValue), uid: values.string(SkimmedField.uid.rawValue),
            marked: values.bool(SkimmedField.hasDueDate.rawValue), allDay: values.bool(SkimmedField.allDay.rawValue),
            dueDay: values.string(SkimmedField.dueDay.rawValue))
        readRichFields(
            RichFields(
                note: values.string(SkimmedField.note.rawValue), tags: values.string(SkimmedField.tags.rawValue),
                priority: values.integer(SkimmedField.priority.rawValue),
                parent: values.string(SkimmedField.parent.rawValue), start: values.date(SkimmedField.start.rawValue),
                startDay: values.string(SkimmedField.startDay.rawValue)))
        serverMark = values.string(SkimmedField.serverMark.rawValue)
        // Set only when present: each set of a boxed field builds and compares the fields.
        if let offset = values.integer(SkimmedField.alarmOffset.rawValue) { alarmOffset = offset }
        if checked, values.bool(SkimmedField.cancelled.rawValue) == true { cancelled = true }
    }
}
