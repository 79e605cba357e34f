/// Orders names as people expect: case-insensitively, with runs of digits compared as numbers.
///
/// "List 2" comes before "List 10"; "apple" and "Apple" sort together. Names equal under these
/// rules fall back to plain code-point order so the result is total and stable.
public enum NaturalOrder {
    /// Whether `lhs` sorts before `rhs`.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        switch compare(lhs, rhs) {
        case .some(let result): result
        case .none: lhs < rhs
        }
    }

    /// `true` when `lhs` comes first, `false` when `rhs` does, `nil` when they are equal by the rules.
    private static func compare(_ lhs: String, _ rhs: String) -> Bool? {
        var left = Array(lhs.lowercased().unicodeScalars)[...]
        var right = Array(rhs.lowercased().unicodeScalars)[...]
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
    private static func digitRun(_ scalars: inout ArraySlice<Unicode.Scalar>) -> [UInt32] {
        var run: [UInt32] = []
        while let first = scalars.first, isDigit(first) {
            if !(run.isEmpty && first == "0") { run.append(first.value) }
            scalars = scalars.dropFirst()
        }
        return run
    }
}
