import Testing

extension CalDAVTestServer {
    /// The account's calendar home (a path ending in `/`), as `caldav init` printed it.
    static func home(_ outcome: ChecklistsProcess.Outcome) throws -> String {
        let line = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("caldav set up: ") })
        let url = String(line.dropFirst("caldav set up: ".count))
        return "/" + url.split(separator: "/").dropFirst(2).joined(separator: "/") + "/"
    }

    /// A task as a phone writes it: `summary`, needing action, with `extra` content lines.
    static func vtodo(uid: String, summary: String, extra: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\n"
            + "SUMMARY:\(summary)\r\nSTATUS:NEEDS-ACTION\r\n\(extra)END:VTODO\r\nEND:VCALENDAR\r\n"
    }
}
