import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// The pipes between this process and a child: its standard output and error.
struct Pipes {
    /// One of the child's output streams.
    enum Stream: CaseIterable {
        case output, error

        /// The child's descriptor for it.
        var childDescriptor: Int32 { self == .output ? 1 : 2 }
    }

    /// What one read from a pipe found.
    enum Read: Equatable {
        /// Bytes, handed to the reader.
        case data
        /// Nothing for now (a non-blocking pipe).
        case nothingYet
        /// End of file or an error: the pipe is closed.
        case closed
    }

    /// The parent's read ends, by stream; a stream not piped (or closed) has none.
    private var parentEnds: [Stream: Int32] = [:]
    /// The child's ends with the stream each serves, closed in the parent once the child has started.
    private var childEnds: [(stream: Stream, descriptor: Int32)] = []
    /// The parent's write end of the child's standard input, -1 when it reads `/dev/null`.
    private var parentInput: Int32 = -1
    /// The child's read end of its standard input, -1 when unused.
    private var childInput: Int32 = -1
    /// Whether the child reads this process's standard input (an editor on the terminal) rather
    /// than `/dev/null`.
    var inheritsInput = false

    /// Pipes for the child's output and error, or none (it writes where this process writes);
    /// with `input`, one for its standard input too.
    init(connected: Bool, input: Bool = false) throws(ChildProcessError) {
        try self.init(piping: connected ? [.output, .error] : [])
        if input {
            let pipe = try Self.makePipe()
            parentInput = pipe.write
            childInput = pipe.read
        }
    }

    /// Pipes for the streams `piping`; the others go where this process's go.
    init(piping streams: Set<Stream>) throws(ChildProcessError) {
        for stream in Stream.allCases where streams.contains(stream) {
            let ends = try Self.makePipe()
            parentEnds[stream] = ends.read
            childEnds.append((stream, ends.write))
        }
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
        } else if !inheritsInput {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for end in childEnds {
            posix_spawn_file_actions_adddup2(&actions, end.descriptor, end.stream.childDescriptor)
        }
    }

    /// Closes the child's ends in this process, so the parent sees end of file when the child ends.
    mutating func closeChildEnds() {
        for end in childEnds { close(end.descriptor) }
        childEnds = []
        if childInput >= 0 { close(childInput) }
        childInput = -1
    }

    /// Closes every descriptor still open.
    mutating func closeAll() {
        closeChildEnds()
        for end in parentEnds.values { close(end) }
        parentEnds = [:]
        if parentInput >= 0 { close(parentInput) }
        parentInput = -1
    }

    /// Writes `bytes` to the child's standard input and closes it (the child sees end of file);
    /// a child that exits without reading it all only stops the writing (SIGPIPE is ignored for this).
    mutating func send(_ bytes: [UInt8]) {
        guard parentInput >= 0 else { return }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        _ = FileBytes.writeAll(bytes, to: parentInput)
        close(parentInput)
        parentInput = -1
    }

    /// The read end of `stream`'s pipe, -1 when it is not piped or was closed.
    func descriptor(_ stream: Stream) -> Int32 {
        parentEnds[stream] ?? -1
    }

    /// Makes reads return at once when the pipes are empty, for `readAll(_:into:)`.
    func makeNonBlocking() {
        for end in parentEnds.values { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    /// Reads the child's output and error until both end.
    mutating func collect(output: inout [UInt8], errorOutput: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !parentEnds.isEmpty {
            var fds = [
                pollfd(fd: descriptor(.output), events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor(.error), events: Int16(POLLIN), revents: 0),
            ]
            guard SystemError.retryingInterrupts({ poll(&fds, 2, -1) }) >= 0 else { return }
            if fds[0].revents != 0 { _ = read(.output, buffer: &buffer) { output += $0 } }
            if fds[1].revents != 0 { _ = read(.error, buffer: &buffer) { errorOutput += $0 } }
        }
    }

    /// Reads once from `stream`'s pipe through `buffer` and hands what came to `reader`; closes the
    /// pipe at end of file or on an error.
    mutating func read(
        _ stream: Stream, buffer: inout [UInt8], into reader: (ArraySlice<UInt8>) -> Void
    ) -> Read {
        guard let source = parentEnds[stream] else { return .closed }
        let count = SystemError.retryingInterrupts {
            buffer.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
        }
        if count > 0 {
            reader(buffer[..<count])
            return .data
        }
        if count < 0, errno == EAGAIN { return .nothingYet }
        close(source)
        parentEnds[stream] = nil
        return .closed
    }

    /// Reads `stream`'s pipe (non-blocking) until it is empty or ends, handing the bytes to `reader`.
    mutating func readAll(_ stream: Stream, into reader: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while read(stream, buffer: &buffer, into: reader) == .data {}
    }
}
