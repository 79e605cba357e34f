/// Strings already decoded from a binary property list, by object index, so that a string
/// referenced from many places is built, and stored, once.
///
/// Reading a whole tree keeps every string (dictionary keys repeat in every dictionary), in an
/// array by object index. Reading objects on demand keeps only long strings, in a dictionary:
/// an archive's short strings are mostly read once, and allocating and releasing an entry for
/// every object of the file cost more than the whole decoding of a short string. Rebuilding a
/// short string on each read is bounded by the reads, which the decoders' budgets bound.
struct StringCache {
    /// Strings of fewer code units than this (bytes of ASCII, units of UTF-16) are not kept by a
    /// sparse cache; rebuilding one allocates at most three bytes per unit.
    static let sparseMinimumLength = 128

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

    /// Keeps `string`, read from `length` code units of object `index`, when the policy says so.
    mutating func keep(_ string: String, at index: Int, length: Int) {
        if isDense {
            dense[index] = string
        } else if length >= Self.sparseMinimumLength {
            sparse[index] = string
        }
    }
}
