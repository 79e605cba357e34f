/// Orders names as people expect: case-insensitively, with runs of digits compared as numbers.
///
/// "List 2" comes before "List 10"; "apple" and "Apple" sort together. Names equal under these
/// rules fall back to plain code-point order so the result is total and stable.
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        switch compare(folded(lhs)[...], folded(rhs)[...]) {
        case .some(let result): result
        case .none: lhs < rhs
        }
    }

    /// `elements` in the natural order of the name `name` gives each: each name made once into a
    /// key that compares as the rules do, not at each of the some twenty comparisons a name of a
    /// long list (200,000 tags) takes part in.
    public static func sorted<Element>(_ elements: [Element], byName name: (Element) -> String) -> [Element] {
        let names = elements.map(name)
        let keys = names.map(key)
        let order = names.indices.sorted { left, right in
            let (one, other) = (keys[left], keys[right])
            for index in 0..<min(one.count, other.count) where one[index] != other[index] {
                return one[index] < other[index]
            }
            return one.count != other.count ? one.count < other.count : names[left] < names[right]
        }
        return order.map { elements[$0] }
    }

    /// `name` as numbers that compare, one after the other, as the rules compare names: each
    /// scalar of its lower case, but a run of digits as `digitMark`, its length without leading
    /// zeros, then those digits. No other scalar is `digitMark` (the digit 0), and every other
    /// scalar is below or above all digits, so the mark sorts against it as a digit would.
    private static func key(_ name: String) -> [UInt32] {
        let scalars = folded(name)[...]
        var key: [UInt32] = []
        key.reserveCapacity(scalars.count)
        var rest = scalars
        while let first = rest.first {
            if isDigit(first) {
                let run = digitRun(&rest)
                key.append(digitMark)
                key.append(UInt32(clamping: run.count))
                key.append(contentsOf: run.map(\.value))
            } else {
                key.append(first.value)
                rest = rest.dropFirst()
            }
        }
        return key
    }

    /// What starts a run of digits in a `key`: the digit 0.
    private static let digitMark: UInt32 = 0x30

    /// The scalars of `name` in lower case: what the rules compare.
    private static func folded(_ name: String) -> [Unicode.Scalar] {
        Array(name.lowercased().unicodeScalars)
    }

    /// `true` when `lhs` comes first, `false` when `rhs` does, `nil` when they are equal by the rules.
    private static func compare(_ lhs: ArraySlice<Unicode.Scalar>, _ rhs: ArraySlice<Unicode.Scalar>) -> Bool? {
        var left = lhs
        var right = rhs
        while let leftFirst = left.first, let rightFirst = right.first {
            if isDigit(leftFirst), isDigit(rightFirst) {
                let leftRun = digitRun(&left)
                let rightRun = digitRun(&right)
                if leftRun.count != rightRun.count { return leftRun.count < rightRun.count }
                if leftRun != rightRun { return leftRun.lexicographicallyPrecedes(rightRun) }
                continue
            }
            if leftFirst != rightFirst { return leftFirst.value < rightFirst.value }
            left = left.dropFirst()
            right = right.dropFirst()
        }
        if left.isEmpty != right.isEmpty { return left.isEmpty }
        return nil
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar >= "0" && scalar <= "9"
    }

    /// Removes a run of digits from the front, returning it without leading zeros.
    private static func digitRun(_ scalars: inout ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
        var end = scalars.startIndex
        while end < scalars.endIndex, isDigit(scalars[end]) { end += 1 }
        var run = scalars[..<end]
        while run.first == "0" { run = run.dropFirst() }
        scalars = scalars[end...]
        return run
    }
}
