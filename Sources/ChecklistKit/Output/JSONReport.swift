import KeyedArchive

/// The JSON documents `--json` prints (SPEC §14): one per command, each an object that starts
/// with `"version"` and `"command"`, its keys the same whatever the locale, colour or terminal.
///
/// The interface scripts rely on: a change of what a key means, or a key taken away, needs a new
/// `version`; keys may be added within one.
public enum JSONReport {
    /// The version of the documents' layout.
    public static let version = 1

    /// A document of `command`, on one line: `version`, `command`, then the members `body` writes.
    static func document(_ command: CommandName, _ body: (inout JSONWriter) throws -> Void) rethrows -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member("version", version)
        writer.member("command", command.rawValue)
        try body(&writer)
        writer.endObject()
        return writer.bytes
    }

    /// The document of a command without a layout of its own (`help`, `sync`, `export` to
    /// standard output…): its output as lines of text, without styles, and without the carriage
    /// return that ends each line of an iCalendar export (part of its line end, not of the line).
    static func lines(_ command: CommandName, _ lines: [OutputLine]) -> [UInt8] {
        document(command) { writer in
            writer.key("lines")
            strings(
                lines.map { line in
                    let text = line.text
                    let verbatim = line.spans.allSatisfy { $0.style == .verbatim }
                    return verbatim && text.hasSuffix("\r") ? String(text.dropLast()) : text
                }, to: &writer)
        }
    }

    /// What `--json` writes on standard error for a problem: `{"KIND": MESSAGE, "line": N}`, KIND
    /// `error`, `note` or `warning`, N the batch or REPL line, 1 for a one-shot command, 0 before
    /// any (the data file cannot be opened).
    public static func problem(_ kind: String, _ message: String, line: Int) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.member(kind, message)
        writer.member("line", line)
        writer.endObject()
        return writer.bytes
    }

    /// Writes an array of strings.
    static func strings(_ texts: [String], to writer: inout JSONWriter) {
        writer.beginArray()
        for text in texts { writer.string(text) }
        writer.endArray()
    }

    /// Writes the item at `index` of `list`: `list` (when `naming` it), `position` (as `show`
    /// numbers it), the fields `export json` writes, `"cancelled": true` when it was cancelled,
    /// and the members `extra` writes.
    static func item(
        _ index: Int, of list: Checklist, outline: ChecklistOutline, naming: Bool, to writer: inout JSONWriter,
        extra: (inout JSONWriter) -> Void = { _ in }
    ) {
        let item = list.items[index]
        writer.beginObject()
        if naming {
            writer.member("list", list.name)
        }
        writer.member("position", outline.position(ofIndex: index))
        ChecklistExport.writeFields(
            of: item, parentID: outline.parent(ofIndex: index).map { list.items[$0].itemID }, to: &writer)
        if item.cancelled {
            writer.member("cancelled", true)
        }
        extra(&writer)
        writer.endObject()
    }

    /// Writes a checklist's summary: `name`, `iconName`, `current`, `items` (how many) and `open`
    /// (how many unchecked).
    static func checklist(_ list: Checklist, current: Bool, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("name", list.name)
        writer.member("iconName", list.iconName)
        writer.member("current", current)
        writer.member("items", list.items.count)
        writer.member("open", list.remainingCount)
        writer.endObject()
    }
}
