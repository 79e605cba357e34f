import KeyedArchive
import TestSupport
import Testing

/// `objectUID(forKey:)` and `arrayElementUIDs(forKey:)`: references read as decoding reads them,
/// nothing they name decoded.
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
}
