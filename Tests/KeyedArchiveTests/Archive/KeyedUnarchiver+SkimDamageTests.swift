import KeyedArchive
import TestSupport
import Testing

/// Damaged items: wherever decoding them throws, the skim throws too; the unusual shapes decoding
/// accepts, the skim accepts with the same IDs. Binary and XML alike.
struct KeyedUnarchiverSkimDamageTests {
    /// UIDs of the objects `archive` lays out.
    enum UID {
        static let itemClass: UInt64 = 1
        static let arrayClass: UInt64 = 2
        static let dateClass: UInt64 = 3
        static let checklistClass: UInt64 = 4
        static let date: UInt64 = 5
        static let text: UInt64 = 6
        static let name: UInt64 = 7
        static let icon: UInt64 = 8
        static let item: UInt64 = 9
        static let items: UInt64 = 10
        static let checklist: UInt64 = 11
        /// The first of the `extra` objects.
        static let extra: UInt64 = 13
    }

    /// The fields of a valid item.
    static let validItem: [(String, PropertyList)] = [
        ("$class", .uid(UID.itemClass)), ("Text", .uid(UID.text)), ("Checked", .bool(true)),
        ("DueDate", .uid(UID.date)),
        ("ItemID", .integer(7)), ("HasDueDate", .bool(false)),
    ]

    /// A one-checklist file whose single item has `item` as its fields, `extra` objects from
    /// `UID.extra` on, and `elements` as the checklist's `Items`.
    static func archive(
        item: [(String, PropertyList)],
        extra: [PropertyList] = [],
        elements: [UInt64] = [UID.item],
        text: String = "Milk",
        xml: Bool
    ) -> [UInt8] {
        let objects: [PropertyList] = [
            .string("$null"), HandmadeArchive.classDictionary("Checklists.ChecklistItem"),
            HandmadeArchive.classDictionary("NSArray"), HandmadeArchive.classDictionary("NSDate"),
            HandmadeArchive.classDictionary("Checklists.Checklist"),
            HandmadeArchive.object(class: UID.dateClass, [("NS.time", .real(700_000_000))]),
            .string(text), .string("Groceries"), .string("Folder"),
            .dictionary(PropertyListDictionary(item)),
            HandmadeArchive.array(class: UID.arrayClass, elements),
            HandmadeArchive.object(
                class: UID.checklistClass,
                [("Name", .uid(UID.name)), ("Items", .uid(UID.items)), ("IconName", .uid(UID.icon))]),
            HandmadeArchive.array(class: UID.arrayClass, [UID.checklist]),
        ]
        let tree = HandmadeArchive.tree(objects: objects + extra, top: [("Checklists", .uid(12))])
        return xml ? HandmadeArchive.xml(tree) : BinaryPropertyListWriter.write(tree)
    }

    /// The valid item with `key` set to `value` (added when absent), or removed when `value` is `nil`.
    static func item(_ key: String, _ value: PropertyList?) -> [(String, PropertyList)] {
        var fields = validItem.filter { $0.0 != key }
        if let value { fields.append((key, value)) }
        return fields
    }

