import Testing

@testable import Effects

/// Reading the header blocks curl dumps: CRLF lines, a `100 Continue` before the answer.
struct CurlTransportTests {
    @Test func theLastHeaderBlockGivesTheStatusAndTheHeadersByLowerCaseName() {
        let head =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 307 Temporary Redirect\r\nLocation: http://localhost:8/x/\r\n"
            + "Content-Type: text/html; charset=utf-8\r\nContent-Length:  42\r\nX-Empty:\r\n\r\n"
        let response = CurlTransport.parseHead(Array(head.utf8))
        #expect(response.status == 307)
        #expect(response.headers["location"] == "http://localhost:8/x/")
        #expect(response.headers["content-type"] == "text/html; charset=utf-8")
        #expect(response.headers["content-length"] == "42")
        #expect(response.headers["x-empty"] == "")
        #expect(response.headers.count == 4)
    }

    @Test func noHeadIsNoAnswer() {
        #expect(CurlTransport.parseHead([]).status == 0)
        #expect(CurlTransport.parseHead(Array("garbage\r\n".utf8)).status == 0)
    }
}
