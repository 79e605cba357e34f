import BenchModel
import ChecklistKit
import Foundation

// The same model as NSObject/NSCoding classes, the way the iOS app writes it, for Foundation's
// NSKeyedArchiver and NSKeyedUnarchiver: the reference the KeyedArchive figures are compared to.

/// `Checklists.ChecklistItem` as an NSCoding class.
final class FoundationChecklistItem: NSObject, NSCoding {
    let text: String
    let checked: Bool
    let dueDate: Date
    let shouldRemind: Bool
    let itemID: Int
    let hasDueDate: Bool

    init(_ item: ChecklistItem) {
        text = item.text
        checked = item.checked
        dueDate = Date(timeIntervalSinceReferenceDate: item.archivedDate)
        shouldRemind = item.shouldRemind
        itemID = item.itemID
        hasDueDate = item.hasDueDate
    }

    func encode(with coder: NSCoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
        coder.encode(dueDate, forKey: "DueDate")
        coder.encode(shouldRemind, forKey: "ShouldRemind")
        coder.encode(itemID, forKey: "ItemID")
        coder.encode(hasDueDate, forKey: "HasDueDate")
    }

    init?(coder: NSCoder) {
        guard let text = coder.decodeObject(forKey: "Text") as? String else { return nil }
        self.text = text
        checked = coder.decodeBool(forKey: "Checked")
        dueDate = coder.decodeObject(forKey: "DueDate") as? Date ?? Date(timeIntervalSinceReferenceDate: 0)
        shouldRemind = coder.decodeBool(forKey: "ShouldRemind")
        itemID = coder.containsValue(forKey: "ItemID") ? coder.decodeInteger(forKey: "ItemID") : -1
        hasDueDate = coder.containsValue(forKey: "HasDueDate") ? coder.decodeBool(forKey: "HasDueDate") : shouldRemind
    }
}

/// `Checklists.Checklist` as an NSCoding class.
final class FoundationChecklist: NSObject, NSCoding {
    let name: String
    let items: [FoundationChecklistItem]
    let iconName: String

    init(_ list: Checklist) {
        name = list.name
        items = list.items.map(FoundationChecklistItem.init)
        iconName = list.iconName
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        coder.encode(iconName, forKey: "IconName")
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "Name") as? String,
            let items = coder.decodeObject(forKey: "Items") as? [FoundationChecklistItem]
        else { return nil }
        self.name = name
        self.items = items
        iconName = coder.decodeObject(forKey: "IconName") as? String ?? "No Icon"
    }
}

/// The whole file as Foundation objects, archived with NSKeyedArchiver.
struct FoundationDocument {
    let checklists: [FoundationChecklist]
    let checklistIndex: Int
    let nextItemID: Int

    init(_ document: ChecklistBook) {
        checklists = document.checklists.map(FoundationChecklist.init)
        checklistIndex = document.currentIndex ?? -1
        nextItemID = document.nextItemID
    }

    /// Encodes the document with `NSKeyedArchiver` under the app's class names.
    func archived() -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.setClassName("Checklists.Checklist", for: FoundationChecklist.self)
        archiver.setClassName("Checklists.ChecklistItem", for: FoundationChecklistItem.self)
        archiver.encode(checklists, forKey: "Checklists")
        archiver.encode(checklistIndex, forKey: "ChecklistIndex")
        archiver.encode(nextItemID, forKey: "ChecklistItemID")
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// Decodes a Checklists.plist archive with `NSKeyedUnarchiver`; returns the item count.
    static func decodedItemCount(_ data: Data) -> Int {
        guard let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data) else { return -1 }
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(FoundationChecklist.self, forClassName: "Checklists.Checklist")
        unarchiver.setClass(FoundationChecklistItem.self, forClassName: "Checklists.ChecklistItem")
        guard let lists = unarchiver.decodeObject(forKey: "Checklists") as? [FoundationChecklist] else { return -1 }
        _ = unarchiver.decodeInteger(forKey: "ChecklistIndex")
        _ = unarchiver.decodeInteger(forKey: "ChecklistItemID")
        unarchiver.finishDecoding()
        return lists.reduce(0) { $0 + $1.items.count }
    }
}
