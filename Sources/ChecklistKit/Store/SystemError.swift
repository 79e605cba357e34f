#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call, described by `strerror`.
struct SystemError: Error, CustomStringConvertible {
    /// The `errno` value.
    var code: Int32
    /// What was being attempted, e.g. "fsync".
    var operation: String

    /// Captures the current `errno` for `operation`.
    init(_ operation: String, code: Int32 = errno) {
        self.operation = operation
        self.code = code
    }

    var description: String {
        String(cString: strerror(code)) + (operation.isEmpty ? "" : " (\(operation))")
    }
}
