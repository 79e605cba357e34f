import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor without editing or prompts: the reader for scripts and pipes.
///
/// Lines end with "\n"; a "\r" just before it is dropped too, and so is a UTF-8 byte order mark at
/// the start of the first line. The last line is returned even without a newline. A line that is not
/// valid UTF-8, holds a NUL byte or is longer than ``maximumLineLength`` bytes comes back as
/// ``LineInput/rejected(_:)`` and reading goes on with the next line; an overlong line is never held
/// in memory beyond the limit. Reads are buffered, so scripts of many thousands of lines are fast.
public final class PlainLineReader: LineReader {
    /// The longest accepted line in bytes, not counting its line terminator.
    public static let maximumLineLength = 65_536

    /// The 1-based number of the line last returned (rejected lines count too); 0 before the first.
    public private(set) var lineNumber = 0

    /// The descriptor lines are read from; it is not closed by the reader.
    private let fileDescriptor: Int32
    /// The read(2) buffer.
    private let chunk: UnsafeMutableRawBufferPointer
    /// Offset of the first unconsumed byte in `chunk`.
    private var chunkStart = 0
    /// Offset just past the last valid byte in `chunk`.
    private var chunkEnd = 0
    /// The start of a line that continues past the end of `chunk`.
    private var pending: [UInt8] = []
    /// Whether bytes of the current line have been consumed before its newline was seen.
    private var hasPartialLine = false
    /// Whether the current line has outgrown the limit and is being skipped up to its newline.
    private var isSkippingLongLine = false
    /// Whether read(2) reported end of file (or an error).
    private var reachedEnd = false
    /// A read error still to be reported as a rejected line.
    private var pendingError: String?

    /// Creates a reader of `fileDescriptor` (standard input by default), which stays open.
    public init(fileDescriptor: Int32 = 0) {
        self.fileDescriptor = fileDescriptor
        self.chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        chunk.deallocate()
    }

    /// Returns the next line; the prompt is ignored.
    public func read(prompt: String) -> LineInput {
        while true {
            if chunkStart < chunkEnd, let base = chunk.baseAddress {
                let start = base + chunkStart
                let available = chunkEnd - chunkStart
                if let newline = memchr(start, 0x0A, available) {
                    let length = start.distance(to: UnsafeMutableRawPointer(newline))
                    let body = UnsafeRawBufferPointer(start: start, count: length)
                    chunkStart += length + 1
                    if !hasPartialLine {
                        return finish(body)
                    }
                    appendToPending(body)
                    return finishPending()
                }
                appendToPending(UnsafeRawBufferPointer(start: start, count: available))
                chunkStart = chunkEnd
            }
            if reachedEnd {
                if hasPartialLine {
                    return finishPending()
                }
                if let error = pendingError {
                    pendingError = nil
                    lineNumber += 1
                    return .rejected(error)
                }
                return .endOfInput
            }
            fillChunk()
        }
    }

    /// Keeps the bytes of a line that continues in the next chunk, or drops them once it is too long.
    private func appendToPending(_ bytes: UnsafeRawBufferPointer) {
        hasPartialLine = true
        if isSkippingLongLine {
            return
        }
        // One byte of slack for the "\r" that may precede the newline.
        if pending.count + bytes.count > Self.maximumLineLength + 1 {
            isSkippingLongLine = true
            pending.removeAll()
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// Turns the collected pending bytes into a result and resets the line state.
    private func finishPending() -> LineInput {
        let result: LineInput
        if isSkippingLongLine {
            lineNumber += 1
            result = .rejected(Self.tooLongMessage)
        } else {
            result = pending.withUnsafeBytes { finish($0) }
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 4096)
        hasPartialLine = false
        isSkippingLongLine = false
        return result
    }

    /// Checks and decodes one line's bytes (without the newline) and counts the line.
    private func finish(_ line: UnsafeRawBufferPointer) -> LineInput {
        lineNumber += 1
        var bytes = line[...]
        if bytes.last == 0x0D {
            bytes = bytes.dropLast()
        }
        if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes = bytes.dropFirst(3)
        }
        if bytes.count > Self.maximumLineLength {
            return .rejected(Self.tooLongMessage)
        }
        return LineDecoder.decode(bytes)
    }

    /// Refills `chunk` with one read(2) (retried on EINTR), waiting on a non-blocking descriptor.
    private func fillChunk() {
        chunkStart = 0
        chunkEnd = 0
        while true {
            let count = SystemError.retryingInterrupts { systemRead(fileDescriptor, chunk.baseAddress, chunk.count) }
            if count > 0 {
                chunkEnd = count
                return
            }
            if count == 0 {
                reachedEnd = true
                return
            }
            let error = errno
            if error == EAGAIN || error == EWOULDBLOCK {
                var waiter = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                _ = poll(&waiter, 1, -1)
                continue
            }
            reachedEnd = true
            pendingError = "cannot read input: " + SystemError.message(error)
            return
        }
    }

    /// The message for a line over ``maximumLineLength``.
    private static let tooLongMessage = "line longer than \(maximumLineLength) bytes"
}

/// Calls read(2); a free function because the reader's own `read(prompt:)` hides the C name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
    return Musl.read(descriptor, buffer, count)
    #else
    return Darwin.read(descriptor, buffer, count)
    #endif
}
