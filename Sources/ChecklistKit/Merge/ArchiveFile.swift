import SystemCalls

/// Archive files named on the command line (`merge`, `cat`), read and written without the store.
enum ArchiveFile {
    /// Reads the checklists archive at `path`; items without a `DueDate` get `now`.
    static func read(_ path: String, now: Double) throws(ArchiveFileError) -> ChecklistBook {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        guard let bytes else { throw .unreadable(path: path, reason: "no such file") }
        do {
            return try ChecklistBook(archive: bytes, loadTime: now)
        } catch {
            throw .undecodable(path: path, reason: error.description)
        }
    }

    /// Merges the archives BASE, OURS and THEIRS into OURS, atomically, keeping its permissions.
    ///
    /// An empty BASE file means the two sides have no common version (git passes one for a file
    /// added on both sides of unrelated histories). If any file cannot be read as an archive,
    /// nothing is written and the result fails with `ExitStatus.dataError` (65), which git reports as a conflict.
    /// Each field both sides changed differently is one notice, for standard error. `synced` is
    /// what the CalDAV sync of the merged data file last left (`ChecklistMerge.merge`'s `synced`).
    static func merge(
        base: String, ours: String, theirs: String, now: Double, synced: ChecklistBook? = nil
    ) -> CommandResult {
        let merged: MergeResult
        do {
            let baseBook = FileSystem.stamp(base)?.size == 0 ? nil : try read(base, now: now)
            merged = ChecklistMerge.merge(
                base: baseBook, ours: try read(ours, now: now), theirs: try read(theirs, now: now), synced: synced)
        } catch {
            return CommandResult(error: "merge: \(error)", exitStatus: .dataError)
        }
        do {
            try FileSystem.writeAtomically(merged.book.archived(), to: ours, keepingAccess: true)
        } catch {
            return CommandResult(error: "merge: cannot write \(ours): \(error)", exitStatus: .ioError)
        }
        var result = CommandResult()
        result.notices = merged.notes.map(\.description)
        return result
    }
}
