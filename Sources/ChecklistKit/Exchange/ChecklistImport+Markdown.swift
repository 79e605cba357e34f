/// Markdown task lists, as `export markdown` and `cat` write them (SPEC §13: the Obsidian Tasks
/// plugin's marks, sub-items indented under their parent, notes indented below their item).
extension ChecklistImport {
    /// The checklists of a Markdown text: a heading starts one, a task line (`- [ ] text`) is an
    /// item, a task line indented under another its sub-item, and lines indented below an item
    /// that are not task lines its note (`cat`'s `due DATE, reminder on` line first, if there).
    static func markdown(
        _ text: String, fallbackName: String, now: Double, onProgress: (ProgressReport) -> Void = { _ in }
    ) throws(Failure) -> [Checklist] {
        var reader = MarkdownReader(fallbackName: fallbackName, now: now)
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (number, line) in lines.enumerated() {
            if number % progressStep == 0 {
                onProgress(ProgressReport("import: reading lines", done: number, of: lines.count))
            }
            reader.read(line)
        }
        let result = reader.finish()
        guard !result.isEmpty else { throw Failure(reason: "no headings or task-list lines (- [ ] text) found") }
        return result
    }

    /// Whether a line of a note would read as more than a line of the note where the Markdown
    /// export writes it (a task line, `cat`'s details, a line that starts with `\`, or, as the
    /// first, with a blank written as a character reference): the export escapes it with a `\`
    /// before it, which the import takes off.
    static func readsAsMoreThanNote(_ line: Substring) -> Bool {
        line.hasPrefix("\\") || taskLine(line.drop { $0 == " " || $0 == "\t" }) != nil || facts(line) != nil
            || MarkdownEscapes.startsWithBlank(line)
    }

    /// Whether a task line's content (after its indentation) is checked, and cancelled (Obsidian's
    /// `[-]`, checked here too), and the rest after the box; `nil` when it is not a task line.
    static func taskLine(_ line: Substring) -> (checked: Bool, cancelled: Bool, rest: Substring)? {
        guard let first = line.first, "-*+".contains(first) else { return nil }
        let rest = line.dropFirst().drop { $0 == " " }
        if rest.hasPrefix("[ ]") { return (false, false, rest.dropFirst(3)) }
        if rest.hasPrefix("[x]") || rest.hasPrefix("[X]") { return (true, false, rest.dropFirst(3)) }
        if rest.hasPrefix("[-]") { return (true, true, rest.dropFirst(3)) }
        return nil
    }

    /// `cat`'s line below an item: `due DATE`, `reminder on`, or both joined by `, `.
    static func facts(_ line: Substring) -> (due: Due?, remind: Bool)? {
        var due: Due?
        var remind = false
        for (index, part) in line.split(separator: ", ", omittingEmptySubsequences: false).enumerated() {
            if index == 0, part.hasPrefix("due "), due == nil {
                guard let date = try? date(String(part.dropFirst(4)), list: "") else { return nil }
                due = date
            } else if part == "reminder on", !remind {
                remind = true
            } else {
                return nil
            }
        }
        return due == nil && !remind ? nil : (due, remind)
    }

    /// What the end of a task line holds after its text: Obsidian Tasks' marks and `#tags`.
    struct TaskMarks {
        var text: String
        var tags: [String] = []
        var priority: Int?
        var rule: RepeatRule?
        var start: Due?
        var due: Due?
    }

