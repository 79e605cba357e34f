import KeyedArchive

/// Writes checklists as JSON or as a Markdown task list (SPEC §6).
public enum ChecklistExport {
    /// `{"checklists": [{"name", "iconName", "items": [{"itemID", "text", "checked", "dueDate", "shouldRemind"}]}]}`,
    /// due dates as ISO 8601 (a time in UTC, a whole day as `YYYY-MM-DD`) or `null`; an item that
    /// repeats also has `"repeat"`, its RRULE.
    public static func json(_ checklists: [Checklist]) -> String {
        let lists: [JSONValue] = checklists.map { list in
            .object([
                (key: "name", value: .string(list.name)),
                (key: "iconName", value: .string(list.iconName)),
                (
                    key: "items",
                    value: .array(
                        list.items.map { item in
                            var fields: [(key: String, value: JSONValue)] = [
                                (key: "itemID", value: .number(String(item.itemID))),
                                (key: "text", value: .string(item.text)),
                                (key: "checked", value: .bool(item.checked)),
                                (
                                    key: "dueDate",
                                    value: item.due.map { .string($0.iso8601) } ?? .null
                                ),
                                (key: "shouldRemind", value: .bool(item.shouldRemind)),
                            ]
                            if let rule = item.repeatRule { fields.append((key: "repeat", value: .string(rule.rrule))) }
                            return .object(fields)
                        })
                ),
            ])
        }
        return JSONValue.object([(key: "checklists", value: .array(lists))]).rendered(indent: 2) + "\n"
    }

    /// The mark before a repeat rule on a Markdown task line, as the Obsidian Tasks plugin writes it.
    public static let repeatMark = "🔁"

    /// One `## Name` heading per checklist and GitHub task-list lines `- [ ] text` / `- [x] text`;
    /// an item that repeats ends with its rule: `- [ ] Water plants 🔁 every week`.
    ///
    /// With `details` (the text view `cat` gives git, so `git log -p` shows every change a sync
    /// carried), a checklist's icon follows its heading (`icon: NAME`, unless it has none) and an
    /// item's due date (ISO 8601: a time in UTC, a whole day as its date) and reminder follow it on an indented line.
    public static func markdown(_ checklists: [Checklist], details: Bool = false) -> String {
        var out = ""
        for (index, list) in checklists.enumerated() {
            if index > 0 { out += "\n" }
            out += "## \(oneLine(list.name))\n"
            if details, list.iconName != "No Icon" { out += "icon: \(oneLine(list.iconName))\n" }
            out += list.items.isEmpty ? "" : "\n"
            for item in list.items {
                out += "- [\(item.checked ? "x" : " ")] \(oneLine(item.text))"
                if let rule = item.repeatRule { out += " \(repeatMark) \(oneLine(rule.description))" }
                out += "\n"
                guard details else { continue }
                var facts: [String] = []
                if let due = item.due { facts.append("due " + due.iso8601) }
                if item.shouldRemind { facts.append("reminder on") }
                if !facts.isEmpty { out += "  " + facts.joined(separator: ", ") + "\n" }
            }
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
