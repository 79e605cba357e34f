import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// Runs another program directly (`posix_spawnp`, never through a shell) and collects what it wrote.
///
/// The child starts with default signal dispositions and an empty signal mask, whatever the
/// parent ignores or blocks (the REPL ignores SIGINT while a command runs), its standard input
/// is `/dev/null`, and its standard output and error are read until both close, through
/// `poll(2)` so that neither pipe can fill up and stall it. No child gets the CalDAV password in
/// its environment (`withheld`): curl, the one program that needs it, reads it on its standard input.
public enum ChildProcess {
    /// The environment variables no child gets: the CalDAV password (SPEC §11), which git, its
    /// hooks, `--exec` commands and the rest have no use for.
    static let withheld: Set<String> = ["CHECKLISTS_CALDAV_PASSWORD"]

    /// What a finished child left behind.
    public struct Outcome: Sendable, Equatable {
        /// The exit status, or 128 plus the signal number when a signal ended it.
        public var status: Int32
        /// Everything it wrote to standard output.
        public var output: [UInt8]
        /// Everything it wrote to standard error.
        public var errorOutput: [UInt8]

        /// Whether it exited with status 0.
        public var succeeded: Bool { status == 0 }
        /// Standard output as text, without the final newline.
        public var outputText: String { Self.text(output) }
        /// Standard error as text, without the final newline.
        public var errorText: String { Self.text(errorOutput) }

        private static func text(_ bytes: [UInt8]) -> String {
            var text = String(decoding: bytes, as: UTF8.self)
            while text.last == "\n" { text.removeLast() }
            return text
        }
    }

    /// Runs `program` (a path, or a name looked up on `PATH`) with `arguments` and waits for it.
    ///
    /// `environment` replaces the child's environment when given (`NAME=value` pairs), else it
    /// inherits this process's. The descriptors in `keepingOpen` stay open in the child under
    /// their numbers (everything else of this process's is closed on exec). With `input`, the
    /// child's standard input is a pipe that gets those bytes, written whole before its output is
    /// read (for a program that reads all its input first, such as `curl --config -`). Throws
    /// only when the program could not be started at all (not found, not executable).
    public static func run(
        _ program: String,
        _ arguments: [String],
        environment: [String: String]? = nil,
        keepingOpen: [Int32] = [],
        input: [UInt8]? = nil
    ) throws(ChildProcessError) -> Outcome {
        var pipes = try Pipes(connected: true, input: input != nil)
        defer { pipes.closeAll() }
        let pid = try spawn(program, arguments, environment: environment, pipes: &pipes, keepingOpen: keepingOpen)
        pipes.closeChildEnds()
        if let input { pipes.send(input) }
        var outcome = Outcome(status: 0, output: [], errorOutput: [])
        pipes.collect(output: &outcome.output, errorOutput: &outcome.errorOutput)
        outcome.status = wait(for: pid)
        return outcome
    }

    /// Starts `program` without waiting; its standard input is `/dev/null` and its output goes
    /// where this process's goes. Returns the child's process ID (for `wait(for:)`).
    public static func start(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws(ChildProcessError) -> pid_t {
        var pipes = try Pipes(connected: false)
        return try spawn(program, arguments, environment: environment, pipes: &pipes)
    }

    /// Runs `program` on this process's terminal (its standard input, output and error, as an
    /// editor needs them) and waits for it; returns its exit status (128 + signal when killed).
    public static func runOnTerminal(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws(ChildProcessError) -> Int32 {
        var pipes = try Pipes(connected: false)
        pipes.inheritsInput = true
        let pid = try spawn(program, arguments, environment: environment, pipes: &pipes)
        return wait(for: pid)
    }

    /// Waits for the child `pid` to end and returns its exit status (128 + signal when killed).
    public static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        guard SystemError.retryingInterrupts({ waitpid(pid, &status, 0) }) >= 0 else { return 127 }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Whether `name` is an executable file on `path` (a `PATH`-style list), or is itself one.
    public static func isAvailable(_ name: String, path: String?) -> Bool {
        if name.contains("/") { return access(name, X_OK) == 0 }
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            if access(folder + "/" + name, X_OK) == 0 { return true }
        }
        return false
    }

    /// Starts `program` with `pipes` arranged, default signal dispositions (but for `keepingDisposition`,
    /// whose dispositions it inherits) and an empty signal mask; with `newGroup`, in a process group of
    /// its own (whose ID is its process ID). The `withheld` variables are left out of its environment.
    static func spawn(
        _ program: String, _ arguments: [String], environment: [String: String]?, pipes: inout Pipes,
        newGroup: Bool = false, keepingOpen: [Int32] = [], keepingDisposition: [Int32] = []
    ) throws(ChildProcessError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        pipes.arrange(&actions)
        // A descriptor duplicated onto itself loses its close-on-exec flag in the child only
        // (POSIX.1-2024; glibc since 2.29).
        for descriptor in keepingOpen { posix_spawn_file_actions_adddup2(&actions, descriptor, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        for signal in keepingDisposition { sigdelset(&all, signal) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if newGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = CStrings([program] + arguments)
        let envp = CStrings(childEnvironment(environment))
        var pid: pid_t = 0
        let code = argv.withPointers { argvPointer in
            envp.withPointers { posix_spawnp(&pid, program, &actions, &attributes, argvPointer, $0) }
        }
        guard code == 0 else { throw .cannotStart(program: program, code: code) }
        return pid
    }

    /// The `NAME=value` pairs a child gets: `environment`, else this process's, without the `withheld` ones.
    static func childEnvironment(_ environment: [String: String]?) -> [String] {
        if let environment {
            return environment.filter { !withheld.contains($0.key) }.map { "\($0.key)=\($0.value)" }.sorted()
        }
        var pairs: [String] = []
        guard var entry = Optional(environ) else { return pairs }
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            let name = pair.prefix { $0 != "=" }
            if !withheld.contains(String(name)) { pairs.append(pair) }
            entry += 1
        }
        return pairs
    }
}
