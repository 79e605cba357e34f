import Foundation
import TestSupport

/// Reads a data file with Foundation's `NSKeyedUnarchiver`, as the iOS app would: the oracle that
/// a file written by sync and merge is still an archive Apple's code takes.
enum FoundationReader {
    /// The checklists of the archive at `path` as `(name, [(itemID, text, checked)])`.
    static func read(_ path: String) throws -> [ExportedChecklists.List] {
        let data = try Data(contentsOf: URL(filePath: path))
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.setClass(FoundationChecklist.self, forClassName: "Checklists.Checklist")
        unarchiver.setClass(FoundationChecklistItem.self, forClassName: "Checklists.ChecklistItem")
        defer { unarchiver.finishDecoding() }
        guard let lists = unarchiver.decodeObject(forKey: "Checklists") as? [FoundationChecklist] else {
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
