import Foundation
import TestSupport
import Testing

/// In CI (`CI=true`) every tool the tests use must be installed: one missing fails the run here,
/// naming it and how to install it, rather than letting the tests that need it be skipped.
@Suite struct RequiredToolsTests {
    /// The programs the tests and the install checks run, and the Debian package of each.
    static let tools: [(program: String, package: String)] = [
        ("git", "git"), ("dbus-daemon", "dbus"), ("notify-send", "libnotify-bin"), ("python3", "python3"),
        ("setsid", "util-linux"), ("curl", "curl"), ("make", "make"), ("groff", "groff-base"), ("lintian", "lintian"),
        ("dpkg-deb", "dpkg"), ("dpkg-shlibdeps", "dpkg-dev"), ("strip", "binutils"), ("col", "bsdextrautils"),
        ("task", "taskwarrior"), ("todo-txt", "todotxt-cli"),
    ]

    @Test(.enabled(if: RequiredTool.inCI, "only CI must have every tool"))
    func everyToolTheTestsNeedIsInstalled() {
        for tool in Self.tools {
            let found = ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].contains {
                RequiredTool.executable($0 + tool.program)
            }
            #expect(found, "\(tool.program) is missing: apt-get install \(tool.package)")
        }
        let modules = Process()
        modules.executableURL = URL(filePath: "/usr/bin/python3")
        modules.arguments = ["-c", "import dbus, gi"]
        #expect(
            (try? modules.run()).map { modules.waitUntilExit() } != nil && modules.terminationStatus == 0,
            "python3's dbus and gi modules are missing: apt-get install python3-dbus python3-gi")
    }

    /// Whether this run is the README's test command (`Scripts/test.sh`), which records skips.
    static var runByTheTestCommand: Bool { ProcessInfo.processInfo.environment["CHECKLISTS_SKIPPED"] != nil }

    @Test(.enabled(if: runByTheTestCommand, "only Scripts/test.sh makes the virtual environment"))
    func theTestCommandMakesTheVirtualEnvironmentTheCalDAVAndRepeatTestsNeed() {
        // A fresh machine has no .ci/venv: the one command a person runs must make it, or the
        // CalDAV suites and the RRULE oracle are skipped.
        for program in ["python", "radicale", "xandikos", "vdirsyncer", "todo"] {
            #expect(
                RequiredTool.executable(CalDAVTestServer.bin + "/" + program),
                ".ci/venv/bin/\(program) is missing: Scripts/test.sh should have made it (Scripts/test-tools.sh)")
        }
    }
}
