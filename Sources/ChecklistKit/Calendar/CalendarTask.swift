/// Items as VTODO components and back, by SPEC §11's mapping: text as `SUMMARY`, checked as
/// `STATUS:COMPLETED` with `COMPLETED` and `PERCENT-COMPLETE:100`, the due date as `DUE` (UTC, or
/// a `VALUE=DATE` for a whole day), the reminder as a `VALARM`, the repeat rule as `RRULE` with a
/// `DTSTART` (the start date, else the due date, in the same form), and SPEC §13's fields (see
/// `CalendarTask+Details.swift`).
///
/// A task built on an existing one (read from a server or a file) keeps every property and
/// component the mapping does not cover exactly as it was, and each mapped property that still
/// says the same as it did is written as it was read.
public enum CalendarTask {
    /// The property that names an item's checklist in a file `export ics` writes (SPEC §13:
    /// `CATEGORIES` are the tags), where one calendar per checklist cannot be said.
    public static let listProperty = "X-CHECKLISTS-LIST"

    /// The property (`TRUE`) that says a task's `DTSTART` is the item's start although it equals
    /// `DUE`: a `DTSTART` equal to `DUE` alone is no start (see `startDate(of:)`).
    public static let ownStartProperty = "X-CHECKLISTS-OWN-START"

    /// The property (`COMPLETION`) that says a task's rule counts each next date from the day it
    /// is checked (SPEC §12, `after done`); its `RRULE` is plain, so any client repeats it.
    public static let repeatFrom = "X-CHECKLISTS-REPEAT-FROM"

    /// The VTODO of `item`, built on `existing` when given; `siblings` are the UIDs of the
    /// items of its checklist, which tell the parent it has here among the task's parents (any
    /// parent when `nil`). `now` stamps what changed.
    public static func todo(
        _ item: ChecklistItem, uid: String, now: Double, existing: CalendarComponent? = nil,
        siblings: Set<String>? = nil
    ) -> CalendarComponent {
        var todo = existing ?? CalendarComponent("VTODO")
        let before = todo
        let dueBefore = dueDate(of: before)
        for field in todoOrder {
            write(
                field, of: item, to: &todo, uid: uid, now: now, before: before, dueBefore: dueBefore,
                siblings: siblings)
        }
        guard todo != before || existing == nil else { return todo }
        let stamp = CalendarTime.utcValue(now)
        todo.set("DTSTAMP", ContentLine("DTSTAMP", value: stamp))
        todo.set("LAST-MODIFIED", ContentLine("LAST-MODIFIED", value: stamp))
        if existing != nil {
            let sequence = todo.property("SEQUENCE").flatMap { Int(CalendarText.trimmed($0.value)) } ?? 0
            todo.set("SEQUENCE", ContentLine("SEQUENCE", value: String(sequence &+ 1)))
        }
        return todo
    }

    /// The fields a VTODO carries, in the order `todo` writes their properties in a new task:
    /// `UID`, `SUMMARY`, `STATUS`, `DUE`, `RRULE`, `DTSTART`, the `VALARM`, then SPEC §13's.
    static let todoOrder: [ItemField] = [
        .uid, .text, .checked, .due, .repeatRule, .start, .shouldRemind, .note, .tags, .priority, .parent,
    ]

