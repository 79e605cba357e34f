import KeyedArchive
import Testing

/// The encoder's shortcuts, object by object: keys found by the bits of the key string, class
/// UIDs remembered per Swift type, strings stored once by their exact bytes, and objects written
/// straight into the file; each must give the archive the general path would.
struct KeyedEncoderTests {
    /// An object dictionary as the encoder writes it: its fields in order, then `$class`.
    private static func object(_ fields: [(String, PropertyList)], class classUID: UInt64) -> PropertyList {
        .dictionary(PropertyListDictionary(fields + [("$class", .uid(classUID))]))
    }

    /// An `NSArray` object of `elements` UIDs.
    private static func array(_ elements: [UInt64], class classUID: UInt64) -> PropertyList {
        object([("NS.objects", .array(elements.map { .uid($0) }))], class: classUID)
    }

    /// An `NSDate` object.
    private static func date(_ seconds: Double, class classUID: UInt64) -> PropertyList {
        object([("NS.time", .real(seconds))], class: classUID)
    }

    /// The archive our encoder writes for `values` under the `$top` key `root`.
    private static func archive<T: KeyedArchivable>(_ values: [T], expectedObjects: Int = 64) -> [UInt8] {
        KeyedArchiver.archive(expectedObjects: expectedObjects) { coder in coder.encode(values, forKey: "root") }
    }

    /// How many times `needle` occurs in `bytes`: a key written once appears once.
    private static func occurrences(of needle: String, in bytes: [UInt8]) -> Int {
        let needle = Array(needle.utf8)
        guard needle.count <= bytes.count else { return 0 }
        return (0...(bytes.count - needle.count)).filter { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }.count
    }

    @Test func objectsOfOneClassWithDifferentKeysEachKeepTheirOwnFields() throws {
        let notes = [
            ArchivableNote(title: "a", done: true, count: 1),
            ArchivableNote(title: "b"),
            ArchivableNote(title: "a", count: 300, when: 5.5),
            ArchivableNote(title: "c", done: false),
            ArchivableNote(title: "b", done: true, count: 1),
        ]
        let expected = HandmadeArchive.tree(
            objects: [
                .string("$null"),
                Self.array([2, 5, 7, 10, 12], class: 13),
                Self.object([("Title", .uid(3)), ("Done", .bool(true)), ("Count", .integer(1))], class: 4),
                .string("a"),
                HandmadeArchive.classDictionary("Notes.Note"),
                Self.object([("Title", .uid(6))], class: 4),
                .string("b"),
                Self.object([("Title", .uid(3)), ("Count", .integer(300)), ("When", .uid(8))], class: 4),
                Self.date(5.5, class: 9),
                HandmadeArchive.classDictionary("NSDate"),
                Self.object([("Title", .uid(11)), ("Done", .bool(false))], class: 4),
                .string("c"),
                Self.object([("Title", .uid(6)), ("Done", .bool(true)), ("Count", .integer(1))], class: 4),
                HandmadeArchive.classDictionary("NSArray"),
            ],
            top: [("root", .uid(1))])
        let bytes = Self.archive(notes)
        #expect(try PropertyListReader.read(bytes) == expected)
        #expect(try KeyedUnarchiver(bytes: bytes).topLevel.decode([ArchivableNote].self, forKey: "root") == notes)
    }

    @Test func keysBuiltAtRunTimeAreTheSameKeysAsTheirLiterals() throws {
        // Long keys are heap strings when built at run time, with other bits than the literal's.
        let values = (0..<6).map { KeyNote(value: $0, builtAtRunTime: $0 % 2 == 1) }
        let bytes = Self.archive(values)
        let fields: (Int) -> [(String, PropertyList)] = { value in
            [("Key", .integer(Int64(value))), (KeyNote.longKey, .integer(Int64(-value))), ("Same", .bool(true))]
        }
        let expected = HandmadeArchive.tree(
            objects: [.string("$null"), Self.array([2, 4, 5, 6, 7, 8], class: 9)]
                + [Self.object(fields(0), class: 3), HandmadeArchive.classDictionary("Tests.KeyNote")]
                + (1..<6).map { Self.object(fields($0), class: 3) }
                + [HandmadeArchive.classDictionary("NSArray")],
            top: [("root", .uid(1))])
        #expect(try PropertyListReader.read(bytes) == expected)
        #expect(Self.occurrences(of: KeyNote.longKey, in: bytes) == 1)
        #expect(Self.occurrences(of: "Same", in: bytes) == 1)
    }

