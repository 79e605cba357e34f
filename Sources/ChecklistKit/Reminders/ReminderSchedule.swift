/// When reminders fire, as pure functions of the checklists, the record and the time (SPEC §9).
///
/// An item reminds when it has a due date, its reminder is on and it is unchecked. It fires at
/// its due time, or at 09:00 local time on the day of a whole-day due date, once: the record of
/// fired reminders holds its ID with the due date it fired for, so a new due date arms it again.
public enum ReminderSchedule {
    /// The local hour at which a whole-day due date reminds.
    public static let wholeDayHour = 9

    /// Every reminder of `book`, soonest first.
    public static func reminders(in book: ChecklistBook) -> [Reminder] {
        var result: [Reminder] = []
        for list in book.checklists {
            for item in list.items where item.shouldRemind && !item.checked {
                guard let due = item.dueDate, due.isFinite, let kind = item.due else { continue }
                result.append(
                    Reminder(
                        itemID: item.itemID, list: list.name, text: item.text, due: due,
                        fireTime: fireTime(kind, alarmOffset: item.alarmOffset),
                        day: item.dueDay))
            }
        }
        return result.sorted { ($0.fireTime, $0.itemID) < ($1.fireTime, $1.itemID) }
    }

    /// When a reminder for `due` fires: a client's alarm time `alarmOffset` seconds from the due
    /// date (its time, or a whole day's start), else its time (midnight included), or 09:00 local
    /// time on a whole day.
    public static func fireTime(_ due: Due, alarmOffset: Int?) -> Double {
        if let alarmOffset { return due.start + Double(alarmOffset) }
        return fireTime(due)
    }

    /// When a reminder for `due` fires by default: its time, or 09:00 local time on a whole day.
    public static func fireTime(_ due: Due) -> Double {
        switch due {
        case .time(let time): return time
        case .day(let day):
            return LocalTime.time(on: day, hour: wholeDayHour, minute: 0)
                ?? LocalTime.start(of: day) + Double(wholeDayHour) * 3600
        }
    }

    /// The reminders of `book` that have come due by `now` and have not fired, soonest first.
    public static func due(in book: ChecklistBook, at now: Double, fired: FiredReminders) -> [Reminder] {
        reminders(in: book).filter { $0.fireTime <= now && !fired.contains($0.key) }
    }

    /// The time the next reminder of `book` fires after `now`, if any.
    public static func nextFireTime(in book: ChecklistBook, after now: Double, fired: FiredReminders) -> Double? {
        reminders(in: book).first { $0.fireTime > now && !fired.contains($0.key) }?.fireTime
    }
}
