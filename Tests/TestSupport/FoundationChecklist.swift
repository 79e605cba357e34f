import Foundation

/// The iOS app's `Checklist` as an `NSSecureCoding` class, so that Foundation's archiver and
/// unarchiver are the oracle for what the app writes and takes.
open class FoundationChecklist: NSObject, NSSecureCoding {
    open class var supportsSecureCoding: Bool { true }

    public let name: String
    public let items: [FoundationChecklistItem]
    public let iconName: String

    /// A checklist with these fields.
    public init(name: String, items: [FoundationChecklistItem], iconName: String) {
        self.name = name
        self.items = items
        self.iconName = iconName
    }

    open func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "Name")
        coder.encode(items, forKey: "Items")
        coder.encode(iconName, forKey: "IconName")
    }

    /// Decodes as the app does: each field must be there with its type.
    public required init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: NSString.self, forKey: "Name"),
            let items = coder.decodeObject(of: [NSArray.self, FoundationChecklistItem.self], forKey: "Items")
                as? [FoundationChecklistItem],
            let iconName = coder.decodeObject(of: NSString.self, forKey: "IconName")
        else { return nil }
        self.name = name as String
        self.items = items
        self.iconName = iconName as String
    }
}