    @Test func everyKeyOfAnObjectWithMoreKeysThanTheKeyCacheHoldsIsWritten() throws {
        let values = [ManyKeys(count: 100), ManyKeys(count: 3), ManyKeys(count: 100)]
        let bytes = Self.archive(values)
        let fields: (Int) -> [(String, PropertyList)] = { count in
            (0..<count).map { (ManyKeys.key($0), .integer(Int64($0 * 7))) }
        }
        let expected = HandmadeArchive.tree(
            objects: [
                .string("$null"), Self.array([2, 4, 5], class: 6), Self.object(fields(100), class: 3),
                HandmadeArchive.classDictionary("Tests.ManyKeys"), Self.object(fields(3), class: 3),
                Self.object(fields(100), class: 3), HandmadeArchive.classDictionary("NSArray"),
            ],
            top: [("root", .uid(1))])
        #expect(try PropertyListReader.read(bytes) == expected)
        // Keys past the cache are looked up in the builder's strings: still one object each.
        for index in [0, 47, 48, 99] { #expect(Self.occurrences(of: ManyKeys.key(index), in: bytes) == 1) }
    }

    @Test func typesArchivedUnderOneClassNameShareItsClassDictionary() throws {
        let bytes = KeyedArchiver.archive { coder in
            coder.encode(ArchivableNote(title: "n"), forKey: "note")
            coder.encode(OtherNote(title: "o"), forKey: "other")
            coder.encode(FakeDate(seconds: 1), forKey: "fake")
            coder.encodeDate(referenceSeconds: 2, forKey: "date")
            coder.encode(Labeled<First>(label: "x"), forKey: "first")
            coder.encode(Labeled<Second>(label: "y"), forKey: "second")
            coder.encode(Labeled<First>(label: "z"), forKey: "first again")
            coder.encode(OtherNote(title: "p"), forKey: "other again")
        }
        let expected = HandmadeArchive.tree(
            objects: [
                .string("$null"),
                Self.object([("Title", .uid(2))], class: 3), .string("n"),
                HandmadeArchive.classDictionary("Notes.Note"),
                Self.object([("Title", .uid(5)), ("Other", .bool(true))], class: 3), .string("o"),
                Self.object([("NS.time", .real(1))], class: 7), HandmadeArchive.classDictionary("NSDate"),
                Self.date(2, class: 7),
                Self.object([("Label", .uid(10))], class: 11), .string("x"), HandmadeArchive.classDictionary("First"),
                Self.object([("Label", .uid(13))], class: 14), .string("y"), HandmadeArchive.classDictionary("Second"),
                Self.object([("Label", .uid(16))], class: 11), .string("z"),
                Self.object([("Title", .uid(18)), ("Other", .bool(true))], class: 3), .string("p"),
            ],
            top: [
                ("note", .uid(1)), ("other", .uid(4)), ("fake", .uid(6)), ("date", .uid(8)), ("first", .uid(9)),
                ("second", .uid(12)), ("first again", .uid(15)), ("other again", .uid(17)),
            ])
        #expect(try PropertyListReader.read(bytes) == expected)
    }

    @Test func aCopyOfTheEncoderAddsToTheSameArchiveWithTheSameStringsAndClasses() throws {
        let bytes = KeyedArchiver.archive { coder in
            var copy = coder
            copy.encode(ArchivableNote(title: "a", when: 1), forKey: "first")
            coder.encode(OtherNote(title: "a"), forKey: "second")
            coder.encodeDate(referenceSeconds: 2, forKey: "date")
        }
        let expected = HandmadeArchive.tree(
            objects: [
                .string("$null"), Self.object([("Title", .uid(2)), ("When", .uid(3))], class: 5), .string("a"),
                Self.date(1, class: 4), HandmadeArchive.classDictionary("NSDate"),
                HandmadeArchive.classDictionary("Notes.Note"),
                Self.object([("Title", .uid(2)), ("Other", .bool(true))], class: 5), Self.date(2, class: 4),
            ],
            top: [("first", .uid(1)), ("second", .uid(6)), ("date", .uid(7))])
        #expect(try PropertyListReader.read(bytes) == expected)
    }

    @Test func stringsAreSharedByTheirExactBytesOnly() throws {
        let texts = ["Café", "Cafe\u{301}", "Café", "", "", "Cafe\u{301}", "a long text that is not a small string"]
        let bytes = KeyedArchiver.archive { coder in
            coder.encode(texts, forKey: "texts")
            coder.encode(texts[6], forKey: "again")
            coder.encodeIfPresent(texts[0], forKey: "present")
            coder.encodeIfPresent(nil as String?, forKey: "absent")
        }
        let tree = try PropertyListReader.read(bytes)
        let objects = try #require(tree.dictionaryValue?["$objects"]?.arrayValue)
        let strings = objects.compactMap { $0.stringValue }
        // "$null" and the four distinct texts, each once.
        #expect(strings.count == 5)
        #expect(strings.map { Array($0.utf8) }.count == Set(strings.map { Array($0.utf8) }).count)
        let top = try #require(tree.dictionaryValue?["$top"]?.dictionaryValue)
        let array = try #require(top["texts"]?.uidValue.flatMap { objects[Int($0)].dictionaryValue })
        let elements = try #require(array["NS.objects"]?.arrayValue?.compactMap { $0.uidValue })
        let stored = elements.map { objects[Int($0)].stringValue.map { Array($0.utf8) } }
        #expect(stored == texts.map { Optional(Array($0.utf8)) })
        #expect(elements[0] == elements[2] && elements[1] == elements[5] && elements[3] == elements[4])
        #expect(elements[0] != elements[1])
        #expect(top["again"] == .uid(elements[6]) && top["present"] == .uid(elements[0]) && top["absent"] == nil)
    }

    @Test func aValueEqualToAKeyClassNameOrEnvelopeStringSharesItsStringObject() throws {
        // Texts that are also keys ("Text", "Checked", "NS.objects", "$class"), class names, and
        // strings of the envelope, each before and after the same string is first used otherwise.
        let texts = [
            "Text", "Checklists.ChecklistItem", "NSObject", "NS.objects", "$class", "$null", "NSKeyedArchiver",
        ]
        let items = (texts + ["Checked", "$objects", "NSArray"]).map {
            ArchivableChecklistItem(
                text: $0, checked: false, dueDate: 0, shouldRemind: false, itemID: 1, hasDueDate: false)
        }
        let file = ArchivableChecklistFile(
            checklists: [ArchivableChecklist(name: "Items", items: items, iconName: "NSArray")], index: 0,
            nextItemID: 2)
        let bytes = file.archived()
        #expect(try ArchivableChecklistFile(archive: bytes) == file)
        // Every string object of the file is distinct, as in Apple's writer.
        let layout = try #require(BinaryPropertyListLayout(bytes))
        let strings = layout.objects.compactMap { layout.string(of: $0) }.map { Array($0.utf8) }
        #expect(strings.count == Set(strings).count)
        for text in texts + ["Items", "NSArray", "Checked", "$objects"] {
            #expect(strings.filter { $0 == Array(text.utf8) }.count == 1, "\(text)")
        }
    }

    @Test func stringsOfEveryLengthAndMixOfScalarsReadBackExactly() throws {
        // Lengths around the hash's and the transcoder's eight-byte words, with a non-ASCII scalar
        // (two, three and four UTF-8 bytes) at each position or none.
        var texts: [String] = []
        for length in 0...40 {
            let ascii = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
            texts.append(ascii)
            for scalar in ["é", "中", "😀"] {
                for position in stride(from: 0, through: length, by: max(1, length / 5)) {
                    var text = ascii
                    text.insert(contentsOf: scalar, at: text.index(text.startIndex, offsetBy: position))
                    texts.append(text)
                }
            }
        }
        texts.append(String(repeating: "😀é中a", count: 300))
        let bytes = KeyedArchiver.archive { coder in coder.encode(texts, forKey: "texts") }
        let tree = try PropertyListReader.read(bytes)
        let objects = try #require(tree.dictionaryValue?["$objects"]?.arrayValue)
        let array = try #require(objects[1].dictionaryValue?["NS.objects"]?.arrayValue?.compactMap { $0.uidValue })
        let decoded = array.compactMap { objects[Int($0)].stringValue }
        #expect(decoded.count == texts.count)
        for (text, read) in zip(texts, decoded) { #expect(read.isIdentical(to: text)) }
    }

    @Test(arguments: [1, 16, 300, 70_000])
    func theObjectEstimateNeverChangesTheBytes(expectedObjects: Int) {
        // 25,000 notes make about 75,000 objects: references start at one byte with a low estimate
        // and are widened twice while objects are written straight into the file.
        let notes = (0..<25_000).map { index in
            ArchivableNote(
                title: "note \(index % 5_000)", done: index % 3 == 0 ? nil : index % 2 == 0,
                count: index % 4 == 0 ? nil : index - 300, when: index % 7 == 0 ? Double(index) : nil)
        }
        #expect(Self.archive(notes, expectedObjects: expectedObjects) == Self.archive(notes, expectedObjects: 90_000))
    }
}

/// A value writing the same keys as literals or as strings built at run time.
private struct KeyNote: KeyedArchivable {
    static let archivedClass = ArchivedClass(name: "Tests.KeyNote")
    /// Longer than a small string, so the run-time copy lives on the heap.
    static let longKey = "A key longer than fifteen bytes"

    var value: Int
    var builtAtRunTime: Bool

    func encode(with coder: inout KeyedEncoder) {
        if builtAtRunTime {
            coder.encode(value, forKey: ["K", "e", "y"].joined())
            coder.encode(-value, forKey: Self.longKey.split(separator: " ").joined(separator: " "))
        } else {
            coder.encode(value, forKey: "Key")
            coder.encode(-value, forKey: "A key longer than fifteen bytes")
        }
        coder.encode(true, forKey: "Same")
    }

    init(value: Int, builtAtRunTime: Bool) {
        self.value = value
        self.builtAtRunTime = builtAtRunTime
    }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) {
        value = try coder.decode(Int.self, forKey: "Key")
        builtAtRunTime = false
    }
}

/// A value with as many integer fields as asked, under keys built at run time.
private struct ManyKeys: KeyedArchivable {
    static let archivedClass = ArchivedClass(name: "Tests.ManyKeys")

