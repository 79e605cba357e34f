import Foundation
import TestSupport

/// The shared fixture folder (`../shared/fixtures` beside the repository) and its manifest.
enum Fixtures {
    /// One row of `MANIFEST.tsv`.
    struct Entry: CustomStringConvertible, Sendable {
        var file: String
        var format: String
        var kind: String
        var plistlibReads: Bool
        var archive: String

        var description: String { file }
        var url: URL { Fixtures.folder.appending(path: file) }
        var expectedJSONURL: URL { Fixtures.folder.appending(path: file + ".expected.json") }
    }

    /// `../shared/fixtures`, found from this source file's location.
    static let folder: URL = URL(filePath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // KeyedArchiveTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // repository
        .deletingLastPathComponent()
        .appending(path: "shared/fixtures")

    /// Whether the fixtures are present; tests that need them are skipped otherwise.
    static let available = RequiredTool.available(
        "the fixture tests need ../shared/fixtures",
        present: FileManager.default.fileExists(atPath: folder.appending(path: "MANIFEST.tsv").path),
        install: "check shared/ out beside the repository")

    /// Every row of the manifest (empty when the folder is absent).
    static let entries: [Entry] = {
        guard let text = try? String(contentsOf: folder.appending(path: "MANIFEST.tsv"), encoding: .utf8) else {
            return []
        }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 5 else { return nil }
            return Entry(
                file: columns[0], format: columns[1], kind: columns[2],
                plistlibReads: columns[3] == "plistlib-reads", archive: columns[4])
        }
    }()

    /// The bytes of a fixture.
    static func bytes(_ entry: Entry) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: entry.url))
    }
}
