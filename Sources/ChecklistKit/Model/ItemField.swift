/// One field of an item as a user sees it and the data file archives it: the one list of them.
///
/// A row is a field a user changes at once, not an archive key: the due date is one row though
/// the file spells it with four keys (`DueDate`, `HasDueDate`, `AllDay`, `DueDay`), because a
/// change of it changes them together and no reader takes one without the others; the start
/// likewise (`Start`, `StartDay`). Each row names the archive keys it is written under
/// (`archiveKeys`) and the stored properties of `ChecklistItem` and `ExtraFields` that hold it
/// (`storedProperties`, which `ItemFieldTests` compares with the model, so a property left out
/// of this table fails a test). The archive's reads, writes and skim loop over the keys, and
/// `export json`, `--json`, the merge and CalDAV's written mark over the fields; each switches
/// over them, so a new case does not compile until each says what it does with it.
public enum ItemField: CaseIterable, Sendable {
    // In the order of `export json`'s members; those it leaves out last.
    case itemID, text, checked, due, shouldRemind, repeatRule, note, tags, priority, parent, start, uid
    case serverMark, alarmOffset, cancelled

    /// The keys the field is archived under, in the order they are written.
    var archiveKeys: [ItemArchiveKey] {
        switch self {
        case .text: [.text]
        case .checked: [.checked]
        case .due: [.dueDate, .hasDueDate, .allDay, .dueDay]
        case .shouldRemind: [.shouldRemind]
        case .itemID: [.itemID]
        case .repeatRule: [.repeatRule]
        case .uid: [.uid]
        case .serverMark: [.serverMark]
        case .note: [.note]
        case .tags: [.tags]
        case .priority: [.priority]
        case .parent: [.parent]
        case .start: [.start, .startDay]
        case .alarmOffset: [.alarmOffset]
        case .cancelled: [.cancelled]
        }
    }

    /// The stored properties holding the field: `ChecklistItem`'s, or those of its boxed
    /// `ExtraFields` for the fields most items lack.
    var storedProperties: [String] {
        switch self {
        case .text: ["text"]
        case .checked: ["checked"]
        // `archivedDate` is the creation time until a due date is set: written as `DueDate` all the same.
        case .due: ["archivedDate", "hasDueDate", "dueDay"]
        case .shouldRemind: ["shouldRemind"]
        case .itemID: ["itemID"]
        case .repeatRule: ["repeatRule"]
        case .uid: ["uid"]
        case .serverMark: ["serverMark"]
        case .note: ["note"]
        case .tags: ["tags"]
        case .priority: ["priority"]
        case .parent: ["parentUID"]
        case .start: ["start"]
        case .alarmOffset: ["alarmOffset"]
        case .cancelled: ["cancelled"]
        }
    }

    /// The field's member in `export json` and `--json`; the last three, a CalDAV account's, are
    /// written to neither (`ChecklistExport.writeFields`).
    var jsonMember: String {
        switch self {
        case .itemID: "itemID"
        case .text: "text"
        case .checked: "checked"
        case .due: "dueDate"
        case .shouldRemind: "shouldRemind"
        case .repeatRule: "repeat"
        case .note: "note"
        case .tags: "tags"
        case .priority: "priority"
        case .parent: "parent"
        case .start: "start"
        case .uid: "uid"
        case .serverMark: "serverMark"
        case .alarmOffset: "alarmOffset"
        case .cancelled: "cancelled"
        }
    }

    /// Every field, in the order CalDAV's written mark (`X-CHECKLISTS-WRITTEN`) takes them: those
    /// the first marks covered, then SPEC §13's, then those it leaves out. Marks on servers were
    /// written in this order: changing it reads every task as edited since.
    public static let writtenMarkOrder: [ItemField] = [
        .text, .checked, .shouldRemind, .due, .repeatRule, .note, .tags, .priority, .parent, .alarmOffset,
        .cancelled, .start, .itemID, .uid, .serverMark,
    ]

    /// What `item` says in the field, as the written mark takes it (the mark is the digest of
    /// these lines in `writtenMarkOrder`), or `nil` when the mark leaves it out. The fields the
    /// first marks covered always have a line; SPEC §13's only when set, so a mark written before
    /// they existed stays valid for a task without them.
    public func writtenMarkLine(of item: ChecklistItem) -> String? {
        switch self {
        case .text: item.text
        case .checked: item.checked ? "checked" : "open"
        case .shouldRemind: item.shouldRemind ? "remind" : "quiet"
        case .due:
            switch item.due {
            case .day(let day)?: "day \(day)"
            case .time(let time)?: "time \(time)"
            case nil: "no due date"
            }
        case .repeatRule: item.repeatRule?.rrule ?? ""
        case .note: item.note.isEmpty ? nil : "note \(item.note)"
        case .tags: item.tags.isEmpty ? nil : "tags " + item.tags.joined(separator: "\u{1E}")
        case .priority: item.priority.map { "priority \($0)" }
        case .parent: item.parentUID.map { "parent \($0)" }
        case .alarmOffset: item.alarmOffset.map { "alarm \($0)" }
        case .cancelled: item.cancelled ? "cancelled" : nil
        case .start:
            switch item.start {
            case .day(let day)?: "start day \(day)"
            case .time(let time)?: "start time \(time)"
            case nil: nil
            }
        // Not what a task says: the ItemID is the file's own, the UID and the server mark name the task.
        case .itemID, .uid, .serverMark: nil
        }
    }
}
