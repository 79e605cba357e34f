import Effects
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct ChildProcessTests {
    @Test func aProgramsOutputErrorAndStatusComeBack() throws {
        let outcome = try ChildProcess.run("sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(outcome.outputText == "out")
        #expect(outcome.errorText == "err")
        #expect(outcome.status == 3)
        #expect(!outcome.succeeded)
    }

    @Test func argumentsArePassedAsTheyAreWithoutAShell() throws {
        let outcome = try ChildProcess.run("printf", ["%s|", "a b", "$HOME", "*"])
        #expect(outcome.outputText == "a b|$HOME|*|")
    }

    @Test func anEnvironmentGivenReplacesThisProcesssOwn() throws {
        let outcome = try ChildProcess.run("/usr/bin/env", [], environment: ["ONLY": "this"])
        #expect(outcome.outputText == "ONLY=this")
    }

    @Test func largeOutputOnBothStreamsDoesNotStall() throws {
        let script = "head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2"
        let outcome = try ChildProcess.run("sh", ["-c", script])
        #expect(outcome.output.count == 1_000_000)
        #expect(outcome.errorOutput.count == 1_000_000)
    }

    @Test func signalsIgnoredHereAreNotIgnoredInTheChild() throws {
        let previous = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previous) }
        let outcome = try ChildProcess.run("sh", ["-c", "kill -INT $$; sleep 5"])
        #expect(outcome.status == 128 + SIGINT)
    }

    @Test func standardInputIsEmpty() throws {
        let outcome = try ChildProcess.run("wc", ["-c"])
        #expect(outcome.outputText.trimmingPrefix(while: { $0 == " " }) == "0")
    }

    @Test func aMissingProgramSaysItIsNotInstalled() {
        #expect(throws: ChildProcessError.cannotStart(program: "no-such-program-here", code: ENOENT)) {
            try ChildProcess.run("no-such-program-here", [])
        }
        #expect(
            ChildProcessError.cannotStart(program: "git", code: ENOENT).description
                == "git is not installed (or not on PATH)")
    }

    @Test func availabilityIsLookedUpOnThePathGiven() {
        #expect(ChildProcess.isAvailable("sh", path: "/usr/bin:/bin"))
        #expect(!ChildProcess.isAvailable("sh", path: "/nonexistent"))
        #expect(ChildProcess.isAvailable("/bin/sh", path: nil))
    }
}

extension String {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        self[(firstIndex { !predicate($0) } ?? endIndex)...]
    }
}
