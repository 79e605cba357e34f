extension Session {
    /// `repeat ITEM RULE` / `repeat ITEM none`: sets or clears the rule of the items; an item
    /// without a due date gets today (a whole day) as its due date when a rule is set.
    func setRepeat(_ reference: ItemReference, _ rule: RepeatRule?) throws -> CommandResult {
        let today = LocalTime.day(clock())
        return try changeResult("repeat") { book in
            let locations = try resolveItems([reference], in: book)
            for location in locations {
                book.update(at: location.list) { list in
                    list.items[location.item].repeatRule = rule
                    if rule != nil && list.items[location.item].due == nil {
                        list.items[location.item].due = .day(today)
                    }
                }
            }
            return locations.map { reportLine(book, $0, verb: rule == nil ? "no repeat:" : "repeats:") }
        }
    }
}