    /// A task's text with the marks that end it taken off, from the last one back: `#tag`s, a
    /// priority mark, and ` 🔁 RULE`, ` 🛫 DATE`, ` 📅 DATE` (RULE words, or an RRULE in the
    /// `RRULE:` form the export writes for a rule the words cannot say). A mark whose value does
    /// not read stays part of the text (`Fix the 🔁 icon`), as does a `#` word of digits only
    /// (`#_2026` is the tag `2026`, see `MarkdownEscapes.writtenTag`).
    static func taskMarks(_ text: String) -> TaskMarks {
        var marks = TaskMarks(text: text)
        // Most texts hold no mark: every mark but `#` is outside ASCII, and a look at the bytes
        // spares the walk over the characters (26 M instructions for an import of 1,000 items).
        guard text.utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "#") }) else { return marks }
        while true {
            let rest = marks.text
            if let space = rest.lastIndex(of: " ") {
                let word = rest[rest.index(after: space)...]
                if word.count > 1, word.hasPrefix("#"), word.dropFirst().contains(where: { !$0.isNumber && $0 != "#" }),
                    !rest[..<space].allSatisfy({ $0 == " " })
                {
                    marks.tags.insert(MarkdownEscapes.readTag(word.dropFirst()), at: 0)
                    marks.text = String(rest[..<space])
                    continue
                }
            }
            if marks.priority == nil, let priority = priorityMarks.first(where: { rest.hasSuffix(" " + $0.mark) }) {
                marks.priority = priority.value
                marks.text = String(rest.dropLast(priority.mark.count + 1))
                continue
            }
            guard takeValueMark(&marks) else { break }
        }
        return marks
    }

    /// The priority each of Obsidian Tasks' marks reads as (RFC 5545: `high` 1, `medium` 5, `low`
    /// 9; its highest and lowest as high and low).
    private static let priorityMarks: [(mark: String, value: Int)] = [
        (ChecklistExport.priorityMarks.high, 1), (ChecklistExport.priorityMarks.medium, 5),
        (ChecklistExport.priorityMarks.low, 9), ("🔺", 1), ("⏬", 9),
    ]

    /// Takes the last of ` 🔁 RULE`, ` 🛫 DATE` and ` 📅 DATE` off the end of `marks.text` when
    /// its value reads and the field is not set yet; whether it did.
    private static func takeValueMark(_ marks: inout TaskMarks) -> Bool {
        let text = marks.text
        let names = [ChecklistExport.repeatMark, ChecklistExport.startMark, ChecklistExport.dueMark]
        var last: (start: String.Index, mark: String)?
        for mark in names {
            let spaced = " \(mark) "
            if let start = text.indices.last(where: { text[$0...].hasPrefix(spaced) }),
                last.map({ start > $0.start }) ?? true
            {
                last = (start, mark)
            }
        }
        guard let (start, mark) = last else { return false }
        let value = String(text[start...].dropFirst(mark.count + 2))
        switch mark {
        case ChecklistExport.repeatMark where marks.rule == nil:
            var rule = RepeatRule(words: value)
            if rule == nil, value.uppercased().hasPrefix("RRULE:"), value.count > 6 {
                rule = RepeatRule(rrule: String(value.dropFirst(6)))
            }
            guard let rule else { return false }
            marks.rule = rule
        case ChecklistExport.startMark where marks.start == nil:
            guard let date = try? date(value, list: "") else { return false }
            marks.start = date
        case ChecklistExport.dueMark where marks.due == nil:
            guard let date = try? date(value, list: "") else { return false }
            marks.due = date
        default:
            return false
        }
        marks.text = String(text[..<start])
        return true
    }
}

/// The state of reading a Markdown text line by line.
private struct MarkdownReader {
    let fallbackName: String
    let now: Double
    var lists: [Checklist] = []
    /// The parent of each item of the last checklist (its index there), `nil` for top-level.
    var parents: [Int?] = []
    /// The task lines still open for sub-items: their indentation (in columns) and index.
    var open: [(indent: Int, index: Int)] = []
    /// The item lines below which are its note, with its indentation; `nil` after other text.
    var noteOwner: (index: Int, indent: Int)?
    /// The note being read: its lines, the indentation of its first, and blank lines held back.
    var note: [String] = []
    var noteIndent = 0
    var blankLines = 0
    /// Whether the line just read was the owner's task line (where `cat`'s details come next).
    var justAfterTask = false

    init(fallbackName: String, now: Double) {
        self.fallbackName = fallbackName
        self.now = now
    }

