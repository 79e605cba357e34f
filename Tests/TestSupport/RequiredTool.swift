import Foundation

/// What a test needs from the machine: present, or a recorded skip locally, or a failure in CI.
///
/// Under `CI=true` a missing tool never skips anything: the tests that need it run (and fail),
/// and `RequiredToolsTests` names what is missing and how to install it. Elsewhere the tests are
/// skipped, and the skip is written to the file `$CHECKLISTS_SKIPPED` names (one line each), so
/// that `Scripts/test.sh` can end by saying what was not tested.
public enum RequiredTool {
    /// Whether the test run is CI's (`CI=true`), where every tool must be there.
    public static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether tests needing `what` should run: `present`, or in CI always; else the skip is
    /// recorded with `install`, the way to get it.
    public static func available(_ what: String, present: Bool, install: String) -> Bool {
        if present || inCI { return true }
        record("\(what): \(install)")
        return false
    }

    /// Whether an executable file is at `path`.
    public static func executable(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Appends `line` to the skip record, when the test command asked for one.
    public static func record(_ line: String) {
        guard let path = ProcessInfo.processInfo.environment["CHECKLISTS_SKIPPED"],
            let handle = FileHandle(forWritingAtPath: path) ?? create(path)
        else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data((line + "\n").utf8))
    }

    private static func create(_ path: String) -> FileHandle? {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
        return FileHandle(forWritingAtPath: path)
    }
}
