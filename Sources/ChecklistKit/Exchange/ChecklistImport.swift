import KeyedArchive

/// Reads checklists from the formats `import` accepts, deciding by content, not file name.
///
/// Keyed archives (ours, the iOS app's, the early `ChecklistItems` form), the iOS app's later
/// Codable property list (an array of `{name, items, iconName}`), our JSON export, and Markdown
/// task lists. Item IDs in the result are placeholders: the importer hands out fresh ones.
public enum ChecklistImport {
    /// Why a file could not be imported.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong with the file.
        public var reason: String
        public var description: String { reason }
    }

    /// The checklists `bytes` hold; `fallbackName` names items found outside any Markdown heading.
    public static func checklists(from bytes: [UInt8], fallbackName: String, now: Double) throws(Failure) -> [Checklist]
    {
        if BinaryPropertyListReader.isBinaryPropertyList(bytes) || XMLPropertyListReader.isXMLPropertyList(bytes) {
            return try propertyList(bytes, now: now)
        }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return try json(bytes, now: now) }
        if let first, first == UInt8(ascii: "B") || first == UInt8(ascii: "b"),
            let start = bytes.firstIndex(of: first),
            String(decoding: bytes[start...].prefix(15), as: UTF8.self).uppercased() == "BEGIN:VCALENDAR"
        {
            return try calendar(bytes, fallbackName: fallbackName, now: now)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(reason: "not a property list, JSON, iCalendar or UTF-8 Markdown")
        }
        return try markdown(text, fallbackName: fallbackName, now: now)
    }

    /// The VTODOs of an iCalendar file: one checklist per `X-CHECKLISTS-LIST` (the checklist
    /// `export ics` names), else, in a file this program exported before tags were `CATEGORIES`,
    /// per first category; the others in one named `fallbackName`. Each item keeps its task's
    /// UID, so sub-items stay under their parents; events, journals and the rest are left out.
    private static func calendar(_ bytes: [UInt8], fallbackName: String, now: Double) throws(Failure) -> [Checklist] {
        let components: [CalendarComponent]
        do {
            components = try ICalendarReader.read(bytes)
        } catch {
            throw Failure(reason: error.description)
        }
        var lists: [Checklist] = []
        var positions: [String: Int] = [:]
        var todos: [(todo: CalendarComponent, older: Bool)] = []
        var pending = components.map { (component: $0, older: false) }
        while let (component, older) = pending.popLast() {
            if component.name == "VTODO" {
                todos.append((component, older))
            } else {
                // Our export before X-CHECKLISTS-LIST named the checklist in CATEGORIES.
                let ours = component.property("PRODID")?.value == "-//checklists//checklists//EN"
                let olderExport =
                    older || (ours && !component.components.contains { $0.property(CalendarTask.listProperty) != nil })
                pending += component.components.map { ($0, olderExport) }
            }
        }
        for (todo, older) in todos.reversed() {
            let name =
                CalendarTask.listName(of: todo) ?? (older ? CalendarTask.category(of: todo) : nil) ?? fallbackName
            let position =
                positions[name]
                ?? {
                    lists.append(Checklist(name: name))
                    positions[name] = lists.count - 1
                    return lists.count - 1
                }()
            var item = CalendarTask.item(todo, itemID: 0, created: now)
            item.uid = todo.property("UID").map { CalendarText.unescaped($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
            // The list's name was its only category.
            if older, item.tags.first == name { item.tags.removeFirst() }
            lists[position].items.append(item)
        }
        guard !lists.isEmpty else { throw Failure(reason: "no tasks (VTODO) in the iCalendar file") }
        for index in lists.indices {
            // A parent in another list, or in none, leaves its sub-item top-level.
            let uids = Set(lists[index].items.compactMap(\.uid))
            for position in lists[index].items.indices {
                if let parent = lists[index].items[position].parentUID, !uids.contains(parent) {
                    lists[index].items[position].parentUID = nil
                }
            }
            lists[index].items = CalendarTask.withoutParentLoops(lists[index].items)
        }
        return lists
    }

    private static func propertyList(_ bytes: [UInt8], now: Double) throws(Failure) -> [Checklist] {
        let tree: PropertyList
        do {
            tree = try PropertyListReader.read(bytes)
        } catch {
            throw Failure(reason: error.description)
        }
        if case .array(let lists) = tree { return try codableLists(lists, now: now) }
        do {
            return try ChecklistBook(archive: bytes, loadTime: now).checklists
        } catch {
            throw Failure(reason: error.description)
        }
    }

    /// The iOS app's Codable form: `[{name, items: [{text, checked, dueDate, shouldRemind, itemID}], iconName}]`.
    private static func codableLists(_ lists: [PropertyList], now: Double) throws(Failure) -> [Checklist] {
        var result: [Checklist] = []
        for (index, value) in lists.enumerated() {
            guard case .dictionary(let fields) = value, case .string(let name) = fields["name"] else {
                throw Failure(reason: "checklist \(index + 1) has no name")
            }
            var items: [ChecklistItem] = []
            if case .array(let entries) = fields["items"] {
                for entry in entries {
                    guard case .dictionary(let item) = entry, case .string(let text) = item["text"] else {
                        throw Failure(reason: "an item of \"\(name)\" has no text")
                    }
                    let remind = item["shouldRemind"] == .bool(true)
                    var due: Double?
                    if case .date(let seconds) = item["dueDate"] { due = seconds }
                    var imported = ChecklistItem(
                        text: text, checked: item["checked"] == .bool(true), itemID: -1, created: due ?? now,
                        shouldRemind: remind)
                    imported.hasDueDate = remind && due != nil
                    items.append(imported)
                }
            }
            let icon = fields["iconName"]?.stringValue ?? "No Icon"
            result.append(Checklist(name: name, items: items, iconName: icon))
        }
        return result
    }

    private static func json(_ bytes: [UInt8], now: Double) throws(Failure) -> [Checklist] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Failure(reason: error.description)
        }
        guard case .object(let members) = root, let lists = members.first(where: { $0.key == "checklists" })?.value,
            case .array(let entries) = lists
        else { throw Failure(reason: "JSON without a \"checklists\" array (the shape export json writes)") }
        var result: [Checklist] = []
        for (index, entry) in entries.enumerated() {
            guard case .object(let fields) = entry, case .string(let name)? = fields.value("name") else {
                throw Failure(reason: "checklist \(index + 1) has no name")
            }
            var items: [ChecklistItem] = []
            if case .array(let values)? = fields.value("items") {
                for value in values {
                    guard case .object(let item) = value, case .string(let text)? = item.value("text") else {
                        throw Failure(reason: "an item of \"\(name)\" has no text")
                    }
                    var due: Due?
                    if case .string(let date)? = item.value("dueDate") {
                        // A whole day is written as its date alone.
                        if let day = CalendarDay(date) {
                            due = .day(day)
                        } else if let time = CivilTime.referenceSeconds(iso8601: date) {
                            due = .time(time)
                        } else {
                            throw Failure(reason: "\"\(date)\" in \"\(name)\" is not an ISO 8601 date")
                        }
                    }
                    var rule: RepeatRule?
                    if case .string(let text)? = item.value("repeat") { rule = RepeatRule(importing: text) }
                    items.append(
                        ChecklistItem(
                            text: text, checked: item.value("checked") == .bool(true), itemID: -1, created: now,
                            due: due, shouldRemind: item.value("shouldRemind") == .bool(true),
                            repeatRule: rule))
                }
            }
            var icon = "No Icon"
            if case .string(let name)? = fields.value("iconName") { icon = name }
            result.append(Checklist(name: name, items: items, iconName: icon))
        }
        return result
    }

    private static func markdown(_ text: String, fallbackName: String, now: Double) throws(Failure) -> [Checklist] {
        var result: [Checklist] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") {
                let name = line.drop { $0 == "#" }.drop { $0 == " " }
                if !name.isEmpty { result.append(Checklist(name: String(name))) }
                continue
            }
            guard let first = line.first, "-*+".contains(first) else { continue }
            let rest = line.dropFirst().drop { $0 == " " }
            let checked: Bool
            if rest.hasPrefix("[ ]") {
                checked = false
            } else if rest.hasPrefix("[x]") || rest.hasPrefix("[X]") {
                checked = true
            } else {
                continue
            }
            let (itemText, rule) = repeating(String(rest.dropFirst(3).drop { $0 == " " }))
            guard !itemText.isEmpty else { continue }
            if result.isEmpty { result.append(Checklist(name: fallbackName)) }
            result[result.count - 1].items.append(
                ChecklistItem(text: itemText, checked: checked, itemID: -1, created: now, repeatRule: rule))
        }
        guard !result.isEmpty else { throw Failure(reason: "no headings or task-list lines (- [ ] text) found") }
        return result
    }

    /// The first UTF-8 byte of the repeat mark, which no ASCII text holds.
    private static let markFirstByte = ChecklistExport.repeatMark.utf8.first ?? 0

    /// A task's text and its repeat rule, when it ends with ` 🔁 RULE` (RULE words, or an RRULE in
    /// the `RRULE:` form the export writes for a rule the words cannot say); else the text as it is.
    private static func repeating(_ text: String) -> (text: String, rule: RepeatRule?) {
        // Most texts lack the mark: a look at their bytes spares the walk over their characters
        // (26 M instructions for an import of 1,000 items).
        guard text.utf8.contains(where: { $0 == markFirstByte }) else { return (text, nil) }
        let mark = " \(ChecklistExport.repeatMark) "
        guard let start = text.indices.last(where: { text[$0...].hasPrefix(mark) }) else { return (text, nil) }
        let ruleText = String(text[start...].dropFirst(mark.count))
        var rule = RepeatRule(words: ruleText)
        if rule == nil, ruleText.uppercased().hasPrefix("RRULE:"), ruleText.count > 6 {
            rule = RepeatRule(rrule: String(ruleText.dropFirst(6)))
        }
        guard let rule else { return (text, nil) }
        return (String(text[..<start]), rule)
    }
}

extension Array where Element == (key: String, value: JSONValue) {
    /// The value of the first member named `key`.
    fileprivate func value(_ key: String) -> JSONValue? {
        first { $0.key == key }?.value
    }
}
