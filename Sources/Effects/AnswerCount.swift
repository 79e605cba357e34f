/// Counts the requests curl has finished from its standard error as it arrives: one
/// `CurlTransport.answerMark` line each, whatever pieces the pipe cuts them into.
struct AnswerCount {
    /// How many requests have finished.
    private(set) var count = 0
    /// The start of the line not ended yet (at most as long as the mark: only that is looked at).
    private var line: [UInt8] = []

    private static let mark = Array(CurlTransport.answerMark.utf8)

    /// Takes the next piece of standard error; whether it ended a request's line.
    mutating func take(_ bytes: ArraySlice<UInt8>) -> Bool {
        var ended = false
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if line == Self.mark {
                    count += 1
                    ended = true
                }
                line.removeAll(keepingCapacity: true)
            } else if line.count < Self.mark.count {
                line.append(byte)
            }
        }
        return ended
    }
}
