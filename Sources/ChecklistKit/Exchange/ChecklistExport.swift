import KeyedArchive

/// Writes checklists as JSON or as a Markdown task list (SPEC §6).
public enum ChecklistExport {
    /// `{"checklists": [{"name", "iconName", "items": [{"itemID", "text", "checked", "dueDate", "shouldRemind"}]}]}`,
    /// due dates as ISO 8601 in UTC or `null`.
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
                                    value: item.dueDate.map { .string(CivilTime.iso8601(referenceSeconds: $0)) }
                                        ?? .null
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
    public static func markdown(_ checklists: [Checklist]) -> String {
        var out = ""
        for (index, list) in checklists.enumerated() {
            if index > 0 { out += "\n" }
            out += "## \(oneLine(list.name))\n" + (list.items.isEmpty ? "" : "\n")
            for item in list.items {
                out += "- [\(item.checked ? "x" : " ")] \(oneLine(item.text))\n"
            }
        }
        return out
    }

    /// Text on one line: line breaks become spaces so the Markdown structure holds.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
