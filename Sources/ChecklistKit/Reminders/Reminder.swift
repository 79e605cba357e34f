/// One reminder: an unchecked item with a due date and its reminder on (SPEC §9).
public struct Reminder: Sendable, Equatable {
    /// The item's ID.
    public var itemID: Int
    /// The name of the checklist holding it.
    public var list: String
    /// The item's text.
    public var text: String
    /// The due date as stored (seconds since 2001-01-01 UTC; local midnight for a whole day).
    public var due: Double
    /// When it fires: the due time, or 09:00 local time on a whole day.
    public var fireTime: Double

    /// A reminder for item `itemID` of checklist `list`, due at `due`, firing at `fireTime`.
    public init(itemID: Int, list: String, text: String, due: Double, fireTime: Double) {
        self.itemID = itemID
        self.list = list
        self.text = text
        self.due = due
        self.fireTime = fireTime
    }

    /// What the record keeps of it: a new due date or a new text arms the item again.
    public var key: FiredReminders.Key { FiredReminders.Key(itemID: itemID, due: due, text: text) }

    /// `Buy milk — due 18:00` (today), `— due today` (a whole day today), or with the date.
    public func body(now: Double) -> String {
        text + " — due " + Self.dueText(due, now: now)
    }

    /// The due date as a person reads it relative to `now`.
    static func dueText(_ due: Double, now: Double) -> String {
        let formatted = LocalTime.format(due)
        let today = LocalTime.format(LocalTime.startOfDay(now))
        guard formatted.hasPrefix(today) else { return formatted }
        return formatted == today ? "today" : String(formatted.dropFirst(today.count + 1))
    }
}
