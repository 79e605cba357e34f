import Foundation

/// The iOS app's later data file: its model as Swift `Codable`, written by `PropertyListEncoder`.
struct CodableChecklist: Codable {
    var name: String
    var items: [CodableChecklistItem]
    var iconName: String
}

/// An item of the iOS app's `Codable` model.
struct CodableChecklistItem: Codable {
    var text: String
    var checked: Bool
    var dueDate: Date
    var shouldRemind: Bool
    var itemID: Int
}

extension Array where Element == CodableChecklist {
    /// The property list `PropertyListEncoder` writes for these checklists.
    func encoded(as format: PropertyListSerialization.PropertyListFormat) throws -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        return [UInt8](try encoder.encode(self))
    }
}
