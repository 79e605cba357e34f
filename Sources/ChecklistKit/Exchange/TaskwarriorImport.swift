import KeyedArchive

/// Reads a Taskwarrior `task export` (2.6 and 3) as SPEC §15's table maps it.
///
/// The export is a JSON array of task objects with `uuid`, `description` and `status`. Each task
/// becomes an item whose UID is its uuid, so a second import finds the items of the first.
public enum TaskwarriorImport {
    /// The checklist of the tasks without a project.
    public static let inboxName = "Inbox"

    /// Whether `root`, a parsed JSON document, is a Taskwarrior export: an array whose first
    /// element is an object with `uuid`, `description` and `status`.
    static func recognises(_ root: JSONValue) -> Bool {
        guard case .array(let tasks) = root, case .object(let first)? = tasks.first else { return false }
        return ["uuid", "description", "status"].allSatisfy { first.value($0) != nil }
    }

    /// The items of the export `root` (one `recognises`); `now` dates tasks with no `entry`.
    /// A task that cannot be read fails the whole import, naming it, so nothing is half imported.
    static func read(
        _ root: JSONValue, now: Double, onProgress: (ProgressReport) -> Void = { _ in }
    ) throws(ChecklistImport.Failure) -> ForeignImport {
        guard case .array(let values) = root else { throw .init(reason: "not a Taskwarrior export") }
        var tasks: [[(key: String, value: JSONValue)]] = []
        tasks.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .object(let fields) = value else { throw failure(index, "is not a JSON object") }
            tasks.append(fields)
        }
        var descriptions: [String: String] = [:]
        for task in tasks {
            if case .string(let uuid)? = task.value("uuid"), case .string(let text)? = task.value("description") {
                descriptions[uuid] = text
            }
        }
        let nextDue = try nextOccurrences(tasks)
        var lists: [Checklist] = []
        var listIndex: [String: Int] = [:]
        var leftOut: [String] = []
        for (index, task) in tasks.enumerated() {
            if index % ChecklistImport.progressStep == 0, index > 0 {
                onProgress(ProgressReport("import: tasks read", done: index, of: tasks.count))
            }
            guard case .string(let uuid)? = task.value("uuid"), !uuid.isEmpty else {
                throw failure(index, "has no uuid")
            }
            guard case .string(let text)? = task.value("description") else {
                throw failure(index, "(\(uuid)) has no description")
            }
            guard case .string(let status)? = task.value("status") else {
                throw failure(index, "(\(uuid)) has no status")
            }
            switch status {
            case "pending", "waiting", "completed", "recurring": break
            case "deleted":
                leftOut.append("deleted: \(text)")
                continue
            default:
                throw failure(index, "(\(uuid)) has the unknown status \"\(status)\"")
            }
            if case .string(let parent)? = task.value("parent"), !parent.isEmpty {
                leftOut.append("an occurrence of a repeating task (the series is one item): \(text)")
                continue
            }
            var item = try self.item(task, index: index, uuid: uuid, text: text, status: status, now: now)
            if status == "recurring", let due = nextDue[uuid] { item.due = due }
            var note = item.note.isEmpty ? [] : [item.note]
            for other in try dependencies(task, index: index) {
                note.append("Depends on: " + (descriptions[other] ?? other))
            }
            item.note = note.joined(separator: "\n")
            var name = inboxName
            if case .string(let project)? = task.value("project"), !project.isEmpty { name = project }
            let position =
                listIndex[name]
                ?? {
                    lists.append(Checklist(name: name))
                    listIndex[name] = lists.count - 1
                    return lists.count - 1
                }()
            lists[position].items.append(item)
        }
        return ForeignImport(source: "Taskwarrior", lists: lists, leftOut: leftOut)
    }

    /// The item of one task, without its dependencies; its UID is the task's uuid.
    private static func item(
        _ task: [(key: String, value: JSONValue)], index: Int, uuid: String, text: String, status: String,
        now: Double
    ) throws(ChecklistImport.Failure) -> ChecklistItem {
        func date(_ name: String) throws(ChecklistImport.Failure) -> Double? {
            guard let value = task.value(name) else { return nil }
            guard case .string(let text) = value, let time = moment(text) else {
                throw failure(index, "(\(uuid)) has \(name) \(value.shortText), not a date like 20261208T093000Z")
            }
            return time
        }
        var item = ChecklistItem(
            text: text, checked: status == "completed", itemID: -1, created: try date("entry") ?? now)
        item.uid = uuid
        item.due = try date("due").map(due)
        var start = try date("scheduled")
        if start == nil { start = try date("wait") }
        item.start = start.map(due)
        if case .string(let priority)? = task.value("priority") {
            item.priority = ["H": 1, "M": 5, "L": 9][priority]
        }
        if case .array(let tags)? = task.value("tags") {
            item.tags = tags.compactMap { tag in
                guard case .string(let name) = tag, !name.isEmpty else { return nil }
                return name
            }
        }
        var note: [String] = []
        if case .array(let annotations)? = task.value("annotations") {
            for annotation in annotations {
                if case .object(let fields) = annotation, case .string(let line)? = fields.value("description") {
                    note.append(line)
                }
            }
        }
        if case .string(let recur)? = task.value("recur"), status == "recurring" {
            if let rule = repeatRule(recur) {
                item.repeatRule = rule
            } else {
                note.append("Repeats (Taskwarrior): \(recur)")
            }
        }
        item.note = note.joined(separator: "\n")
        return item
    }

    /// The due date of each repeating task's next pending occurrence, by the template's uuid.
    private static func nextOccurrences(
        _ tasks: [[(key: String, value: JSONValue)]]
    ) throws(ChecklistImport.Failure) -> [String: Due] {
        var next: [String: (time: Double, due: Due)] = [:]
        for (index, task) in tasks.enumerated() {
            guard case .string(let parent)? = task.value("parent"), case .string("pending")? = task.value("status"),
                let value = task.value("due")
            else { continue }
            guard case .string(let text) = value, let time = moment(text) else {
                throw failure(index, "has due \(value.shortText), not a date like 20261208T093000Z")
            }
            if let known = next[parent], known.time <= time { continue }
            next[parent] = (time, due(time))
        }
        return next.mapValues(\.due)
    }

    /// The uuids a task depends on: a comma-separated string (2.6) or an array (3).
    private static func dependencies(
        _ task: [(key: String, value: JSONValue)], index: Int
    ) throws(ChecklistImport.Failure) -> [String] {
        switch task.value("depends") {
        case nil, .null?: return []
        case .string(let list)?: return list.split(separator: ",").map { String($0).trimmingSpaces }.map(String.init)
        case .array(let values)?:
            return values.compactMap { value in
                guard case .string(let uuid) = value else { return nil }
                return uuid
            }
        case let other?: throw failure(index, "has depends \(other.shortText), not uuids")
        }
    }

    /// A Taskwarrior date (`20261208T093000Z`, UTC) as seconds since 2001; `nil` for another
    /// text or a year outside 1–9999.
    static func moment(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                result = result * 10 + Int(byte - 0x30)
            }
            return result
        }
        guard let year = number(0..<4), year >= 1, let month = number(4..<6), let day = number(6..<8),
            CalendarDay(year: year, month: month, day: day) != nil, let hour = number(9..<11),
            let minute = number(11..<13), let second = number(13..<15), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilTime.days(year: year, month: month, day: day)
        return Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second) - CivilTime.referenceOffset
    }

    /// A moment as a due date: local midnight is how Taskwarrior stores a date without a time, so
    /// it is a whole day; any other moment a time.
    static func due(_ time: Double) -> Due {
        let fields = LocalTime.fields(time)
        guard fields.hour == 0, fields.minute == 0, fields.second == 0,
            let day = CalendarDay(year: fields.year, month: fields.month, day: fields.day)
        else { return .time(time) }
        return .day(day)
    }

    /// A Taskwarrior `recur` value as a repeat rule: the named periods (`daily`, `weekly`,
    /// `biweekly`, `monthly`, `quarterly`, `yearly`, `weekdays`…) and a count with a unit (`3d`,
    /// `2w`, `6mo`, `1q`, `2y`); `nil` for others (minutes, hours, ISO durations).
    public static func repeatRule(_ recur: String) -> RepeatRule? {
        let named = [
            "daily": "daily", "day": "daily", "weekdays": "weekdays", "weekly": "weekly", "week": "weekly",
            "biweekly": "every 2 weeks", "fortnight": "every 2 weeks", "monthly": "monthly", "month": "monthly",
            "quarterly": "every 3 months", "semiannual": "every 6 months", "yearly": "yearly", "annual": "yearly",
            "year": "yearly", "biannual": "every 2 years", "biyearly": "every 2 years",
        ]
        let text = recur.lowercased()
        if let words = named[text] { return RepeatRule(words: words) }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let unit = text.dropFirst(digits.count)
        guard let count = digits.isEmpty ? 1 : Int(digits), count > 0 else { return nil }
        let units: [Substring: (Int, String)] = [
            "d": (1, "days"), "day": (1, "days"), "days": (1, "days"), "w": (1, "weeks"), "wk": (1, "weeks"),
            "wks": (1, "weeks"), "week": (1, "weeks"), "weeks": (1, "weeks"), "mo": (1, "months"),
            "mos": (1, "months"), "month": (1, "months"), "months": (1, "months"), "q": (3, "months"),
            "qtr": (3, "months"), "qtrs": (3, "months"), "quarter": (3, "months"), "quarters": (3, "months"),
            "y": (1, "years"), "yr": (1, "years"), "yrs": (1, "years"), "year": (1, "years"), "years": (1, "years"),
        ]
        guard let (factor, name) = units[unit] else { return nil }
        return RepeatRule(words: "every \(count * factor) \(name)")
    }

    /// A failure naming the task by its place in the export (1 for the first).
    private static func failure(_ index: Int, _ problem: String) -> ChecklistImport.Failure {
        ChecklistImport.Failure(reason: "Taskwarrior task \(index + 1) \(problem)")
    }
}

extension JSONValue {
    /// The value as a short JSON-like text for an error message, at most 40 characters.
    fileprivate var shortText: String {
        let text: String
        switch self {
        case .string(let value): text = "\"\(value)\""
        case .number(let value): text = value
        case .bool(let value): text = value ? "true" : "false"
        case .null: text = "null"
        case .array: text = "an array"
        case .object: text = "an object"
        }
        return text.count > 40 ? String(text.prefix(37)) + "..." : text
    }
}
