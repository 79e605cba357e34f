import KeyedArchive
import Testing

/// The decoder's reads of binary archives: fields read in place, keys remembered per shape of
/// object, and the general path for every other shape, in binary and XML alike.
struct KeyedDecoderTests {
    /// UIDs of the fixed objects `notes` puts after the notes.
    private enum Fixed {
        static let noteClass: UInt64 = 1
        static let arrayClass: UInt64 = 2
        static let dateClass: UInt64 = 3
        static let firstTitle: UInt64 = 4
    }

    /// An archive whose `root` is an NSArray of note objects with exactly the fields given, in
    /// that order; titles, then `extra`, are objects before the notes (fields refer to them by UID).
    private static func notes(
        _ objects: [[(String, PropertyList)]],
        titles: [String],
        extra: [PropertyList] = [],
        xml: Bool = false
    ) -> [UInt8] {
        let fixed: [PropertyList] = [
            HandmadeArchive.classDictionary("Notes.Note"), HandmadeArchive.classDictionary("NSArray"),
            HandmadeArchive.classDictionary("NSDate"),
        ]
        let firstNote = UInt64(1 + fixed.count + titles.count + extra.count)
        let notes = objects.map { PropertyList.dictionary(PropertyListDictionary($0)) }
        let array = HandmadeArchive.array(
            class: Fixed.arrayClass, (0..<UInt64(objects.count)).map { firstNote + $0 })
        let tree = HandmadeArchive.tree(
            objects: [.string("$null")] + fixed + titles.map { .string($0) } + extra + notes + [array],
            top: [("root", .uid(firstNote + UInt64(objects.count)))])
        return xml ? HandmadeArchive.xml(tree) : BinaryPropertyListWriter.write(tree)
    }

    private static func decodeNotes(_ bytes: [UInt8]) throws(KeyedArchiveError) -> [ArchivableNote] {
        try KeyedUnarchiver(bytes: bytes).topLevel.decode([ArchivableNote].self, forKey: "root")
    }

    private static let noteClass = ("$class", PropertyList.uid(Fixed.noteClass))

    private static func title(_ index: UInt64) -> (String, PropertyList) {
        ("Title", .uid(Fixed.firstTitle + index))
    }

