import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program on a new pseudo-terminal so a test can type into it and read what it shows.
///
/// The program starts in its own session with the terminal's slave side as standard input, output,
/// error and controlling terminal, and with the window size given. Everything it writes is kept in
/// ``output``. Set `SWIFT_BACKTRACE=interactive=no` in the environment of Swift programs, so a crash
/// does not wait for a debugger on the terminal. The child is killed when the terminal is closed.
///
/// ```swift
/// let terminal = try PseudoTerminal(executable: binary, environment: ["TERM": "xterm", "HOME": home])
/// _ = try terminal.readUntil("checklists> ")
/// terminal.send("lists\r")
/// let screen = try terminal.readUntil("checklists> ")
/// ```
final class PseudoTerminal: @unchecked Sendable {
    /// Why starting, talking to or waiting for the program failed.
    enum Failure: Error, CustomStringConvertible {
        /// A system call failed while setting the terminal or the process up.
        case systemCall(String, errno: Int32)
        /// The text waited for did not show up in time.
        case timedOut(waitingFor: String, output: String)
        /// The program closed the terminal (exited) before the text waited for showed up.
        case closed(waitingFor: String, output: String)
        /// The program was still running when the wait ended, so it was killed.
        case didNotExit(output: String)

        var description: String {
            switch self {
            case .systemCall(let name, let error):
                return "\(name) failed: \(String(cString: strerror(error)))"
            case .timedOut(let needle, let output):
                return "timed out waiting for \(needle.debugDescription); output so far:\n\(output.debugDescription)"
            case .closed(let needle, let output):
                return
                    "the program ended before printing \(needle.debugDescription); output:\n\(output.debugDescription)"
            case .didNotExit(let output):
                return "the program did not exit in time and was killed; output:\n\(output.debugDescription)"
            }
        }
    }

    /// The child's process ID.
    let processID: pid_t

    /// The master side of the terminal, -1 once closed.
    private var master: Int32
    /// Every byte the program has written so far.
    private var outputBytes: [UInt8] = []
    /// Where the next ``readUntil(_:timeout:)`` starts looking: just after the previous match.
    private var searchStart = 0
    /// The exit status once the child has been reaped.
    private var exitStatus: Int32?
    /// Whether the master side reported end of file (no process has the slave open any more).
    private var reachedEnd = false

    /// All output so far, decoded as UTF-8 (invalid bytes repaired).
    var output: String {
        String(decoding: outputBytes, as: UTF8.self)
    }

