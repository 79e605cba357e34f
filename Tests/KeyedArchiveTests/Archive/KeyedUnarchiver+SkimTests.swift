import KeyedArchive
import TestSupport
import Testing

/// Reading in place agrees with decoding: the same items where decoding succeeds, an error
/// wherever it throws.
struct KeyedUnarchiverSkimTests {
    // MARK: The two ways of loading a file

    /// The IDs of every checklist's items, loaded as the lead loads a file partially: the
    /// `Checklists` array and each checklist's `Items` as UIDs, names decoded, items read
    /// (`readItems`).
    static func skimmedIDs(_ bytes: [UInt8]) throws(KeyedArchiveError) -> [[Int?]] {
        try readItems(bytes).map { items in items.map { item -> Int? in item.itemID } }
    }

    /// Every checklist's items, decoded as the lead decodes the current checklist's:
    /// `decode(_:objects:reading:)`, in place where it can.
    static func readItems(_ bytes: [UInt8]) throws(KeyedArchiveError) -> [[SkimmableItem]] {
        try eachChecklist(bytes) { unarchiver, items throws(KeyedArchiveError) in
            try unarchiver.decode(SkimmableItem.self, objects: items, reading: SkimmableItem.skim)
        }
    }

    /// `body`'s result for each checklist of `bytes`, given its items' UIDs (names decoded first).
    static func eachChecklist<T>(
        _ bytes: [UInt8],
        _ body: (KeyedUnarchiver, [UInt64]) throws(KeyedArchiveError) -> T
    ) throws(KeyedArchiveError) -> [T] {
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        guard let lists = try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists") else {
            throw .missingKey("Checklists", inClass: "$top")
        }
        var result: [T] = []
        for list in lists {
            let decoder = try unarchiver.decoder(forObject: list, of: SkimmableChecklist.archivedClass)
            _ = try decoder.decode(String.self, forKey: "Name")
            _ = try decoder.decode(String.self, forKey: "IconName")
            guard let items = try decoder.arrayElementUIDs(forKey: "Items") else {
                throw .missingKey("Items", inClass: decoder.className)
            }
            result.append(try body(unarchiver, items))
        }
        return result
    }

    /// The same IDs from decoding the whole file.
    static func decodedIDs(_ bytes: [UInt8]) throws(KeyedArchiveError) -> [[Int?]] {
        let checklists = try KeyedUnarchiver(bytes: bytes).topLevel.decode(
            [SkimmableChecklist].self, forKey: "Checklists")
        return ids(checklists)
    }

    /// The IDs of `checklists`' items.
    static func ids(_ checklists: [SkimmableChecklist]) -> [[Int?]] {
        checklists.map { checklist in checklist.items.map { item -> Int? in item.itemID } }
    }

    /// Both ways of loading `bytes`; `nil` where the way threw.
    static func verdicts(_ bytes: [UInt8]) -> (skimmed: [[Int?]]?, decoded: [[Int?]]?) {
        (try? skimmedIDs(bytes), try? decodedIDs(bytes))
    }

    /// Both ways of decoding the items of `bytes`, read in place and decoded; `nil` where the way threw.
    static func itemVerdicts(_ bytes: [UInt8]) -> (read: [[SkimmableItem]]?, decoded: [[SkimmableItem]]?) {
        let decoded = try? KeyedUnarchiver(bytes: bytes).topLevel.decode(
            [SkimmableChecklist].self, forKey: "Checklists")
        return (try? readItems(bytes), decoded?.map(\.items))
    }

    // MARK: Valid archives

    @Test(arguments: [false, true])
    func randomFilesSkimToTheDecodedIDs(xml: Bool) throws {
        var random = SplitMix64(seed: xml ? 0x5C1A : 0x5C1B)
        for _ in 0..<40 {
            let (checklists, bytes) = try Self.randomFile(xml: xml, using: &random)
            let skimmed = try Self.skimmedIDs(bytes)
            let decoded = try Self.decodedIDs(bytes)
            #expect(skimmed == Self.ids(checklists))
            #expect(skimmed == decoded)
            #expect(try Self.readItems(bytes) == checklists.map(\.items))
            // A peek at the IDs reads the same, from a binary file only.
            let peeked = try Self.eachChecklist(bytes) { unarchiver, items in
                unarchiver.peekIntegers(forKey: "ItemID", ofObjects: items)
            }
            #expect(peeked.map { $0 == nil } == checklists.map { _ in xml })
            if !xml { #expect(peeked == skimmed) }
        }
    }

    /// A random file's checklists and its bytes, binary or XML (its texts then printable ASCII).
    static func randomFile(
        xml: Bool, using random: inout SplitMix64
    ) throws -> (checklists: [SkimmableChecklist], bytes: [UInt8]) {
        var checklists = SkimmableChecklist.randomFile(using: &random)
        if xml { checklists = checklists.map(Self.xmlSafe) }
        let bytes = SkimmableChecklist.archive(checklists)
        return (checklists, xml ? HandmadeArchive.xml(try PropertyListReader.read(bytes)) : bytes)
    }

    /// `checklist` with its texts reduced to printable ASCII, which `HandmadeArchive.xml` escapes safely
    /// (it replaces by `Character`, and a combining mark after `&` makes another one).
    static func xmlSafe(_ checklist: SkimmableChecklist) -> SkimmableChecklist {
        func safe(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { (0x20...0x7E).contains($0.value) }))
        }
        var result = checklist
        result.name = safe(checklist.name)
        for index in result.items.indices {
            result.items[index].text = safe(result.items[index].text)
            result.items[index].uid = result.items[index].uid.map(safe)
        }
        return result
    }

    @Test func aLargeFileSkimsEveryItem() throws {
        var items: [SkimmableItem] = []
        for number in 0..<3_000 {
            let dueDate = 700_000_000 + Double(number)
            let uid: String? = number % 3 == 0 ? "u\(number)" : nil
            let allDay: Bool? = number % 5 == 0 ? true : nil
            items.append(
                SkimmableItem(
                    text: "item \(number) café", checked: number % 2 == 0, shouldRemind: false, itemID: number * 7,
                    dueDate: dueDate, repeatRule: nil, uid: uid, hasDueDate: number % 5 == 0, allDay: allDay,
                    dueDay: nil))
        }
        let checklists = [
            SkimmableChecklist(name: "A", items: Array(items[..<1_000]), iconName: "Folder"),
            SkimmableChecklist(name: "B", items: Array(items[1_000...]), iconName: "Inbox"),
        ]
        let bytes = SkimmableChecklist.archive(checklists)
        #expect(try Self.skimmedIDs(bytes) == Self.ids(checklists))
        #expect(try Self.readItems(bytes) == checklists.map(\.items))
    }

    @Test func objectsOfAShapeAlreadyDecodedAreBuiltFromTheirSkimmedValues() throws {
        // Two shapes, alternating: with and without a UID.
        let items = (0..<6).map { number in
            SkimmableItem(
                text: "item \(number)", checked: number == 3, shouldRemind: nil, itemID: number,
                dueDate: Double(number), repeatRule: nil, uid: number % 2 == 0 ? "u\(number)" : nil,
                hasDueDate: true, allDay: number == 4, dueDay: nil)
        }
        let bytes = SkimmableChecklist.archive([SkimmableChecklist(name: "n", items: items, iconName: "i")])
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let list = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists")?.first)
        let uids = try #require(
            try unarchiver.decoder(forObject: list, of: SkimmableChecklist.archivedClass)
                .arrayElementUIDs(forKey: "Items"))
        let read = try unarchiver.decode(TracedItem.self, objects: uids, reading: SkimmableItem.skim)
        // The first of each shape goes through the decoder, the rest are read in place.
        #expect(read.map { $0.skimmed } == [false, false, true, true, true, true])
        #expect(read.map { $0.item } == items)
    }

    /// Items an edit wrote (their `$class` and their dates' UID objects of the edit's own) have
    /// the shape of the file's items: they are read in place too.
    @Test func itemsAnEditWroteAreReadInPlace() throws {
        func item(_ number: Int, checked: Bool) -> SkimmableItem {
            SkimmableItem(
                text: "item \(number)", checked: checked, shouldRemind: false, itemID: number,
                dueDate: Double(number), repeatRule: nil, uid: nil, hasDueDate: true, allDay: nil, dueDay: nil)
        }
        var items = (0..<4).map { item($0, checked: false) }
        let bytes = SkimmableChecklist.archive([SkimmableChecklist(name: "n", items: items, iconName: "i")])
        let uids = try #require(try Self.eachChecklist(bytes) { _, uids in uids }.first)
        let list = try #require(
            try KeyedUnarchiver(bytes: bytes).topLevel.arrayElementUIDs(forKey: "Checklists")?.first)
        let array = try #require(
            try KeyedUnarchiver(bytes: bytes).decoder(forObject: list, of: SkimmableChecklist.archivedClass)
                .objectUID(forKey: "Items"))
        let editor = try ArchiveEditor(file: bytes)
        items[2] = item(2, checked: true)
        try editor.replace(uids[2], with: items[2])
        items.append(item(4, checked: true))
        let added = editor.append(items[4])
        try editor.replaceArray(array, elements: uids + [added])
        let edited = try #require(editor.finish())
        let file = edited.bytes(original: bytes)
        let read = try #require(
            try Self.eachChecklist(file) { unarchiver, uids throws(KeyedArchiveError) in
                try unarchiver.decode(TracedItem.self, objects: uids, reading: SkimmableItem.skim)
            }.first)
        #expect(read.map { $0.item } == items)
        #expect(read.map { $0.skimmed } == [false, true, true, true, true])
    }

    @Test func aPeekRefusesNothing() throws {
        let item = SkimmableItem(
            text: "x", checked: nil, shouldRemind: nil, itemID: 42, dueDate: 0, repeatRule: nil, uid: nil,
            hasDueDate: nil, allDay: nil, dueDay: nil)
        let bytes = SkimmableChecklist.archive([SkimmableChecklist(name: "n", items: [item], iconName: "i")])
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let list = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists")?.first)
        let uids = try #require(
            try unarchiver.decoder(forObject: list, of: SkimmableChecklist.archivedClass)
                .arrayElementUIDs(forKey: "Items"))
        // What holds no integer under the key, or is no dictionary, is nil.
        #expect(unarchiver.peekIntegers(forKey: "ItemID", ofObjects: uids) == [42])
        #expect(unarchiver.peekIntegers(forKey: "Nope", ofObjects: uids) == [nil])
        #expect(unarchiver.peekIntegers(forKey: "Text", ofObjects: uids) == [nil])
        #expect(unarchiver.peekIntegers(forKey: "ItemID", ofObjects: [0, 1, 999, .max]) == [nil, nil, nil, nil])
    }

    /// The boolean objects the reads in place met: objects that hold `false` and `true`, for an
    /// editor of the file; none where no object was read in place.
    @Test func theBooleansReadInPlaceAreNamed() throws {
        func item(_ id: Int, checked: Bool) -> SkimmableItem {
            SkimmableItem(
                text: "item \(id)", checked: checked, shouldRemind: false, itemID: id, dueDate: 1_000, repeatRule: nil,
                uid: nil, hasDueDate: false, allDay: nil, dueDay: nil)
        }
        let items = [item(0, checked: false), item(1, checked: false), item(2, checked: true)]
        let bytes = SkimmableChecklist.archive([SkimmableChecklist(name: "n", items: items, iconName: "i")])
        let layout = try #require(BinaryPropertyListLayout(bytes))
        let named = try Self.eachChecklist(bytes) { unarchiver, uids throws(KeyedArchiveError) in
            let before = unarchiver.booleanObjects
            _ = try unarchiver.decode(SkimmableItem.self, objects: uids, reading: SkimmableItem.skim)
            // The first item alone is decoded, not read in place: it names nothing.
            let alone = try KeyedUnarchiver(bytes: bytes)
            _ = try alone.decode(SkimmableItem.self, objects: Array(uids.prefix(1)), reading: SkimmableItem.skim)
            return (before, unarchiver.booleanObjects, alone.booleanObjects)
        }
        let (before, after, alone) = try #require(named.first)
        #expect(before == (nil, nil))
        #expect(alone == (nil, nil))
        let no = try #require(after.false)
        let yes = try #require(after.true)
        #expect(layout.objects[no].marker == 0x08)
        #expect(layout.objects[yes].marker == 0x09)
    }
}
