/// One HTTP request for the CalDAV server.
struct HTTPRequest {
    /// The method (`PROPFIND`, `REPORT`, `PUT`, `DELETE`, `MKCALENDAR`, `PROPPATCH`, `GET`).
    var method: String
    /// The absolute URL.
    var url: String
    /// Header lines (`Depth: 1`, `If-Match: "…"`); none may hold a line break.
    var headers: [String] = []
    /// The body, if any.
    var body: [UInt8]?

    /// An XML request with `Depth` (PROPFIND, REPORT).
    static func xml(_ method: String, _ url: String, depth: String?, _ body: String) -> HTTPRequest {
        var headers = ["Content-Type: application/xml; charset=utf-8"]
        if let depth { headers.append("Depth: \(depth)") }
        return HTTPRequest(method: method, url: url, headers: headers, body: Array(body.utf8))
    }
}
