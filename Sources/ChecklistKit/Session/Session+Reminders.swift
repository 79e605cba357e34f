extension Session {
    /// How often, at most, a waiting REPL looks at the data file for reminders another process set.
    public static let reminderRecheckSeconds: Double = 10

    /// Reminders that have come due and this session has not shown yet, as lines; each is shown
    /// once (SPEC §7: the REPL mentions them on start, and prints them above the prompt at their time).
    public func dueReminders() -> [OutputLine] {
        // Another process may have set or changed reminders; a file that cannot be read now is
        // reported by the next command.
        _ = try? store.reloadIfChanged()
        let book = self.book
        let now = clock()
        var lines: [OutputLine] = []
        for reminder in ReminderSchedule.due(in: book, at: now, fired: shownReminders) {
            shownReminders.insert(reminder.key)
            guard let list = book.checklists.first(where: { $0.name == reminder.list }),
                let position = list.items.firstIndex(where: { $0.itemID == reminder.itemID })
            else { continue }
            lines.append(
                itemLine(
                    list.items[position], position: ChecklistOutline(list.items).position(ofIndex: position), width: 1,
                    now: now, prefix: "reminder: \(list.name): "))
        }
        return lines
    }

    /// Reloads the data file if another process changed it (a `stat` when it did not); whether it did.
    /// A file that cannot be read now is reported by the next command.
    public func reloadIfChanged() -> Bool {
        (try? store.reloadIfChanged()) ?? false
    }

    /// Seconds until this session should look for due reminders again: the next reminder's time, but
    /// at most `reminderRecheckSeconds`, so that one set by another process is not missed for long.
    public func secondsUntilNextReminder() -> Double {
        let now = clock()
        let next = ReminderSchedule.nextFireTime(in: book, after: now, fired: shownReminders)
        return min(next.map { $0 - now } ?? .infinity, Self.reminderRecheckSeconds)
    }
}
