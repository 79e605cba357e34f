/// One reminder: an unchecked item with a due date and its reminder on (SPEC §9).
public struct Reminder: Sendable, Equatable {
    /// The item's ID.
    public var itemID: Int
    /// The name of the checklist holding it.
    public var list: String
    /// The item's text.
    public var text: String
    /// The due date as stored (seconds since 2001-01-01 UTC; a whole day's start where it was set).
    public var due: Double
    /// When it fires: the due time, or 09:00 local time on a whole day.
    public var fireTime: Double
    /// The day, when the item is due a whole day rather than at `due`.
    public var day: CalendarDay?

    /// A reminder for item `itemID` of checklist `list`, due at `due` (or the whole `day`), firing at `fireTime`.
    public init(itemID: Int, list: String, text: String, due: Double, fireTime: Double, day: CalendarDay? = nil) {
        self.itemID = itemID
        self.list = list
        self.text = text
        self.due = due
        self.fireTime = fireTime
        self.day = day
    }

    /// What the record keeps of it: a new due date or a new text arms the item again.
    public var key: FiredReminders.Key { FiredReminders.Key(itemID: itemID, due: due, text: text) }

    /// `Buy milk — due 18:00` (today), `— due today` (a whole day today), or with the date.
    public func body(now: Double) -> String {
        text + " — due " + Self.dueText(day.map(Due.day) ?? .time(due), now: now)
    }

    /// The due date as a person reads it relative to `now`.
    static func dueText(_ due: Due, now: Double) -> String {
        let formatted = due.text
        let today = LocalTime.day(now).description
        guard formatted.hasPrefix(today) else { return formatted }
        return formatted == today ? "today" : String(formatted.dropFirst(today.count + 1))
    }
}
