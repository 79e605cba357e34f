/// The filter words of `show`, `find` and `upcoming` (SPEC §14): which items they list.
///
/// Filter words may stand anywhere among a command's arguments; every one given applies. A
/// quoted word is never a filter (`show "Week"` is the checklist named Week).
public struct ItemFilter: Sendable, Equatable {
    /// Tags an item must carry, as match keys (`String.tagKey`).
    var withTags: [String] = []
    /// Tags an item must not carry, as match keys.
    var withoutTags: [String] = []
    /// The highest priority number allowed (1 is highest): 9 for `!`, 5 for `!!`, 4 for `!!!`.
    var priorityAtLeast: Int?
    /// The other words, each a condition.
    var conditions: Set<Condition> = []

    /// A filter word that is a condition of its own.
    enum Condition: String, CaseIterable, Sendable {
        case open, done, overdue, today, week, startable, repeating
    }

    /// No filter: every item.
    public init() {}

    /// Whether it lets every item through.
    public var isEmpty: Bool { self == ItemFilter() }

    /// The filter words that complete as typed.
    public static let words = Condition.allCases.map(\.rawValue) + ["!", "!!", "!!!"]

    /// Every filter word, as `help` and messages list them.
    public static let wordList =
        "+WORD, -+WORD, !, !!, !!!, " + Condition.allCases.map(\.rawValue).joined(separator: ", ")

    /// The filter among `words` and the words left (a LIST or TEXT), in their order.
    public static func split(_ words: some Collection<CommandWord>) -> (filter: ItemFilter, rest: [String]) {
        var filter = ItemFilter()
        var rest: [String] = []
        for word in words {
            if word.quoted || !filter.take(word.text) { rest.append(word.text) }
        }
        return (filter, rest)
    }

    /// Adds `word` when it is a filter word; whether it was.
    private mutating func take(_ word: String) -> Bool {
        if let condition = Condition(rawValue: word.lowercased()) {
            conditions.insert(condition)
            return true
        }
        switch word {
        case "!": priorityAtLeast = min(priorityAtLeast ?? 9, 9)
        case "!!": priorityAtLeast = min(priorityAtLeast ?? 5, 5)
        case "!!!": priorityAtLeast = min(priorityAtLeast ?? 4, 4)
        default:
            if word.hasPrefix("-+"), word.count > 2, String(word.dropFirst(2)).tagProblem == nil {
                withoutTags.append(String(word.dropFirst(2)).tagKey)
            } else if word.hasPrefix("+"), word.count > 1, String(word.dropFirst()).tagProblem == nil,
                word.dropFirst().contains(where: \.isLetter)
            {
                withTags.append(String(word.dropFirst()).tagKey)
            } else {
                return false
            }
        }
        return true
    }

    /// Whether `item` passes at `now`.
    public func matches(_ item: ChecklistItem, now: Double) -> Bool {
        if !withTags.isEmpty || !withoutTags.isEmpty {
            let keys = Set(item.tags.map(\.tagKey))
            guard withTags.allSatisfy(keys.contains), !withoutTags.contains(where: keys.contains) else { return false }
        }
        if let priorityAtLeast {
            guard let priority = item.priority, priority <= priorityAtLeast else { return false }
        }
        return conditions.allSatisfy { passes($0, item, now: now) }
    }

    /// Whether `item` meets one condition at `now`.
    private func passes(_ condition: Condition, _ item: ChecklistItem, now: Double) -> Bool {
        switch condition {
        case .open: return !item.checked
        case .done: return item.checked
        case .overdue: return !item.checked && item.due?.isOverdue(now: now) == true
        case .today, .week:
            // Due on a day up to today (or the next 7 days): open ones past it count, as
            // Taskwarrior's `due.before` does; a done one only on those days.
            guard let due = item.due else { return false }
            let today = LocalTime.day(now)
            let day: CalendarDay
            switch due {
            case .day(let whole): day = whole
            case .time(let time): day = LocalTime.day(time)
            }
            let last = condition == .today ? today : today.adding(days: 6) ?? today
            return day <= last && (day >= today || !item.checked)
        case .startable:
            return item.start.map { !Session.startsLater($0, now: now) } ?? true
        case .repeating: return item.repeatRule != nil
        }
    }
}
