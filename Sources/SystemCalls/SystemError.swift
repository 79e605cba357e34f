#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: its `errno`, what was being attempted and on which path, described by `strerror`.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    /// The `errno` value.
    public var code: Int32
    /// What was being attempted, e.g. "fsync".
    public var operation: String
    /// The file or folder it was attempted on, when the message should name it.
    public var path: String?

    /// Captures the current `errno` (or `code`) for `operation` on `path`.
    public init(_ operation: String, path: String? = nil, code: Int32 = errno) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// `strerror`'s text for `code` alone, e.g. "No such file or directory".
    public static func message(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// The error's text, then in parentheses what was attempted and where: "Permission denied (mkdir /x)".
    public var description: String {
        let attempt = [operation, path ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
        return Self.message(code) + (attempt.isEmpty ? "" : " (\(attempt))")
    }

    /// Calls `call` again for as long as it fails with EINTR (a signal arrived), and returns its
    /// last result; `errno` is left as the call set it. The one place a call is retried on EINTR.
    @inlinable
    public static func retryingInterrupts<Result: FixedWidthInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            guard result == -1, errno == EINTR else { return result }
        }
    }

    /// The result of `call` (retried on EINTR), or, when it returns -1, a `SystemError` for
    /// `operation` on `path` with its `errno`.
    @inlinable
    @discardableResult
    public static func valueOrError<Result: FixedWidthInteger>(
        _ operation: String, path: String? = nil, _ call: () -> Result
    ) throws(SystemError) -> Result {
        let result = retryingInterrupts(call)
        guard result != -1 else { throw SystemError(operation, path: path) }
        return result
    }
}
