import KeyedArchive

/// Writes checklists as JSON or as a Markdown task list (SPEC §6).
public enum ChecklistExport {
    /// `{"checklists": [{"name", "iconName", "items": [{"itemID", "text", "checked", "dueDate", "shouldRemind"}]}]}`,
    /// due dates as ISO 8601 (a time in UTC, a whole day as `YYYY-MM-DD`) or `null`; an item that
    /// repeats also has `"repeat"`, its RRULE; and SPEC §13's fields where the item has them:
    /// `"note"`, `"tags"` (an array), `"priority"` (1–9), `"parent"` (the parent's `itemID`),
    /// `"start"` (as `dueDate` is written) and `"uid"`. Indented by `indent` spaces a level, or on
    /// one line when it is `nil`; a line feed ends it.
    public static func json(_ checklists: [Checklist], indent: Int? = 2) -> String {
        var writer = JSONWriter(indent: indent)
        writer.beginObject()
        writer.key("checklists")
        writer.beginArray()
        for list in checklists {
            let idOfUID = parentIDs(list.items)
            writer.beginObject()
            writer.member("name", list.name)
            writer.member("iconName", list.iconName)
            writer.key("items")
            writer.beginArray()
            for item in list.items {
                writer.beginObject()
                writeFields(of: item, parentID: item.parentUID.flatMap { idOfUID[$0] }, to: &writer)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self) + "\n"
    }

    /// Writes the members of `item`'s JSON object, in `ItemField`'s order: `itemID`, `text`,
    /// `checked`, `dueDate`, `shouldRemind`, then what it has of `repeat` and SPEC §13's fields;
    /// `parentID` is its parent's `itemID`, when the parent is in its checklist.
    static func writeFields(of item: ChecklistItem, parentID: Int?, to writer: inout JSONWriter) {
        for field in ItemField.allCases { write(field, of: item, parentID: parentID, to: &writer) }
    }

    /// Writes `item`'s member for `field`, when it has one: the optional ones only when set.
    private static func write(_ field: ItemField, of item: ChecklistItem, parentID: Int?, to writer: inout JSONWriter) {
        let name = field.jsonMember
        switch field {
        case .itemID: writer.member(name, item.itemID)
        case .text: writer.member(name, item.text)
        case .checked: writer.member(name, item.checked)
        case .due:
            writer.key(name)
            if let due = item.due { writer.string(due.iso8601) } else { writer.null() }
        case .shouldRemind: writer.member(name, item.shouldRemind)
        case .repeatRule: if let rule = item.repeatRule { writer.member(name, rule.rrule) }
        case .note: if !item.note.isEmpty { writer.member(name, item.note) }
        case .tags:
            guard !item.tags.isEmpty else { return }
            writer.key(name)
            writer.beginArray()
            for tag in item.tags { writer.string(tag) }
            writer.endArray()
        case .priority: if let priority = item.priority { writer.member(name, priority) }
        case .parent: if let parentID { writer.member(name, parentID) }
        case .start: if let start = item.start { writer.member(name, start.iso8601) }
        case .uid: if let uid = item.uid { writer.member(name, uid) }
        // A CalDAV account's: not exported (an import is no sync).
        case .serverMark, .alarmOffset, .cancelled: break
        }
    }

    /// The `itemID` of each UID among `items`, when any of them is a sub-item (else none needed).
    static func parentIDs(_ items: [ChecklistItem]) -> [String: Int] {
        guard items.contains(where: { $0.parentUID != nil }) else { return [:] }
        var result: [String: Int] = [:]
        for item in items { if let uid = item.uid, result[uid] == nil { result[uid] = item.itemID } }
        return result
    }

    /// The mark before a repeat rule on a Markdown task line, as the Obsidian Tasks plugin writes it.
    public static let repeatMark = "🔁"
    /// The mark before a due date on a Markdown task line (Obsidian Tasks).
    public static let dueMark = "📅"
    /// The mark before a start date on a Markdown task line (Obsidian Tasks).
    public static let startMark = "🛫"
    /// The priority marks of Obsidian Tasks: high (RFC 5545's 1–4), medium (5), low (6–9).
    public static let priorityMarks = (high: "⏫", medium: "🔼", low: "🔽")

    /// One `## Name` heading per checklist and GitHub task-list lines `- [ ] text` / `- [x] text`,
    /// with the Obsidian Tasks plugin's marks for what an item holds (SPEC §13), in this order:
    /// `- [ ] Water plants #home ⏫ 🔁 every week 🛫 2026-06-01 📅 2026-06-20` (tags, priority,
    /// repeat rule, start, due date; dates in ISO 8601: a whole day as its date, a time in UTC).
    /// A cancelled item is `- [-]`; leading blanks of a text and a tag of digits are written as
    /// `MarkdownEscapes` says, so that the import reads them back.
    /// A sub-item follows its parent indented two spaces a level; a note follows its item as
    /// lines indented two spaces more than the item, a line that would read as a task or as the
    /// details below (or that starts with `\`) escaped by a `\` before it.
    ///
    /// With `details` (the text view `cat` gives git, so `git log -p` shows every change a sync
    /// carried), a checklist's icon follows its heading (`icon: NAME`, unless it has none) and an
    /// item's due date and reminder follow it on an indented line (`due DATE, reminder on`),
    /// instead of the due date's mark.
    public static func markdown(_ checklists: [Checklist], details: Bool = false) -> String {
        var out = ""
        for (index, list) in checklists.enumerated() {
            if index > 0 { out += "\n" }
            out += "## \(oneLine(list.name))\n"
            if details, list.iconName != "No Icon" { out += "icon: \(oneLine(list.iconName))\n" }
            out += list.items.isEmpty ? "" : "\n"
            let outline = ChecklistOutline(list.items)
            for index in outline.order {
                let item = list.items[index]
                let indent = String(repeating: "  ", count: outline.depth(ofIndex: index))
                out += indent
                for field in taskLineOrder { writeTaskLine(field, of: item, due: !details, to: &out) }
                out += "\n"
                if details, let facts = facts(item) { out += indent + "  " + facts + "\n" }
                if !item.note.isEmpty { out += noteLines(item.note, indent: indent + "  ") }
            }
        }
        return out
    }

    /// The fields an item's task line carries, in the order it writes them: the box, the text,
    /// then the marks.
    static let taskLineOrder: [ItemField] = [.checked, .text, .tags, .priority, .repeatRule, .start, .due]

    /// Writes what `item`'s task line says of `field`; the due date's mark only with `due`.
    private static func writeTaskLine(_ field: ItemField, of item: ChecklistItem, due: Bool, to out: inout String) {
        switch field {
        // Obsidian's `[-]`, a cancelled task, for an item a client cancelled (checked here).
        case .checked: out += item.checked ? item.cancelled ? "- [-] " : "- [x] " : "- [ ] "
        case .text: out += MarkdownEscapes.writtenText(oneLine(item.text))
        case .tags:
            for tag in item.tags { out += " #" + MarkdownEscapes.writtenTag(oneLine(tag).filter { $0 != " " }) }
        case .priority:
            switch item.priority {
            case nil: break
            case let priority? where priority < 5: out += " " + priorityMarks.high
            case 5: out += " " + priorityMarks.medium
            default: out += " " + priorityMarks.low
            }
        case .repeatRule: if let rule = item.repeatRule { out += " \(repeatMark) \(oneLine(rule.description))" }
        case .start: if let start = item.start { out += " \(startMark) \(start.iso8601)" }
        case .due: if due, let date = item.due { out += " \(dueMark) \(date.iso8601)" }
        // Below the task line: the note as its indented lines, the reminder in `cat`'s `facts`.
        case .note, .shouldRemind: break
        // Written by other means: the parent as the indentation, the cancellation in the box.
        case .parent, .cancelled: break
        // Not carried by Markdown: the IDs are the file's own, and the server mark and the alarm
        // time belong to a CalDAV account.
        case .itemID, .uid, .serverMark, .alarmOffset: break
        }
    }

    /// `due DATE, reminder on`: what `cat` writes below an item that has them.
    static func facts(_ item: ChecklistItem) -> String? {
        var facts: [String] = []
        if let due = item.due { facts.append("due " + due.iso8601) }
        if item.shouldRemind { facts.append("reminder on") }
        return facts.isEmpty ? nil : facts.joined(separator: ", ")
    }

    /// A note as Markdown lines under its item, each after `indent`; an empty line stays empty.
    /// The import takes the first line's indentation for the note's, so that line's own leading
    /// blanks are written as character references (`&#32;`), which it reads back as blanks.
    private static func noteLines(_ note: String, indent: String) -> String {
        var out = ""
        var first = true
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            guard !line.isEmpty else {
                out += "\n"
                continue
            }
            let (blanks, rest) = first ? MarkdownEscapes.writingBlanks(line) : ("", line)
            first = false
            let escaped = ChecklistImport.readsAsMoreThanNote(rest) ? "\\" + rest : rest
            out += indent + blanks + escaped + "\n"
        }
        return out
    }

    /// Every item as a VTODO in one iCalendar object (SPEC §11, §13): each names its checklist
    /// in a property of its own, `X-CHECKLISTS-LIST` (one calendar per checklist is not something
    /// a file can say, and `CATEGORIES` are the tags), and has its UID, or one made from its item
    /// ID, `checklists-item-ID`, the same at every export of the file.
    public static func ics(_ checklists: [Checklist], now: Double) -> String {
        var calendar = CalendarComponent(
            "VCALENDAR",
            properties: [
                ContentLine("VERSION", value: "2.0"), ContentLine("PRODID", value: "-//checklists//checklists//EN"),
            ])
        for list in checklists {
            let siblings = Set(list.items.compactMap(\.uid))
            for item in list.items {
                var todo = CalendarTask.todo(
                    item, uid: item.uid ?? "checklists-item-\(item.itemID)", now: now, siblings: siblings)
                todo.set(
                    CalendarTask.listProperty,
                    ContentLine(CalendarTask.listProperty, value: CalendarText.escaped(list.name)))
                calendar.components.append(todo)
            }
        }
        return ICalendarWriter.write([calendar])
    }

    /// Text on one line: line breaks become spaces so the Markdown structure holds.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
