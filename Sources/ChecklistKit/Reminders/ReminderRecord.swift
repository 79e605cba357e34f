/// The record of fired reminders on disk, `$XDG_STATE_HOME/checklists/reminders` (SPEC §9).
///
/// One text file for every data file: a header line, then one line per fired reminder,
/// `ITEMID<TAB>DUE<TAB>DATAFILE<TAB>TEXT` (the data file's resolved path and the item's text with
/// `%`, tab and newline escaped). Changes are made under an exclusive lock on `reminders.lock`
/// beside it, and the file is replaced atomically (mode 0600), so several watchers fire each
/// reminder once. It is never part of the archive. A record of the first version, whose lines
/// have no text, is read too (such lines stay as they are until their reminders are matched to
/// items, see `FiredReminders.pruned`); it is written in the current one.
public enum ReminderRecord {
    /// The first line of a record file.
    static let header = "checklists reminders 2"
    /// The first line of a record written before texts were kept.
    static let firstHeader = "checklists reminders 1"

    /// Reads the record for `dataFile` from `path` under the lock, lets `body` deliver reminders
    /// and return the new record, and writes it back (lines of other data files untouched).
    ///
    /// Returns a warning when the file was damaged (its readable lines are kept; a file without
    /// the header is ignored whole: reminders may fire again, but none is lost).
    public static func update(
        path: String, dataFile: String, lockTimeout: Double = 10,
        _ body: (FiredReminders) throws -> FiredReminders
    ) throws -> String? {
        do {
            try FileSystem.makeDirectories(FileSystem.directory(of: path))
        } catch {
            throw ReminderRecordError.unwritable(path: path, reason: error.description)
        }
        let lock: FileLock
        do {
            lock = try FileLock(path: path + ".lock", timeout: lockTimeout)
        } catch {
            throw ReminderRecordError.unwritable(path: path, reason: error.description)
        }
        defer { withExtendedLifetime(lock) {} }
        let text: String
        do {
            text = String(decoding: try FileSystem.read(path) ?? Array((header + "\n").utf8), as: UTF8.self)
        } catch {
            throw ReminderRecordError.unwritable(path: path, reason: error.description)
        }
        let (mine, others, warning) = parse(text, dataFile: dataFile, path: path)
        let updated = try body(mine)
        guard updated != mine || warning != nil else { return warning }
        let name = escaped(dataFile)
        let lines = updated.keys.sorted { ($0.itemID, $0.due, $0.text ?? "") < ($1.itemID, $1.due, $1.text ?? "") }
            .map { "\($0.itemID)\t\($0.due)\t\(name)" + ($0.text.map { "\t" + escaped($0) } ?? "") }
        let output = ([header] + others + lines).joined(separator: "\n") + "\n"
        do {
            try FileSystem.writeAtomically(Array(output.utf8), to: path, mode: 0o600)
        } catch {
            throw ReminderRecordError.unwritable(path: path, reason: error.description)
        }
        return warning
    }

    /// The keys of `dataFile`, the other data files' lines as they are, and a warning when damaged.
    static func parse(_ text: String, dataFile: String, path: String) -> (FiredReminders, [String], String?) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) || lines.first == Substring(firstHeader) else {
            return (FiredReminders(), [], "\(path) is not a reminder record; starting a new one")
        }
        lines.removeFirst()
        let name = escaped(dataFile)
        var keys = Set<FiredReminders.Key>()
        var others: [String] = []
        var damaged = 0
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            // Three fields: a line of the first version, kept as it is for the other data files.
            guard fields.count == 3 || fields.count == 4, let id = Int(fields[0]), let due = Double(fields[1]),
                due.isFinite
            else {
                damaged += 1
                continue
            }
            if fields[2] == Substring(name) {
                keys.insert(
                    FiredReminders.Key(itemID: id, due: due, text: fields.count == 4 ? unescaped(fields[3]) : nil))
            } else {
                others.append(String(line))
            }
        }
        let warning = damaged == 0 ? nil : "\(path): ignored \(damaged) damaged line\(damaged == 1 ? "" : "s")"
        return (FiredReminders(keys), others, warning)
    }

    /// `text` with `%25`, `%09` and `%0A` read back as `%`, tab and newline.
    static func unescaped(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var result = ""
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let code = rest[percent...].prefix(3)
            switch code {
            case "%25": result += "%"
            case "%09": result += "\t"
            case "%0A": result += "\n"
            default: result += code
            }
            rest = rest[code.endIndex...]
        }
        return result + rest
    }

    /// `path` with `%`, tab and newline written as `%25`, `%09` and `%0A`.
    static func escaped(_ path: String) -> String {
        var result = ""
        for character in path {
            switch character {
            case "%": result += "%25"
            case "\t": result += "%09"
            case "\n": result += "%0A"
            default: result.append(character)
            }
        }
        return result
    }
}
