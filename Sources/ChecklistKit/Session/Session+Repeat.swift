extension Session {
    /// `repeat ITEM RULE` / `repeat ITEM none`: sets or clears the rule of the items; an item
    /// without a due date gets today (a whole day) as its due date when a rule is set, and one
    /// due on a date the rule does not give moves to the first date it gives from there.
    func setRepeat(_ reference: ItemReference, _ rule: RepeatRule?) throws -> CommandResult {
        let today = LocalTime.day(clock())
        return try changeResult("repeat") { book in
            let locations = try resolveItems([reference], in: book)
            for location in locations {
                book.update(at: location.list) { list in
                    list.items[location.item].repeatRule = rule
                    guard let rule else { return }
                    let due = list.items[location.item].due ?? .day(today)
                    // The due date is the series' first date (SPEC §12: `every mon,thu` set on a
                    // Saturday moves it to Monday), as RFC 5545 counts from DTSTART.
                    list.items[location.item].due = rule.firstOccurrence(from: due) ?? due
                }
            }
            return reportLines(book, locations, verb: rule == nil ? "no repeat:" : "repeats:")
        }
    }
}
