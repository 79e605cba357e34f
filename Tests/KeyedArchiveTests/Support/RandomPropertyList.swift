import KeyedArchive
import TestSupport

/// Random property-list trees of every kind, for round-trip and oracle tests.
struct RandomPropertyList {
    /// The deepest nesting of containers generated.
    var maximumDepth = 6
    /// Whether dates stay in what Python's plistlib can represent and prints the same way
    /// (years 1000...9000, whole multiples of 1/64 s).
    var pythonCompatibleDates = false

    /// Integers at and around every width boundary the binary format has.
    static let interestingIntegers: [Int64] = [
        0, 1, -1, 127, 128, 255, 256, 32767, 32768, 65535, 65536, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
        0x1_0000_0000, Int64.max, Int64.max - 1, Int64.min, Int64.min + 1, -128, -129, -256, -65536,
    ]

    /// Reals including infinities, signed zero, subnormals and extremes (never NaN).
    static let interestingReals: [Double] = [
        0, -0.0, 1, -1, 0.1, 1.5, 1e16, 1e-5, 123_456_789.125, .infinity, -.infinity, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, .pi, 1e300, -2.5e-300,
    ]

    func tree(using random: inout SplitMix64) -> PropertyList {
        value(depth: 0, using: &random)
    }

    func value(depth: Int, using random: inout SplitMix64) -> PropertyList {
        let containerWeight = depth < maximumDepth ? (depth == 0 ? 6 : 2) : 0
        let roll = Int.random(in: 0..<(10 + containerWeight * 2), using: &random)
        switch roll {
        case 0: return .string(RandomText.string(using: &random))
        case 1: return .string(RandomText.string(using: &random, asciiOnly: true))
        case 2: return .integer(integer(using: &random))
        case 3: return .unsignedInteger(UInt64.random(in: (UInt64(Int64.max) + 1)...UInt64.max, using: &random))
        case 4: return .real(real(using: &random))
        case 5: return .bool(Bool.random(using: &random))
        case 6: return .date(date(using: &random))
        case 7: return .data(data(using: &random))
        case 8: return .uid(uid(using: &random))
        case 9: return .integer(random.pick(Self.interestingIntegers))
        case 10..<(10 + containerWeight):
            return .array(children(depth: depth, using: &random))
        default:
            var pairs: [(String, PropertyList)] = []
            for child in children(depth: depth, using: &random) {
                pairs.append((RandomText.string(using: &random), child))
            }
            return .dictionary(PropertyListDictionary(pairs))
        }
    }

    private func children(depth: Int, using random: inout SplitMix64) -> [PropertyList] {
        let count: Int
        switch Int.random(in: 0..<8, using: &random) {
        case 0: count = 0
        case 1...5: count = Int.random(in: 1...6, using: &random)
        case 6: count = Int.random(in: 7...20, using: &random)
        default: count = depth == 0 ? Int.random(in: 21...300, using: &random) : Int.random(in: 7...10, using: &random)
        }
        return (0..<count).map { _ in value(depth: depth + 1, using: &random) }
    }

    func integer(using random: inout SplitMix64) -> Int64 {
        let bits = Int64.random(in: 0...63, using: &random)
        let magnitude = Int64.random(in: 0...Int64.max, using: &random) >> bits
        return random.chance(1, in: 4) ? -magnitude : magnitude
    }

    func real(using random: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return random.pick(Self.interestingReals)
        case 1: return Double.random(in: -1e6...1e6, using: &random)
        default:
            let bits = UInt64.random(in: 0...UInt64.max, using: &random)
            let real = Double(bitPattern: bits)
            return real.isNaN ? 0.5 : real
        }
    }

    func date(using random: inout SplitMix64) -> Double {
        if pythonCompatibleDates {
            // 1000-01-01 is -31_556_995_200 s from 2001; 9000-01-01 is about +220_898_000_000 s.
            let whole = Double(Int64.random(in: -31_000_000_000...220_000_000_000, using: &random))
            return whole + Double(Int.random(in: 0..<64, using: &random)) / 64
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return random.pick([0, -63_113_904_000, 252_423_993_599.999, 0.5, -0.25, 1e9 + 0.123456])
        case 1: return Double(Int64.random(in: -4_000_000_000...4_000_000_000, using: &random))
        case 2: return Double.random(in: -1e11...1e11, using: &random)
        default: return Double.random(in: -1e15...1e15, using: &random)
        }
    }

    func data(using random: inout SplitMix64) -> [UInt8] {
        let count =
            random.chance(1, in: 5) ? Int.random(in: 15...600, using: &random) : Int.random(in: 0...14, using: &random)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    func uid(using random: inout SplitMix64) -> UInt64 {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return UInt64.random(in: 0...0xFF, using: &random)
        case 1: return UInt64.random(in: 0x100...0xFFFF, using: &random)
        case 2: return UInt64.random(in: 0x1_0000...0xFFFF_FFFF, using: &random)
        default: return UInt64.random(in: 0x1_0000_0000...UInt64.max, using: &random)
        }
    }
}

extension PropertyList {
    /// How deeply containers nest in the tree (0 for a scalar).
    var nestingDepth: Int {
        switch self {
        case .array(let elements): 1 + (elements.map(\.nestingDepth).max() ?? 0)
        case .dictionary(let dictionary): 1 + (dictionary.values.map(\.nestingDepth).max() ?? 0)
        default: 0
        }
    }

    /// Every kind of value in the tree, by `kindName` (`unsignedInteger` counts as "integer").
    var kindNames: Set<String> {
        switch self {
        case .array(let elements): elements.reduce(into: [kindName]) { $0.formUnion($1.kindNames) }
        case .dictionary(let dictionary): dictionary.values.reduce(into: [kindName]) { $0.formUnion($1.kindNames) }
        default: [kindName]
        }
    }

    /// Whether two trees are the same bit for bit: strings by scalars, reals and dates by bit pattern.
    func isIdentical(to other: PropertyList) -> Bool {
        switch (self, other) {
        case (.dictionary(let left), .dictionary(let right)):
            return left.count == right.count
                && zip(left.keys, right.keys).allSatisfy { $0.isIdentical(to: $1) }
                && zip(left.values, right.values).allSatisfy { $0.isIdentical(to: $1) }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isIdentical(to: $1) }
        case (.string(let left), .string(let right)): return left.isIdentical(to: right)
        case (.real(let left), .real(let right)): return left.bitPattern == right.bitPattern
        case (.date(let left), .date(let right)): return left.bitPattern == right.bitPattern
        default: return self == other
        }
    }

    /// The first place where two trees differ, as a path and both values, for failure messages.
    func firstDifference(from other: PropertyList, path: String = "") -> String? {
        switch (self, other) {
        case (.dictionary(let left), .dictionary(let right)) where left.count == right.count:
            for (index, (leftKey, rightKey)) in zip(left.keys, right.keys).enumerated() {
                guard leftKey.isIdentical(to: rightKey) else {
                    return "\(path)/#\(index): key \(leftKey.debugDescription) became \(rightKey.debugDescription)"
                }
                if let difference = left.values[index].firstDifference(
                    from: right.values[index], path: path + "/" + leftKey.debugDescription)
                {
                    return difference
                }
            }
            return nil
        case (.array(let left), .array(let right)) where left.count == right.count:
            for (index, (leftValue, rightValue)) in zip(left, right).enumerated() {
                if let difference = leftValue.firstDifference(from: rightValue, path: path + "[\(index)]") {
                    return difference
                }
            }
            return nil
        default:
            return isIdentical(to: other) ? nil : "\(path.isEmpty ? "/" : path): \(self) became \(other)"
        }
    }
}