    mutating func read(_ line: Substring) {
        var indent = 0
        let content = line.drop { character in
            guard character == " " || character == "\t" else { return false }
            // A tab is a level, as two spaces are.
            indent += character == "\t" ? 2 : 1
            return true
        }
        let afterTask = justAfterTask
        justAfterTask = false
        guard !content.isEmpty else {
            if noteOwner != nil, !note.isEmpty { blankLines += 1 }
            return
        }
        if let (checked, cancelled, rest) = ChecklistImport.taskLine(content) {
            addTask(checked: checked, cancelled: cancelled, text: String(rest.drop { $0 == " " }), indent: indent)
            return
        }
        if let owner = noteOwner, indent > owner.indent {
            if afterTask, let facts = ChecklistImport.facts(content) {
                if let due = facts.due { lists[lists.count - 1].items[owner.index].due = due }
                lists[lists.count - 1].items[owner.index].shouldRemind = facts.remind
                return
            }
            let firstLine = note.isEmpty
            if firstLine { noteIndent = indent }
            note += Array(repeating: "", count: blankLines)
            blankLines = 0
            // The note's own indentation beyond its first line's is kept.
            var kept = line[...]
            var columns = 0
            while columns < noteIndent, let first = kept.first, first == " " || first == "\t" {
                columns += first == "\t" ? 2 : 1
                kept = kept.dropFirst()
            }
            // The first line's own blanks, which its indentation would take, come as references.
            let (blanks, rest) = firstLine ? MarkdownEscapes.readingBlanks(kept) : ("", kept)
            note.append(blanks + (rest.hasPrefix("\\") ? rest.dropFirst() : rest))
            return
        }
        finishNote()
        noteOwner = nil
        if content.hasPrefix("#") {
            let name = content.drop { $0 == "#" }.drop { $0 == " " }
            if !name.isEmpty { startList(String(name)) }
        }
    }

    mutating func addTask(checked: Bool, cancelled: Bool, text: String, indent: Int) {
        finishNote()
        let marks = ChecklistImport.taskMarks(text)
        guard !marks.text.isEmpty else {
            noteOwner = nil
            return
        }
        if lists.isEmpty { startList(fallbackName) }
        var item = ChecklistItem(text: "", itemID: -1, created: now)
        for field in ItemField.allCases {
            switch field {
            case .text: item.text = MarkdownEscapes.readText(marks.text)
            case .checked: item.checked = checked
            case .cancelled: if cancelled { item.cancelled = true }
            case .due: item.due = marks.due
            case .repeatRule: item.repeatRule = marks.rule
            case .tags: item.tags = marks.tags
            case .priority: item.priority = marks.priority
            case .start: item.start = marks.start
            // Read from the lines below the task line: the note (`finishNote`), and the reminder
            // (with the due date, when given there) from `cat`'s details (`read`).
            case .note, .shouldRemind: break
            // The indentation, linked when the list ends (`finishList`).
            case .parent: break
            // Not carried by Markdown: the IDs are the file's own, and the server mark and the
            // alarm time belong to a CalDAV account.
            case .itemID, .uid, .serverMark, .alarmOffset: break
            }
        }
        let index = lists[lists.count - 1].items.count
        lists[lists.count - 1].items.append(item)
        while let last = open.last, last.indent >= indent { open.removeLast() }
        parents.append(open.last?.index)
        open.append((indent, index))
        noteOwner = (index, indent)
        justAfterTask = true
    }

    mutating func startList(_ name: String) {
        finishList()
        lists.append(Checklist(name: name))
    }

    /// Gives the note read so far to its item.
    mutating func finishNote() {
        if let owner = noteOwner, !note.isEmpty {
            lists[lists.count - 1].items[owner.index].note = note.joined(separator: "\n")
        }
        note = []
        blankLines = 0
    }

    /// Links the last checklist's sub-items to their parents.
    mutating func finishList() {
        finishNote()
        if !lists.isEmpty { ChecklistImport.linkParents(&lists[lists.count - 1].items, parents: parents) }
        parents = []
        open = []
        noteOwner = nil
    }

    mutating func finish() -> [Checklist] {
        finishList()
        return lists
    }
}
