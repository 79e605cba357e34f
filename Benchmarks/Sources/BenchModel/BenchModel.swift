#if canImport(KeyedArchive)
import KeyedArchive
#endif

// The benchmarks' copy of the checklists model (SPEC §3–4), archived with `KeyedArchive`.
// The fuzz target (Fuzz/FuzzTarget.swift) compiles this file too, in one module with the
// KeyedArchive sources, hence the conditional import.

/// One to-do item, archived as `Checklists.ChecklistItem`.
public struct BenchChecklistItem: Equatable, Sendable {
    public var text: String
    public var checked: Bool
    /// Seconds since 2001-01-01 UTC: the due date, or the creation time when `hasDueDate` is false.
    public var dueDate: Double
    public var shouldRemind: Bool
    public var itemID: Int
    public var hasDueDate: Bool

    public init(text: String, checked: Bool, dueDate: Double, shouldRemind: Bool, itemID: Int, hasDueDate: Bool) {
        self.text = text
        self.checked = checked
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
        self.itemID = itemID
        self.hasDueDate = hasDueDate
    }
}

/// A named list of items, archived as `Checklists.Checklist`.
public struct BenchChecklist: Equatable, Sendable {
    public var name: String
    public var items: [BenchChecklistItem]
    public var iconName: String

    public init(name: String, items: [BenchChecklistItem], iconName: String) {
        self.name = name
        self.items = items
        self.iconName = iconName
    }
}

/// The whole file: the lists in the order shown, the current list and the next item ID.
public struct BenchDocument: Equatable, Sendable {
    public var checklists: [BenchChecklist]
    public var checklistIndex: Int
    public var nextItemID: Int

    public init(checklists: [BenchChecklist], checklistIndex: Int, nextItemID: Int) {
        self.checklists = checklists
        self.checklistIndex = checklistIndex
        self.nextItemID = nextItemID
    }

    /// The number of items over all lists.
    public var itemCount: Int { checklists.reduce(0) { $0 + $1.items.count } }
}

extension BenchChecklistItem: KeyedArchivable {
    public static let archivedClass = ArchivedClass(name: "Checklists.ChecklistItem")

    public func encode(with coder: inout KeyedEncoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
        coder.encodeDate(referenceSeconds: dueDate, forKey: "DueDate")
        coder.encode(shouldRemind, forKey: "ShouldRemind")
        coder.encode(itemID, forKey: "ItemID")
        coder.encode(hasDueDate, forKey: "HasDueDate")
    }

    public init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        text = try coder.decode(String.self, forKey: "Text")
        checked = try coder.decode(Bool.self, forKey: "Checked")
        dueDate = try coder.decodeDateIfPresent(forKey: "DueDate") ?? 0
        shouldRemind = try coder.decodeIfPresent(Bool.self, forKey: "ShouldRemind") ?? false
        itemID = try coder.decodeIfPresent(Int.self, forKey: "ItemID") ?? -1
        hasDueDate = try coder.decodeIfPresent(Bool.self, forKey: "HasDueDate") ?? shouldRemind
    }
}

extension BenchChecklist: KeyedArchivable {
    public static let archivedClass = ArchivedClass(name: "Checklists.Checklist")

    public func encode(with coder: inout KeyedEncoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        coder.encode(iconName, forKey: "IconName")
    }

    public init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        name = try coder.decode(String.self, forKey: "Name")
        items = try coder.decode([BenchChecklistItem].self, forKey: "Items")
        iconName = try coder.decodeIfPresent(String.self, forKey: "IconName") ?? "No Icon"
    }
}

extension BenchDocument {
    /// Encodes the document as a Checklists.plist archive.
    public func archived() -> [UInt8] {
        // The estimate ChecklistKit's own archiving passes (ChecklistBook+Archive.swift).
        KeyedArchiver.archive(expectedObjects: itemCount * 3 + checklists.count * 4 + 16) { coder in
            coder.encode(checklists, forKey: "Checklists")
            coder.encode(checklistIndex, forKey: "ChecklistIndex")
            coder.encode(nextItemID, forKey: "ChecklistItemID")
        }
    }

    /// Decodes a Checklists.plist archive, in the current form or the early single-list one.
    public init(archive bytes: [UInt8]) throws(KeyedArchiveError) {
        let top = try KeyedUnarchiver(bytes: bytes).topLevel
        if top.contains("Checklists") {
            checklists = try top.decode([BenchChecklist].self, forKey: "Checklists")
        } else {
            let items = try top.decode([BenchChecklistItem].self, forKey: "ChecklistItems")
            checklists = [BenchChecklist(name: "Checklist", items: items, iconName: "No Icon")]
        }
        checklistIndex = try top.decodeIfPresent(Int.self, forKey: "ChecklistIndex") ?? -1
        nextItemID = try top.decodeIfPresent(Int.self, forKey: "ChecklistItemID") ?? 0
    }
}

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
    public static func document(items itemCount: Int, lists listCount: Int = 10) -> BenchDocument {
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(itemCount))
        var lists: [BenchChecklist] = []
        var nextID = 0
        for list in 0..<listCount {
            let count = itemCount / listCount + (list < itemCount % listCount ? 1 : 0)
            var items: [BenchChecklistItem] = []
            items.reserveCapacity(count)
            for _ in 0..<count {
                items.append(item(id: nextID, random: &random))
                nextID += 1
            }
            lists.append(BenchChecklist(name: "List \(list + 1)", items: items, iconName: icons[list % icons.count]))
        }
        return BenchDocument(checklists: lists, checklistIndex: 0, nextItemID: nextID)
    }

    private static func item(id: Int, random: inout SplitMix64) -> BenchChecklistItem {
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
        let dueDate = hasDueDate ? created + Double(random.next() % 2_592_000) : created
        return BenchChecklistItem(
            text: text,
            checked: random.next() % 2 == 0,
            dueDate: dueDate,
            shouldRemind: hasDueDate && random.next() % 2 == 0,
            itemID: id,
            hasDueDate: hasDueDate
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
