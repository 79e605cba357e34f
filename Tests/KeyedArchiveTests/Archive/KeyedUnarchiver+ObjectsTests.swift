import KeyedArchive
import TestSupport
import Testing

/// Objects reached by UID (`decoder(forObject:of:)`, `decode(_:objects:)`, `objectUID`,
/// `arrayElementUIDs`) agree with decoding through `$top`.
struct KeyedUnarchiverObjectsTests {
    /// The checklists of `bytes` loaded by UID: the array's element UIDs, a decoder per checklist,
    /// its items decoded with `decode(_:objects:)`.
    static func loadedByUID(_ bytes: [UInt8]) throws -> [ArchivableChecklist] {
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let lists = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists"))
        return try lists.map { list in
            let decoder = try unarchiver.decoder(forObject: list, of: ArchivableChecklist.archivedClass)
            let items = try #require(try decoder.arrayElementUIDs(forKey: "Items"))
            return ArchivableChecklist(
                name: try decoder.decode(String.self, forKey: "Name"),
                items: try unarchiver.decode(ArchivableChecklistItem.self, objects: items),
                iconName: try decoder.decode(String.self, forKey: "IconName"))
        }
    }

    @Test(arguments: [false, true])
    func loadingByUIDGivesTheDecodedChecklists(xml: Bool) throws {
        var random = SplitMix64(seed: xml ? 0x0B1 : 0x0B2)
        for _ in 0..<30 {
            var file = RandomChecklists.file(using: &random)
            file.checklists = file.checklists.map { checklist in
                var checklist = checklist
                checklist.name = String(checklist.name.unicodeScalars.count)
                checklist.items = checklist.items.map { item in
                    var item = item
                    if xml { item.text = "text \(item.itemID)" }
                    return item
                }
                return checklist
            }
            var bytes = file.archived()
            if xml { bytes = HandmadeArchive.xml(try PropertyListReader.read(bytes)) }
            let decoded = try ArchivableChecklistFile(archive: bytes)
            #expect(try Self.loadedByUID(bytes) == decoded.checklists)
        }
    }

    typealias Damage = KeyedUnarchiverSkimDamageTests
    typealias UID = KeyedUnarchiverSkimDamageTests.UID

    @Test(arguments: [false, true])
    func decoderForObjectChecksTheClass(xml: Bool) throws {
        let unarchiver = try KeyedUnarchiver(bytes: Damage.archive(item: Damage.validItem, xml: xml))
        #expect(throws: KeyedArchiveError.unexpectedClass(expected: "Checklist", found: "Checklists.ChecklistItem")) {
            try unarchiver.decoder(forObject: UID.item, of: SkimmableChecklist.archivedClass)
        }
        // Any module prefix, as decoding matches names.
        let other = ArchivedClass(name: "OtherApp.ChecklistItem")
        #expect(try unarchiver.decoder(forObject: UID.item, of: other).decode(Int.self, forKey: "ItemID") == 7)
        #expect(throws: KeyedArchiveError.self) { try unarchiver.decoder(forObject: UID.text, of: other) }
        #expect(throws: KeyedArchiveError.danglingReference(99, objectCount: 13)) {
            try unarchiver.decoder(forObject: 99, of: other)
        }
        #expect(throws: KeyedArchiveError.self) {
            try unarchiver.decode(SkimmableItem.self, objects: [UID.item, UID.checklist])
        }
        #expect(try unarchiver.decode(SkimmableItem.self, objects: [UID.item, UID.item]).map(\.itemID) == [7, 7])
    }
}