    /// Sets the properties of `todo` that carry `field` to what `item` holds, where `before` (the
    /// task as it was; `dueBefore` its due date) says otherwise. `uid` is the task's UID when it
    /// has none, `now` the time of a completion, `siblings` as `todo(_:uid:now:existing:siblings:)` says.
    private static func write(
        _ field: ItemField, of item: ChecklistItem, to todo: inout CalendarComponent, uid: String, now: Double,
        before: CalendarComponent, dueBefore: Due?, siblings: Set<String>?
    ) {
        switch field {
        // The UID the caller gives: the item's, or one made for it. A task's own stays.
        case .uid: if todo.property("UID") == nil { todo.set("UID", ContentLine("UID", value: uid)) }
        case .text: todo.set("SUMMARY", ContentLine("SUMMARY", value: CalendarText.escaped(item.text)))
        case .checked: setStatus(of: &todo, to: item, before: before, now: now)
        case .due:
            if let due = item.due {
                if dueBefore != due { todo.set("DUE", line("DUE", due)) }
            } else {
                todo.set("DUE", nil)
            }
        case .repeatRule:
            // `after done` is no part of RFC 5545: the RRULE stays plain (as Tasks.org writes it),
            // and the mark goes in a property of our own that other clients keep and ignore.
            todo.set("RRULE", item.repeatRule.map { ContentLine("RRULE", value: $0.plainRRULE) })
            let afterDone = item.repeatRule?.afterDone ?? false
            todo.set(Self.repeatFrom, afterDone ? ContentLine(Self.repeatFrom, value: "COMPLETION") : nil)
        case .start: setStart(of: &todo, to: item, before: before, dueBefore: dueBefore)
        case .shouldRemind: setReminder(of: &todo, to: item)
        case .note: setNote(of: &todo, to: item, before: before)
        case .tags: setTags(of: &todo, to: item, before: before)
        case .priority:
            if priority(of: before) != item.priority {
                todo.set("PRIORITY", item.priority.map { ContentLine("PRIORITY", value: String($0)) })
            }
        case .parent: setParent(of: &todo, to: item, before: before, siblings: siblings)
        // Written with the field they qualify: the cancellation as `STATUS:CANCELLED` of a
        // checked item, the alarm time as the reminder's `TRIGGER`.
        case .cancelled, .alarmOffset: break
        // Not carried by a VTODO: the item's number is this file's own, the server mark the
        // server's ETag of the task, kept beside it.
        case .itemID, .serverMark: break
        }
    }

    /// Sets `STATUS`, `COMPLETED` and `PERCENT-COMPLETE` to say whether `item` is checked or
    /// cancelled; a completion time new here is `now`.
    private static func setStatus(
        of todo: inout CalendarComponent, to item: ChecklistItem, before: CalendarComponent, now: Double
    ) {
        if item.checked, item.cancelled {
            // Cancelled elsewhere reads as checked here; it stays cancelled unless unchecked here.
            if !isCancelled(before) { todo.set("STATUS", ContentLine("STATUS", value: "CANCELLED")) }
        } else if item.checked {
            todo.set("STATUS", ContentLine("STATUS", value: "COMPLETED"))
            if !isChecked(before) || before.property("COMPLETED") == nil {
                todo.set("COMPLETED", ContentLine("COMPLETED", value: CalendarTime.utcValue(now)))
            }
            todo.set("PERCENT-COMPLETE", ContentLine("PERCENT-COMPLETE", value: "100"))
        } else {
            todo.set("STATUS", ContentLine("STATUS", value: "NEEDS-ACTION"))
            todo.set("COMPLETED", nil)
            todo.set("PERCENT-COMPLETE", nil)
        }
    }

    /// Sets `DTSTART` (and `ownStartProperty`) to `item`'s start, or to its due date when it
    /// repeats without one.
    private static func setStart(
        of todo: inout CalendarComponent, to item: ChecklistItem, before: CalendarComponent, dueBefore: Due?
    ) {
        let startBefore = start(of: before)
        if let start = item.start {
            if startBefore != start { todo.set("DTSTART", line("DTSTART", start)) }
        } else if let due = item.due, item.repeatRule != nil {
            // RFC 5545 computes a series from DTSTART: without one, clients count from the moment
            // the task is completed. Without a start date of its own, it is the due date.
            if startBefore != due { todo.set("DTSTART", line("DTSTART", due)) }
        } else if startBefore != nil, startBefore == dueBefore, !hasOwnStart(before) {
            // A start that was only the due date (SPEC §11: no start date) follows it.
            if dueBefore != item.due { todo.set("DTSTART", item.due.map { line("DTSTART", $0) }) }
        } else if startBefore != nil {
            // A start date of its own, cleared here.
            todo.set("DTSTART", nil)
        }
        let ownStart = item.start != nil && item.start == item.due
        if hasOwnStart(before) != ownStart {
            todo.set(ownStartProperty, ownStart ? ContentLine(ownStartProperty, value: "TRUE") : nil)
        }
    }

