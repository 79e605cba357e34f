import KeyedArchive
import TestSupport

/// A checklist item with every field the lead's item has, decoded with exactly the reads
/// `SkimmableItem.skim` describes: the oracle the skim must agree with.
struct SkimmableItem: KeyedArchivable, Equatable {
    static let archivedClass = ArchivedClass(name: "Checklists.ChecklistItem")

    /// The skim the lead passes for its items (the brief's list of fields).
    static let skim = ObjectSkim(
        archivedClass: archivedClass,
        fields: [
            .init(key: "Text", kind: .string, required: true),
            .init(key: "Checked", kind: .bool),
            .init(key: "ShouldRemind", kind: .bool),
            .init(key: "ItemID", kind: .integer),
            .init(key: "DueDate", kind: .date, required: true),
            .init(key: "Repeat", kind: .string),
            .init(key: "UID", kind: .string),
            .init(key: "HasDueDate", kind: .bool),
            .init(key: "AllDay", kind: .bool),
            .init(key: "DueDay", kind: .string),
        ])

    var text: String
    var checked: Bool?
    var shouldRemind: Bool?
    var itemID: Int?
    var dueDate: Double
    var repeatRule: String?
    var uid: String?
    var hasDueDate: Bool?
    var allDay: Bool?
    var dueDay: String?

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(text, forKey: "Text")
        if let checked { coder.encode(checked, forKey: "Checked") }
        coder.encodeDate(referenceSeconds: dueDate, forKey: "DueDate")
        if let shouldRemind { coder.encode(shouldRemind, forKey: "ShouldRemind") }
        if let itemID { coder.encode(itemID, forKey: "ItemID") }
        if let hasDueDate { coder.encode(hasDueDate, forKey: "HasDueDate") }
        coder.encodeIfPresent(repeatRule, forKey: "Repeat")
        coder.encodeIfPresent(uid, forKey: "UID")
        if let allDay { coder.encode(allDay, forKey: "AllDay") }
        coder.encodeIfPresent(dueDay, forKey: "DueDay")
    }

    init(
        text: String, checked: Bool?, shouldRemind: Bool?, itemID: Int?, dueDate: Double, repeatRule: String?,
        uid: String?, hasDueDate: Bool?, allDay: Bool?, dueDay: String?
    ) {
        self.text = text
        self.checked = checked
        self.shouldRemind = shouldRemind
        self.itemID = itemID
        self.dueDate = dueDate
        self.repeatRule = repeatRule
        self.uid = uid
        self.hasDueDate = hasDueDate
        self.allDay = allDay
        self.dueDay = dueDay
    }

    /// The reads of `skim`, in its order.
    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        text = try coder.decode(String.self, forKey: "Text")
        checked = try coder.decodeIfPresent(Bool.self, forKey: "Checked")
        shouldRemind = try coder.decodeIfPresent(Bool.self, forKey: "ShouldRemind")
        itemID = try coder.decodeIfPresent(Int.self, forKey: "ItemID")
        dueDate = try coder.decodeDate(forKey: "DueDate")
        repeatRule = try coder.decodeIfPresent(String.self, forKey: "Repeat")
        uid = try coder.decodeIfPresent(String.self, forKey: "UID")
        hasDueDate = try coder.decodeIfPresent(Bool.self, forKey: "HasDueDate")
        allDay = try coder.decodeIfPresent(Bool.self, forKey: "AllDay")
        dueDay = try coder.decodeIfPresent(String.self, forKey: "DueDay")
    }

    /// Exact equality: texts by scalars, the date by bit pattern.
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.text.isIdentical(to: rhs.text) && lhs.checked == rhs.checked && lhs.shouldRemind == rhs.shouldRemind
            && lhs.itemID == rhs.itemID && lhs.dueDate.bitPattern == rhs.dueDate.bitPattern
            && lhs.repeatRule == rhs.repeatRule && lhs.uid == rhs.uid && lhs.hasDueDate == rhs.hasDueDate
            && lhs.allDay == rhs.allDay && lhs.dueDay == rhs.dueDay
    }

    /// A random item: every optional field sometimes absent, texts of every kind.
    static func random(using random: inout SplitMix64) -> SkimmableItem {
        let base = RandomChecklists.item(using: &random)
        func maybe<T>(_ value: T, _ random: inout SplitMix64) -> T? { random.chance(3, in: 4) ? value : nil }
        return SkimmableItem(
            text: base.text, checked: maybe(base.checked, &random), shouldRemind: maybe(base.shouldRemind, &random),
            itemID: maybe(base.itemID, &random), dueDate: base.dueDate,
            repeatRule: random.chance(1, in: 4) ? "FREQ=WEEKLY;INTERVAL=2" : nil,
            uid: random.chance(1, in: 3) ? RandomText.string(using: &random) : nil,
            hasDueDate: maybe(base.hasDueDate, &random),
            allDay: random.chance(1, in: 3) ? Bool.random(using: &random) : nil,
            dueDay: random.chance(1, in: 4) ? "2026-11-25" : nil)
    }
}

extension SkimmableItem: SkimDecodable {
    /// The fields of `skim`, in its order.
    init?(skimmed values: ObjectSkim.Values) {
        guard let text = values.string(0), let dueDate = values.date(4) else { return nil }
        self.init(
            text: text, checked: values.bool(1), shouldRemind: values.bool(2), itemID: values.integer(3),
            dueDate: dueDate, repeatRule: values.string(5), uid: values.string(6), hasDueDate: values.bool(7),
            allDay: values.bool(8), dueDay: values.string(9))
    }
}

/// A `SkimmableItem` that tells how it was built: through the decoder or from skimmed values.
struct TracedItem: SkimDecodable, Equatable {
    static let archivedClass = SkimmableItem.archivedClass

    var item: SkimmableItem
    var skimmed: Bool

    func encode(with coder: inout KeyedEncoder) { item.encode(with: &coder) }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        item = try SkimmableItem(from: coder)
        skimmed = false
    }

    init?(skimmed values: ObjectSkim.Values) {
        guard let item = SkimmableItem(skimmed: values) else { return nil }
        self.item = item
        skimmed = true
    }
}

/// A checklist of `SkimmableItem`s (`Name`, `Items`, `IconName`), and a file of them under `Checklists`.
struct SkimmableChecklist: KeyedArchivable, Equatable {
    static let archivedClass = ArchivedClass(name: "Checklists.Checklist")

    var name: String
    var items: [SkimmableItem]
    var iconName: String

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        coder.encode(iconName, forKey: "IconName")
    }

    init(name: String, items: [SkimmableItem], iconName: String) {
        self.name = name
        self.items = items
        self.iconName = iconName
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        name = try coder.decode(String.self, forKey: "Name")
        items = try coder.decode([SkimmableItem].self, forKey: "Items")
        iconName = try coder.decode(String.self, forKey: "IconName")
    }

    /// The archive of `checklists` under `Checklists`, as the Checklists app's file holds them.
    static func archive(_ checklists: [SkimmableChecklist]) -> [UInt8] {
        KeyedArchiver.archive { coder in
            coder.encode(checklists, forKey: "Checklists")
            coder.encode(0, forKey: "ChecklistIndex")
        }
    }

    /// A random file's checklists.
    static func randomFile(using random: inout SplitMix64, maximumItems: Int = 12) -> [SkimmableChecklist] {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
            SkimmableChecklist(
                name: RandomText.string(using: &random),
                items: (0..<Int.random(in: 0...maximumItems, using: &random)).map { _ in
                    SkimmableItem.random(using: &random)
                },
                iconName: random.pick(["Folder", "Groceries", "No Icon", ""]))
        }
    }
}