    /// Starts `executable` (a path) with `arguments` and exactly `environment` on a new terminal.
    init(
        executable: String, arguments: [String] = [], environment: [String: String], columns: Int = 80,
        rows: Int = 24
    ) throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else {
            throw Failure.systemCall("open /dev/ptmx", errno: errno)
        }
        do {
            let slavePath = try Self.prepareSlave(of: master)
            var size = winsize(
                ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
            guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
                throw Failure.systemCall("ioctl TIOCSWINSZ", errno: errno)
            }
            processID = try Self.spawn(
                executable, arguments: arguments, environment: environment, slavePath: slavePath)
        } catch {
            Glibc.close(master)
            throw error
        }
        self.master = master
    }

    deinit {
        close()
    }

    /// Types `text` (as UTF-8); use "\r" for Return, "\u{3}" for Ctrl-C, "\u{4}" for Ctrl-D, "\t" for Tab.
    func send(_ text: String) {
        send(bytes: Array(text.utf8))
    }

    /// Types raw bytes.
    func send(bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count, master >= 0 {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }

    /// Changes the window size; the kernel sends SIGWINCH to the terminal's foreground process group.
    func resize(columns: Int, rows: Int) {
        var size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Whether the terminal is in its usual cooked mode (canonical input and echo on), as a
    /// program must leave it; the master side reports the terminal's settings.
    var isInCookedMode: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return false }
        let wanted = tcflag_t(ICANON) | tcflag_t(ECHO)
        return settings.c_lflag & wanted == wanted
    }

    /// Reads until `needle` appears after the previous match, then returns the output from the previous
    /// match's end up to everything read so far (``output`` has it all).
    @discardableResult
    func readUntil(_ needle: String, timeout: Double = 10) throws -> String {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        let target = Array(needle.utf8)
        while true {
            if let matchEnd = find(target, from: searchStart) {
                let text = String(decoding: outputBytes[searchStart...], as: UTF8.self)
                searchStart = matchEnd
                return text
            }
            if reachedEnd {
                throw Failure.closed(waitingFor: needle, output: output)
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw Failure.timedOut(waitingFor: needle, output: output)
            }
            readAvailable(waitingUpTo: remaining)
        }
    }

    /// Waits for the program to exit and returns its exit status (128 + N when killed by signal N).
    ///
    /// Output keeps being collected meanwhile. When `timeout` passes, the program is killed and
    /// ``Failure/didNotExit(output:)`` is thrown.
    @discardableResult
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            if let status = reap(blocking: false) {
                drain()
                return status
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                kill(processID, SIGKILL)
                _ = reap(blocking: true)
                drain()
                throw Failure.didNotExit(output: output)
            }
            if reachedEnd {
                // Nothing left to read: just let the child finish.
                usleep(10_000)
            } else {
                readAvailable(waitingUpTo: min(remaining, .milliseconds(50)))
            }
        }
    }

    /// Kills the program if it still runs, reaps it and closes the terminal; safe to call twice.
    func close() {
        if exitStatus == nil {
            kill(processID, SIGKILL)
            _ = reap(blocking: true)
        }
        if master >= 0 {
            Glibc.close(master)
            master = -1
        }
    }

    /// `text` without terminal escape sequences (CSI, OSC and two-byte ESC sequences) and carriage returns.
    static func removingEscapeSequences(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "\u{1B}":
                guard let kind = scalars.next() else {
                    break
                }
                if kind == "[" {
                    // Parameters and intermediates, up to a final byte in @...~.
                    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
                } else if kind == "]" {
                    // Operating system command, ended by BEL or ESC \.
                    while let next = scalars.next(), next != "\u{7}", next != "\u{1B}" {}
                }
            case "\r", "\u{7}":
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: - Private

    /// Unlocks the slave side and returns its path (grantpt, unlockpt, ptsname_r through dlsym,
    /// because Glibc's Swift module hides the X/Open terminal functions).
    private static func prepareSlave(of master: Int32) throws -> String {
        typealias DescriptorFunction = @convention(c) (Int32) -> Int32
        typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
        guard let grant = dlsym(nil, "grantpt"), let unlock = dlsym(nil, "unlockpt"),
            let name = dlsym(nil, "ptsname_r")
        else {
            throw Failure.systemCall("dlsym grantpt/unlockpt/ptsname_r", errno: ENOSYS)
        }
        guard unsafeBitCast(grant, to: DescriptorFunction.self)(master) == 0 else {
            throw Failure.systemCall("grantpt", errno: errno)
        }
        guard unsafeBitCast(unlock, to: DescriptorFunction.self)(master) == 0 else {
            throw Failure.systemCall("unlockpt", errno: errno)
        }
        var path = [CChar](repeating: 0, count: 256)
        let result = unsafeBitCast(name, to: NameFunction.self)(master, &path, path.count)
        guard result == 0 else {
            throw Failure.systemCall("ptsname_r", errno: result)
        }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Starts the child in a new session with the slave (opened after setsid, so it becomes the
    /// controlling terminal) as descriptors 0, 1 and 2, default signal handling and no other descriptors.
    private static func spawn(
        _ executable: String, arguments: [String], environment: [String: String], slavePath: String
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Descriptors other tests left open without FD_CLOEXEC (pipe ends) must not leak into the child.
        typealias CloseFromFunction = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(closeFrom, to: CloseFromFunction.self)(&actions, 3)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26+) is not exported to Swift; its value is 0x80.
        let setSessionID: Int32 = 0x80
        posix_spawnattr_setflags(
            &attributes, Int16(setSessionID | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp {
                free(pointer)
            }
        }
        var processID: pid_t = 0
        let result = posix_spawn(&processID, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw Failure.systemCall("posix_spawn \(executable)", errno: result)
        }
        return processID
    }

    /// Where `needle` ends in the output if it occurs at or after `start`.
    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty else {
            return start
        }
        guard outputBytes.count - start >= needle.count else {
            return nil
        }
        for index in start...(outputBytes.count - needle.count)
        where outputBytes[index] == needle[0] && outputBytes[index..<index + needle.count].elementsEqual(needle) {
            return index + needle.count
        }
        return nil
    }

    /// Waits up to `duration` for output and appends what is available.
    private func readAvailable(waitingUpTo duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else {
            return
        }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if count > 0 {
            outputBytes.append(contentsOf: buffer[..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            // Linux reports EIO once no process has the slave side open any more.
            reachedEnd = true
        }
    }

    /// Reads whatever output is left without waiting.
    private func drain() {
        while !reachedEnd, master >= 0 {
            let before = outputBytes.count
            readAvailable(waitingUpTo: .zero)
            if outputBytes.count == before {
                return
            }
        }
    }

    /// Reaps the child if it has exited (or waits for it when `blocking`) and returns its status.
    private func reap(blocking: Bool) -> Int32? {
        if let exitStatus {
            return exitStatus
        }
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(processID, &status, blocking ? 0 : WNOHANG)
        } while result < 0 && errno == EINTR
        guard result == processID else {
            return nil
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot see.
        let signal = status & 0x7F
        let decoded = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        exitStatus = decoded
        return decoded
    }
}

extension ChecklistsProcess {
    /// The program on this data file on a new terminal (xterm, UTF-8, no `~/.editrc`): the REPL,
    /// or the one-shot command `arguments`, with `extra` added to its environment.
    func onTerminal(
        arguments: [String] = [], environment extra: [String: String] = [:], columns: Int = 80
    ) throws -> PseudoTerminal {
        var environment = self.environment
        environment["TERM"] = "xterm"
        environment["LANG"] = "C.UTF-8"
        environment["EDITRC"] = "/dev/null"
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        environment.merge(extra) { $1 }
        return try PseudoTerminal(
            executable: ChecklistsProcess.executable.path, arguments: arguments, environment: environment,
            columns: columns)
    }
}
