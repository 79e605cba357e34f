import Foundation
import KeyedArchive
import TestSupport
import Testing

/// One checklist file to carry through Foundation and back, named for test output.
struct InteropCase: Sendable, CustomStringConvertible {
    var name: String
    var file: ArchivableChecklistFile

    var description: String { name }

    private static func item(_ text: String, id: Int = 1, due: Double = 600_000_000.5) -> ArchivableChecklistItem {
        ArchivableChecklistItem(
            text: text, checked: id % 2 == 0, dueDate: due, shouldRemind: id % 3 == 0, itemID: id,
            hasDueDate: id % 5 != 0)
    }

    private static func file(
        _ checklists: [ArchivableChecklist],
        index: Int = 0,
        next: Int = 42
    ) -> ArchivableChecklistFile {
        ArchivableChecklistFile(checklists: checklists, index: index, nextItemID: next)
    }

    static let all: [InteropCase] = {
        var cases: [InteropCase] = []
        let texts = [
            "中文", "买牛奶 🥛", "Café", "Cafe\u{301}", "ñandú", "n\u{303}andu\u{301}", "Z\u{324}\u{354}a\u{308}\u{356}l",
            "👩‍👩‍👧‍👦 family", "🇫🇷🇯🇵🏳️‍🌈", "🧑🏻‍💻 code", "Ωmega ∑", "\u{1F600}", "tab\tnew\nline", "\"quoted\" & <tag>",
        ]
        cases.append(
            InteropCase(
                name: "Chinese, accents, combining marks and emoji",
                file: file([
                    ArchivableChecklist(
                        name: "購物清單",
                        items: texts.enumerated().map { item($1, id: $0 + 1) },
                        iconName: "📁"),
                    ArchivableChecklist(
                        name: "Ünïcödé", items: [item("é"), item("e\u{301}", id: 2)], iconName: "Folder"),
                ])))
        cases.append(
            InteropCase(
                name: "empty strings",
                file: file([ArchivableChecklist(name: "", items: [item(""), item("", id: 2)], iconName: "")])))
        let longASCII = String(repeating: "abcdefghij", count: 7_000)
        let longUnicode = String(repeating: "é中😀", count: 17_000)
        cases.append(
            InteropCase(
                name: "long strings",
                file: file([
                    ArchivableChecklist(
                        name: String(repeating: "x", count: 16),
                        items: [item("0123456789abcdef"), item(longASCII, id: 2), item(longUnicode, id: 3)],
                        iconName: "fifteen chars!!")
                ])))
        cases.append(
            InteropCase(
                name: "large and negative integers",
                file: file(
                    [
                        ArchivableChecklist(
                            name: "Numbers",
                            items: [Int.max, Int.min, -1, 0, 255, 256, 65_535, 65_536, 1 << 32, -(1 << 40)]
                                .map { item("id \($0)", id: $0) },
                            iconName: "No Icon")
                    ], index: -1, next: Int.max)))
        cases.append(
            InteropCase(
                name: "dates far in the past and future",
                file: file([
                    ArchivableChecklist(
                        name: "Dates",
                        items: [-63_113_904_000, 252_423_993_599.999, 0, 0.5, -0.25, 1e9 + 0.123_456, -978_307_200.75]
                            .enumerated().map { item("date \($1)", id: $0, due: $1) },
                        iconName: "Appointments")
                ])))
        cases.append(
            InteropCase(
                name: "empty checklists",
                file: file(
                    [
                        ArchivableChecklist(name: "A", items: [], iconName: "Folder"),
                        ArchivableChecklist(name: "B", items: [], iconName: "Folder"),
                    ], index: 1, next: 0)))
        cases.append(InteropCase(name: "no checklists", file: file([], index: -1, next: 0)))
        cases.append(
            InteropCase(
                name: "many items",
                file: file(
                    (0..<3).map { list in
                        ArchivableChecklist(
                            name: "List \(list)",
                            items: (0..<1_000).map { item("Item \($0 % 300) of list \(list)", id: list * 1_000 + $0) },
                            iconName: "Inbox")
                    }, index: 2, next: 3_000)))
        for seed: UInt64 in [1, 2, 3, 0xDEAD_BEEF] {
            var random = SplitMix64(seed: seed)
            cases.append(InteropCase(name: "random seed \(seed)", file: RandomChecklists.file(using: &random)))
        }
        return cases
    }()
}