    /// Adds a `VALARM` for `item`'s reminder when the task has no alarm with a time, or removes
    /// those when the item has no reminder.
    private static func setReminder(of todo: inout CalendarComponent, to item: ChecklistItem) {
        let timed = todo.components.contains(where: isTimeAlarm)
        if item.shouldRemind, !timed {
            // When `watch` rings: at the due time, or at 09:00 on a whole day (SPEC §9, §11).
            // At a client's alarm time when one came with the item (SPEC §9).
            let offset =
                if let alarmOffset = item.alarmOffset {
                    CalendarAlarm.duration(alarmOffset)
                } else if case .day? = item.due {
                    "PT9H"
                } else {
                    "PT0S"
                }
            todo.components.append(
                CalendarComponent(
                    "VALARM",
                    properties: [
                        ContentLine("ACTION", value: "DISPLAY"),
                        ContentLine("TRIGGER", parameters: [.init("RELATED", ["END"])], value: offset),
                        ContentLine("DESCRIPTION", value: CalendarText.escaped(item.text)),
                    ]))
        } else if !item.shouldRemind, timed {
            // Only the alarms with a time: a location alarm is not a reminder of ours to remove.
            todo.components.removeAll(where: isTimeAlarm)
        }
    }

    /// The VTODO of `item`, the next occurrence of a series, built on `completed`, the task of the
    /// occurrence it follows (SPEC §12): every property and alarm of that task (a phone's
    /// description, priority, categories, location, its alarm 15 minutes before) carried over,
    /// with its own UID, its due date and start moved, open again (no `STATUS:COMPLETED`,
    /// `COMPLETED` or `PERCENT-COMPLETE`), the rule `item` holds, new `DTSTAMP`, `LAST-MODIFIED`
    /// and `CREATED`, `SEQUENCE:0`, and no `RECURRENCE-ID`: it is a task of its own.
    public static func nextTodo(
        _ item: ChecklistItem, uid: String, after completed: CalendarComponent, now: Double,
        siblings: Set<String>? = nil
    ) -> CalendarComponent {
        var template = completed
        for name in ["UID", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "RECURRENCE-ID", "SEQUENCE", "CREATED"] {
            template.set(name, nil)
        }
        template.set("UID", ContentLine("UID", value: uid))
        var todo = Self.todo(item, uid: uid, now: now, existing: template, siblings: siblings)
        let stamp = CalendarTime.utcValue(now)
        for name in ["DTSTAMP", "LAST-MODIFIED", "CREATED"] { todo.set(name, ContentLine(name, value: stamp)) }
        todo.set("SEQUENCE", ContentLine("SEQUENCE", value: "0"))
        return todo
    }

    /// A `DUE` or `DTSTART` line: a DATE for a whole day, else a UTC DATE-TIME.
    static func line(_ name: String, _ due: Due) -> ContentLine {
        switch due {
        case .day(let day):
            ContentLine(name, parameters: [.init("VALUE", ["DATE"])], value: day.description.filter { $0 != "-" })
        case .time(let time):
            ContentLine(name, value: CalendarTime.utcValue(time))
        }
    }

    /// The item a VTODO describes, with `itemID`; `created` is its `DueDate` when it has no due
    /// date. Its parent is the first of the task's parents that `siblings` holds (the UIDs of
    /// the tasks of its list), or the first one when `siblings` is `nil`.
    public static func item(
        _ todo: CalendarComponent, itemID: Int, created: Double, siblings: Set<String>? = nil
    ) -> ChecklistItem {
        var item = ChecklistItem(text: "", itemID: itemID, created: created)
        for field in ItemField.allCases { read(field, of: todo, into: &item, siblings: siblings) }
        return item
    }

