/// Strings already decoded from a binary property list, by object index, so that a string
/// referenced from many places is built, and stored, once.
///
/// Reading a whole tree keeps every string (dictionary keys repeat in every dictionary), in an
/// array by object index. Reading objects on demand keeps only long strings, in a dictionary:
/// an archive's short strings are mostly read once, and allocating and releasing an entry for
/// every object of the file cost more than the whole decoding of a short string. Rebuilding a
/// short string on each read is bounded by the reads, which the decoders' budgets bound.
struct StringCache {
    /// Strings of fewer bytes than this in the file are not kept by a sparse cache.
    static let sparseMinimumBytes = 64

    private var dense: [String?]
    private var sparse: [Int: String] = [:]
    private let isDense: Bool

    /// A cache for `objectCount` objects, dense (every string) or sparse (long strings only).
    init(objectCount: Int, dense: Bool) {
        isDense = dense
        self.dense = dense ? [String?](repeating: nil, count: objectCount) : []
    }

    /// The string of object `index` when it has been kept.
    func string(at index: Int) -> String? {
        if isDense { return dense[index] }
        return sparse.isEmpty ? nil : sparse[index]
    }

    /// Keeps `string`, read from `byteCount` bytes of object `index`, when the policy says so.
    mutating func keep(_ string: String, at index: Int, byteCount: Int) {
        if isDense {
            dense[index] = string
        } else if byteCount >= Self.sparseMinimumBytes {
            sparse[index] = string
        }
    }
}
