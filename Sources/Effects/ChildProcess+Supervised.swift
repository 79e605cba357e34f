import CSystemShims
import ChecklistKit
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// How a supervised child ended.
    public enum Ending: Sendable, Equatable {
        /// It exited with this status (128 plus the signal number when a signal ended it).
        case exited(Int32)
        /// It ran past its time limit: its process group was killed.
        case timedOut
        /// A stop signal arrived while it ran: its process group was killed.
        case interrupted
    }

    /// What a supervised child left behind.
    public struct Supervised: Sendable, Equatable {
        /// How it ended.
        public var ending: Ending
        /// The end of what it wrote to standard error: at most `errorTailLimit` bytes.
        public var errorTail: [UInt8]
    }

    /// How long a child being killed has between SIGTERM and SIGKILL.
    static let killGrace: Double = 0.5
    /// How many of the last bytes a supervised child wrote to standard error are kept.
    public static let errorTailLimit = 2048

    /// Runs `program` in a process group of its own, for at most `timeLimit` seconds, and only until
    /// the descriptor `stop` becomes readable (a signalfd: the signal is left there to be read).
    ///
    /// Its standard input is `/dev/null`; its standard output is this process's (flushed first),
    /// so what it writes goes out as it writes it, and none of it is held here; of its standard
    /// error, read through a pipe, only the last `errorTailLimit` bytes are kept, for a message.
    /// On the time limit or a stop, the group (the program and whatever it started) gets SIGTERM,
    /// then SIGKILL `killGrace` seconds later, and the child is reaped: nothing it started is left
    /// running, and a hung program holds nobody up. Once the program has exited, what its pipe
    /// holds is read and the run ends, without waiting for processes it left in the background.
    /// The end is seen through a pidfd, or, where the system has none, looked for every 50 ms.
    public static func supervise(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, timeLimit: Double,
        stop: Int32 = -1
    ) throws(ChildProcessError) -> Supervised {
        var pipes = try Pipes(piping: [.error])
        defer { pipes.closeAll() }
        pipes.makeNonBlocking()
        // What this process wrote before comes first.
        fflush(nil)
        let pid = try spawn(program, arguments, environment: environment, pipes: &pipes, newGroup: true)
        pipes.closeChildEnds()
        let exitDescriptor = openExitDescriptor(pid)
        defer { if exitDescriptor >= 0 { close(exitDescriptor) } }
        var tail: [UInt8] = []
        let keep = { (bytes: ArraySlice<UInt8>) in
            tail += bytes
            // Cut back now and then, not at every read: the tail stays within twice the limit.
            if tail.count > 2 * errorTailLimit { tail.removeFirst(tail.count - errorTailLimit) }
        }
        let finish = { (ending: Ending) in Supervised(ending: ending, errorTail: Array(tail.suffix(errorTailLimit))) }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Monotonic.now + timeLimit
        while true {
            if let status = reaped(pid) {
                pipes.readAll(.error, into: keep)
                return finish(.exited(status))
            }
            let remaining = deadline - Monotonic.now
            guard remaining > 0 else {
                killGroup(pid, exitDescriptor: exitDescriptor)
                return finish(.timedOut)
            }
            var descriptors = [stop, pipes.descriptor(.error), exitDescriptor].map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            let wait = exitDescriptor >= 0 ? min(remaining, 3600) : min(remaining, 0.05)
            if poll(&descriptors, 3, Int32((wait * 1000).rounded(.up))) < 0, errno != EINTR { usleep(10_000) }
            if descriptors[0].revents != 0 {
                killGroup(pid, exitDescriptor: exitDescriptor)
                return finish(.interrupted)
            }
            if descriptors[1].revents != 0 { _ = pipes.read(.error, buffer: &buffer, into: keep) }
        }
    }

    /// A pidfd of `pid`, readable once it has exited; -1 where the system has none.
    private static func openExitDescriptor(_ pid: pid_t) -> Int32 {
        csystem_pidfd_open(pid, 0)
    }

    /// The exit status of `pid` (128 plus the signal that ended it) once it has ended and is
    /// reaped here; `nil` while it runs.
    private static func reaped(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let result = SystemError.retryingInterrupts { waitpid(pid, &status, WNOHANG) }
        guard result != 0 else { return nil }
        // No such child: it was reaped already, which only this file does.
        guard result == pid else { return 127 }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Ends the process group `pid` leads: SIGTERM, up to `killGrace` seconds for the leader to
    /// end, then SIGKILL to whatever is left of the group; reaps the leader.
    private static func killGroup(_ pid: pid_t, exitDescriptor: Int32) {
        kill(-pid, SIGTERM)
        let deadline = Monotonic.now + killGrace
        var ended = false
        while !ended, Monotonic.now < deadline {
            var entry = pollfd(fd: exitDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, exitDescriptor >= 0 ? 50 : 10)
            ended = reaped(pid) != nil
        }
        kill(-pid, SIGKILL)
        if !ended { _ = wait(for: pid) }
    }
}