/// How Foundation's archive names the classes before our unarchiver reads it.
enum ClassNaming: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `Checklists.Checklist`, as the iOS app writes.
    case appModule
    /// `MyApp.Checklist`: another module prefix.
    case otherModule
    /// `Checklist`: no prefix.
    case unprefixed
    /// Foundation's own names for subclasses, `KeyedArchiveTests.Checklist`.
    case foundationDefault

    var description: String { rawValue }

    func archive(_ file: ArchivableChecklistFile) throws -> [UInt8] {
        if self == .foundationDefault { return FoundationArchiving.archive(file, subclassed: true) }
        let prefix = [.appModule: "Checklists.", .otherModule: "MyApp."][self] ?? ""
        return try FoundationArchiving.renamingClasses(in: FoundationArchiving.archive(file)) { name in
            switch name.split(separator: ".").last {
            case "FoundationChecklist": prefix + "Checklist"
            case "FoundationChecklistItem": prefix + "ChecklistItem"
            default: name
            }
        }
    }
}

/// Our archiver and unarchiver against Foundation's, both ways, and the structure Foundation expects.
struct FoundationInteropTests {
    @Test(arguments: InteropCase.all)
    func foundationDecodesOurArchiveWithEveryFieldIntact(_ example: InteropCase) throws {
        let decoded = try FoundationArchiving.unarchive(example.file.archived())
        #expect(decoded == example.file, "\(example.file.firstDifference(from: decoded) ?? "")")
    }

    @Test(arguments: ["Checklists.", "MyApp.", ""])
    func foundationDecodesOurArchiveUnderEveryRegisteredModulePrefix(_ prefix: String) throws {
        let file = try #require(InteropCase.all.first).file
        let layout = try #require(BinaryPropertyListLayout(file.archived()))
        let renamed = layout.replacingStrings { string in
            switch string {
            case "Checklists.Checklist": prefix + "Checklist"
            case "Checklists.ChecklistItem": prefix + "ChecklistItem"
            default: nil
            }
        }
        let names = try Self.objects(of: renamed).compactMap { $0.dictionaryValue?["$classname"]?.stringValue }
        #expect(names.contains(prefix + "Checklist") && names.contains(prefix + "ChecklistItem"))
        let decoded = try FoundationArchiving.unarchive(renamed)
        #expect(decoded == file, "\(file.firstDifference(from: decoded) ?? "")")
    }

    @Test(arguments: InteropCase.all, ClassNaming.allCases)
    func ourUnarchiverDecodesFoundationsArchiveWithEveryFieldIntact(
        _ example: InteropCase,
        naming: ClassNaming
    ) throws {
        let bytes = try naming.archive(example.file)
        var decoded = try ArchivableChecklistFile(archive: bytes)
        var expected = example.file
        if expected.hasCanonicallyEquivalentTwins {
            // Foundation on Linux deduplicates strings through `AnyHashable`, so it stores "Café" and
            // "Cafe\u{301}" as one object; only canonical equality can be asked of its archive.
            decoded = decoded.precomposed
            expected = expected.precomposed
        }
        #expect(decoded == expected, "\(expected.firstDifference(from: decoded) ?? "")")
    }

    @Test func renamedFoundationArchivesCarryTheClassNamesAskedFor() throws {
        let file = try #require(InteropCase.all.first).file
        for naming in ClassNaming.allCases {
            let graph = try ArchiveGraph(try KeyedUnarchiver(bytes: try naming.archive(file))).resolved()
            let names = Self.classNames(in: graph)
            let expected: Set<String> =
                switch naming {
                case .appModule: ["NSArray", "NSDate", "Checklists.Checklist", "Checklists.ChecklistItem"]
                case .otherModule: ["NSArray", "NSDate", "MyApp.Checklist", "MyApp.ChecklistItem"]
                case .unprefixed: ["NSArray", "NSDate", "Checklist", "ChecklistItem"]
                case .foundationDefault:
                    ["NSArray", "NSDate", "KeyedArchiveTests.Checklist", "KeyedArchiveTests.ChecklistItem"]
                }
            #expect(names == expected, "\(naming)")
        }
    }

