import Foundation

/// The iOS app's `ChecklistItem` as an `NSSecureCoding` class (see `FoundationChecklist`).
open class FoundationChecklistItem: NSObject, NSSecureCoding {
    open class var supportsSecureCoding: Bool { true }

    public let text: String
    public let checked: Bool
    public let dueDate: Date
    public let shouldRemind: Bool
    public let itemID: Int
    public let hasDueDate: Bool
    /// The `Tags` key (SPEC §4's array of strings), which the app does not know: read as an
    /// `NSArray` of `NSString`s, `nil` when absent or of another shape.
    public private(set) var tags: [String]?

    /// An item with these fields.
    public required init(
        text: String, checked: Bool, dueDate: Date, shouldRemind: Bool, itemID: Int, hasDueDate: Bool
    ) {
        self.text = text
        self.checked = checked
        self.dueDate = dueDate
        self.shouldRemind = shouldRemind
        self.itemID = itemID
        self.hasDueDate = hasDueDate
    }

    open func encode(with coder: NSCoder) {
        coder.encode(text, forKey: "Text")
        coder.encode(checked, forKey: "Checked")
        coder.encode(dueDate as NSDate, forKey: "DueDate")
        coder.encode(shouldRemind, forKey: "ShouldRemind")
        coder.encode(itemID, forKey: "ItemID")
        coder.encode(hasDueDate, forKey: "HasDueDate")
    }

    /// Decodes as the app does: every key must be present (a missing one would otherwise decode
    /// as false or 0), the text a string and the due date a date.
    public required init?(coder: NSCoder) {
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
        if coder.containsValue(forKey: "Tags") {
            tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "Tags") as? [String]
        }
    }
}
