import KeyedArchive

/// Writes checklists as JSON or as a Markdown task list (SPEC §6).
public enum ChecklistExport {
    /// `{"checklists": [{"name", "iconName", "items": [{"itemID", "text", "checked", "dueDate", "shouldRemind"}]}]}`,
    /// due dates as ISO 8601 (a time in UTC, a whole day as `YYYY-MM-DD`) or `null`.
    public static func json(_ checklists: [Checklist]) -> String {
        let lists: [JSONValue] = checklists.map { list in
            .object([
                (key: "name", value: .string(list.name)),
                (key: "iconName", value: .string(list.iconName)),
                (
                    key: "items",
                    value: .array(
                        list.items.map { item in
                            .object([
                                (key: "itemID", value: .number(String(item.itemID))),
                                (key: "text", value: .string(item.text)),
                                (key: "checked", value: .bool(item.checked)),
                                (
                                    key: "dueDate",
                                    value: item.due.map { .string($0.iso8601) } ?? .null
                                ),
                                (key: "shouldRemind", value: .bool(item.shouldRemind)),
                            ])
                        })
                ),
            ])
        }
        return JSONValue.object([(key: "checklists", value: .array(lists))]).rendered(indent: 2) + "\n"
    }

    /// One `## Name` heading per checklist and GitHub task-list lines `- [ ] text` / `- [x] text`.
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
                out += "- [\(item.checked ? "x" : " ")] \(oneLine(item.text))\n"
                guard details else { continue }
                var facts: [String] = []
                if let due = item.due { facts.append("due " + due.iso8601) }
                if item.shouldRemind { facts.append("reminder on") }
                if !facts.isEmpty { out += "  " + facts.joined(separator: ", ") + "\n" }
            }
        }
        return out
    }

    /// Text on one line: line breaks become spaces so the Markdown structure holds.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