    /// The key of field `index`, ending in "|" so no key is a prefix of another in the file.
    static func key(_ index: Int) -> String { "field \(index)|" }

    var count: Int

    func encode(with coder: inout KeyedEncoder) {
        for index in 0..<count { coder.encode(index * 7, forKey: Self.key(index)) }
    }

    init(count: Int) { self.count = count }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) { count = 0 }
}

/// Another Swift type archived under `ArchivableNote`'s class name.
private struct OtherNote: KeyedArchivable {
    static let archivedClass = ArchivedClass(name: "Notes.Note")

    var title: String

    func encode(with coder: inout KeyedEncoder) {
        coder.encode(title, forKey: "Title")
        coder.encode(true, forKey: "Other")
    }

    init(title: String) { self.title = title }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) { title = try coder.decode(String.self, forKey: "Title") }
}

/// A type archived under `NSDate`'s class name, as the encoder's dates are.
private struct FakeDate: KeyedArchivable {
    static let archivedClass = ArchivedClass(name: "NSDate")

    var seconds: Double

    func encode(with coder: inout KeyedEncoder) { coder.encode(seconds, forKey: "NS.time") }

    init(seconds: Double) { self.seconds = seconds }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) { seconds = 0 }
}

/// The class name a `Labeled` value is archived under.
private protocol LabelClass {
    static var name: String { get }
}

private enum First: LabelClass { static var name: String { "First" } }

private enum Second: LabelClass { static var name: String { "Second" } }

/// A generic value whose class name depends on its type parameter: one class per specialization.
private struct Labeled<Class: LabelClass>: KeyedArchivable {
    static var archivedClass: ArchivedClass { ArchivedClass(name: Class.name) }

    var label: String

    func encode(with coder: inout KeyedEncoder) { coder.encode(label, forKey: "Label") }

    init(label: String) { self.label = label }

    init(from coder: KeyedDecoder) throws(KeyedArchiveError) { label = try coder.decode(String.self, forKey: "Label") }
}
