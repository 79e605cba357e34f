import KeyedArchive
import TestSupport
import Testing

/// `objectUID(forKey:)`, `arrayElementUIDs(forKey:)` and `arrayElementCount(forKey:)`: references
/// read as decoding reads them, nothing they name decoded.
struct KeyedDecoderObjectsTests {
    typealias Damage = KeyedUnarchiverSkimDamageTests
    typealias UID = KeyedUnarchiverSkimDamageTests.UID

    @Test func objectUIDReadsReferencesAndRejectsOtherValues() throws {
        let bytes = Damage.archive(
            item: Damage.item("Checked", .uid(0)) + [("Count", .integer(3)), ("Ghost", .uid(99))], xml: false)
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let item = try unarchiver.decoder(forObject: UID.item, of: SkimmableItem.archivedClass)
        #expect(try item.objectUID(forKey: "Text") == UID.text)
        #expect(try item.objectUID(forKey: "DueDate") == UID.date)
        #expect(try item.objectUID(forKey: "Checked") == 0)
        #expect(try item.objectUID(forKey: "Missing") == nil)
        #expect(throws: KeyedArchiveError.typeMismatch(key: "Count", expected: "an object reference", found: "integer"))
        {
            try item.objectUID(forKey: "Count")
        }
        #expect(throws: KeyedArchiveError.danglingReference(99, objectCount: 13)) {
            try item.objectUID(forKey: "Ghost")
        }
    }

    @Test(arguments: [false, true])
    func arrayElementUIDsCheckTheArrayAsDecodingDoes(xml: Bool) throws {
        let valid = try KeyedUnarchiver(bytes: Damage.archive(item: Damage.validItem, xml: xml))
        let checklist = try valid.decoder(forObject: UID.checklist, of: SkimmableChecklist.archivedClass)
        #expect(try checklist.arrayElementUIDs(forKey: "Items") == [UID.item])
        #expect(try checklist.arrayElementUIDs(forKey: "Nothing") == nil)
        // Not an array: the name string, and the checklist's own class is not NSArray.
        #expect(throws: KeyedArchiveError.self) { try checklist.arrayElementUIDs(forKey: "Name") }
        let dangling = try KeyedUnarchiver(
            bytes: Damage.archive(item: Damage.validItem, elements: [UID.item, 99], xml: xml))
        let damaged = try dangling.decoder(forObject: UID.checklist, of: SkimmableChecklist.archivedClass)
        #expect(throws: KeyedArchiveError.danglingReference(99, objectCount: 13)) {
            try damaged.arrayElementUIDs(forKey: "Items")
        }
        #expect(throws: KeyedArchiveError.self) { try damaged.decode([SkimmableItem].self, forKey: "Items") }
    }

    @Test(arguments: [false, true])
    func arrayElementCountChecksTheArrayButNotItsElements(xml: Bool) throws {
        let three = try KeyedUnarchiver(
            bytes: Damage.archive(item: Damage.validItem, elements: [UID.item, UID.text, UID.item], xml: xml))
        let checklist = try three.decoder(forObject: UID.checklist, of: SkimmableChecklist.archivedClass)
        #expect(try checklist.arrayElementCount(forKey: "Items") == 3)
        #expect(try checklist.arrayElementCount(forKey: "Nothing") == nil)
        #expect(throws: KeyedArchiveError.self) { try checklist.arrayElementCount(forKey: "Name") }
        // A dangling element is not looked at: only reading the elements finds it.
        let dangling = try KeyedUnarchiver(
            bytes: Damage.archive(item: Damage.validItem, elements: [UID.item, 99], xml: xml))
        let damaged = try dangling.decoder(forObject: UID.checklist, of: SkimmableChecklist.archivedClass)
        #expect(try damaged.arrayElementCount(forKey: "Items") == 2)
        #expect(throws: KeyedArchiveError.self) { try damaged.arrayElementUIDs(forKey: "Items") }
    }

    @Test func arrayElementCountIsTheNumberOfElementUIDs() throws {
        var random = SplitMix64(seed: 0xC0_0A7)
        for _ in 0..<20 {
            let checklists = SkimmableChecklist.randomFile(using: &random)
            let unarchiver = try KeyedUnarchiver(bytes: SkimmableChecklist.archive(checklists))
            let lists = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists"))
            for (list, checklist) in zip(lists, checklists) {
                let decoder = try unarchiver.decoder(forObject: list, of: SkimmableChecklist.archivedClass)
                #expect(try decoder.arrayElementCount(forKey: "Items") == checklist.items.count)
                #expect(try decoder.arrayElementUIDs(forKey: "Items")?.count == checklist.items.count)
            }
        }
    }
}
