import Effects
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Children run with a time limit and a stop signal, in a process group of their own.
struct ChildProcessSupervisedTests {
    /// Waits until the file at `path` holds a process ID and returns it.
    private func processID(in path: String) throws -> Int32 {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if text.hasSuffix("\n"), let pid = Int32(text.dropLast()) { return pid }
            usleep(10_000)
        }
        throw CancellationError()
    }

    /// Whether process `pid` runs (it exists and is not a zombie).
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    @Test func theExitStatusAndTheErrorOutputComeBack() throws {
        let run = try ChildProcess.supervise("sh", ["-c", "echo err >&2; exit 3"], timeLimit: 60)
        #expect(run.ending == .exited(3))
        #expect(run.errorTail == Array("err\n".utf8))
    }

    @Test func onlyTheEndOfALargeErrorOutputIsKept() throws {
        let script = "head -c 3000000 /dev/zero | tr '\\0' x >&2; echo >&2; echo last words >&2"
        let run = try ChildProcess.supervise("sh", ["-c", script], timeLimit: 60)
        #expect(run.ending == .exited(0))
        #expect(run.errorTail.count == ChildProcess.errorTailLimit)
        #expect(String(decoding: run.errorTail, as: UTF8.self).hasSuffix("xxx\nlast words\n"))
    }

    @Test func aChildPastItsTimeLimitIsKilledWithWhatItStarted() throws {
        let folder = try TemporaryFolder(prefix: "supervised")
        let path = folder.file("pid")
        let run = try ChildProcess.supervise(
            "sh", ["-c", "sleep 1000 & echo $! > '\(path)'; wait"], timeLimit: 0.5)
        #expect(run.ending == .timedOut)
        let sleeper = try processID(in: path)
        defer { kill(sleeper, SIGKILL) }
        let deadline = Date().addingTimeInterval(10)
        while isRunning(sleeper), Date() < deadline { usleep(10_000) }
        #expect(!isRunning(sleeper))
    }

    @Test func aReadableStopDescriptorEndsTheRun() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }
        #expect(write(ends[1], "x", 1) == 1)
        let run = try ChildProcess.supervise("sleep", ["1000"], timeLimit: 600, stop: ends[0])
        #expect(run.ending == .interrupted)
    }
}
