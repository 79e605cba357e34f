import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// Small private files of this program's own (sync state, accounts): read whole, replaced atomically.
public enum StateFile {
    /// The bytes of the file at `path`; `nil` when there is none or it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        (try? FileSystem.read(path)) ?? nil
    }

    /// Replaces the file at `path` with `bytes` (mode 0600, its folders made 0700 as needed),
    /// atomically and durably.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try FileSystem.makeDirectories(FileSystem.directory(of: path))
        try FileSystem.writeAtomically(bytes, to: path, mode: 0o600)
    }

    /// Removes the file at `path`, if there is one.
    public static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Makes `folder` and its missing parents (mode 0700).
    public static func makeFolder(_ folder: String) throws {
        try FileSystem.makeDirectories(folder)
    }

    /// The names in `folder`, `.` and `..` included (none when it cannot be read).
    public static func names(in folder: String) -> [String] {
        FileSystem.names(in: folder)
    }

    /// A short stable name for `path` (FNV-1a, hex), to name a file after a data file.
    public static func name(for path: String) -> String {
        path.stableDigest
    }
}
