#if canImport(Glibc)
import Glibc
#endif

/// The pipes between this process and a child: its standard output and error.
struct Pipes {
    /// The parent's read ends of the child's output and error, -1 when unused or closed.
    private var parentOutput: Int32 = -1
    private var parentError: Int32 = -1
    /// The child's ends, closed in the parent once the child has started.
    private var childEnds: [Int32] = []
    /// Whether any pipe is used at all (`start` passes this process's own descriptors).
    private let connected: Bool
    /// The parent's write end of the child's standard input, -1 when it reads `/dev/null`.
    private var parentInput: Int32 = -1
    /// The child's read end of its standard input, -1 when unused.
    private var childInput: Int32 = -1

    /// Pipes for the child's output and error, or none (it writes where this process writes);
    /// with `input`, one for its standard input too.
    init(connected: Bool, input: Bool = false) throws(ChildProcessError) {
        self.connected = connected
        if input {
            let pipe = try Self.makePipe()
            parentInput = pipe.write
            childInput = pipe.read
        }
        guard connected else { return }
        let output = try Self.makePipe()
        parentOutput = output.read
        let error = try Self.makePipe()
        parentError = error.read
        childEnds += [output.write, error.write]
    }

    private static func makePipe() throws(ChildProcessError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .cannotStart(program: "pipe", code: errno) }
        // Close on exec, so a child started by another thread meanwhile cannot keep them open.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Adds the child's side of the redirections to `actions`.
    func arrange(_ actions: inout posix_spawn_file_actions_t) {
        if childInput >= 0 {
            posix_spawn_file_actions_adddup2(&actions, childInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        guard connected, childEnds.count == 2 else { return }
        posix_spawn_file_actions_adddup2(&actions, childEnds[0], 1)
        posix_spawn_file_actions_adddup2(&actions, childEnds[1], 2)
    }

    /// Closes the child's ends in this process, so the parent sees end of file when the child ends.
    mutating func closeChildEnds() {
        for end in childEnds { close(end) }
        childEnds = []
        if childInput >= 0 { close(childInput) }
        childInput = -1
    }

    /// Writes `bytes` to the child's standard input and closes it (the child sees end of file);
    /// a child that exits without reading it all only stops the writing (SIGPIPE is ignored for this).
    mutating func send(_ bytes: [UInt8]) {
        guard parentInput >= 0 else { return }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw -> Int in
                guard let start = raw.baseAddress else { return 0 }
                return write(parentInput, start + written, raw.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        close(parentInput)
        parentInput = -1
    }

    /// Closes every descriptor still open.
    mutating func closeAll() {
        closeChildEnds()
        for end in [parentOutput, parentError, parentInput] where end >= 0 { close(end) }
        parentInput = -1
        parentOutput = -1
        parentError = -1
    }

    /// Reads the child's output and error until both end.
    mutating func collect(output: inout [UInt8], errorOutput: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while parentOutput >= 0 || parentError >= 0 {
            var fds = [
                pollfd(fd: parentOutput, events: Int16(POLLIN), revents: 0),
                pollfd(fd: parentError, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[0].revents != 0 { Self.drain(&parentOutput, into: &output, buffer: &buffer) }
            if fds[1].revents != 0 { Self.drain(&parentError, into: &errorOutput, buffer: &buffer) }
        }
    }

    /// Reads once from `descriptor` into `bytes`; closes it (setting -1) at end of file or error.
    private static func drain(_ descriptor: inout Int32, into bytes: inout [UInt8], buffer: inout [UInt8]) {
        let source = descriptor
        let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += buffer[..<count]
        } else if count == 0 || errno != EINTR {
            close(descriptor)
            descriptor = -1
        }
    }
}
