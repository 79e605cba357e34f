/// Turns the raw bytes of one line into a ``LineInput``, rejecting NUL bytes and invalid UTF-8.
enum LineDecoder {
    /// Decodes `bytes` (without the line terminator) as a line, or says why it cannot be used.
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> LineInput {
        if bytes.contains(0) {
            return .rejected("NUL byte in line")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs invalid input, so the bytes come through unchanged exactly when they are valid.
        guard text.utf8.elementsEqual(bytes) else {
            return .rejected("invalid UTF-8")
        }
        return .line(text)
    }
}
