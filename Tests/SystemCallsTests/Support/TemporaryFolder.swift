import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// the last reference goes away (so each test gets its own and leaves nothing behind).
final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/systemcalls-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let created else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: created)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The bytes of the file at `path`, or `nil` when there is none.
    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Writes `bytes` to `path`, replacing what is there.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(filePath: path))
    }
}