    /// One damaged or unusual item.
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var item: [(String, PropertyList)]
        var extra: [PropertyList] = []
        var elements: [UInt64] = [UID.item]
    }

    static let damages: [Case] = [
        Case(description: "no $class", item: item("$class", nil)),
        Case(description: "$class is a string", item: item("$class", .uid(UID.text))),
        Case(description: "$class is the checklist's", item: item("$class", .uid(UID.checklistClass))),
        Case(description: "$class dangles", item: item("$class", .uid(99))),
        Case(description: "no Text", item: item("Text", nil)),
        Case(description: "Text is an integer", item: item("Text", .integer(3))),
        Case(description: "Text is a date object", item: item("Text", .uid(UID.date))),
        Case(description: "Text dangles", item: item("Text", .uid(99))),
        Case(description: "Text is the item itself", item: item("Text", .uid(UID.item))),
        Case(
            description: "Text is an NSString of a number", item: item("Text", .uid(UID.extra)),
            extra: [HandmadeArchive.object(class: UID.arrayClass, [("NS.string", .integer(1))])]),
        Case(description: "Checked is a string", item: item("Checked", .string("yes"))),
        Case(description: "Checked is 2", item: item("Checked", .integer(2))),
        Case(description: "Checked is a string object", item: item("Checked", .uid(UID.text))),
        Case(description: "Checked is a date object", item: item("Checked", .uid(UID.date))),
        Case(description: "ShouldRemind is a real", item: item("ShouldRemind", .real(1))),
        Case(description: "HasDueDate is 5", item: item("HasDueDate", .integer(5))),
        Case(description: "AllDay is a string", item: item("AllDay", .string("t"))),
        Case(description: "ItemID is a string", item: item("ItemID", .string("7"))),
        Case(description: "ItemID is a real", item: item("ItemID", .real(1.5))),
        Case(description: "ItemID is a string object", item: item("ItemID", .uid(UID.icon))),
        Case(description: "ItemID is above Int.max", item: item("ItemID", .unsignedInteger(UInt64.max))),
        Case(description: "ItemID dangles", item: item("ItemID", .uid(99))),
        Case(description: "no DueDate", item: item("DueDate", nil)),
        Case(description: "DueDate is $null", item: item("DueDate", .uid(0))),
        Case(description: "DueDate is a real", item: item("DueDate", .real(5))),
        Case(description: "DueDate is a string object", item: item("DueDate", .uid(UID.text))),
        Case(description: "DueDate is the item itself", item: item("DueDate", .uid(UID.item))),
        Case(description: "DueDate dangles", item: item("DueDate", .uid(99))),
        Case(
            description: "DueDate is an item-class object", item: item("DueDate", .uid(UID.extra)),
            extra: [HandmadeArchive.object(class: UID.itemClass, [("NS.time", .real(1))])]),
        Case(
            description: "DueDate has a string NS.time", item: item("DueDate", .uid(UID.extra)),
            extra: [HandmadeArchive.object(class: UID.dateClass, [("NS.time", .string("x"))])]),
        Case(
            description: "DueDate has no NS.time", item: item("DueDate", .uid(UID.extra)),
            extra: [HandmadeArchive.object(class: UID.dateClass, [])]),
        Case(description: "Repeat is an integer", item: item("Repeat", .integer(1))),
        Case(description: "Repeat is a date object", item: item("Repeat", .uid(UID.date))),
        Case(description: "UID dangles", item: item("UID", .uid(99))),
        Case(description: "DueDay is a boolean", item: item("DueDay", .bool(true))),
        Case(description: "an item is a string", item: validItem, elements: [UID.item, UID.text]),
        Case(description: "an item dangles", item: validItem, elements: [UID.item, 99]),
        Case(description: "an item is the checklist", item: validItem, elements: [UID.checklist]),
        Case(description: "an item is the Items array", item: validItem, elements: [UID.items]),
    ]

    @Test(arguments: damages, [false, true])
    func damageThatDecodingRejectsTheSkimRejects(_ damage: Case, xml: Bool) {
        let bytes = Self.archive(item: damage.item, extra: damage.extra, elements: damage.elements, xml: xml)
        let (skimmed, decoded) = KeyedUnarchiverSkimTests.verdicts(bytes)
        #expect(decoded == nil, "the damage is real: decoding rejects it")
        #expect(skimmed == nil, "skimmed to \(String(describing: skimmed))")
        let read = KeyedUnarchiverSkimTests.itemVerdicts(bytes).read
        #expect(read == nil, "read as \(String(describing: read))")
    }

    /// Values to put in place of a field: every kind, references to every kind of object, dangling ones.
    static let replacements: [PropertyList] = [
        .string("x"), .integer(0), .integer(1), .integer(2), .integer(Int64.min), .unsignedInteger(UInt64.max),
        .real(1.5), .bool(true), .bool(false), .date(3), .data([1]), .array([]), .uid(0), .uid(UID.itemClass),
        .uid(UID.date), .uid(UID.text), .uid(UID.item), .uid(UID.items), .uid(UID.checklist), .uid(UID.extra),
        .uid(UID.extra + 1), .uid(99),
    ]

    @Test(arguments: [false, true])
    func laterObjectsOfAKnownShapeAgreeWithDecoding(xml: Bool) {
        // The first item is valid; the second has the same keys in the same entries (one shape, so
        // it is checked in place) with one value replaced.
        let extra: [PropertyList] = [
            HandmadeArchive.object(class: UID.dateClass, [("NS.time", .integer(4))]),
            HandmadeArchive.object(class: UID.itemClass, [("NS.time", .real(1))]),
        ]
        let full = Self.validItem + [("Repeat", .uid(UID.icon)), ("AllDay", .bool(true)), ("UID", .uid(0))]
        for position in 1..<full.count {
            for replacement in Self.replacements {
                var damaged = full
                damaged[position].1 = replacement
                let bytes = Self.archive(
                    item: full, extra: extra + [.dictionary(PropertyListDictionary(damaged))],
                    elements: [UID.item, UID.extra + 2, UID.item], xml: xml)
                let (skimmed, decoded) = KeyedUnarchiverSkimTests.verdicts(bytes)
                #expect(skimmed == decoded, "\(full[position].0) = \(replacement)")
                let items = KeyedUnarchiverSkimTests.itemVerdicts(bytes)
                #expect(items.read == items.decoded, "items, \(full[position].0) = \(replacement)")
            }
        }
    }

    static let nsStringClass = HandmadeArchive.classDictionary("NSString")

    /// Unusual shapes decoding accepts, with the ID it reads (`nil` for an item without one).
    static let acceptedShapes: [(Case, Int?)] = [
        (Case(description: "valid", item: validItem), 7),
        (Case(description: "no ItemID", item: item("ItemID", nil)), nil),
        (Case(description: "Text inline", item: item("Text", .string("Milk"))), 7),
        (Case(description: "Text is $null (read as object 0)", item: item("Text", .uid(0))), 7),
        (
            Case(
                description: "Text is an NSString", item: item("Text", .uid(UID.extra + 1)),
                extra: [nsStringClass, HandmadeArchive.object(class: UID.extra, [("NS.string", .string("Milk"))])]),
            7
        ),
        (
            Case(
                description: "Text is an NSString of a string object", item: item("Text", .uid(UID.extra + 1)),
                extra: [nsStringClass, HandmadeArchive.object(class: UID.extra, [("NS.string", .uid(UID.text))])]),
            7
        ),
        (Case(description: "Checked is 1", item: item("Checked", .integer(1))), 7),
        (Case(description: "Checked is absent", item: item("Checked", nil)), 7),
        (Case(description: "Repeat is $null", item: item("Repeat", .uid(0))), 7),
        (Case(description: "UID is a string object", item: item("UID", .uid(UID.icon))), 7),
        (Case(description: "DueDate is an inline date", item: item("DueDate", .date(5))), 7),
        (
            Case(
                description: "DueDate has an integer NS.time", item: item("DueDate", .uid(UID.extra)),
                extra: [HandmadeArchive.object(class: UID.dateClass, [("NS.time", .integer(3))])]),
            7
        ),
        (Case(description: "ItemID is a 16-byte-range integer", item: item("ItemID", .integer(Int64.min))), Int.min),
        (Case(description: "an unknown key", item: item("Colour", .uid(99))), 7),
        (Case(description: "the item twice", item: validItem, elements: [UID.item, UID.item]), 7),
    ]

    @Test(arguments: [false, true])
    func shapesDecodingAcceptsSkimToTheSameIDs(xml: Bool) throws {
        for (shape, id) in Self.acceptedShapes {
            let bytes = Self.archive(item: shape.item, extra: shape.extra, elements: shape.elements, xml: xml)
            let expected = [[Int?](repeating: id, count: shape.elements.count)]
            #expect(try KeyedUnarchiverSkimTests.decodedIDs(bytes) == expected, "\(shape)")
            #expect(try KeyedUnarchiverSkimTests.skimmedIDs(bytes) == expected, "\(shape)")
            let items = KeyedUnarchiverSkimTests.itemVerdicts(bytes)
            #expect(items.read != nil && items.read == items.decoded, "items, \(shape)")
        }
    }

    /// The bytes of `archive` with the first occurrence of `original` replaced by `replacement`.
    static func patched(_ bytes: [UInt8], _ original: [UInt8], _ replacement: [UInt8]) throws -> [UInt8] {
        let start = try #require(
            (0...(bytes.count - original.count)).first { Array(bytes[$0..<($0 + original.count)]) == original })
        var result = bytes
        result.replaceSubrange(start..<(start + original.count), with: replacement)
        return result
    }

    @Test func anASCIIStringWithAByteAbove127IsRejected() throws {
        let bytes = try Self.patched(
            Self.archive(item: Self.validItem, xml: false), [0x54] + Array("Milk".utf8),
            [0x54, 0xE9] + Array("ilk".utf8))
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiverSkimTests.decodedIDs(bytes) }
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiverSkimTests.skimmedIDs(bytes) }
    }

    @Test func aLoneSurrogateIsAcceptedAsDecodingAcceptsIt() throws {
        // "Mi中k" is written as four UTF-16 units; 中 (4E2D) becomes a lone high surrogate.
        let bytes = try Self.patched(
            Self.archive(item: Self.validItem, text: "Mi中k", xml: false),
            [0x64, 0x00, 0x4D, 0x00, 0x69, 0x4E, 0x2D], [0x64, 0x00, 0x4D, 0x00, 0x69, 0xD8, 0x00])
        #expect(try KeyedUnarchiverSkimTests.decodedIDs(bytes) == [[7]])
        #expect(try KeyedUnarchiverSkimTests.skimmedIDs(bytes) == [[7]])
    }

    @Test func aUTF16StringRunningPastTheObjectsIsRejected() throws {
        // The length nibble of "Mi中k" raised from 4 to 15 units plus a long length: past the area.
        let bytes = try Self.patched(
            Self.archive(item: Self.validItem, text: "Mi中k", xml: false),
            [0x64, 0x00, 0x4D], [0x6F, 0x11, 0x7F])
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiverSkimTests.decodedIDs(bytes) }
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiverSkimTests.skimmedIDs(bytes) }
    }

    @Test func aTruncatedFileIsRejected() {
        let bytes = Self.archive(item: Self.validItem, xml: false)
        for length in stride(from: 0, to: bytes.count, by: 7) {
            let (skimmed, decoded) = KeyedUnarchiverSkimTests.verdicts(Array(bytes.prefix(length)))
            #expect(decoded == nil && skimmed == nil, "truncated to \(length)")
        }
    }
}
