import ChecklistKit

/// Why a CalDAV command stopped; every case leaves the local data and the sync state as before.
public enum CalDAVError: Error, CustomStringConvertible {
    /// No account is set up for this data file.
    case notSetUp
    /// The server could not be reached (or a request timed out).
    case unreachable(server: String, detail: String)
    /// The server's HTTPS certificate could not be verified.
    case untrusted(server: String, detail: String)
    /// The server refused the user name or password (401/403).
    case refused(server: String)
    /// The server answered something that is not a CalDAV answer.
    case notCalDAV(server: String, detail: String)
    /// The server failed (5xx, or another unexpected status).
    case serverFailed(server: String, status: Int, detail: String)
    /// The server's answers contradict one another (a listing lacks what still exists): no
    /// evidence to act on.
    case incomplete(server: String, detail: String)
    /// Tasks kept changing on the server while this sync wrote (412 five times).
    case keptChanging(tries: Int)
    /// A local file could not be written.
    case local(String)

    /// The exit status of a failed CalDAV command (SPEC §11).
    public var exitStatus: ExitStatus { .ioError }

    public var description: String {
        switch self {
        case .notSetUp:
            "no CalDAV account is set up for this data file: run checklists caldav init URL [USER]"
        case .unreachable(let server, let detail):
            "cannot reach \(server) (\(detail)); nothing was changed, try again later"
        case .untrusted(let server, let detail):
            "the certificate of \(server) is not trusted (\(detail)); if the server's certificate authority is"
                + " one of your own, set CURL_CA_BUNDLE to its certificate (PEM); nothing was changed"
        case .refused(let server):
            "\(server) refused the user name or password: set CHECKLISTS_CALDAV_PASSWORD, add a ~/.netrc entry"
                + " for the host, or store it with secret-tool (service checklists host HOST user USER);"
                + " nothing was changed"
        case .notCalDAV(let server, let detail):
            "\(server) did not answer as a CalDAV server should (\(detail)); check the URL; nothing was changed"
        case .serverFailed(let server, let status, let detail):
            "\(server) failed (HTTP \(status)\(detail.isEmpty ? "" : ": " + detail)); nothing was lost, try again later"
        case .incomplete(let server, let detail):
            "\(server) answered in part (\(detail)); nothing was changed, try again later"
        case .keptChanging(let tries):
            "tasks kept changing on the server while this sync wrote them (\(tries) tries); nothing was lost,"
                + " run caldav again"
        case .local(let reason):
            reason
        }
    }
}
