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

extension FoundationChecklist {
    /// Why Foundation could not read an archive.
    public struct ReadFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The checklists of the archive `bytes` as Foundation's `NSKeyedUnarchiver` reads them, with
    /// the iOS app's class names: the oracle that a file is one the app takes.
    public static func unarchived(from bytes: [UInt8]) throws -> [FoundationChecklist] {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.setClass(FoundationChecklist.self, forClassName: "Checklists.Checklist")
        unarchiver.setClass(FoundationChecklistItem.self, forClassName: "Checklists.ChecklistItem")
        defer { unarchiver.finishDecoding() }
        guard let lists = unarchiver.decodeObject(forKey: "Checklists") as? [FoundationChecklist] else {
            throw ReadFailure(description: "Foundation could not decode: \(String(describing: unarchiver.error))")
        }
        return lists
    }

    /// The checklist's fields as text, to compare what two files hold.
    public var summary: String {
        let lines = items.map { item in
            "\(item.itemID) \(item.text) \(item.checked) \(item.dueDate.timeIntervalSinceReferenceDate)"
                + " \(item.shouldRemind) \(item.hasDueDate)"
        }
        return ([name, iconName] + lines).joined(separator: "\n")
    }
}
