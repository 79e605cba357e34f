import Foundation
import TestSupport

/// Foundation's `NSKeyedArchiver` / `NSKeyedUnarchiver` driven as an oracle for checklist files.
enum FoundationArchiving {
    /// Why Foundation could not produce or read what a test asked for.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Registers the class names of SPEC §4 once for the whole process (registration is global).
    ///
    /// On Linux, `NSKeyedArchiver.setClassName(_:for:)` stores the name under the metatype's
    /// description but looks it up under the class's, so Foundation keeps writing its own class
    /// names (`TestSupport.FoundationChecklist`); `renamingClasses` gives archives other names.
    static let registered: Bool = {
        NSKeyedArchiver.setClassName("Checklists.Checklist", for: FoundationChecklist.self)
        NSKeyedArchiver.setClassName("Checklists.ChecklistItem", for: FoundationChecklistItem.self)
        NSKeyedUnarchiver.setClass(FoundationChecklist.self, forClassName: "Checklists.Checklist")
        NSKeyedUnarchiver.setClass(FoundationChecklistItem.self, forClassName: "Checklists.ChecklistItem")
        return true
    }()

    /// Foundation's archive of `file`, with the `$top` keys written through the archiver itself.
    ///
    /// With `subclassed`, the objects are instances of the subclasses `Checklist` / `ChecklistItem`,
    /// which Foundation names `KeyedArchiveTests.Checklist` with a three-class chain.
    static func archive(_ file: ArchivableChecklistFile, subclassed: Bool = false) -> [UInt8] {
        _ = registered
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let checklists: [FoundationChecklist] = file.checklists.map { checklist in
            subclassed
                ? Checklist(checklist, itemClass: ChecklistItem.self)
                : FoundationChecklist(checklist)
        }
        archiver.encode(checklists, forKey: "Checklists")
        archiver.encode(file.index, forKey: "ChecklistIndex")
        archiver.encode(file.nextItemID, forKey: "ChecklistItemID")
        archiver.finishEncoding()
        return [UInt8](archiver.encodedData)
    }

    /// Decodes a checklist archive with `NSKeyedUnarchiver`, class names mapped per instance.
    static func unarchive(_ bytes: [UInt8]) throws -> ArchivableChecklistFile {
        _ = registered
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        for prefix in ["Checklists.", "MyApp.", ""] {
            unarchiver.setClass(FoundationChecklist.self, forClassName: prefix + "Checklist")
            unarchiver.setClass(FoundationChecklistItem.self, forClassName: prefix + "ChecklistItem")
        }
        defer { unarchiver.finishDecoding() }
        guard let checklists = unarchiver.decodeObject(forKey: "Checklists") as? [FoundationChecklist] else {
            throw Failure(
                description: "Foundation could not decode Checklists: \(String(describing: unarchiver.error))")
        }
        guard unarchiver.containsValue(forKey: "ChecklistIndex"), unarchiver.containsValue(forKey: "ChecklistItemID")
        else { throw Failure(description: "ChecklistIndex or ChecklistItemID is missing") }
        return ArchivableChecklistFile(
            checklists: checklists.map(\.model),
            index: unarchiver.decodeInteger(forKey: "ChecklistIndex"),
            nextItemID: unarchiver.decodeInteger(forKey: "ChecklistItemID"))
    }

    /// The property list of `bytes` as Foundation's `PropertyListSerialization` reads it.
    static func propertyList(_ bytes: [UInt8]) throws -> [String: Any] {
        let tree = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        guard let dictionary = tree as? [String: Any] else { throw Failure(description: "not a dictionary") }
        return dictionary
    }

    /// Rewrites the class names of a binary archive in place, leaving every other byte as Foundation wrote it.
    ///
    /// (A round trip through `PropertyListSerialization` would not do: on Linux its writer merges
    /// canonically equivalent strings such as "Café" and "Cafe\u{301}".)
    static func renamingClasses(in bytes: [UInt8], _ rename: (String) -> String) throws -> [UInt8] {
        guard let layout = BinaryPropertyListLayout(bytes) else { throw Failure(description: "not a binary plist") }
        return layout.replacingStrings { string in
            let renamed = rename(string)
            return renamed == string ? nil : renamed
        }
    }
}

extension ArchivableChecklistFile {
    /// Whether two different strings of the file are canonically equivalent ("é" and "e\u{301}").
    var hasCanonicallyEquivalentTwins: Bool {
        let strings = distinctStrings.map { scalars in
            var string = ""
            string.unicodeScalars.append(contentsOf: scalars)
            return string
        }
        return Set(strings).count != strings.count
    }

    /// The file with every string in Unicode normalization form C.
    var precomposed: ArchivableChecklistFile {
        var file = self
        file.checklists = file.checklists.map(\.precomposed)
        return file
    }
}

extension ArchivableChecklist {
    /// The checklist with every string in Unicode normalization form C.
    var precomposed: ArchivableChecklist {
        var list = self
        list.name = list.name.precomposedStringWithCanonicalMapping
        list.iconName = list.iconName.precomposedStringWithCanonicalMapping
        for item in list.items.indices {
            list.items[item].text = list.items[item].text.precomposedStringWithCanonicalMapping
        }
        return list
    }
}