    @Test(arguments: [false, true])
    func objectsOfOneClassFindTheirOwnValuesWhateverTheOrderOrSetOfKeys(xml: Bool) throws {
        let objects: [[(String, PropertyList)]] = [
            [Self.noteClass, Self.title(0), ("Done", .bool(true)), ("Count", .integer(1))],
            [("Count", .integer(2)), ("Done", .bool(false)), Self.title(1), Self.noteClass],
            // The first object's shape again, with other values.
            [Self.noteClass, Self.title(2), ("Done", .bool(false)), ("Count", .integer(3))],
            // As many keys as the first, one of them another: Count is missing here.
            [Self.noteClass, Self.title(0), ("Done", .bool(true)), ("Other", .integer(9))],
            // Fewer keys, and the order of the second object.
            [("Done", .bool(true)), Self.title(1), Self.noteClass],
            [Self.noteClass, Self.title(2), ("Done", .bool(true)), ("Count", .integer(4))],
        ]
        let decoded = try Self.decodeNotes(Self.notes(objects, titles: ["a", "b", "c"], xml: xml))
        #expect(
            decoded == [
                ArchivableNote(title: "a", done: true, count: 1), ArchivableNote(title: "b", done: false, count: 2),
                ArchivableNote(title: "c", done: false, count: 3), ArchivableNote(title: "a", done: true),
                ArchivableNote(title: "b", done: true), ArchivableNote(title: "c", done: true, count: 4),
            ])
    }

    @Test func manyShapesOfOneClassEachKeepTheirOwnKeys() throws {
        // More shapes than the decoder remembers at once, visited twice in turn, so remembered
        // shapes are replaced and found again; each object's count sits under another key.
        var objects: [[(String, PropertyList)]] = []
        for round in 0..<2 {
            for shape in 0..<80 {
                var fields: [(String, PropertyList)] = [Self.noteClass, Self.title(UInt64(shape % 3))]
                fields += (0..<(shape % 5)).map { ("Pad\(shape)-\($0)", .integer(Int64($0))) }
                fields.append(("Count", .integer(Int64(1_000 * round + shape))))
                if shape % 2 == 0 { fields.append(("Done", .bool(shape % 4 == 0))) }
                objects.append(shape % 3 == 1 ? fields.reversed() : fields)
            }
        }
        let decoded = try Self.decodeNotes(Self.notes(objects, titles: ["x", "y", "z"]))
        #expect(decoded.count == 160)
        for (index, note) in decoded.enumerated() {
            let shape = index % 80
            let expected = ArchivableNote(
                title: ["x", "y", "z"][shape % 3], done: shape % 2 == 0 ? shape % 4 == 0 : nil,
                count: 1_000 * (index / 80) + shape)
            #expect(note == expected, "object \(index)")
        }
    }

    @Test func keysBuiltAtRunTimeFindTheSameValuesAsLiterals() throws {
        let bytes = Self.notes(
            [[Self.noteClass, Self.title(0), ("Count", .integer(5))], [Self.noteClass, Self.title(1)]],
            titles: ["first", "second"])
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let graph = try ArchiveGraph(unarchiver).resolved().rendered()
        #expect(graph.contains("\"Count\": 5"))
        // Keys made anew for every lookup (never the same String storage) are looked up by bytes.
        let notes = try unarchiver.topLevel.decode([DynamicKeyNote].self, forKey: "root")
        #expect(notes.map(\.count) == [5, nil])
        #expect(notes.map(\.title) == ["first", "second"])
    }

    @Test(arguments: [false, true])
    func stringsOfEveryFormDecode(xml: Bool) throws {
        let long = String(repeating: "long shared text ", count: 12)
        let nonASCII = "Crème brûlée 🎉 中文 " + String(repeating: "é", count: 150)
        let titles = ["", "ascii", "naïve", "🎉", long, nonASCII, "sixteen-16-bytes"]
        // Each title twice, the long ones shared by several objects.
        let objects = (Array(titles.indices) + Array(titles.indices)).map { [Self.noteClass, Self.title(UInt64($0))] }
        let decoded = try Self.decodeNotes(Self.notes(objects, titles: titles, xml: xml))
        #expect(decoded.map(\.title) == titles + titles)
    }

    @Test(arguments: [false, true])
    func valuesOfUnusualShapesTakeTheGeneralPath(xml: Bool) throws {
        // Extra objects: an integer object and an NSDate whose time is an integer.
        let integerObject = Fixed.firstTitle + 1
        let dateObject = integerObject + 1
        let extra: [PropertyList] = [
            .integer(77), HandmadeArchive.object(class: Fixed.dateClass, [("NS.time", .integer(86_400))]),
        ]
        let objects: [[(String, PropertyList)]] = [
            [Self.noteClass, Self.title(0), ("Done", .integer(1)), ("Count", .uid(integerObject))],
            [Self.noteClass, Self.title(0), ("When", .uid(dateObject)), ("Done", .uid(0))],
            // Whole seconds: XML dates have no fraction.
            [Self.noteClass, Self.title(0), ("When", .date(12))],
        ]
        let bytes = Self.notes(objects, titles: ["t"], extra: extra, xml: xml)
        let error = #expect(throws: KeyedArchiveError.self) { try Self.decodeNotes(bytes) }
        // The second object's Done is $null: not a boolean, as before.
        #expect(error == .typeMismatch(key: "Done", expected: "a boolean", found: "string"))
        let fine = Self.notes([objects[0], objects[2]], titles: ["t"], extra: extra, xml: xml)
        let notes = try Self.decodeNotes(fine)
        #expect(notes == [ArchivableNote(title: "t", done: true, count: 77), ArchivableNote(title: "t", when: 12)])
        let dated = Self.notes(
            [[Self.noteClass, Self.title(0), ("When", .uid(dateObject))]], titles: ["t"], extra: extra)
        #expect(try Self.decodeNotes(dated) == [ArchivableNote(title: "t", when: 86_400)])
    }

    @Test(arguments: [false, true])
    func malformedFieldsOfAKnownShapeAreStillRejected(xml: Bool) throws {
        let good = [Self.noteClass, Self.title(0), ("Count", PropertyList.integer(1))]
        let cases: [([(String, PropertyList)], KeyedArchiveError)] = [
            (
                [("$class", .uid(1 << 40)), Self.title(0), ("Count", .integer(1))],
                .danglingReference(1 << 40, objectCount: 8)
            ),
            (
                [("$class", .uid(Fixed.firstTitle)), Self.title(0), ("Count", .integer(1))],
                .invalidClass(uid: 6, reason: "class object 4 is not a dictionary")
            ),
            (
                [Self.noteClass, ("Title", .integer(3)), ("Count", .integer(1))],
                .typeMismatch(key: "Title", expected: "a string", found: "integer")
            ),
            (
                [Self.noteClass, Self.title(0), ("Count", .string("one"))],
                .typeMismatch(key: "Count", expected: "an integer", found: "string")
            ),
            (
                [Self.noteClass, Self.title(0), ("Count", .uid(99))],
                .danglingReference(99, objectCount: 8)
            ),
        ]
        for (fields, expected) in cases {
            // A valid object of the same class first, so the bad one comes after its shape is known.
            let bytes = Self.notes([good, fields], titles: ["t"], xml: xml)
            let error = #expect(throws: KeyedArchiveError.self) { try Self.decodeNotes(bytes) }
            #expect(error == expected, "\(fields)")
        }
    }
}

/// A note decoded with keys built at run time, so no two lookups pass the same `String`.
private struct DynamicKeyNote: KeyedArchivable {
    static let archivedClass = ArchivedClass(name: "Notes.Note")

    var title: String
    var count: Int?

    func encode(with coder: inout KeyedEncoder) {}

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        let long = String(repeating: "x", count: 20)
        title = try coder.decode(String.self, forKey: String("Titl") + "e")
        // A long key that is absent, then the short one made from parts.
        _ = try coder.decodeIfPresent(Int.self, forKey: long + String(long.count))
        count = try coder.decodeIfPresent(Int.self, forKey: ["Co", "unt"].joined())
    }
}
