/// One entry of a checklist, as the iOS app's `ChecklistItem` class holds it.
public struct ChecklistItem: Sendable, Equatable {
    /// What the item says.
    public var text: String
    /// Whether the item is done.
    public var checked: Bool
    /// The `DueDate` written to the file (seconds since 2001-01-01 UTC): the due date the user
    /// set, or else the time the item was created; kept unchanged from the file otherwise.
    public var archivedDate: Double
    /// Whether `archivedDate` is a due date the user set (`HasDueDate`).
    public var hasDueDate: Bool
    /// The day, when the due date is a whole day rather than a time (`AllDay` and `DueDay`);
    /// `nil` without a due date. `archivedDate` then holds the day's start where it was set.
    public var dueDay: CalendarDay?
    /// Whether a reminder is wanted at the due date.
    public var shouldRemind: Bool
    /// The item's identifier, unique in the file and never reused.
    public var itemID: Int
    /// How the item comes back once checked (the archive's optional `Repeat` key), if it does.
    public var repeatRule: RepeatRule?
    /// The item's identity on a CalDAV server (the archive's optional `UID` key), once it has one.
    public var uid: String?
    /// What the item's task said on its CalDAV server when a sync last left them alike (the
    /// archive's optional `ServerMark` key): a digest tied to that account. Git carries it, so a
    /// machine whose own sync never saw the task can tell a change made there from one made here.
    public var serverMark: String?
    /// SPEC §13's fields, boxed: most items have none, and an item that copies one reference
    /// rather than five fields keeps loading, comparing and saving 10,000 items as fast as before
    /// they existed. `nil` when the item has none of them.
    private var extras = ExtraFieldsReference(box: nil)

    /// What the user wrote about the item beyond its text (SPEC §13; `Note`), empty when none.
    public var note: String {
        get { extras.box?.fields.note ?? "" }
        set { extraFields.note = newValue }
    }

    /// The item's tags as first typed, without `+` and in the order added (`Tags`).
    public var tags: [String] {
        get { extras.box?.fields.tags ?? [] }
        set { extraFields.tags = newValue }
    }

    /// RFC 5545's priority, 1 (highest) to 9 (lowest); `nil` when it has none (`Priority`).
    public var priority: Int? {
        get { extras.box?.fields.priority }
        set { extraFields.priority = newValue }
    }

    /// The UID of the item this one is a sub-item of, in the same checklist (`Parent`).
    public var parentUID: String? {
        get { extras.box?.fields.parentUID }
        set { extraFields.parentUID = newValue }
    }

    /// The day or time work on the item can start (`Start`, `StartDay`), if set.
    public var start: Due? {
        get { extras.box?.fields.start }
        set { extraFields.start = newValue }
    }

    /// When a CalDAV client's alarm rings, in seconds from the due date (its time, or a whole
    /// day's start): `-900` for "15 minutes before"; `nil` when it rings as `watch` does by
    /// itself (the archive's optional `AlarmOffset` key; SPEC §9).
    public var alarmOffset: Int? {
        get { extras.box?.fields.alarmOffset }
        set { extraFields.alarmOffset = newValue }
    }

    /// Whether a CalDAV client cancelled the item (`STATUS:CANCELLED`): it is checked, shown as
    /// cancelled and written back so until unchecked here (the archive's optional `Cancelled`).
    public var cancelled: Bool {
        get { extras.box?.fields.cancelled ?? false }
        set { extraFields.cancelled = newValue }
    }

    /// Whether the item has any of SPEC §13's fields (most have none).
    var hasExtraFields: Bool { extras.box != nil }

    /// The box of SPEC §13's fields, `nil` when the item has none: to read several without
    /// copying them (`Checklist.digest`).
    var extraFieldsBox: ExtraFieldsBox? { extras.box }

    /// SPEC §13's fields together, to set several with one new box (as reading a file does).
    var extraFields: ExtraFields {
        get { extras.box?.fields ?? ExtraFields() }
        set { extras = ExtraFieldsReference(box: newValue == ExtraFields() ? nil : ExtraFieldsBox(newValue)) }
    }

    /// Creates an item; `created` is stored as the `DueDate` until the user sets one.
    public init(
        text: String,
        checked: Bool = false,
        itemID: Int,
        created: Double,
        dueDate: Double? = nil,
        shouldRemind: Bool = false,
        repeatRule: RepeatRule? = nil
    ) {
        self.text = text
        self.checked = checked
        self.itemID = itemID
        archivedDate = dueDate ?? created
        hasDueDate = dueDate != nil
        self.shouldRemind = shouldRemind
        self.repeatRule = repeatRule
    }

