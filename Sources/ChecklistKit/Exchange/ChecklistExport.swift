import KeyedArchive

/// Writes checklists as JSON or as a Markdown task list (SPEC §6).
public enum ChecklistExport {
    /// `{"checklists": [{"name", "iconName", "items": [{"itemID", "text", "checked", "dueDate", "shouldRemind"}]}]}`,
    /// due dates as ISO 8601 in UTC or `null`; an item that repeats also has `"repeat"`, its RRULE.
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
                                    value: item.dueDate.map { .string(CivilTime.iso8601(referenceSeconds: $0)) }
                                        ?? .null
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
    public static func markdown(_ checklists: [Checklist]) -> String {
        var out = ""
        for (index, list) in checklists.enumerated() {
            if index > 0 { out += "\n" }
            out += "## \(oneLine(list.name))\n" + (list.items.isEmpty ? "" : "\n")
            for item in list.items {
                out += "- [\(item.checked ? "x" : " ")] \(oneLine(item.text))"
                if let rule = item.repeatRule { out += " \(repeatMark) \(oneLine(rule.description))" }
                out += "\n"
            }
        }
        return out
    }

    /// Text on one line: line breaks become spaces so the Markdown structure holds.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
