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
    /// Whether a reminder is wanted at the due date.
    public var shouldRemind: Bool
    /// The item's identifier, unique in the file and never reused.
    public var itemID: Int
    /// How the item comes back once checked (the archive's optional `Repeat` key), if it does.
    public var repeatRule: RepeatRule?
    /// The item's identity on a CalDAV server (the archive's optional `UID` key), once it has one.
    public var uid: String?

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

    /// The due date the user set (seconds since 2001-01-01 UTC), if any.
    public var dueDate: Double? {
        get { hasDueDate ? archivedDate : nil }
        set {
            if let newValue {
                archivedDate = newValue
                hasDueDate = true
            } else {
                hasDueDate = false
            }
        }
    }
}