    /// Creates an item due `due` (a whole day or a time); `created` is stored as the `DueDate`
    /// until the user sets one.
    public init(
        text: String, checked: Bool = false, itemID: Int, created: Double, due: Due?, shouldRemind: Bool = false,
        repeatRule: RepeatRule? = nil
    ) {
        self.init(
            text: text, checked: checked, itemID: itemID, created: created, shouldRemind: shouldRemind,
            repeatRule: repeatRule)
        self.due = due
    }

    /// The due date the user set as stored (seconds since 2001-01-01 UTC), if any; for a whole
    /// day, the day's start where it was set. Setting it sets a time.
    public var dueDate: Double? {
        get { hasDueDate ? archivedDate : nil }
        set { due = newValue.map(Due.time) }
    }

    /// The due date the user set, a whole day or a time, if any.
    public var due: Due? {
        get {
            guard hasDueDate else { return nil }
            return dueDay.map(Due.day) ?? .time(archivedDate)
        }
        set {
            switch newValue {
            case nil:
                hasDueDate = false
                dueDay = nil
            case .time(let time):
                archivedDate = time
                hasDueDate = true
                dueDay = nil
            case .day(let day):
                // The iOS app, which knows no whole days, shows the day's start.
                archivedDate = LocalTime.start(of: day)
                hasDueDate = true
                dueDay = day
            }
        }
    }
}

extension ChecklistItem {
    /// The UID an item gets when it has none: made from its ItemID and its stored `DueDate`.
    ///
    /// An item has one UID everywhere (SPEC §8 rule 1): a new item gets it when it is made, and
    /// an item from an older file or the iOS app gets it from what every copy of the file holds
    /// alike, so two machines that give it one on their own give the same one. The `DueDate`
    /// (the creation time until a due date is set) tells apart the items of unrelated files.
    public static func madeUID(itemID: Int, archivedDate: Double) -> String {
        let bits = String(archivedDate.bitPattern, radix: 16)
        return "checklists-\(itemID)-\(String(repeating: "0", count: 16 - bits.count) + bits)"
    }

    /// The UID of the occurrence that follows this one in its series (SPEC §12), made from this
    /// one's UID and due date; `nil` while it has no UID.
    ///
    /// Every machine that completes the same occurrence, here or seeing it completed on a
    /// server, makes the same UID, so the merge takes their next occurrences as one item; and
    /// the completed one finds its next occurrence by it (`uncheck`, and a CalDAV write that
    /// builds the next task on the completed one's). A digest keeps the UID short however long
    /// the series runs.
    public var successorUID: String? {
        guard let uid else { return nil }
        let dueKey: String
        switch due {
        case .day(let day): dueKey = day.description
        case .time(let time): dueKey = String(time.bitPattern, radix: 16)
        case nil: dueKey = ""
        }
        return "checklists-next-" + (uid + "\n" + dueKey).stableDigest
    }

    /// Whether the two say the same, whatever their server marks, ItemIDs and, without due dates,
    /// stored dates: none is a change a user made (a sync sets the mark, a merge renumbers an ID
    /// two machines both handed out, and two machines may date a task read from a server apart),
    /// so the merge's keep-or-delete rule and the changes a sync reports ignore them.
    public func saysTheSame(as other: ChecklistItem) -> Bool {
        var other = other
        other.serverMark = serverMark
        other.itemID = itemID
        if !hasDueDate, !other.hasDueDate { other.archivedDate = archivedDate }
        return self == other
    }

    /// Gives the item the UID `madeUID` makes from it, when it has none.
    public mutating func giveUID() {
        if uid == nil { uid = Self.madeUID(itemID: itemID, archivedDate: archivedDate) }
    }
}

/// The fields most items lack (SPEC §13's, and a CalDAV client's alarm time and cancellation), as
/// `ChecklistItem` keeps them (see `note`, `tags` and the rest).
struct ExtraFields: Equatable, Sendable {
    var note = ""
    var tags: [String] = []
    var priority: Int?
    var parentUID: String?
    var start: Due?
    var alarmOffset: Int?
    var cancelled = false
}

/// An item's `ExtraFields` behind one reference, never changed once made (a change makes a new
/// box), so copies of an item share it safely.
final class ExtraFieldsBox: Sendable {
    let fields: ExtraFields

    init(_ fields: ExtraFields) {
        self.fields = fields
    }
}

/// The reference to an item's `ExtraFieldsBox`, `nil` for none, compared by the fields it holds:
/// two items without the fields, or sharing one box, compare equal without a look inside.
struct ExtraFieldsReference: Equatable, Sendable {
    let box: ExtraFieldsBox?

    static func == (lhs: Self, rhs: Self) -> Bool {
        if lhs.box === rhs.box { return true }
        guard let left = lhs.box, let right = rhs.box else { return false }
        return left.fields == right.fields
    }
}
