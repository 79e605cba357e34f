import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// A failure to start a child process.
public enum ChildProcessError: Error, CustomStringConvertible, Equatable {
    /// `posix_spawnp` failed with this `errno` (ENOENT: the program is not installed).
    case cannotStart(program: String, code: Int32)

    public var description: String {
        switch self {
        case .cannotStart(let program, let code):
            code == ENOENT
                ? "\(program) is not installed (or not on PATH)"
                : "cannot start \(program): \(SystemError.message(code))"
        }
    }
}
