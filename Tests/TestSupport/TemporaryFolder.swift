import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// the last reference goes away (so each test gets its own and leaves nothing behind).
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Makes the folder; `prefix` starts its name (which test made it, for a folder left behind).
    public init(prefix: String = "checklists-test") throws {
        let temporary = NSTemporaryDirectory()
        let separator = temporary.hasSuffix("/") ? "" : "/"
        var template = Array((temporary + separator + prefix + "-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let created else { throw FixtureError("mkdtemp failed: \(String(cString: strerror(errno)))") }
        path = String(cString: created)
    }

    deinit {
        // An immutable folder left by a failed test could not be removed otherwise.
        Unwritable.restore(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The bytes of the file at `path`, or `nil` when there is none.
    public static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Writes `bytes` to `path`, replacing what is there.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(filePath: path))
    }

    /// Writes UTF-8 `text` to `path`.
    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// The permission bits of the file or folder at `path`.
    public static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
