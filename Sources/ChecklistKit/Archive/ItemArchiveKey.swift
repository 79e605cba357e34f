import KeyedArchive

/// One key of an item object in the data file (SPEC §4, §13), named once: the encoder, the
/// decoder and the skim all spell it from here. The raw value is the key's place in the skim's
/// fields (`ChecklistItem.skim`).
enum ItemArchiveKey: Int, CaseIterable {
    // In the order they are written (the iOS app's first).
    case text, checked, dueDate, shouldRemind, itemID, hasDueDate, repeatRule, uid, serverMark, alarmOffset
    case cancelled, allDay, dueDay, note, tags, priority, parent, start, startDay

    /// Every key, in the order they are written; kept, as `allCases` makes a new array per call.
    static let ordered = allCases

    /// The key as the file spells it.
    var name: String {
        switch self {
        case .text: "Text"
        case .checked: "Checked"
        case .dueDate: "DueDate"
        case .shouldRemind: "ShouldRemind"
        case .itemID: "ItemID"
        case .hasDueDate: "HasDueDate"
        case .repeatRule: "Repeat"
        case .uid: "UID"
        case .allDay: "AllDay"
        case .dueDay: "DueDay"
        case .note: "Note"
        case .tags: "Tags"
        case .priority: "Priority"
        case .parent: "Parent"
        case .start: "Start"
        case .startDay: "StartDay"
        case .serverMark: "ServerMark"
        case .alarmOffset: "AlarmOffset"
        case .cancelled: "Cancelled"
        }
    }

    /// The kind of value the key holds, as the decoder and the skim read it.
    var kind: ObjectSkim.Kind {
        switch self {
        case .text, .repeatRule, .uid, .dueDay, .note, .parent, .startDay, .serverMark: .string
        case .checked, .shouldRemind, .hasDueDate, .allDay, .cancelled: .bool
        case .itemID, .priority, .alarmOffset: .integer
        case .dueDate, .start: .date
        // An array of strings; files written before it was one hold a string, a tag a line.
        case .tags: .strings
        }
    }

    /// The key as the skim checks it: the text is required, and so is the due date (a missing
    /// one is filled in on a full load, SPEC §4).
    var skimField: ObjectSkim.Field {
        ObjectSkim.Field(key: name, kind: kind, required: self == .text || self == .dueDate)
    }
}
