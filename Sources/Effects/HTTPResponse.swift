/// What the server answered one request, or why nothing came back.
struct HTTPResponse {
    /// The status code; 0 when no answer came (the connection failed or timed out).
    var status: Int
    /// The answer's headers by lower-case name (the last value of a repeated one).
    var headers: [String: String]
    /// The body.
    var body: [UInt8]
    /// Why no answer came, when `status` is 0.
    var failure: String?
    /// curl's error code for the request when no answer came (28: timed out, 60: certificate not
    /// trusted, …; `CurlTransport.tooLarge` for an answer past the bound); 0 otherwise.
    var curlCode = 0

    /// Whether the status is 2xx.
    var succeeded: Bool { (200..<300).contains(status) }
}
