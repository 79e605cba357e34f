import TestSupport

/// Random checklist files with every kind of text, extreme integers and dates far apart.
enum RandomChecklists {
    /// Dates worth covering: the reference date, year 1, year 9999, fractions, the Unix epoch.
    static let interestingDates: [Double] = [
        0, -63_113_904_000, 252_423_993_599.999, 0.5, -0.000_001, -978_307_200, 1_000_000_000.123_456_789,
        -1e-300, 123.456,
    ]

    static func file(using random: inout SplitMix64) -> ArchivableChecklistFile {
        let count = random.chance(1, in: 6) ? 0 : Int.random(in: 1...6, using: &random)
        let checklists = (0..<count).map { _ in checklist(using: &random) }
        return ArchivableChecklistFile(
            checklists: checklists, index: integer(using: &random), nextItemID: integer(using: &random))
    }

    static func checklist(using random: inout SplitMix64) -> ArchivableChecklist {
        let count: Int
        switch Int.random(in: 0..<6, using: &random) {
        case 0: count = 0
        case 1...4: count = Int.random(in: 1...8, using: &random)
        default: count = Int.random(in: 9...80, using: &random)
        }
        return ArchivableChecklist(
            name: RandomText.string(using: &random),
            items: (0..<count).map { _ in item(using: &random) },
            iconName: random.chance(1, in: 2)
                ? random.pick(["Folder", "Groceries", "No Icon", ""]) : RandomText.string(using: &random))
    }

    static func item(using random: inout SplitMix64) -> ArchivableChecklistItem {
        ArchivableChecklistItem(
            text: random.chance(1, in: 5) ? random.pick(RandomText.fragments) : RandomText.string(using: &random),
            checked: Bool.random(using: &random),
            dueDate: date(using: &random),
            shouldRemind: Bool.random(using: &random),
            itemID: integer(using: &random),
            hasDueDate: Bool.random(using: &random))
    }

    static func integer(using random: inout SplitMix64) -> Int {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return random.pick([0, 1, -1, Int.max, Int.min, 255, 256, 65_535, 65_536, -129])
        case 1: return Int.random(in: -1...1_000, using: &random)
        default: return Int.random(in: Int.min...Int.max, using: &random)
        }
    }

    static func date(using random: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return random.pick(interestingDates)
        case 1: return Double(Int.random(in: -63_113_904_000...252_423_993_599, using: &random))
        default: return Double.random(in: -63_113_904_000...252_423_993_599, using: &random)
        }
    }
}
