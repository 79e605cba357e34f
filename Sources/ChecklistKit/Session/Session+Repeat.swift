extension Session {
    /// `repeat ITEM RULE` / `repeat ITEM none`: sets or clears the rule of the items; an item
    /// without a due date gets today (a whole day) as its due date when a rule is set, and one
    /// due on a date the rule does not give moves to the first date it gives from there; a
    /// `time` makes it due at that time of day (SPEC §12: `every 2nd tuesday at 7pm`).
    func setRepeat(
        _ reference: ItemReference, _ rule: RepeatRule?, at time: DateExpression.Clock? = nil
    ) throws
        -> CommandResult
    {
        let today = LocalTime.day(clock())
        return try changeResult("repeat") { book in
            let locations = try resolveItems([reference], in: book)
            for location in locations {
                book.update(at: location.list) { list in
                    Self.setRepeat(rule, at: time, today: today, on: &list.items[location.item])
                }
            }
            return reportLines(book, locations, verb: rule == nil ? "no repeat:" : "repeats:")
        }
    }

    /// Sets `rule` on `item`; with a rule, the due date (today when it has none, at `time` when
    /// one is given) becomes the series' first date.
    static func setRepeat(
        _ rule: RepeatRule?, at time: DateExpression.Clock?, today: CalendarDay, on item: inout ChecklistItem
    ) {
        item.repeatRule = rule
        guard let rule else { return }
        var due = item.due ?? .day(today)
        let day =
            switch due {
            case .day(let day): day
            case .time(let moment): LocalTime.day(moment)
            }
        if let time, let moment = LocalTime.time(on: day, hour: time.hour, minute: time.minute) {
            due = .time(moment)
        }
        // The due date is the series' first date (SPEC §12: `every mon,thu` set on a Saturday
        // moves it to Monday), as RFC 5545 counts from DTSTART.
        item.due = rule.firstOccurrence(from: due) ?? due
    }
}
