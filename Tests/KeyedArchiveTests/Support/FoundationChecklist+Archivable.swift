import Foundation

/// The iOS app's `ChecklistItem` as an `NSSecureCoding` class, so Foundation's archiver is the oracle.
class TestChecklistItem: NSObject, NSSecureCoding {
    class var supportsSecureCoding: Bool { true }

    let text: String
    let checked: Bool
    let dueDate: Date
    let shouldRemind: Bool
    let itemID: Int
    let hasDueDate: Bool

    required init(_ item: ArchivableChecklistItem) {
        text = item.text
        checked = item.checked
        dueDate = Date(timeIntervalSinceReferenceDate: item.dueDate)
        shouldRemind = item.shouldRemind
        itemID = item.itemID
        hasDueDate = item.hasDueDate
    }

    func encode(with coder: NSCoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
        coder.encode(dueDate as NSDate, forKey: "DueDate")
        coder.encode(shouldRemind, forKey: "ShouldRemind")
        coder.encode(itemID, forKey: "ItemID")
        coder.encode(hasDueDate, forKey: "HasDueDate")
    }

    required init?(coder: NSCoder) {
        // Every key must be present: a missing one would otherwise decode as false or 0.
        let keys = ["Text", "Checked", "DueDate", "ShouldRemind", "ItemID", "HasDueDate"]
        guard keys.allSatisfy({ coder.containsValue(forKey: $0) }),
            let text = coder.decodeObject(of: NSString.self, forKey: "Text"),
            let dueDate = coder.decodeObject(of: NSDate.self, forKey: "DueDate")
        else { return nil }
        self.text = text as String
        self.dueDate = dueDate as Date
        checked = coder.decodeBool(forKey: "Checked")
        shouldRemind = coder.decodeBool(forKey: "ShouldRemind")
        itemID = coder.decodeInteger(forKey: "ItemID")
        hasDueDate = coder.decodeBool(forKey: "HasDueDate")
    }

    var model: ArchivableChecklistItem {
        ArchivableChecklistItem(
            text: text, checked: checked, dueDate: dueDate.timeIntervalSinceReferenceDate,
            shouldRemind: shouldRemind, itemID: itemID, hasDueDate: hasDueDate)
    }
}

/// The iOS app's `Checklist` as an `NSSecureCoding` class.
class TestChecklist: NSObject, NSSecureCoding {
    class var supportsSecureCoding: Bool { true }

    let name: String
    let items: [TestChecklistItem]
    let iconName: String

    init(_ checklist: ArchivableChecklist, itemClass: TestChecklistItem.Type = TestChecklistItem.self) {
        name = checklist.name
        items = checklist.items.map { itemClass.init($0) }
        iconName = checklist.iconName
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        coder.encode(iconName, forKey: "IconName")
    }

    required init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "Name"),
            let items = coder.decodeObject(of: [NSArray.self, TestChecklistItem.self], forKey: "Items")
                as? [TestChecklistItem],
            let iconName = coder.decodeObject(of: NSString.self, forKey: "IconName")
        else { return nil }
        self.name = name as String
        self.items = items
        self.iconName = iconName as String
    }

    var model: ArchivableChecklist {
        ArchivableChecklist(name: name, items: items.map(\.model), iconName: iconName)
    }
}

/// A subclass whose Foundation class name, `KeyedArchiveTests.Checklist`, has another module prefix
/// and a three-class `$classes` chain (Foundation on Linux rejects nested classes).
final class Checklist: TestChecklist {}

/// A subclass archived by Foundation as `KeyedArchiveTests.ChecklistItem`.
final class ChecklistItem: TestChecklistItem {}