    @Test func foundationDecodesOurRootObjectUnderSecureCoding() throws {
        _ = FoundationArchiving.registered
        let checklist = try #require(InteropCase.all.first).file.checklists[0]
        let bytes = KeyedArchiver.archive(root: checklist)
        let classes: [AnyClass] = [
            FoundationChecklist.self, FoundationChecklistItem.self, NSArray.self, NSString.self, NSDate.self,
        ]
        let object = try NSKeyedUnarchiver.unarchivedObject(ofClasses: classes, from: Data(bytes))
        let decoded = try #require(object as? FoundationChecklist)
        #expect(decoded.model == checklist)
    }

    @Test func ourUnarchiverDecodesFoundationsSecureRootObject() throws {
        let checklist = try #require(InteropCase.all.first).file.checklists[0]
        let object = Checklist(checklist, itemClass: ChecklistItem.self)
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        let decoded = try KeyedUnarchiver(bytes: [UInt8](data)).topLevel.decode(
            ArchivableChecklist.self, forKey: "root")
        // Foundation on Linux stores canonically equivalent strings ("Café", "Cafe\u{301}") as one
        // object, so only canonical equality can be asked of its archive.
        #expect(decoded.precomposed == checklist.precomposed)
    }

    @Test(arguments: InteropCase.all)
    func ourArchiveHasTheEnvelopeFoundationReads(_ example: InteropCase) throws {
        let root = try FoundationArchiving.propertyList(example.file.archived())
        #expect(root["$archiver"] as? String == "NSKeyedArchiver")
        #expect((root["$version"] as? NSNumber)?.intValue == 100_000)
        let objects = try #require(root["$objects"] as? [Any])
        #expect(objects.first as? String == "$null")
        let top = try #require(root["$top"] as? [String: Any])
        #expect(Set(top.keys) == ["Checklists", "ChecklistIndex", "ChecklistItemID"])
        #expect((top["ChecklistIndex"] as? NSNumber)?.intValue == example.file.index)
        #expect((top["ChecklistItemID"] as? NSNumber)?.intValue == example.file.nextItemID)
    }

    @Test(arguments: InteropCase.all)
    func eachDistinctStringIsStoredOnceAsAnObject(_ example: InteropCase) throws {
        let root = try FoundationArchiving.propertyList(example.file.archived())
        let objects = try #require(root["$objects"] as? [Any])
        let strings = objects.compactMap { $0 as? String }.map { Array($0.unicodeScalars) }
        #expect(strings.count == Set(strings).count, "a string is stored more than once")
        #expect(Set(strings) == example.file.distinctStrings.union([Array("$null".unicodeScalars)]))
    }

