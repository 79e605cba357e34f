/// A string that compares and hashes by its exact UTF-8 bytes, for deduplicating stored strings.
///
/// `String`'s own `==` and hashing use canonical equivalence, which would store "é" (U+00E9) and
/// "e\u{301}" as one object and so change the text of whichever was written second.
struct ExactString: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        // Lengths first: hash-table probes and key lookups mostly compare strings of other lengths.
        guard lhs.string.utf8.count == rhs.string.utf8.count else { return false }
        var left = lhs.string
        var right = rhs.string
        // Not `elementsEqual` on the UTF-8 views, which costs several times more per call.
        return left.withUTF8 { leftBytes in
            right.withUTF8 { UnsafeRawBufferPointer(leftBytes).hasSameBytes(as: UnsafeRawBufferPointer($0)) }
        }
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
