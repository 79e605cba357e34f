import Foundation
import TestSupport
import Testing

/// One-shot changes of files this program did not write: each is loaded whole and written whole,
/// with the class names of SPEC §4, so the iOS app (Foundation) reads every checklist and item.
struct ForeignFileTests {
    /// The module prefixes of the class names the files are written with: the app's, none, another.
    static let prefixes = ["Checklists.", "", "MyApp."]

    /// The one-shot changes made to each file, each of a fresh copy.
    static let changes: [[String]] = [
        ["add", "x"], ["check", "1"], ["rename", "Food"], ["new", "Zed"], ["use", "Trips"], ["delete", "2"],
        ["icon", "Trips"], ["edit", "#4", "Visa"],
    ]

    /// The checklists the files hold, as Foundation reads them back.
    static let expected: [ExportedChecklists.List] = [
        .init(
            name: "Groceries",
            items: [
                .init(itemID: 0, text: "Milk", checked: false), .init(itemID: 1, text: "Eggs", checked: true),
                .init(itemID: 2, text: "Bread", checked: false),
            ]),
        .init(
            name: "Trips",
            items: [
                .init(itemID: 3, text: "Tickets", checked: false), .init(itemID: 4, text: "Passport", checked: false),
            ]
        ),
    ]

    /// The file Foundation's `NSKeyedArchiver` writes for `expected`, its classes named `prefix`
    /// + `Checklist` and `ChecklistItem` (Foundation on Linux names them after their Swift module:
    /// the names are changed in the property list, which Foundation writes again).
    static func foundationFile(prefix: String) throws -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let lists = expected.map { list in
            FoundationChecklist(
                name: list.name,
                items: list.items.map {
                    FoundationChecklistItem(
                        text: $0.text, checked: $0.checked, dueDate: Date(timeIntervalSinceReferenceDate: 0),
                        shouldRemind: false, itemID: $0.itemID, hasDueDate: false)
                }, iconName: "No Icon")
        }
        archiver.encode(lists, forKey: "Checklists")
        archiver.encode(0, forKey: "ChecklistIndex")
        archiver.encode(5, forKey: "ChecklistItemID")
        archiver.finishEncoding()
        var plist = try #require(
            try PropertyListSerialization.propertyList(from: archiver.encodedData, format: nil) as? [String: Any])
        let renamed = try #require(plist["$objects"] as? [Any]).map { object -> Any in
            guard var info = object as? [String: Any], let name = info["$classname"] as? String else { return object }
            let rename = { (name: String) in
                name.replacingOccurrences(of: "TestSupport.Foundation", with: prefix)
            }
            info["$classname"] = rename(name)
            info["$classes"] = (info["$classes"] as? [String])?.map(rename)
            return info
        }
        plist["$objects"] = renamed
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// The class names of the archive at `path`.
    static func classNames(_ path: String) throws -> Set<String> {
        let data = try Data(contentsOf: URL(filePath: path))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(plist["$objects"] as? [Any])
        return Set(objects.compactMap { ($0 as? [String: Any])?["$classname"] as? String })
    }

    @Test(arguments: prefixes)
    func aOneShotChangeOfAFoundationFileIsReadWholeByFoundation(prefix: String) throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        try FileManager.default.createDirectory(atPath: cli.dataFolder, withIntermediateDirectories: true)
        let file = try Self.foundationFile(prefix: prefix)
        for change in Self.changes {
            try file.write(to: URL(filePath: cli.dataFile))
            #expect(try cli.exported().lists == Self.expected, "\(prefix): the file as written")
            try file.write(to: URL(filePath: cli.dataFile))
            let outcome = try cli.run(change)
            #expect(outcome.status == 0, "\(prefix) \(change): \(outcome.stderr)")
            // Foundation, as the iOS app, reads every checklist and item the program reads.
            let read = try FoundationReader.read(cli.dataFile)
            #expect(read == (try cli.exported().lists), "\(prefix) \(change)")
            #expect(read.flatMap(\.items).count >= 4, "\(prefix) \(change)")
            let names = try Self.classNames(cli.dataFile)
            #expect(
                names.isSubset(of: ["Checklists.Checklist", "Checklists.ChecklistItem", "NSArray", "NSDate"]),
                "\(prefix) \(change): \(names)")
        }
    }
}
