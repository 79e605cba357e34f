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
    /// `onProgress` is told how far the reading has come (lines, or items, read).
    public static func checklists(
        from bytes: [UInt8], fallbackName: String, now: Double, onProgress: (ProgressReport) -> Void = { _ in }
    ) throws(Failure) -> [Checklist] {
        if BinaryPropertyListReader.isBinaryPropertyList(bytes) || XMLPropertyListReader.isXMLPropertyList(bytes) {
            return try propertyList(bytes, now: now)
        }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return try json(bytes, now: now, onProgress: onProgress)
        }
        if let first, first == UInt8(ascii: "B") || first == UInt8(ascii: "b"),
            let start = bytes.firstIndex(of: first),
            String(decoding: bytes[start...].prefix(15), as: UTF8.self).uppercased() == "BEGIN:VCALENDAR"
        {
            return try calendar(bytes, fallbackName: fallbackName, now: now)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(reason: "not a property list, JSON, iCalendar or UTF-8 Markdown")
        }
        return try markdown(text, fallbackName: fallbackName, now: now, onProgress: onProgress)
    }

    /// How many lines or items are read between two progress reports.
    static let progressStep = 4096

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
            lists[index].items = ChecklistOutline.withoutParentLoops(lists[index].items)
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

    private static func json(
        _ bytes: [UInt8], now: Double, onProgress: (ProgressReport) -> Void
    ) throws(Failure) -> [Checklist] {
        let root: JSONValue
        onProgress(ProgressReport("import: reading JSON", done: 0))
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Failure(reason: error.description)
        }
        guard case .object(let members) = root, let lists = members.first(where: { $0.key == "checklists" })?.value,
            case .array(let entries) = lists
        else { throw Failure(reason: "JSON without a \"checklists\" array (the shape export json writes)") }
        var result: [Checklist] = []
        var read = 0
        for (index, entry) in entries.enumerated() {
            guard case .object(let fields) = entry, case .string(let name)? = fields.value("name") else {
                throw Failure(reason: "checklist \(index + 1) has no name")
            }
            var items: [ChecklistItem] = []
            var fileIDs: [Int?] = []
            var parentIDs: [Int?] = []
            if case .array(let values)? = fields.value("items") {
                for value in values {
                    guard case .object(let item) = value,
                        case .string(let text)? = item.value(ItemField.text.jsonMember)
                    else {
                        throw Failure(reason: "an item of \"\(name)\" has no text")
                    }
                    var due: Due?
                    if case .string(let date)? = item.value(ItemField.due.jsonMember) {
                        due = try Self.date(date, list: name)
                    }
                    var rule: RepeatRule?
                    if case .string(let text)? = item.value(ItemField.repeatRule.jsonMember) {
                        rule = RepeatRule(importing: text)
                    }
                    var made = ChecklistItem(
                        text: text, checked: item.value(ItemField.checked.jsonMember) == .bool(true), itemID: -1,
                        created: now,
                        due: due, shouldRemind: item.value(ItemField.shouldRemind.jsonMember) == .bool(true),
                        repeatRule: rule)
                    try readRichFields(item, into: &made, list: name)
                    items.append(made)
                    fileIDs.append(item.value(ItemField.itemID.jsonMember).flatMap(Self.integer))
                    parentIDs.append(item.value(ItemField.parent.jsonMember).flatMap(Self.integer))
                    read += 1
                    if read % progressStep == 0 { onProgress(ProgressReport("import: items read", done: read)) }
                }
            }
            // A parent is named by its itemID in the file; one that is not there makes a top-level item.
            var indexOfID: [Int: Int] = [:]
            for (index, id) in fileIDs.enumerated() { if let id, indexOfID[id] == nil { indexOfID[id] = index } }
            linkParents(&items, parents: parentIDs.map { $0.flatMap { indexOfID[$0] } })
            var icon = "No Icon"
            if case .string(let name)? = fields.value("iconName") { icon = name }
            result.append(Checklist(name: name, items: items, iconName: icon))
        }
        return result
    }
}

