import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Why a CalDAV command stopped; every case leaves the local data and the sync state as before.
public enum CalDAVError: Error, CustomStringConvertible {
    /// No account is set up for this data file.
    case notSetUp
    /// The server wants a password (401) and none was found.
    case noPassword(server: String, host: String, user: String?)
    /// The server refused the user name or password (401).
    case passwordRefused(server: String, user: String?)
    /// The server refused this account access to `url` (403).
    case accessRefused(server: String, url: String)
    /// Nothing is at `url` (404): not a CalDAV account, or a wrong path.
    case notFound(server: String, url: String)
    /// The server could not be reached.
    case unreachable(server: String, detail: String)
    /// A request got no whole answer within its time (`seconds`).
    case timedOut(server: String, seconds: Int)
    /// The server's HTTPS certificate could not be verified.
    case untrusted(server: String, detail: String)
    /// The URL says `https://` and the server speaks plain HTTP there.
    case plainHTTP(server: String)
    /// An answer was longer than this program reads (`limit` bytes).
    case tooLarge(server: String, limit: Int)
    /// A URL on another origin than the account's came up (an href, a principal, a home set, or
    /// a redirect from `redirectedFrom`); nothing was sent there.
    case otherOrigin(server: String, url: String, redirectedFrom: String?)
    /// The URL given carries a user name or password (`https://bob:pw@host/`).
    case credentialsInURL(url: String)
    /// SIGINT or SIGTERM ended the sync.
    case stopped(signal: Int32)
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

    /// The signal that ended the sync, when one did (the caller may end the process with it).
    public var signal: Int32? {
        if case .stopped(let signal) = self { return signal }
        return nil
    }

    /// The message: on one line, without control characters (parts of it come from the server).
    public var description: String {
        message.printable
    }

    private static let wayOut =
        "set CHECKLISTS_CALDAV_PASSWORD, add a ~/.netrc entry for the host, or store it with secret-tool"
        + " (service checklists host HOST user USER)"

    private var message: String {
        switch self {
        case .notSetUp:
            return "no CalDAV account is set up for this data file: run checklists caldav init URL [USER]"
        case .noPassword(let server, let host, let user):
            return "\(server) wants a password and none was found for \(user.map { "user \($0) on " } ?? "")\(host): "
                + Self.wayOut + "; nothing was changed"
        case .passwordRefused(let server, let user):
            return "\(server) refused the password\(user.map { " of user \($0)" } ?? "") (HTTP 401): check the user"
                + " name and " + Self.wayOut + "; nothing was changed"
        case .accessRefused(let server, let url):
            return "\(server) refused access to \(url) (HTTP 403): the password was taken, but this account may not"
                + " use that URL; check the URL and the user name; nothing was changed"
        case .notFound(let server, let url):
            return "\(server) has nothing at \(url) (HTTP 404 for \(url)): not a CalDAV account, or a wrong path;"
                + " check the URL (caldav init URL [USER]); nothing was changed"
        case .unreachable(let server, let detail):
            return "cannot reach \(server) (\(detail)); nothing was changed, try again later"
        case .timedOut(let server, let seconds):
            return "\(server) timed out: no whole answer within \(seconds) s (CHECKLISTS_CALDAV_TIMEOUT);"
                + " nothing was changed, try again later"
        case .untrusted(let server, let detail):
            return "the certificate of \(server) is not trusted (\(detail)); if the server's certificate authority"
                + " is one of your own, set CURL_CA_BUNDLE to its certificate (PEM); nothing was changed"
        case .plainHTTP(let server):
            return "\(server) speaks plain HTTP, not HTTPS, on that port: check the URL's scheme and port (an"
                + " http:// URL sends the password in clear); nothing was changed"
        case .tooLarge(let server, let limit):
            return "\(server) sent an answer larger than \(limit >> 20) MiB, which is refused; nothing was changed"
        case .otherOrigin(let server, let url, let redirectedFrom):
            let what = redirectedFrom.map { "\($0) redirects to \(url)" } ?? "the server names \(url)"
            return "\(what), another server, which is not followed: the password goes only to \(server);"
                + " give caldav init that URL if it is the right one; nothing was changed"
        case .credentialsInURL(let url):
            return "the URL \(CalDAVAccount.withoutCredentials(url)) carries a user name or password, which is"
                + " refused: give the user as caldav init URL USER, and the password in"
                + " CHECKLISTS_CALDAV_PASSWORD, ~/.netrc or secret-tool; nothing was stored"
        case .stopped(let signal):
            return "stopped by \(signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)");"
                + " nothing was lost, run caldav again"
        case .notCalDAV(let server, let detail):
            return "\(server) did not answer as a CalDAV server should (\(detail)); check the URL; nothing was changed"
        case .serverFailed(let server, let status, let detail):
            return "\(server) failed (HTTP \(status)\(detail.isEmpty ? "" : ": " + detail)); nothing was lost, try"
                + " again later"
        case .incomplete(let server, let detail):
            return "\(server) answered in part (\(detail)); nothing was changed, try again later"
        case .keptChanging(let tries):
            return "tasks kept changing on the server while this sync wrote them (\(tries) tries); nothing was lost,"
                + " run caldav again"
        case .local(let reason):
            return reason
        }
    }
}
