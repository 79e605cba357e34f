import KeyedArchive

/// Why the data file could not be read, locked or written.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not a readable checklists archive (exit status 65); `wayOut` says
    /// where a good copy is, when the program reporting it knows one (`movingAside` otherwise).
    case undecodable(path: String, reason: String, wayOut: String? = nil)
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
        case .undecodable(let path, let reason, let wayOut):
            "\(path) is not a readable checklists file: \(reason); it was left untouched;"
                + " \(wayOut ?? Self.movingAside(path))"
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

    /// The way out of a damaged file when no good copy is known: start afresh beside it.
    public static func movingAside(_ path: String) -> String {
        "to start afresh, move it aside: mv \(shellWord(path)) \(shellWord(path + ".damaged"))"
    }

    /// `path` as one shell word: as it is when it holds nothing the shell reads, else in single quotes.
    public static func shellWord(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+,:@%".contains($0)) }
        return plain && !path.isEmpty ? path : "'" + path.replacing("'", with: "'\\''") + "'"
    }

    /// This error with `wayOut` as the way out of a damaged file (the others are as they were).
    public func withWayOut(_ wayOut: String?) -> StoreError {
        guard case .undecodable(let path, let reason, _) = self, let wayOut else { return self }
        return .undecodable(path: path, reason: reason, wayOut: wayOut)
    }
}
