import TestSupport

/// Whether git is here for the tests that run it.
enum GitTool {
    /// Whether git is installed (in CI it must be; elsewhere its absence is recorded as a skip).
    static let present = RequiredTool.available(
        "git", present: RequiredTool.executable("/usr/bin/git"), install: "apt-get install git")
}
