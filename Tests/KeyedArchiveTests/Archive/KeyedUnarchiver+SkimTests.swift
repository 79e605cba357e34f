import KeyedArchive
import TestSupport
import Testing

/// The skim agrees with decoding: the same IDs where decoding succeeds, an error wherever it throws.
struct KeyedUnarchiverSkimTests {
    // MARK: The two ways of loading a file

    /// The IDs of every checklist's items, loaded as the lead loads a file partially: the
    /// `Checklists` array and each checklist's `Items` as UIDs, names decoded, items skimmed.
    static func skimmedIDs(_ bytes: [UInt8]) throws(KeyedArchiveError) -> [[Int?]] {
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        guard let lists = try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists") else {
            throw .missingKey("Checklists", inClass: "$top")
        }
        var result: [[Int?]] = []
        for list in lists {
            let decoder = try unarchiver.decoder(forObject: list, of: SkimmableChecklist.archivedClass)
            _ = try decoder.decode(String.self, forKey: "Name")
            _ = try decoder.decode(String.self, forKey: "IconName")
            guard let items = try decoder.arrayElementUIDs(forKey: "Items") else {
                throw .missingKey("Items", inClass: decoder.className)
            }
            result.append(try unarchiver.skim(items, SkimmableItem.skim))
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

    // MARK: Valid archives

    @Test(arguments: [false, true])
    func randomFilesSkimToTheDecodedIDs(xml: Bool) throws {
        var random = SplitMix64(seed: xml ? 0x5C1A : 0x5C1B)
        for _ in 0..<40 {
            var checklists = SkimmableChecklist.randomFile(using: &random)
            if xml { checklists = checklists.map(Self.xmlSafe) }
            var bytes = SkimmableChecklist.archive(checklists)
            if xml { bytes = HandmadeArchive.xml(try PropertyListReader.read(bytes)) }
            let skimmed = try Self.skimmedIDs(bytes)
            let decoded = try Self.decodedIDs(bytes)
            #expect(skimmed == Self.ids(checklists))
            #expect(skimmed == decoded)
        }
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
        let skimmed = try Self.skimmedIDs(SkimmableChecklist.archive(checklists))
        #expect(skimmed == Self.ids(checklists))
    }

    @Test func theIntegerKeyIsReadEvenWhenNotAmongTheFields() throws {
        let item = SkimmableItem(
            text: "x", checked: nil, shouldRemind: nil, itemID: 42, dueDate: 0, repeatRule: nil, uid: nil,
            hasDueDate: nil, allDay: nil, dueDay: nil)
        let bytes = SkimmableChecklist.archive([SkimmableChecklist(name: "n", items: [item], iconName: "i")])
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        let list = try #require(try unarchiver.topLevel.arrayElementUIDs(forKey: "Checklists")?.first)
        let uids = try #require(
            try unarchiver.decoder(forObject: list, of: SkimmableChecklist.archivedClass)
                .arrayElementUIDs(forKey: "Items"))
        let onlyClass = ObjectSkim(archivedClass: SkimmableItem.archivedClass, fields: [], integerKey: "ItemID")
        #expect(try unarchiver.skim(uids, onlyClass) == [42])
        let absentKey = ObjectSkim(archivedClass: SkimmableItem.archivedClass, fields: [], integerKey: "Nope")
        #expect(try unarchiver.skim(uids, absentKey) == [nil])
        let textAsInteger = ObjectSkim(archivedClass: SkimmableItem.archivedClass, fields: [], integerKey: "Text")
        #expect(throws: KeyedArchiveError.self) { try unarchiver.skim(uids, textAsInteger) }
    }
}
