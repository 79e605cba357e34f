/// Why an archive named on the command line could not be used.
enum ArchiveFileError: Error, CustomStringConvertible {
    /// The file could not be read (missing, unreadable, not a regular file).
    case unreadable(path: String, reason: String)
    /// The file is not a checklists archive.
    case undecodable(path: String, reason: String)

    var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .undecodable(let path, let reason): "\(path) is not a readable checklists archive: \(reason)"
        }
    }
}
