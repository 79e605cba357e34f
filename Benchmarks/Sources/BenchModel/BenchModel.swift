#if canImport(ChecklistKit)
import ChecklistKit
#endif

// Benchmark data for the production model, ChecklistKit's `ChecklistBook`. The fuzz target
// (Fuzz/FuzzTarget.swift) compiles this file too, in one module with the KeyedArchive sources
// and ChecklistKit's model, hence the conditional import.

/// Makes the same documents on every run: a fixed-seed generator, no clock, no randomness.
public enum BenchData {
    /// The icons a list may have.
    public static let icons = [
        "No Icon", "Appointments", "Birthdays", "Chores", "Drinks", "Folder", "Groceries", "Inbox", "Photos", "Trips",
    ]
    private static let words = [
        "buy", "milk", "call", "mom", "fix", "bike", "walk", "dog", "pay", "rent", "book", "flight", "water", "plants",
        "read", "paper", "clean", "garage", "email", "boss", "renew", "passport", "pick", "kids", "bake", "bread",
    ]
    private static let accents = ["中文", "café", "🎉", "naïve", "日本語", "résumé", "🚲", "Ölfarbe"]

    /// A document of `itemCount` items spread evenly over `listCount` lists: texts of about
    /// 30 characters, 10 % with non-ASCII characters, 30 % with a due date.
    public static func document(items itemCount: Int, lists listCount: Int = 10) -> ChecklistBook {
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(itemCount))
        var lists: [Checklist] = []
        var nextID = 0
        for list in 0..<listCount {
            let count = itemCount / listCount + (list < itemCount % listCount ? 1 : 0)
            var items: [ChecklistItem] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                items.append(item(id: nextID, random: &random))
                nextID += 1
            }
            lists.append(Checklist(name: "List \(list + 1)", items: items, iconName: icons[list % icons.count]))
        }
        return ChecklistBook(checklists: lists, currentIndex: 0, nextItemID: nextID)
    }

    private static func item(id: Int, random: inout SplitMix64) -> ChecklistItem {
        var text = ""
        while text.count < 26 {
            if !text.isEmpty { text += " " }
            text += words[Int(random.next() % UInt64(words.count))]
        }
        if random.next() % 10 == 0 {
            text += " " + accents[Int(random.next() % UInt64(accents.count))]
        }
        text += " \(id)"
        let created = 700_000_000 + Double(id) * 60
        let hasDueDate = random.next() % 10 < 3
        let dueDate = hasDueDate ? created + Double(random.next() % 2_592_000) : nil
        return ChecklistItem(
            text: text,
            checked: random.next() % 2 == 0,
            itemID: id,
            created: created,
            dueDate: dueDate,
            shouldRemind: hasDueDate && random.next() % 2 == 0
        )
    }
}

/// SplitMix64: a small, fast, fixed-seed pseudo-random generator.
public struct SplitMix64 {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
