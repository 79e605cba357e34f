import KeyedArchive

extension Session {
    /// Runs a command that works on files named in it rather than on the data file (`merge`,
    /// `cat`), so a one-shot run need not load the data file; `nil` for any other command.
    ///
    /// `synced` is, for `merge`, what the CalDAV sync of the merged data file last left
    /// (`ChecklistMerge.merge`'s `synced`).
    public static func runStandalone(_ command: Command, now: Double, synced: ChecklistBook? = nil) -> CommandResult? {
        switch command {
        case .cat(let path):
            do {
                let book = try ArchiveFile.read(path, now: now)
                let text = ChecklistExport.markdown(book.checklists, details: true)
                return CommandResult(
                    lines: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
                        OutputLine(String($0))
                    })
            } catch {
                return CommandResult(error: error.description, exitStatus: .dataError)
            }
        case .merge(let base, let ours, let theirs):
            return ArchiveFile.merge(base: base, ours: ours, theirs: theirs, now: now, synced: synced)
        default:
            return nil
        }
    }

    /// Runs a command that needs nothing of the data file (`help [COMMAND]`, `inspect FILE`), for
    /// a one-shot run whose data file cannot be read (damaged, unreadable): such a file stops the
    /// commands that read it, not these; `nil` for any other command. With `json`, the result
    /// holds the JSON document a session gives it.
    public static func runWithoutDataFile(_ command: Command, json: Bool) -> CommandResult? {
        var result: CommandResult
        do {
            switch command {
            case .help(let name): result = try help(name)
            case .inspect(let raw, let file): result = try inspect(file, raw: raw)
            default: return nil
            }
        } catch let error as InspectionError {
            return CommandResult(error: error.description, exitStatus: .dataError)
        } catch {
            return CommandResult(error: "\(error)")
        }
        if json { result.document = JSONReport.lines(command.name, result.lines) }
        return result
    }
}
