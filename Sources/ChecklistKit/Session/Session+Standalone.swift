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
}