    /// Sets `field` of `item` to what `todo` says of it; `siblings` as `item(_:itemID:created:siblings:)` says.
    private static func read(
        _ field: ItemField, of todo: CalendarComponent, into item: inout ChecklistItem, siblings: Set<String>?
    ) {
        switch field {
        case .text: item.text = todo.property("SUMMARY").map { CalendarText.unescaped($0.value) } ?? ""
        case .checked: item.checked = isChecked(todo)
        case .due: item.due = dueDate(of: todo)
        case .shouldRemind: item.shouldRemind = todo.components.contains(where: isTimeAlarm)
        case .repeatRule:
            let afterDone = todo.property(repeatFrom).map { CalendarText.trimmed($0.value) == "COMPLETION" } ?? false
            item.repeatRule = todo.property("RRULE").map {
                RepeatRule(rrule: String(CalendarText.trimmed($0.value))).counting(afterDone: afterDone)
            }
        case .note: item.note = note(of: todo)
        case .tags: item.tags = tags(of: todo)
        case .priority: item.priority = priority(of: todo)
        case .parent: item.parentUID = parent(of: todo, among: siblings)
        case .start: item.start = startDate(of: todo)
        case .alarmOffset: item.alarmOffset = CalendarAlarm.offset(of: todo)
        case .cancelled: item.cancelled = isCancelled(todo)
        // The caller's: the item's number is given, the UID is the resource's on a server (the
        // `UID` line's in a file), and the server mark is the server's ETag.
        case .itemID, .uid, .serverMark: break
        }
    }

    /// Whether a task is done: `STATUS:COMPLETED` or `STATUS:CANCELLED` (no longer to do, as
    /// SPEC §11 reads it), or a `COMPLETED` time without another status.
    public static func isChecked(_ todo: CalendarComponent) -> Bool {
        if let status = todo.property("STATUS").map({ CalendarText.trimmed($0.value).uppercased() }) {
            return status == "COMPLETED" || status == "CANCELLED"
        }
        return todo.property("COMPLETED") != nil
    }

    /// Whether a task was cancelled (`STATUS:CANCELLED`).
    public static func isCancelled(_ todo: CalendarComponent) -> Bool {
        todo.property("STATUS").map { CalendarText.trimmed($0.value).uppercased() == "CANCELLED" } ?? false
    }

    /// Whether a component is an alarm that rings at a time: a display or audio `VALARM` with a
    /// trigger, but not Apple's location alarm, whose trigger is a fixed moment of 1976 beside
    /// `X-APPLE-PROXIMITY` (SPEC §11) and which would otherwise ring at once, 50 years late.
    static func isTimeAlarm(_ component: CalendarComponent) -> Bool {
        guard component.name.uppercased() == "VALARM", component.property("TRIGGER") != nil,
            component.property("X-APPLE-PROXIMITY") == nil
        else { return false }
        let action = component.property("ACTION").map { CalendarText.trimmed($0.value).uppercased() } ?? "DISPLAY"
        return action == "DISPLAY" || action == "AUDIO"
    }

    /// The task's due date (`DUE`): a whole day for a DATE value, else the moment it names.
    public static func dueDate(of todo: CalendarComponent) -> Due? {
        date(todo.property("DUE"))
    }

    /// The task's `DTSTART`, read as `dueDate` reads `DUE`; `startDate` is the item's start.
    public static func start(of todo: CalendarComponent) -> Due? {
        date(todo.property("DTSTART"))
    }

    /// A whole day for a DATE value, else the moment a DATE-TIME names.
    static func date(_ line: ContentLine?) -> Due? {
        guard let line, let value = CalendarTime(line) else { return nil }
        if case .day(let year, let month, let day) = value {
            return CalendarDay(year: year, month: month, day: day).map(Due.day)
        }
        return value.referenceSeconds.map(Due.time)
    }

    /// The checklist a task of an `export ics` file belongs to (`listProperty`), if it names one.
    public static func listName(of todo: CalendarComponent) -> String? {
        todo.property(listProperty).map { CalendarText.unescaped($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The first category of a task, if it has one: the checklist of a file the export wrote
    /// before tags were `CATEGORIES`.
    public static func category(of todo: CalendarComponent) -> String? {
        todo.properties(named: "CATEGORIES").lazy.flatMap { CalendarText.list($0.value) }.first { !$0.isEmpty }
    }
}
