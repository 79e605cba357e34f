/// How a run of `checklists` ends (SPEC §2): success, a failed command, an invalid invocation, or
/// the sysexits(3) codes for a data file that cannot be used.
public struct ExitStatus: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number the process exits with.
    public let code: Int32

    /// The status `code`.
    public init(code: Int32) {
        self.code = code
    }

    /// Everything went as asked.
    public static let success = ExitStatus(code: 0)
    /// A command failed (a bad reference, a refused change, a failed sync).
    public static let failure = ExitStatus(code: 1)
    /// The invocation itself is invalid (an unknown option).
    public static let usage = ExitStatus(code: 2)
    /// `EX_DATAERR`: the data file, or an archive given to `merge`, `cat` or `inspect`, is not a
    /// readable checklists archive.
    public static let dataError = ExitStatus(code: 65)
    /// `EX_IOERR`: a file could not be read, locked or written, or a remote could not be reached.
    public static let ioError = ExitStatus(code: 74)

    /// The more serious of two statuses is the larger: batch mode ends with the worst it met.
    public static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool {
        lhs.code < rhs.code
    }

    public var description: String { String(code) }
}
