/// Where an archive being encoded hands its file's bytes, piece by piece, so that they can be
/// written out while the rest is being made.
struct ArchiveOutput {
    /// Roughly how many bytes make a piece; the last piece is whatever remains.
    let pieceSize: Int
    /// Receives each piece and the offset in the file where it belongs.
    private let write: (UnsafeRawBufferPointer, Int) -> Void
    /// The bytes handed over so far: the file's first `handedOver` bytes.
    private(set) var handedOver = 0
    /// The builder's count of reference rewrites when the last piece was made.
    private var rewrites = 0

    /// Creates an output that hands pieces of about `pieceSize` bytes to `write`.
    init(pieceSize: Int, write: @escaping (UnsafeRawBufferPointer, Int) -> Void) {
        // Bounded so that `handedOver + pieceSize` cannot overflow.
        self.pieceSize = min(max(pieceSize, 1), Int.max / 2)
        self.write = write
    }

    /// Where the next piece starts: where the last one ended, or at 0 again when the builder
    /// rewrote its references at another width since (`rewriteCount`), which changes every byte
    /// after the header.
    mutating func start(rewriteCount: Int) -> Int {
        if rewriteCount != rewrites {
            rewrites = rewriteCount
            handedOver = 0
        }
        return handedOver
    }

    /// Hands over `bytes`, the file's bytes from `handedOver` on.
    mutating func hand(_ bytes: UnsafeRawBufferPointer) {
        write(bytes, handedOver)
        handedOver += bytes.count
    }
}
