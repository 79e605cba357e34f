/// A file made by `ArchiveEditor`: the original file's first `carriedLength` bytes, then the tail,
/// which `pieces` lays out as runs of the original file and of the edit's own bytes (`own`).
///
/// The caller writes `file[0..<carriedLength]` and then the pieces to a temporary file, flushes it
/// and renames it over the original. The tail's largest parts, the original `$objects` entries
/// and offset table, are runs of the original file: written from where they are, they cost no
/// copy (at 10,000 items, 440 KB of fresh memory a one-shot change no longer touches).
public struct EditedArchive: Equatable, Sendable {
    /// A run of the tail: bytes of the original file, or of the edit's own (`own`).
    public enum Piece: Equatable, Sendable {
        case original(Range<Int>)
        case own(Range<Int>)
    }

    /// How many bytes of the original file start the edited one.
    public let carriedLength: Int
    /// The edit's own bytes: the new objects, the envelope, the new offsets, the trailer.
    public let own: [UInt8]
    /// The tail after the carried bytes, in order.
    public let pieces: [Piece]
    /// The edited file's length.
    public let length: Int
    /// Bytes in the file that no object reached from the root uses any more (left by this edit and
    /// earlier ones), which a full encode would drop; kept in the trailer's five unused bytes.
    public let deadBytes: Int

    /// Describes an edited file.
    public init(carriedLength: Int, own: [UInt8], pieces: [Piece], deadBytes: Int) {
        self.carriedLength = carriedLength
        self.own = own
        self.pieces = pieces
        self.deadBytes = deadBytes
        length =
            carriedLength
            + pieces.reduce(0) { total, piece in
                switch piece {
                case .original(let range), .own(let range): total + range.count
                }
            }
    }

    /// Runs `body` with each piece of the tail in order, as bytes of `original` or of `own`.
    public func withTail<Result>(
        original: [UInt8], _ body: ([UnsafeRawBufferPointer]) throws -> Result
    ) rethrows -> Result {
        try original.withUnsafeBytes { file in
            try own.withUnsafeBytes { own in
                try body(
                    pieces.map { piece in
                        switch piece {
                        // Clamped: given another file than the one edited, the pieces come out short
                        // and the writer, which counts the length, reports it.
                        case .original(let range):
                            UnsafeRawBufferPointer(rebasing: file[range.clamped(to: 0..<file.count)])
                        case .own(let range): UnsafeRawBufferPointer(rebasing: own[range.clamped(to: 0..<own.count)])
                        }
                    })
            }
        }
    }

    /// The bytes after the carried ones, given the original file.
    public func tail(original: [UInt8]) -> [UInt8] {
        withTail(original: original) { pieces in pieces.reduce(into: [UInt8]()) { $0.append(contentsOf: $1) } }
    }

    /// The whole edited file, given the original one.
    public func bytes(original: [UInt8]) -> [UInt8] {
        Array(original.prefix(carriedLength)) + tail(original: original)
    }
}
