import SystemCalls

/// The record of fired reminders on disk, `$XDG_STATE_HOME/checklists/reminders` (SPEC §9).
///
/// One text file for every data file: a header line, then one line per fired reminder,
/// `ITEMID<TAB>DUE<TAB>DATAFILE<TAB>TEXT` (the data file's resolved path and the item's text with
/// `%`, tab and newline escaped), and one per reminder being delivered, the same with
/// `<TAB>CLAIMANT<TAB>EXPIRES` after it (see `ReminderClaims`). Changes are made under an
/// exclusive lock on `reminders.lock` beside it, held only to read and rewrite the file, never
/// while a reminder is delivered; the file is replaced atomically (mode 0600). It is never part of
/// the archive. A record of the first version, whose lines have no text, is read too (such lines
/// stay as they are until their reminders are matched to items, see `FiredReminders.pruned`); it
/// is written in the current one.
public enum ReminderRecord {
    /// The first line of a record file.
    static let header = "checklists reminders 2"
    /// The first line of a record written before texts were kept.
    static let firstHeader = "checklists reminders 1"

    /// Reads the record for `dataFile` from `path` under the lock, lets `body` change its fired
    /// reminders and claims, and writes it back when they changed (lines of other data files
    /// untouched); returns what `body` returned.
    ///
    /// The warning returned says the file was damaged (its readable lines are kept; a file without
    /// the header is ignored whole: reminders may fire again, but none is lost). A lock held by
    /// another process for `lockTimeout` seconds throws `ReminderRecordError.busy`.
    public static func update<Result>(
        path: String, dataFile: String, lockTimeout: Double = 10,
        _ body: (inout FiredReminders, inout ReminderClaims) throws -> Result
    ) throws -> (result: Result, warning: String?) {
        try LockedUpdate.run(
            path, timeout: lockTimeout,
            failed: { failure in
                switch failure {
                case .folder(let error): ReminderRecordError.unwritable(path: path, reason: error.description)
                case .lock(.system(let error)):
                    ReminderRecordError.unwritable(
                        path: path,
                        reason: StoreError.lockFailed(path: path + ".lock", reason: error.description).description)
                case .lock(.timedOut(let seconds)): ReminderRecordError.busy(path: path, seconds: seconds)
                }
            }
        ) { _ in
            let text: String
            do throws(SystemError) {
                text = String(decoding: try FileSystem.read(path) ?? Array((header + "\n").utf8), as: UTF8.self)
            } catch {
                throw ReminderRecordError.unwritable(path: path, reason: error.description)
            }
            let read = parse(text, dataFile: dataFile, path: path)
            var fired = read.fired
            var claims = read.claims
            let result = try body(&fired, &claims)
            guard fired != read.fired || claims != read.claims || read.warning != nil else {
                return (result, read.warning)
            }
            let name = escaped(dataFile)
            let firedLines = fired.keys.sorted(by: inOrder).map { line($0, name: name) }
            let claimLines = claims.claims.keys.sorted(by: inOrder).compactMap { key in
                claims.claims[key].map { line(key, name: name) + "\t\($0.claimant)\t\($0.expires)" }
            }
            let output = ([header] + read.others + firedLines + claimLines).joined(separator: "\n") + "\n"
            do throws(SystemError) {
                try FileSystem.writeAtomically(Array(output.utf8), to: path, mode: 0o600)
            } catch {
                throw ReminderRecordError.unwritable(path: path, reason: error.description)
            }
            return (result, read.warning)
        }
    }

    /// What a record holds for one data file.
    private struct Read {
        var fired = FiredReminders()
        var claims = ReminderClaims()
        /// The other data files' lines, as they are.
        var others: [String] = []
        var warning: String?
    }

    /// The line of `key` for the data file `name` (escaped), without a claim.
    private static func line(_ key: FiredReminders.Key, name: String) -> String {
        "\(key.itemID)\t\(key.due)\t\(name)" + (key.text.map { "\t" + escaped($0) } ?? "")
    }

    /// The order lines are written in.
    private static func inOrder(_ first: FiredReminders.Key, _ second: FiredReminders.Key) -> Bool {
        (first.itemID, first.due, first.text ?? "") < (second.itemID, second.due, second.text ?? "")
    }

    /// The fired reminders and claims of `dataFile`, the other data files' lines, and a warning
    /// when the record is damaged.
    private static func parse(_ text: String, dataFile: String, path: String) -> Read {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) || lines.first == Substring(firstHeader) else {
            return Read(warning: "\(path) is not a reminder record; starting a new one")
        }
        lines.removeFirst()
        let name = escaped(dataFile)
        var read = Read()
        var damaged = 0
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            // Three fields: a line of the first version, kept as it is for the other data files.
            guard [3, 4, 6].contains(fields.count), let id = Int(fields[0]), let due = Double(fields[1]),
                due.isFinite
            else {
                damaged += 1
                continue
            }
            guard fields[2] == Substring(name) else {
                read.others.append(String(line))
                continue
            }
            let key = FiredReminders.Key(itemID: id, due: due, text: fields.count > 3 ? unescaped(fields[3]) : nil)
            if fields.count == 6 {
                guard let expires = Double(fields[5]), expires.isFinite else {
                    damaged += 1
                    continue
                }
                read.claims.claim([key], by: String(fields[4]), until: expires)
            } else {
                read.fired.insert(key)
            }
        }
        if damaged > 0 { read.warning = "\(path): ignored \(damaged) damaged line\(damaged == 1 ? "" : "s")" }
        return read
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
        path.escaping(["%": "%25", "\t": "%09", "\n": "%0A"])
    }
}