    @Test(arguments: InteropCase.all)
    func classDictionariesNameTheirClassOnceAndEndInNSObject(_ example: InteropCase) throws {
        let objects = try Self.objects(of: example.file.archived())
        var classNames: [String] = []
        for object in objects {
            guard let fields = object.dictionaryValue, let name = fields["$classname"] else { continue }
            let chain = try #require(fields["$classes"]?.arrayValue).map(\.stringValue)
            #expect(chain.first == name.stringValue && chain.last == "NSObject", "\(chain)")
            #expect(fields.count == 2)
            classNames.append(try #require(name.stringValue))
        }
        let hasItems = example.file.checklists.contains { !$0.items.isEmpty }
        var expected: [String] = ["NSArray"]
        if !example.file.checklists.isEmpty { expected.append("Checklists.Checklist") }
        if hasItems { expected += ["Checklists.ChecklistItem", "NSDate"] }
        #expect(classNames.sorted() == expected.sorted())
    }

    @Test(arguments: InteropCase.all)
    func objectsHaveExactlyTheKeysAndKindsFoundationWrites(_ example: InteropCase) throws {
        let objects = try Self.objects(of: example.file.archived())
        let itemKeys = ["$class", "Text", "Checked", "DueDate", "ShouldRemind", "ItemID", "HasDueDate"]
        var dueDates: [UInt64] = []
        var counts: [String: Int] = [:]
        for object in objects {
            guard let fields = object.dictionaryValue, let classUID = fields["$class"]?.uidValue else { continue }
            let className = try #require(objects[Int(classUID)].dictionaryValue?["$classname"]?.stringValue)
            counts[className, default: 0] += 1
            func isString(_ key: String) -> Bool {
                guard let uid = fields[key]?.uidValue, uid < objects.count else { return false }
                return objects[Int(uid)].stringValue != nil
            }
            switch className {
            case "NSArray":
                #expect(Set(fields.keys) == ["$class", "NS.objects"])
                let elements = try #require(fields["NS.objects"]?.arrayValue)
                #expect(elements.allSatisfy { $0.uidValue != nil })
            case "NSDate":
                #expect(Set(fields.keys) == ["$class", "NS.time"])
                guard case .real(let seconds) = fields["NS.time"] else {
                    Issue.record("NS.time is \(String(describing: fields["NS.time"]))")
                    continue
                }
                dueDates.append(seconds.bitPattern)
            case "Checklists.Checklist":
                #expect(Set(fields.keys) == ["$class", "Name", "Items", "IconName"])
                #expect(isString("Name") && isString("IconName"))
            case "Checklists.ChecklistItem":
                #expect(Set(fields.keys) == Set(itemKeys))
                #expect(isString("Text"))
                for key in ["Checked", "ShouldRemind", "HasDueDate"] {
                    guard case .bool = fields[key] else {
                        Issue.record("\(key) is not an inline boolean")
                        continue
                    }
                }
                #expect(fields["ItemID"]?.integerValue != nil, "ItemID is not an inline integer")
            default:
                Issue.record("unexpected class \(className)")
            }
        }
        let items = example.file.checklists.flatMap(\.items)
        #expect(dueDates.sorted() == items.map(\.dueDate.bitPattern).sorted())
        #expect(counts["NSArray", default: 0] == example.file.checklists.count + 1)
        #expect(counts["Checklists.Checklist", default: 0] == example.file.checklists.count)
        #expect(counts["Checklists.ChecklistItem", default: 0] == items.count)
    }

    @Test func ourClassDictionariesEqualFoundations() throws {
        let file = try #require(InteropCase.all.first).file
        func classDictionaries(_ bytes: [UInt8]) throws -> [String: PropertyList] {
            var result: [String: PropertyList] = [:]
            for object in try Self.objects(of: bytes) {
                if let name = object.dictionaryValue?["$classname"]?.stringValue { result[name] = object }
            }
            return result
        }
        let ours = try classDictionaries(file.archived())
        let foundations = try classDictionaries(ClassNaming.appModule.archive(file))
        for name in ["NSArray", "NSDate"] {
            let our = try #require(ours[name]?.dictionaryValue)
            let their = try #require(foundations[name]?.dictionaryValue)
            #expect(our["$classname"] == their["$classname"] && our["$classes"] == their["$classes"], "\(name)")
        }
    }

    @Test func theEquivalentStringsCaseReallyHoldsTwins() throws {
        let example = try #require(InteropCase.all.first)
        #expect(example.file.hasCanonicallyEquivalentTwins)
        #expect(!InteropCase.all[1].file.hasCanonicallyEquivalentTwins)
    }

    /// The `$objects` of an archive as our reader sees it.
    private static func objects(of bytes: [UInt8]) throws -> [PropertyList] {
        let root = try #require(try PropertyListReader.read(bytes).dictionaryValue)
        return try #require(root["$objects"]?.arrayValue)
    }

    /// Every `$class` name in a resolved archive graph.
    private static func classNames(in graph: JSONValue) -> Set<String> {
        switch graph {
        case .object(let members):
            var names = Set<String>()
            for member in members {
                if member.key == "$class", case .string(let name) = member.value { names.insert(name) }
                names.formUnion(classNames(in: member.value))
            }
            return names
        case .array(let elements):
            return elements.reduce(into: Set<String>()) { $0.formUnion(classNames(in: $1)) }
        default:
            return []
        }
    }
}
