import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// Edits an item's note in the user's editor, as `git commit` edits a message (SPEC §13): the
/// note in a temporary file, `$VISUAL`, else `$EDITOR`, else `vi`, on the terminal.
///
/// The editor's command runs through `/bin/sh` with the file as its argument (`sh -c
/// '$VISUAL "$@"' …`), as git runs it, so that a setting with options (`emacs -nw`, `code
/// --wait`) works and no file name is ever parsed by a shell. What the editor saved counts only
/// when it exits with status 0; the final line break editors add is not part of the note.
public enum NoteEditor {
    /// What became of an edit.
    public enum Outcome: Sendable, Equatable {
        /// The note the editor saved, different from the one it was given.
        case changed(String)
        /// The editor exited 0 and left the note as it was.
        case unchanged
        /// The editor could not run, or exited with another status; the message says which.
        case failed(String)
    }

    /// The largest note read back from the editor's file: far beyond any note, small enough to hold.
    static let readLimit = 16 << 20

    /// The editor command `environment` asks for: `VISUAL`, else `EDITOR`, else `vi`.
    public static func command(environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.allSatisfy({ $0 == " " || $0 == "\t" }) { return value }
        }
        return "vi"
    }

    /// Opens `note` in the editor `environment` names and waits for it to exit.
    public static func edit(_ note: String, environment: [String: String]) -> Outcome {
        let folder = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/checklists-note-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            return .failed("cannot create a temporary file in \(folder): \(SystemError.message(errno))")
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let written = FileBytes.writeAll(Array((note.isEmpty ? "" : note + "\n").utf8), to: descriptor)
        close(descriptor)
        guard written else { return .failed("cannot write the note to \(path)") }
        let editor = command(environment: environment)
        let status: Int32
        do {
            status = try ChildProcess.runOnTerminal("/bin/sh", ["-c", editor + " \"$@\"", editor, path])
        } catch {
            return .failed("cannot run the editor \(editor): \(error)")
        }
        guard status == 0 else {
            return .failed("the editor (\(editor)) exited with status \(status); the note is unchanged")
        }
        guard case .bytes(let bytes) = FileBytes.read(path, limit: readLimit) else {
            return .failed("cannot read the note back from \(path); the note is unchanged")
        }
        var edited = String(decoding: bytes, as: UTF8.self)
        while edited.last == "\n" || edited.last == "\r\n" { edited.removeLast() }
        return edited == note ? .unchanged : .changed(edited)
    }
}
