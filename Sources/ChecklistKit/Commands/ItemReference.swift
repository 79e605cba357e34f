/// How a command names an item: a position in the current checklist, a range, or a stable `#ID`.
public enum ItemReference: Sendable, Equatable {
    /// A 1-based position as `show` prints it.
    case position(Int)
    /// Positions `from` through `to`, both included.
    case range(from: Int, to: Int)
    /// The item whose ItemID this is, in any checklist.
    case id(Int)

    /// Whether the reference names positions in the current checklist (not an `#ID`).
    public var isPositional: Bool {
        if case .id = self { return false }
        return true
    }

    /// Parses `3`, `2-5` or `#17`; `nil` when the word is none of these.
    public init?(_ word: String) {
        if word.hasPrefix("#") {
            guard let id = Self.number(word.dropFirst()) else { return nil }
            self = .id(id)
        } else if let dash = word.firstIndex(of: "-"), dash != word.startIndex {
            guard let from = Self.number(word[..<dash]), let to = Self.number(word[word.index(after: dash)...]) else {
                return nil
            }
            self = .range(from: from, to: to)
        } else if let position = Self.number(Substring(word)) {
            self = .position(position)
        } else {
            return nil
        }
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
