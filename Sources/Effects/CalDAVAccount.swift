import ChecklistKit

/// A data file's CalDAV account: the URL given, the user, and the calendar home found by
/// discovery, kept in `$XDG_CONFIG_HOME/checklists/caldav/NAME` (0600; no password).
struct CalDAVAccount: Equatable {
    /// The URL `caldav init` was given.
    var url: String
    /// The user name, if any.
    var user: String?
    /// The calendar home's absolute URL.
    var home: String

    /// The account file of the data file at `dataFile`.
    static func path(dataFile: String, environment: [String: String]) -> String {
        FileLocations.calDAVAccountFolder(environment: environment) + "/" + StateFile.name(for: dataFile)
    }

    /// The account saved for `dataFile`, if any.
    static func load(dataFile: String, environment: [String: String]) -> CalDAVAccount? {
        guard let bytes = StateFile.read(path(dataFile: dataFile, environment: environment)) else { return nil }
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let url = fields["url"], let home = fields["home"] else { return nil }
        return CalDAVAccount(url: url, user: fields["user"], home: home)
    }

    /// Saves the account for `dataFile` (the file names the data file too, for a person reading it).
    func save(dataFile: String, environment: [String: String]) throws {
        var text = "file=\(dataFile)\nurl=\(url)\nhome=\(home)\n"
        if let user { text += "user=\(user)\n" }
        try StateFile.write(Array(text.utf8), to: Self.path(dataFile: dataFile, environment: environment))
    }

    /// The server's origin (`https://host:port`) of `url`.
    static func origin(of url: String) -> String {
        guard let start = afterScheme(url) else { return url }
        return String(url[..<start]) + url[start...].prefix { $0 != "/" }
    }

    /// Where `url`'s authority starts (just after `://`), if it has a scheme.
    static func afterScheme(_ url: String) -> String.Index? {
        var index = url.startIndex
        while index < url.endIndex {
            if url[index...].hasPrefix("://") { return url.index(index, offsetBy: 3) }
            index = url.index(after: index)
        }
        return nil
    }

    /// The host of `url` (without port), for `~/.netrc` and the Secret Service.
    static func host(of url: String) -> String {
        let origin = origin(of: url)
        let authority = afterScheme(origin).map { origin[$0...] } ?? Substring(origin)
        let withoutUser = authority.split(separator: "@").last ?? authority
        if withoutUser.hasPrefix("[") { return String(withoutUser.prefix { $0 != "]" }.dropFirst()) }
        return String(withoutUser.prefix { $0 != ":" })
    }

    /// `href` (a path, or an absolute URL) as an absolute URL on `url`'s server.
    static func absolute(_ href: String, on url: String) -> String {
        href.contains("://") ? href : origin(of: url) + (href.hasPrefix("/") ? "" : "/") + href
    }

    /// Whether `url` names the origin `origin` (scheme, host and port, compared as RFC 6454 does:
    /// case aside, a default port written or not); a URL carrying a user name never does.
    static func sameOrigin(_ url: String, _ origin: String) -> Bool {
        guard let a = originParts(url), let b = originParts(origin), !carriesCredentials(url) else { return false }
        return a == b
    }

    /// The lower-case scheme, host and port (the scheme's default when none is written) of `url`.
    private static func originParts(_ url: String) -> [String]? {
        guard let start = afterScheme(url) else { return nil }
        let scheme = url[..<url.index(start, offsetBy: -3)].lowercased()
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        var host = Substring(hostAndPort)
        var port = ""
        if let close = hostAndPort.lastIndex(of: "]") {
            host = hostAndPort[...close]
            port = String(hostAndPort[hostAndPort.index(after: close)...].drop { $0 == ":" })
        } else if let colon = hostAndPort.lastIndex(of: ":") {
            host = hostAndPort[..<colon]
            port = String(hostAndPort[hostAndPort.index(after: colon)...])
        }
        if port.isEmpty { port = scheme == "https" ? "443" : scheme == "http" ? "80" : "" }
        return [scheme, host.lowercased(), port]
    }

    /// Whether `url` carries a user name or password before its host (`https://bob:pw@host/`).
    static func carriesCredentials(_ url: String) -> Bool {
        guard let start = afterScheme(url) else { return false }
        return url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }.contains("@")
    }

    /// `url` with any user name and password taken out, for a message.
    static func withoutCredentials(_ url: String) -> String {
        guard let start = afterScheme(url) else { return url }
        let authority = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return url }
        return String(url[..<start]) + url[url.index(after: at)...]
    }

    /// Whether `url`'s host is this machine's loopback (`localhost`, `127.x.x.x`, `::1`).
    static func isLoopback(_ url: String) -> Bool {
        let host = host(of: url).lowercased()
        return host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "::1"
    }
}
