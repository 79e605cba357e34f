/// The tail of an edited archive as it is laid out: the edit's own bytes stored into `own`, runs
/// of the original file only noted (`original(_:)`), and the pieces that put them in order.
struct TailBytes {
    /// Where the edit's own bytes go.
    var own: ObjectBytes
    /// The tail so far, up to the start of the own bytes not yet in a piece.
    private(set) var pieces: [EditedArchive.Piece] = []
    /// Where in `own` the run not yet in a piece starts.
    private var runStart = 0
    /// The bytes of the original runs so far.
    private var originalBytes = 0

    init(own: ObjectBytes) {
        self.own = own
        runStart = own.position
    }

    /// How far into the tail the next byte goes.
    var position: Int { originalBytes + own.position }

    /// Puts `range` of the original file next in the tail.
    mutating func original(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        endRun()
        pieces.append(.original(range))
        originalBytes += range.count
    }

    /// Ends the run of own bytes stored since the last piece, making it a piece.
    mutating func endRun() {
        guard own.position > runStart else { return }
        pieces.append(.own(runStart..<own.position))
        runStart = own.position
    }
}
