/// Why `watch` could not start.
public enum WatchError: Error, CustomStringConvertible, Equatable {
    /// The data file's folder cannot be watched (inotify).
    case cannotWatch(folder: String, reason: String)
    /// The kernel or C library lacks what watching needs.
    case unsupported(String)

    public var description: String {
        switch self {
        case .cannotWatch(let folder, let reason):
            "cannot watch \(folder) for changes: \(reason); watch --once (from cron or a timer) needs no watching"
        case .unsupported(let what):
            "this system lacks \(what); use watch --once from cron or a systemd timer instead"
        }
    }
}
