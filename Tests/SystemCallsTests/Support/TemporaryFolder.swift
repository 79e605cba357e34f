import Foundation

/// A fresh folder of this test target's own, removed with everything in it when the last
/// reference goes away. (Made with Foundation, not with the code under test.)
final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appending(path: "systemcalls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        path = url.path(percentEncoded: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + name
    }

    /// The bytes of the file at `path`, or `nil` when there is none.
    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }

    /// Makes (or empties and refills) the file at `path` with `bytes`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
