import KeyedArchive

/// The checklist item of SPEC §4 as a test-side `KeyedArchivable` value.
struct ArchivableChecklistItem: KeyedArchivable, Equatable, CustomStringConvertible {
    static let archivedClass = ArchivedClass(name: "Checklists.ChecklistItem")

    var text: String
    var checked: Bool
    /// Seconds since 2001-01-01T00:00:00Z.
    var dueDate: Double
    var shouldRemind: Bool
    var itemID: Int
    var hasDueDate: Bool

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
        coder.encodeDate(referenceSeconds: dueDate, forKey: "DueDate")
        coder.encode(shouldRemind, forKey: "ShouldRemind")
        coder.encode(itemID, forKey: "ItemID")
        coder.encode(hasDueDate, forKey: "HasDueDate")
    }

    init(text: String, checked: Bool, dueDate: Double, shouldRemind: Bool, itemID: Int, hasDueDate: Bool) {
        self.text = text
        self.checked = checked
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
        self.itemID = itemID
        self.hasDueDate = hasDueDate
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        text = try coder.decode(String.self, forKey: "Text")
        checked = try coder.decode(Bool.self, forKey: "Checked")
        dueDate = try coder.decodeDate(forKey: "DueDate")
        shouldRemind = try coder.decode(Bool.self, forKey: "ShouldRemind")
        itemID = try coder.decode(Int.self, forKey: "ItemID")
        hasDueDate = try coder.decode(Bool.self, forKey: "HasDueDate")
    }

    /// Exact equality: text by scalars, the date by bit pattern.
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.text.isIdentical(to: rhs.text) && lhs.checked == rhs.checked
            && lhs.dueDate.bitPattern == rhs.dueDate.bitPattern && lhs.shouldRemind == rhs.shouldRemind
            && lhs.itemID == rhs.itemID && lhs.hasDueDate == rhs.hasDueDate
    }

    var description: String {
        "Item(\(text.debugDescription), checked \(checked), due \(dueDate), remind \(shouldRemind), "
            + "id \(itemID), hasDue \(hasDueDate))"
    }
}

/// The checklist of SPEC §4 as a test-side `KeyedArchivable` value.
struct ArchivableChecklist: KeyedArchivable, Equatable, CustomStringConvertible {
    static let archivedClass = ArchivedClass(name: "Checklists.Checklist")

    var name: String
    var items: [ArchivableChecklistItem]
    var iconName: String

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        coder.encode(iconName, forKey: "IconName")
    }

    init(name: String, items: [ArchivableChecklistItem], iconName: String) {
        self.name = name
        self.items = items
        self.iconName = iconName
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        name = try coder.decode(String.self, forKey: "Name")
        items = try coder.decode([ArchivableChecklistItem].self, forKey: "Items")
        iconName = try coder.decode(String.self, forKey: "IconName")
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name.isIdentical(to: rhs.name) && lhs.items == rhs.items && lhs.iconName.isIdentical(to: rhs.iconName)
    }

    var description: String {
        "Checklist(\(name.debugDescription), icon \(iconName.debugDescription), \(items.count) items)"
    }
}

/// The whole `Checklists.plist` of SPEC §4: the `$top` keys `Checklists`, `ChecklistIndex`, `ChecklistItemID`.
struct ArchivableChecklistFile: Equatable, CustomStringConvertible {
    var checklists: [ArchivableChecklist]
    var index: Int
    var nextItemID: Int

    /// The archive bytes our `KeyedArchiver` writes.
    func archived() -> [UInt8] {
        KeyedArchiver.archive(encodeTop)
    }

    /// Encodes the `$top` keys.
    func encodeTop(_ coder: inout KeyedEncoder) {
        coder.encode(checklists, forKey: "Checklists")
        coder.encode(index, forKey: "ChecklistIndex")
        coder.encode(nextItemID, forKey: "ChecklistItemID")
    }

    init(checklists: [ArchivableChecklist], index: Int, nextItemID: Int) {
        self.checklists = checklists
        self.index = index
        self.nextItemID = nextItemID
    }

    /// Decodes an archive with our `KeyedUnarchiver`.
    init(archive bytes: [UInt8]) throws(KeyedArchiveError) {
        let top = try KeyedUnarchiver(bytes: bytes).topLevel
        checklists = try top.decode([ArchivableChecklist].self, forKey: "Checklists")
        index = try top.decode(Int.self, forKey: "ChecklistIndex")
        nextItemID = try top.decode(Int.self, forKey: "ChecklistItemID")
    }

    /// Every string the archive holds as an object (names, icon names, texts), by exact scalars.
    var distinctStrings: Set<[Unicode.Scalar]> {
        var strings = Set<[Unicode.Scalar]>()
        for checklist in checklists {
            strings.insert(Array(checklist.name.unicodeScalars))
            strings.insert(Array(checklist.iconName.unicodeScalars))
            for item in checklist.items { strings.insert(Array(item.text.unicodeScalars)) }
        }
        return strings
    }

    /// The first difference from `other`, for failure messages.
    func firstDifference(from other: Self) -> String? {
        if index != other.index { return "ChecklistIndex \(index) became \(other.index)" }
        if nextItemID != other.nextItemID { return "ChecklistItemID \(nextItemID) became \(other.nextItemID)" }
        if checklists.count != other.checklists.count {
            return "\(checklists.count) checklists became \(other.checklists.count)"
        }
        for (number, (left, right)) in zip(checklists, other.checklists).enumerated() where left != right {
            if !left.name.isIdentical(to: right.name) || !left.iconName.isIdentical(to: right.iconName)
                || left.items.count != right.items.count
            {
                return "checklist \(number): \(left) became \(right)"
            }
            for (position, (leftItem, rightItem)) in zip(left.items, right.items).enumerated()
            where leftItem != rightItem {
                return "checklist \(number) item \(position): \(leftItem) became \(rightItem)"
            }
        }
        return nil
    }

    var description: String {
        "ChecklistFile(\(checklists.count) checklists, index \(index), next ID \(nextItemID))"
    }
}
