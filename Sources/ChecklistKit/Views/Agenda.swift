/// What `agenda` shows (SPEC §17): the overdue open items, then each day of a window from today
/// with the items due or starting on it, a series on every day its rule gives.
///
/// Pure: built from a book, a filter, the window and the time; the session renders it.
public struct Agenda: Sendable {
    /// One line of the agenda: an item, on a day, as due there, a later date of its series, or
    /// starting there.
    public struct Entry: Sendable, Equatable {
        /// Why an item is on a day.
        public enum Kind: Sendable, Equatable {
            /// Its due date (the occurrence `check` checks).
            case due
            /// A later date of its series: to come, not checkable until the ones before are done.
            case occurrence
            /// Its start date, before its due date.
            case starting
        }

        /// The checklist's index in the book.
        public var list: Int
        /// The item's index in the checklist.
        public var item: Int
        /// The date it is shown at: its due date, the occurrence's, or its start.
        public var date: Due
        /// Why it is there.
        public var kind: Kind
    }

    /// The days `agenda` may show at once, and how many it shows when not told.
    public static let dayLimit = 1...366
    /// The window `agenda` shows when not told (SPEC §17).
    public static let defaultDays = 7
    /// The most later dates of one series shown, so a rule of minutes cannot flood the window.
    static let occurrenceLimit = 1000

    /// The open items whose due date has passed, soonest first.
    public var overdue: [Entry] = []
    /// The days of the window that have anything, in order, each with its entries: timed ones
    /// by time, whole-day ones after.
    public var days: [(day: CalendarDay, entries: [Entry])] = []

    /// The agenda of `book` for `dayCount` days from the day of `now`, of the items that pass `filter`.
    public init(of book: ChecklistBook, days dayCount: Int, filter: ItemFilter, now: Double) {
        let today = LocalTime.day(now)
        let last = today.adding(days: max(dayCount, 1) - 1) ?? CalendarDay.latest
        var byDay: [CalendarDay: [Entry]] = [:]
        func place(_ entry: Entry) {
            let day = Self.day(of: entry.date)
            if day >= today, day <= last { byDay[day, default: []].append(entry) }
        }
        for (listIndex, list) in book.checklists.enumerated() {
            for (index, item) in list.items.enumerated() where !item.checked && filter.matches(item, now: now) {
                if let start = item.start, item.due.map({ Self.day(of: $0) != Self.day(of: start) }) ?? true {
                    place(Entry(list: listIndex, item: index, date: start, kind: .starting))
                }
                guard let due = item.due else { continue }
                let entry = Entry(list: listIndex, item: index, date: due, kind: .due)
                if due.isOverdue(now: now) { overdue.append(entry) } else { place(entry) }
                guard let rule = item.repeatRule else { continue }
                Self.forEachLaterDate(of: item, rule: rule, due: due, now: now, through: last) { date in
                    place(Entry(list: listIndex, item: index, date: date, kind: .occurrence))
                }
            }
        }
        overdue.sort { Self.order($0, $1) }
        days = byDay.keys.sorted().map { day in (day, (byDay[day] ?? []).sorted { Self.order($0, $1) }) }
    }

    /// The day a date falls on here.
    static func day(of date: Due) -> CalendarDay {
        switch date {
        case .day(let day): day
        case .time(let time): LocalTime.day(time)
        }
    }

    /// Agenda order: timed before whole-day on the same day, then by time, checklist and position.
    private static func order(_ left: Entry, _ right: Entry) -> Bool {
        let leftDay = day(of: left.date)
        let rightDay = day(of: right.date)
        if leftDay != rightDay { return leftDay < rightDay }
        let leftKey = (left.date.isWholeDay ? 1 : 0, left.date.start, left.list, left.item)
        let rightKey = (right.date.isWholeDay ? 1 : 0, right.date.start, right.list, right.item)
        return leftKey < rightKey
    }

    /// Calls `body` with each due date of `item`'s series after `due` up to the end of `last`:
    /// the first is the one `check` would make now, each next one the series' first after the
    /// one before, always counted from the item's own dates (as dateutil counts from `DTSTART`,
    /// so a time a daylight-saving gap moved does not move the dates after it).
    private static func forEachLaterDate(
        of item: ChecklistItem, rule: RepeatRule, due: Due, now: Double, through last: CalendarDay,
        _ body: (Due) -> Void
    ) {
        var moment = now
        for _ in 0..<occurrenceLimit {
            let next: Due?
            if let start = item.start {
                next = rule.nextOccurrence(start: start, due: due, now: moment)?.due
            } else {
                next = rule.nextOccurrence(after: due, now: moment)?.due
            }
            guard let next, day(of: next) <= last else { return }
            body(next)
            // A whole day is past once its day is: look from the next day's start.
            moment = max(
                moment, next.isWholeDay ? LocalTime.start(of: day(of: next).adding(days: 1) ?? last) : next.start)
        }
    }
}
