import Foundation

/// Reads a data file with Foundation's `NSKeyedUnarchiver`, as the iOS app would: the oracle that
/// a file written by sync and merge is still an archive Apple's code takes.
enum FoundationReader {
    /// An item as the iOS app's class decodes it.
    final class Item: NSObject, NSCoding {
        let text: String
        let checked: Bool
        let itemID: Int

        func encode(with coder: NSCoder) {}

        init?(coder: NSCoder) {
            // The iOS app force-casts these: each must be there with its type.
            guard let text = coder.decodeObject(forKey: "Text") as? String,
                coder.decodeObject(forKey: "DueDate") is Date
            else { return nil }
            self.text = text
            checked = coder.decodeBool(forKey: "Checked")
            itemID = coder.decodeInteger(forKey: "ItemID")
        }
    }

    /// A checklist as the iOS app's class decodes it.
    final class List: NSObject, NSCoding {
        let name: String
        let items: [Item]

        func encode(with coder: NSCoder) {}

        init?(coder: NSCoder) {
            guard let name = coder.decodeObject(forKey: "Name") as? String,
                let items = coder.decodeObject(forKey: "Items") as? [Item],
                coder.decodeObject(forKey: "IconName") is String
            else { return nil }
            self.name = name
            self.items = items
        }
    }

    /// The checklists of the archive at `path` as `(name, [(itemID, text, checked)])`.
    static func read(_ path: String) throws -> [ExportedChecklists.List] {
        let data = try Data(contentsOf: URL(filePath: path))
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.setClass(List.self, forClassName: "Checklists.Checklist")
        unarchiver.setClass(Item.self, forClassName: "Checklists.ChecklistItem")
        defer { unarchiver.finishDecoding() }
        guard let lists = unarchiver.decodeObject(forKey: "Checklists") as? [List] else {
            throw ExportedChecklists.Failure(
                message: "Foundation could not decode \(path): \(String(describing: unarchiver.error))")
        }
        return lists.map { list in
            ExportedChecklists.List(
                name: list.name,
                items: list.items.map { .init(itemID: $0.itemID, text: $0.text, checked: $0.checked) })
        }
    }
}
