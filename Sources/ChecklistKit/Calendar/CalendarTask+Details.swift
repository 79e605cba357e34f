/// SPEC §13's fields in a VTODO (SPEC §11's mapping): the note as `DESCRIPTION`, the tags as
/// `CATEGORIES`, the priority as `PRIORITY`, the parent as `RELATED-TO;RELTYPE=PARENT` and the
/// start as `DTSTART`.
///
/// Each is read as the item holds it and written only when the item says something else, so a
/// task written back unchanged keeps its lines as they were read.
extension CalendarTask {
    /// The task's note: its first `DESCRIPTION`, unescaped; empty when it has none.
    public static func note(of todo: CalendarComponent) -> String {
        todo.property("DESCRIPTION").map { CalendarText.unescaped($0.value) } ?? ""
    }

    /// The task's tags: every value of every `CATEGORIES` line, in order, without spaces around
    /// them, empty ones and repeats (ignoring case) left out.
    ///
    /// A category holding spaces (`Work stuff`, which other clients allow) is kept as it is, as
    /// one tag: changing it would rewrite the phone's category at the next write.
    public static func tags(of todo: CalendarComponent) -> [String] {
        var tags: [String] = []
        var seen = Set<String>()
        for line in todo.properties(named: "CATEGORIES") {
            for value in CalendarText.list(line.value) {
                let tag = String(CalendarText.trimmed(value))
                guard !tag.isEmpty, seen.insert(tag.lowercased()).inserted else { continue }
                tags.append(tag)
            }
        }
        return tags
    }

    /// The task's priority, 1 (highest) to 9; `nil` for `PRIORITY:0` (RFC 5545: none), none, or
    /// a value out of range.
    public static func priority(of todo: CalendarComponent) -> Int? {
        guard let line = todo.property("PRIORITY"), let value = Int(CalendarText.trimmed(line.value)),
            (1...9).contains(value)
        else { return nil }
        return value
    }

    /// The UIDs the task names as its parents, in order: `RELATED-TO` lines whose `RELTYPE` is
    /// `PARENT` or missing (RFC 5545's default), without the task's own UID (a self-reference is
    /// not followed) and empty values.
    public static func parentUIDs(of todo: CalendarComponent) -> [String] {
        let own = todo.property("UID").map { CalendarText.unescaped($0.value) }
        return todo.properties(named: "RELATED-TO").compactMap { line in
            guard isParentRelation(line) else { return nil }
            let uid = String(CalendarText.trimmed(CalendarText.unescaped(line.value)))
            return uid.isEmpty || uid == own ? nil : uid
        }
    }

    /// The item's parent among the task's parents: the first one `among` holds (the UIDs of the
    /// tasks of the same list), or the first one when `among` is `nil`. A parent in another
    /// list, or missing, makes no parent here; its line stays as the phone wrote it.
    static func parent(of todo: CalendarComponent, among: Set<String>?) -> String? {
        parentUIDs(of: todo).first { among?.contains($0) ?? true }
    }

    /// The task's start date: its `DTSTART` (a DATE a whole day, a DATE-TIME a time, in its
    /// `TZID`), unless it equals `DUE`. Apple Reminders writes a `DTSTART` equal to `DUE` on every
    /// dated task, and this program writes one on every repeating item: neither is a start date.
    /// An item's own start on its due date is written with `ownStartProperty`, which says so.
    public static func startDate(of todo: CalendarComponent) -> Due? {
        guard let start = start(of: todo), start != dueDate(of: todo) || hasOwnStart(todo) else { return nil }
        return start
    }

    /// Whether the task says its `DTSTART` is the item's start even where it equals `DUE`.
    static func hasOwnStart(_ todo: CalendarComponent) -> Bool {
        todo.property(ownStartProperty).map { CalendarText.trimmed($0.value).uppercased() == "TRUE" } ?? false
    }

    /// Whether a `RELATED-TO` line names a parent: `RELTYPE=PARENT`, or no `RELTYPE` at all.
    private static func isParentRelation(_ line: ContentLine) -> Bool {
        (line.parameter("RELTYPE") ?? "PARENT").uppercased() == "PARENT"
    }

    /// Sets `DESCRIPTION` to `item`'s note where `before` (the task as it was) says otherwise.
    static func setNote(of todo: inout CalendarComponent, to item: ChecklistItem, before: CalendarComponent) {
        guard note(of: before) != item.note else { return }
        todo.set(
            "DESCRIPTION", item.note.isEmpty ? nil : ContentLine("DESCRIPTION", value: CalendarText.escaped(item.note)))
    }

    /// Sets `CATEGORIES` to `item`'s tags where `before` (the task as it was) says otherwise.
    static func setTags(of todo: inout CalendarComponent, to item: ChecklistItem, before: CalendarComponent) {
        guard tags(of: before) != item.tags else { return }
        todo.set(
            "CATEGORIES",
            item.tags.isEmpty
                ? nil : ContentLine("CATEGORIES", value: item.tags.map(CalendarText.escaped).joined(separator: ",")))
    }

    /// Sets the parent of `todo` to `item`'s where `before` (the task as it was) names another;
    /// `siblings` are the UIDs of the item's list (see `parent(of:among:)`).
    static func setParent(
        of todo: inout CalendarComponent, to item: ChecklistItem, before: CalendarComponent, siblings: Set<String>?
    ) {
        let parentBefore = parent(of: before, among: siblings)
        if parentBefore != item.parentUID { setParent(of: &todo, from: parentBefore, to: item.parentUID) }
    }

    /// Replaces the `RELATED-TO` line of the parent `old` by one naming `new` (at its place, else
    /// at the end), or removes it when `new` is `nil`; other relations (other parents, children,
    /// siblings) stay as they are.
    private static func setParent(of todo: inout CalendarComponent, from old: String?, to new: String?) {
        let place = old.flatMap { old in
            todo.properties.firstIndex { line in
                line.name == "RELATED-TO" && isParentRelation(line)
                    && String(CalendarText.trimmed(CalendarText.unescaped(line.value))) == old
            }
        }
        if let place { todo.properties.remove(at: place) }
        guard let new else { return }
        let line = ContentLine(
            "RELATED-TO", parameters: [.init("RELTYPE", ["PARENT"])], value: CalendarText.escaped(new))
        todo.properties.insert(line, at: place ?? todo.properties.endIndex)
    }
}
