/// The objects being decoded right now, to find cycles: an object met again while it is being
/// decoded holds itself.
///
/// Decoding nests a few objects deep, so the chain is a short list searched in turn. A table of a
/// flag per object, allocated and zeroed for every read (80 KB of fresh memory for a file of
/// 10,000 items), did the same before. A chain longer than `searchLimit`, which only unusual files
/// build, marks its objects in such a table from then on, so a deep file costs what it did.
struct DecodingChain {
    /// The objects entered and not left, innermost last.
    private var chain: [Int] = []
    /// A flag per object, set for those in `chain`; empty while the chain stayed short.
    private var marked: [Bool] = []
    /// How many objects there are (indices passed are below it).
    private let objectCount: Int
    /// The length past which the chain's objects are marked in a table rather than searched.
    static let searchLimit = 16

    /// An empty chain over `objectCount` objects.
    init(objectCount: Int) {
        self.objectCount = objectCount
    }

    /// Whether object `index` is being decoded.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        marked.isEmpty ? chain.contains(index) : marked[index]
    }

    /// Notes that object `index` is being decoded; `false`, noting nothing, when it already is.
    mutating func enter(_ index: Int) -> Bool {
        guard !contains(index) else { return false }
        chain.append(index)
        if !marked.isEmpty {
            marked[index] = true
        } else if chain.count > Self.searchLimit {
            marked = [Bool](repeating: false, count: objectCount)
            for entered in chain { marked[entered] = true }
        }
        return true
    }

    /// Notes that the decoding of object `index` ended (the innermost one, as decoding nests).
    mutating func leave(_ index: Int) {
        if chain.last == index {
            chain.removeLast()
        } else if let position = chain.lastIndex(of: index) {
            chain.remove(at: position)
        } else {
            return
        }
        if !marked.isEmpty { marked[index] = false }
    }
}
