import KeyedArchive

extension Session {
    /// Runs a command that needs nothing of the data file (`merge`, `cat`, `help [COMMAND]`,
    /// `inspect FILE`), so a one-shot run need not load it, and works beside a damaged one; `nil`
    /// for any other command.
    ///
    /// `synced` is, for `merge`, what the CalDAV sync of the merged data file last left
    /// (`ChecklistMerge.merge`'s `synced`). With `json`, `help` and `inspect` carry the document a
    /// session gives them (`merge` and `cat`, git's helpers, print as they do without it).
    public static func runStandalone(
        _ command: Command, now: Double, synced: ChecklistBook? = nil, json: Bool = false
    ) -> CommandResult? {
        switch command {
        case .help(let name): return answer(command, json: json) { try help(name) }
        case .inspect(let raw, let file): return answer(command, json: json) { try inspect(file, raw: raw) }
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

    /// What `body` (`help` or `inspect`) gives, its failure as a session reports it, with the
    /// `--json` document when `json`.
    private static func answer(_ command: Command, json: Bool, _ body: () throws -> CommandResult) -> CommandResult {
        var result: CommandResult
        do {
            result = try body()
        } catch let error as InspectionError {
            return CommandResult(error: error.description, exitStatus: .dataError)
        } catch {
            return CommandResult(error: "\(error)")
        }
        if json { result.document = JSONReport.lines(command.name, result.lines) }
        return result
    }
}
