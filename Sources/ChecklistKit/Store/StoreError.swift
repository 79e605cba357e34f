import KeyedArchive

/// Why the data file could not be read, locked or written.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not a readable checklists archive (exit status 65).
    case undecodable(path: String, reason: String)
    /// The file exists but could not be read (exit status 74).
    case unreadable(path: String, reason: String)
    /// Another process held the lock for longer than the wait allows (exit status 74).
    case lockTimeout(path: String, seconds: Int)
    /// The lock file could not be opened or locked (exit status 74).
    case lockFailed(path: String, reason: String)
    /// The change could not be saved and was not applied (exit status 74).
    case saveFailed(path: String, reason: String)
    /// The file's owner may not write it (mode 0400): the change was refused (exit status 74).
    case readOnly(path: String)

    /// The exit status SPEC §2 gives for this failure.
    public var exitStatus: ExitStatus {
        switch self {
        case .undecodable: .dataError
        default: .ioError
        }
    }

    public var description: String {
        switch self {
        case .undecodable(let path, let reason):
            "\(path) is not a readable checklists file: \(reason); it was left untouched"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason)"
        case .lockTimeout(let path, let seconds):
            "\(path) is locked by another checklists process; gave up after \(seconds) seconds, nothing was changed"
        case .lockFailed(let path, let reason):
            "cannot lock \(path): \(reason); nothing was changed"
        case .saveFailed(let path, let reason):
            "cannot save \(path): \(reason); the change was not applied"
        case .readOnly(let path):
            "cannot save \(path): the file is read-only (chmod u+w allows changes); the change was not applied"
        }
    }
}