extension ChecklistImport {
    /// A date as the exports write it: a whole day as its date alone, a time in ISO 8601.
    static func date(_ text: String, list: String) throws(Failure) -> Due {
        if let day = CalendarDay(text) { return .day(day) }
        if let time = CivilTime.referenceSeconds(iso8601: text) { return .time(time) }
        throw Failure(reason: "\"\(text)\" in \"\(list)\" is not an ISO 8601 date")
    }

    /// A JSON number that is a whole number, as an `Int`.
    static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let text) = value else { return nil }
        return Int(text) ?? Double(text).flatMap { $0 == $0.rounded() ? Int(exactly: $0) : nil }
    }

    /// Reads SPEC §13's fields of a JSON item, as `export json` writes them (the parent aside);
    /// a priority outside 1–9 or `null` is none, tags that are not strings are left out.
    private static func readRichFields(
        _ fields: [(key: String, value: JSONValue)], into item: inout ChecklistItem, list: String
    ) throws(Failure) {
        if case .string(let note)? = fields.value(ItemField.note.jsonMember) { item.note = note }
        if case .array(let tags)? = fields.value(ItemField.tags.jsonMember) {
            item.tags = tags.compactMap { tag in
                guard case .string(let text) = tag, !text.isEmpty else { return nil }
                return text
            }
        }
        item.priority = fields.value(ItemField.priority.jsonMember).flatMap(integer).flatMap {
            (1...9).contains($0) ? $0 : nil
        }
        if case .string(let start)? = fields.value(ItemField.start.jsonMember) {
            item.start = try date(start, list: list)
        }
        if case .string(let uid)? = fields.value(ItemField.uid.jsonMember), !uid.isEmpty { item.uid = uid }
    }

    /// The prefix of the UIDs the import gives items that have none, to link sub-items to their
    /// parents until `settleUIDs` gives them their own.
    static let placeholderPrefix = "checklists-import-"

    /// Makes `items[index]` a sub-item of `items[parents[index]]` (`nil`: top-level); an item
    /// that would become its own ancestor stays top-level. A parent without a UID gets a
    /// placeholder.
    static func linkParents(_ items: inout [ChecklistItem], parents: [Int?]) {
        guard parents.contains(where: { $0 != nil }) else { return }
        var chosen: [Int?] = Array(repeating: nil, count: items.count)
        for index in items.indices {
            guard let parent = parents.indices.contains(index) ? parents[index] : nil else { continue }
            // Follow the parents chosen so far up from the parent: reaching the item is a cycle.
            var above: Int? = parent
            var steps = 0
            while let current = above, current != index, steps <= items.count {
                above = chosen[current]
                steps += 1
            }
            guard above == nil else { continue }
            chosen[index] = parent
            if items[parent].uid == nil { items[parent].uid = placeholderPrefix + String(parent) }
            items[index].parentUID = items[parent].uid
        }
    }

    /// Gives the imported items that have a UID one of their own once they have their item IDs:
    /// an item keeps the UID its file gave it unless `taken` (the book's) or an earlier imported
    /// item holds it (`nil`: the book is not all loaded, so nothing is kept); sub-items follow
    /// their parents. An item without one stays without, as one made by the iOS app.
    public static func settleUIDs(_ lists: inout [Checklist], taken: Set<String>?) {
        var used = taken ?? []
        for listIndex in lists.indices {
            var renamed: [String: String] = [:]
            for index in lists[listIndex].items.indices {
                var item = lists[listIndex].items[index]
                guard let old = item.uid else { continue }
                if taken != nil, !old.hasPrefix(placeholderPrefix), !used.contains(old) {
                    used.insert(old)
                    continue
                }
                item.uid = nil
                item.giveUID()
                if let new = item.uid { renamed[old] = new }
                lists[listIndex].items[index] = item
            }
            guard !renamed.isEmpty else { continue }
            for index in lists[listIndex].items.indices {
                if let parent = lists[listIndex].items[index].parentUID, let new = renamed[parent] {
                    lists[listIndex].items[index].parentUID = new
                }
            }
        }
    }
}

extension Array where Element == (key: String, value: JSONValue) {
    /// The value of the first member named `key`.
    func value(_ key: String) -> JSONValue? {
        first { $0.key == key }?.value
    }
}
