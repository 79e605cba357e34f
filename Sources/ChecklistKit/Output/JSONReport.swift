import KeyedArchive

/// The JSON documents `--json` prints (SPEC §14): one per command, each an object that starts
/// with `"version"` and `"command"`, its keys the same whatever the locale, colour or terminal.
///
/// The interface scripts rely on: a change of what a key means, or a key taken away, needs a new
/// `version`; keys may be added within one.
public enum JSONReport {
    /// The version of the documents' layout.
    public static let version = 1

    /// A document of `command`: `version`, `command`, then `members`.
    static func document(_ command: CommandName, _ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(
            [(key: "version", value: .number(String(version))), (key: "command", value: .string(command.rawValue))]
                + members)
    }

    /// The document of a command without a layout of its own (`help`, `sync`, `export` to
    /// standard output…): its output as lines of text, without styles.
    static func lines(_ command: CommandName, _ lines: [OutputLine]) -> JSONValue {
        document(command, [(key: "lines", value: .array(lines.map { .string($0.text) }))])
    }

    /// The item at `index` of `list`: `list` (when `naming` it), `position` (as `show` numbers it),
    /// the fields `export json` writes, and `"cancelled": true` when it was cancelled.
    static func item(_ index: Int, of list: Checklist, outline: ChecklistOutline, naming: Bool) -> JSONValue {
        let item = list.items[index]
        var members: [(key: String, value: JSONValue)] = []
        if naming { members.append((key: "list", value: .string(list.name))) }
        members.append((key: "position", value: .number(String(outline.position(ofIndex: index)))))
        let parentID = outline.parent(ofIndex: index).map { list.items[$0].itemID }
        members += ChecklistExport.itemMembers(item, parentID: parentID)
        if item.cancelled { members.append((key: "cancelled", value: .bool(true))) }
        return .object(members)
    }

    /// A checklist's summary: `name`, `iconName`, `current`, `items` (how many) and `open` (how
    /// many unchecked).
    static func checklist(_ list: Checklist, current: Bool) -> JSONValue {
        .object([
            (key: "name", value: .string(list.name)),
            (key: "iconName", value: .string(list.iconName)),
            (key: "current", value: .bool(current)),
            (key: "items", value: .number(String(list.items.count))),
            (key: "open", value: .number(String(list.remainingCount))),
        ])
    }
}
