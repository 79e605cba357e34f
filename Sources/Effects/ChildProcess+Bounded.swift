import CSystemShims
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// How a bounded run ended.
    enum BoundedEnding: Equatable {
        /// The child exited with this status (128 plus the signal number when a signal ended it).
        case exited(Int32)
        /// It ran past its time limit and was killed.
        case timedOut
        /// This signal (SIGINT or SIGTERM) came for this process while the child ran: it was killed.
        case stopped(signal: Int32)
    }

    /// Which process group a bounded child runs in.
    enum Grouping {
        /// This process's: a Ctrl-C on the terminal reaches both.
        case shared
        /// One of its own, killed whole: what the child starts ends with it.
        case own
        /// One of its own, given the terminal's foreground while it runs when this process has it.
        case ownWithTerminal
    }

    /// What a bounded child left behind.
    struct BoundedRun {
        /// How it ended.
        var ending: BoundedEnding
        /// What it wrote to standard output (at most `outputLimit` bytes).
        var output: [UInt8]
        /// What it wrote to standard error (at most `outputLimit` bytes).
        var errorOutput: [UInt8]
    }

    /// How many bytes of each output stream a bounded run keeps.
    static let outputLimit = 1 << 20

    /// Runs `program` with `input` on its standard input, for at most `timeLimit` seconds, writing
    /// no file larger than `fileSizeLimit` bytes, and only until SIGINT or SIGTERM comes.
    ///
    /// In order: SIGINT and SIGTERM are blocked and read through a signalfd instead (an ignored one
    /// stays ignored: the REPL's SIGINT); the child starts with them unblocked and SIGXFSZ as this
    /// process has it (ignored, so an over-long write fails with EFBIG rather than killing it);
    /// its file size limit is set (`prlimit`) before it gets its input, so before a program that
    /// reads its input first (curl reads its whole configuration) can write a byte; then its
    /// output is read until it ends. On the time limit or a signal the child is
    /// killed (SIGKILL) and reaped before this returns: nothing it does outlives the call. A
    /// signal that comes once the child has ended is reported the same way, so none is lost.
    ///
    /// In a group of its own (`group`), the child's whole group is killed (git and the helpers it
    /// starts: `git-remote-http`, ssh); with `.ownWithTerminal`, when this process has the
    /// terminal's foreground, the group gets it while it runs (ssh asks for a passphrase there) and
    /// gives it back after. `keepingOpen` descriptors stay open in the child. `onErrorOutput` is
    /// told of each piece of standard error as it arrives (curl's line for each request it
    /// finished: standard output would come only at the end, since curl buffers it in a pipe).
    static func runBounded(
        _ program: String, _ arguments: [String], environment: [String: String]?, input: [UInt8],
        timeLimit: Double, fileSizeLimit: Int?, group: Grouping = .shared, keepingOpen: [Int32] = [],
        onErrorOutput: (ArraySlice<UInt8>) -> Void = { _ in }
    ) throws(ChildProcessError) -> BoundedRun {
        var stopMask = sigset_t()
        sigemptyset(&stopMask)
        for signal in [SIGINT, SIGTERM] { sigaddset(&stopMask, signal) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &stopMask, &previousMask)
        let stop = csystem_signalfd(-1, &stopMask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        defer {
            if stop >= 0 { close(stop) }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        // Without a signalfd the signals keep their usual effect (ending this process at once).
        if stop < 0 { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }

        var pipes = try Pipes(connected: true, input: true)
        defer { pipes.closeAll() }
        let newGroup = group != .shared
        let pid = try spawn(
            program, arguments, environment: environment, pipes: &pipes, newGroup: newGroup, keepingOpen: keepingOpen,
            keepingDisposition: [SIGXFSZ])
        pipes.closeChildEnds()
        let foreground = group == .ownWithTerminal ? TerminalForeground(handingTo: pid) : nil
        defer { foreground?.takeBack() }
        if let fileSizeLimit, csystem_limit_file_size(pid, UInt64(fileSizeLimit)) != 0 {
            let code = errno
            end(pid, group: newGroup)
            throw .cannotStart(program: program, code: code)
        }
        pipes.send(input)
        pipes.makeNonBlocking()
        var run = BoundedRun(ending: .exited(0), output: [], errorOutput: [])
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Monotonic.now + timeLimit
        while pipes.descriptor(.output) >= 0 || pipes.descriptor(.error) >= 0 {
            let remaining = deadline - Monotonic.now
            guard remaining > 0 else {
                end(pid, group: newGroup)
                run.ending = .timedOut
                return run
            }
            var descriptors = [stop, pipes.descriptor(.output), pipes.descriptor(.error)].map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            if poll(&descriptors, 3, Int32((min(remaining, 3600) * 1000).rounded(.up))) < 0, errno != EINTR {
                usleep(10_000)
            }
            if descriptors[0].revents != 0, let signal = signal(from: stop) {
                end(pid, group: newGroup)
                run.ending = .stopped(signal: signal)
                return run
            }
            if descriptors[1].revents != 0 {
                _ = pipes.read(.output, buffer: &buffer) { bytes in
                    run.output += bytes.prefix(max(0, outputLimit - run.output.count))
                }
            }
            if descriptors[2].revents != 0 {
                _ = pipes.read(.error, buffer: &buffer) { bytes in
                    run.errorOutput += bytes.prefix(max(0, outputLimit - run.errorOutput.count))
                    onErrorOutput(bytes)
                }
            }
        }
        run.ending = .exited(wait(for: pid))
        // What the leader left running in its group (a helper that kept no pipe open) goes too.
        if newGroup { kill(-pid, SIGKILL) }
        if let signal = signal(from: stop) { run.ending = .stopped(signal: signal) }
        return run
    }

    /// The number of a signal read from the signalfd `descriptor`, if one is there.
    private static func signal(from descriptor: Int32) -> Int32? {
        guard descriptor >= 0 else { return nil }
        // A `struct signalfd_siginfo` is 128 bytes; its first field is the signal's number.
        var information = [UInt8](repeating: 0, count: 128)
        let count = information.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count == information.count else { return nil }
        return information.withUnsafeBytes { Int32(bitPattern: $0.loadUnaligned(as: UInt32.self)) }
    }

    /// Kills the child `pid` (with `group`, the process group it leads) and reaps it.
    private static func end(_ pid: pid_t, group: Bool) {
        kill(group ? -pid : pid, SIGKILL)
        _ = wait(for: pid)
    }
}
