import Foundation
import KeyedArchive
import TestSupport
import Testing

/// Damaged and hostile inputs: every reader must return a value or throw its typed error, quickly,
/// and never trap, hang or allocate without bound.
struct MutationTests {
    /// The longest any single mutant may take through all readers in a debug build.
    ///
    /// It catches hangs and blow-ups, not slowness: a mutant normally takes well under a millisecond,
    /// and the bound is far above anything a busy shared machine adds. Speed is the benchmarks' job.
    static let slowMutant: Duration = .seconds(10)

    /// The longest a crafted input built to explode (2^40 or more paths) may take to be rejected.
    static let explosionBound: Duration = .seconds(30)

    // MARK: Mutants of the shared fixtures and of our own output

    @Test(
        .enabled(if: Fixtures.available, "../shared/fixtures is absent"),
        arguments: Fixtures.entries)
    func mutatedFixturesAreReadOrRejectedWithTypedErrors(_ entry: Fixtures.Entry) throws {
        let bytes = try Fixtures.bytes(entry)
        // Big files get fewer mutants so the whole suite stays fast in debug builds.
        let count = bytes.count > 50_000 ? 4 : 36
        try Self.checkMutants(of: bytes, named: entry.file, count: count, seed: Self.stableSeed(entry.file))
    }

    /// Our own archives and property lists, binary and XML, as mutation seeds.
    static let ownInputs: [OwnInput] = {
        var inputs: [OwnInput] = []
        for seed: UInt64 in 1...4 {
            var random = SplitMix64(seed: seed)
            var file = RandomChecklists.file(using: &random)
            // Small files keep thousands of mutants fast; the structure is what matters.
            file.checklists = file.checklists.prefix(2).map { checklist in
                var checklist = checklist
                checklist.items = Array(checklist.items.prefix(4))
                return checklist
            }
            inputs.append(OwnInput(name: "checklist file, seed \(seed)", bytes: file.archived()))
        }
        let small = ArchivableChecklistFile(
            checklists: [
                ArchivableChecklist(
                    name: "Groceries",
                    items: [
                        ArchivableChecklistItem(
                            text: "Milk 🥛", checked: true, dueDate: 700_000_000.5, shouldRemind: true, itemID: 7,
                            hasDueDate: true)
                    ], iconName: "Folder")
            ], index: 0, nextItemID: 8)
        inputs.append(OwnInput(name: "small checklist file", bytes: small.archived()))
        let smallTree = try? PropertyListReader.read(small.archived())
        if let smallTree {
            inputs.append(OwnInput(name: "small checklist file as XML", bytes: HandmadeArchive.xml(smallTree)))
        }
        inputs.append(OwnInput(name: "root checklist", bytes: KeyedArchiver.archive(root: small.checklists[0])))
        for seed: UInt64 in 1...3 {
            var random = SplitMix64(seed: seed)
            let tree = RandomPropertyList(maximumDepth: 4).tree(using: &random)
            inputs.append(OwnInput(name: "random tree, seed \(seed)", bytes: BinaryPropertyListWriter.write(tree)))
        }
        return inputs
    }()

    @Test(arguments: ownInputs)
    func mutatedOwnOutputIsReadOrRejectedWithTypedErrors(_ input: OwnInput) throws {
        try Self.checkMutants(of: input.bytes, named: input.name, count: 250, seed: Self.stableSeed(input.name))
    }

    @Test func mutationsReallyBreakInputs() throws {
        // Guards the mutator itself: most mutants of a valid archive must be rejected by something.
        let bytes = try #require(Self.ownInputs.first).bytes
        var random = SplitMix64(seed: 99)
        var rejected = 0
        for _ in 0..<200 {
            let mutant = Mutator.mutate(bytes, using: &random).bytes
            if (try? ArchivableChecklistFile(archive: mutant)) == nil { rejected += 1 }
        }
        #expect(rejected > 100)
    }

    static func checkMutants(of original: [UInt8], named name: String, count: Int, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let clock = ContinuousClock()
        var failures = 0
        for number in 0..<count where failures < 3 {
            let (description, mutant) = Mutator.mutate(original, using: &random)
            var problems: [String] = []
            let elapsed = clock.measure { problems = ReaderHarness.problems(readingMutant: mutant) }
            if elapsed > slowMutant { problems.append("took \(elapsed)") }
            if !problems.isEmpty {
                failures += 1
                Issue.record("\(name), seed \(seed), mutant \(number) (\(description)): \(problems)")
            }
        }
    }

    /// A seed derived from a name, the same in every run (unlike `Hasher`).
    static func stableSeed(_ name: String) -> UInt64 {
        name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    // MARK: Hand-made hostile binary property lists

    @Test func anArrayContainingItselfIsACycle() {
        let array = HandmadeBinaryPropertyList([[0xA1, 0x00]])
        #expect(throws: PropertyListError.cyclicReference(index: 0)) { try PropertyListReader.read(array.bytes) }
        let dictionary = HandmadeBinaryPropertyList([[0xD1, 0x01, 0x00], [0x51, 0x61]])
        #expect(throws: PropertyListError.cyclicReference(index: 0)) { try PropertyListReader.read(dictionary.bytes) }
        // Two arrays holding each other.
        var pair = HandmadeBinaryPropertyList([[0xA1, 0x01], [0xA1, 0x00]])
        pair.top = 1
        #expect(throws: PropertyListError.cyclicReference(index: 1)) { try PropertyListReader.read(pair.bytes) }
    }

    @Test func aHundredThousandNestedArraysAreTooDeepNotAStackOverflow() {
        var writer = BinaryPropertyListWriter()
        var innermost = writer.add(array: [Int]())
        for _ in 0..<100_000 { innermost = writer.add(array: [innermost]) }
        let bytes = writer.finish(top: innermost)
        #expect(throws: PropertyListError.tooDeep(limit: 512)) { try PropertyListReader.read(bytes) }
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver(bytes: bytes) }
    }

    @Test func nestingJustInsideTheLimitIsRead() throws {
        var tree = PropertyList.array([])
        for _ in 0..<500 { tree = .array([tree]) }
        #expect(try PropertyListReader.read(BinaryPropertyListWriter.write(tree)) == tree)
    }

    @Test func sharedContainersExpandingExponentiallyAreRejectedQuickly() throws {
        for useDictionaries in [false, true] {
            var writer = BinaryPropertyListWriter()
            let key = writer.add(string: "k")
            let otherKey = writer.add(string: "l")
            var node = writer.add(array: [Int]())
            for _ in 0..<64 {
                node =
                    useDictionaries
                    ? writer.add(dictionaryPairs: [key, node, otherKey, node]) : writer.add(array: [node, node])
            }
            let bytes = writer.finish(top: node)
            #expect(bytes.count < 1_000)
            let elapsed = try ContinuousClock().measure {
                let error = try #require(throws: PropertyListError.self) { try PropertyListReader.read(bytes) }
                guard case .tooLarge = error else {
                    Issue.record("expected tooLarge, got \(error)")
                    return
                }
            }
            #expect(elapsed < Self.explosionBound)
        }
    }

    @Test func exponentialSharingInsideAnArchiveIsRejectedQuickly() throws {
        // $objects[1] is a 2^64-leaf array tree made of 65 shared arrays.
        var writer = BinaryPropertyListWriter()
        var node = writer.add(array: [writer.add(string: "leaf")])
        for _ in 0..<64 { node = writer.add(array: [node, node]) }
        let objects = writer.add(array: [writer.add(string: "$null"), node])
        let top = writer.add(dictionaryPairs: [writer.add(string: "root"), writer.add(uid: 1)])
        let root = writer.add(dictionaryPairs: [
            writer.add(string: "$version"), writer.add(integer: 100_000), writer.add(string: "$archiver"),
            writer.add(string: "NSKeyedArchiver"), writer.add(string: "$top"), top, writer.add(string: "$objects"),
            objects,
        ])
        let bytes = writer.finish(top: root)
        let elapsed = ContinuousClock().measure {
            #expect(throws: KeyedArchiveError.self) { try ArchiveGraph(try KeyedUnarchiver(bytes: bytes)).resolved() }
            #expect(throws: KeyedArchiveError.self) {
                try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableChecklist.self, forKey: "root")
            }
        }
        #expect(elapsed < Self.explosionBound)
    }

    @Test(arguments: [0x40, 0x50, 0x60, 0xA0, 0xC0, 0xD0] as [UInt8])
    func countsClaimingTwoToTheSixtyElementsAreRejected(_ marker: UInt8) {
        for claimed: UInt64 in [1 << 60, 1 << 62, UInt64(Int64.max), UInt64.max, 1_000] {
            let object = HandmadeBinaryPropertyList.marker(marker, count: claimed) + [0x00, 0x01, 0x02]
            let bytes = HandmadeBinaryPropertyList([object]).bytes
            let error = #expect(throws: PropertyListError.self) { try PropertyListReader.read(bytes) }
            guard case .invalidObject = error else {
                Issue.record(
                    "marker \(marker), count \(claimed): expected invalidObject, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func offsetsAndTrailerFieldsPointingOutsideTheFileAreRejected() {
        let valid = HandmadeBinaryPropertyList([[0xA1, 0x01], [0x51, 0x61]])
        #expect(throws: Never.self) { try PropertyListReader.read(valid.bytes) }
        var variants: [(String, HandmadeBinaryPropertyList)] = []
        for offset: UInt64 in [0, 7, 200, 1 << 40, UInt64.max] {
            var file = valid
            file.offsetSize = 8
            file.offsetOverrides[1] = offset
            variants.append(("offset \(offset)", file))
        }
        for table: UInt64 in [0, 8, 9_999, 1 << 62, UInt64.max] {
            var file = valid
            file.offsetTableOverride = table
            variants.append(("offset table at \(table)", file))
        }
        for count: UInt64 in [0, 3, 1 << 60, UInt64.max] {
            var file = valid
            file.objectCountOverride = count
            variants.append(("object count \(count)", file))
        }
        for top: UInt64 in [2, 1 << 63, UInt64.max] {
            var file = valid
            file.top = top
            variants.append(("top object \(top)", file))
        }
        var danglingReference = valid
        danglingReference.objects[0] = [0xA1, 0x05]
        variants.append(("reference past the objects", danglingReference))
        for (name, file) in variants {
            #expect(throws: PropertyListError.self, "\(name)") { try PropertyListReader.read(file.bytes) }
            #expect(throws: KeyedArchiveError.self, "\(name)") { try KeyedUnarchiver(bytes: file.bytes) }
        }
        #expect(throws: PropertyListError.truncated) { try PropertyListReader.read(Array("bplist00".utf8)) }
    }

    @Test(arguments: [0, 9, 16, 255])
    func referenceAndOffsetSizesOutsideOneToEightAreRejected(_ size: Int) {
        var references = HandmadeBinaryPropertyList([[0xA1, 0x01], [0x51, 0x61]])
        references.referenceSize = size
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader.read(references.bytes) }
        guard case .invalidTrailer = error else {
            Issue.record("reference size \(size): expected invalidTrailer, got \(String(describing: error))")
            return
        }
        var offsets = HandmadeBinaryPropertyList([[0x51, 0x61]])
        offsets.offsetSize = size
        #expect(throws: PropertyListError.self) { try PropertyListReader.read(offsets.bytes) }
    }

    // MARK: Hand-made hostile archives

    @Test(arguments: [false, true])
    func anObjectWhoseClassIsItselfIsRejected(xml: Bool) throws {
        let tree = HandmadeArchive.tree(
            objects: [
                .string("$null"),
                HandmadeArchive.object(class: 1, [("Name", .uid(2))]),
                .string("List"),
            ], top: [("root", .uid(1))])
        let bytes = xml ? HandmadeArchive.xml(tree) : BinaryPropertyListWriter.write(tree)
        let decodeError = #expect(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableChecklist.self, forKey: "root")
        }
        guard case .invalidClass(uid: 1, _) = decodeError else {
            Issue.record("expected invalidClass of object 1, got \(String(describing: decodeError))")
            return
        }
        #expect(throws: KeyedArchiveError.self) { try ArchiveGraph(try KeyedUnarchiver(bytes: bytes)).resolved() }
    }

    /// An archive of nodes where node `i`'s children are the nodes listed in `children[i]` (nodes are UIDs 1...n).
    static func nodeArchive(children: [[Int]], xml: Bool = false) -> [UInt8] {
        let nodes = children.count
        // UIDs: nodes 1...n, their arrays n+1...2n, the node class 2n+1, the array class 2n+2, the name 2n+3.
        let nodeClass = UInt64(2 * nodes + 1)
        let arrayClass = nodeClass + 1
        let name = nodeClass + 2
        func node(_ index: Int) -> [(String, PropertyList)] {
            [("$class", .uid(nodeClass)), ("Name", .uid(name)), ("Children", .uid(UInt64(nodes + 1 + index)))]
        }
        func array(_ index: Int) -> [(String, PropertyList)] {
            [("$class", .uid(arrayClass)), ("NS.objects", .array(children[index].map { .uid(UInt64($0 + 1)) }))]
        }
        let tail = [
            HandmadeArchive.classDictionary("Checklists.Node"), HandmadeArchive.classDictionary("NSArray"),
            .string("node"),
        ]
        if xml {
            let objects: [PropertyList] =
                [.string("$null")] + (0..<nodes).map { .dictionary(PropertyListDictionary(node($0))) }
                + (0..<nodes).map { .dictionary(PropertyListDictionary(array($0))) } + tail
            return HandmadeArchive.xml(HandmadeArchive.tree(objects: objects, top: [("root", .uid(1))]))
        }
        // Large graphs go straight through the writer's object API, which is much faster than building a tree.
        var writer = BinaryPropertyListWriter(reservingObjects: 6 * nodes + 32, bytes: 8 * nodes)
        func add(_ pairs: [(String, PropertyList)]) -> Int {
            writer.add(dictionaryPairs: pairs.flatMap { [writer.add(string: $0.0), writer.add($0.1)] })
        }
        var objects = [writer.add(string: "$null")]
        for index in 0..<nodes { objects.append(add(node(index))) }
        for index in 0..<nodes { objects.append(add(array(index))) }
        for object in tail { objects.append(writer.add(object)) }
        let objectArray = writer.add(array: objects)
        let top = add([("root", .uid(1))])
        let root = writer.add(dictionaryPairs: [
            writer.add(string: "$version"), writer.add(integer: 100_000), writer.add(string: "$archiver"),
            writer.add(string: "NSKeyedArchiver"), writer.add(string: "$top"), top, writer.add(string: "$objects"),
            objectArray,
        ])
        return writer.finish(top: root)
    }

    @Test func aValidNodeArchiveDecodes() throws {
        let bytes = Self.nodeArchive(children: [[1, 2], [], [1]])
        let root = try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableNode.self, forKey: "root")
        #expect(root.size == 4)
        // A chain of 60, shared twice.
        let chain = Self.nodeArchive(children: [[1, 1]] + (2..<60).map { [$0] } + [[]])
        let deep = try KeyedUnarchiver(bytes: chain).topLevel.decode(ArchivableNode.self, forKey: "root")
        #expect(deep.size == 1 + 2 * 59)
    }

    @Test(arguments: [false, true])
    func uidCyclesBetweenObjectsAreCyclicReferenceErrors(xml: Bool) throws {
        // The last: a chain of 30 whose end refers back to its sixth node.
        let deep = (1..<30).map { [$0] } + [[5]]
        for (children, cycleStart): ([[Int]], UInt64) in [
            ([[0]], 1), ([[1], [0]], 1), ([[1], [2], [1]], 2), (deep, 6),
        ] {
            let bytes = Self.nodeArchive(children: children, xml: xml)
            let error = #expect(throws: KeyedArchiveError.self) {
                try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableNode.self, forKey: "root")
            }
            #expect(error == .cyclicReference(cycleStart), "\(children)")
            // The generic graph shows the cycle as a back reference instead.
            let graph = try ArchiveGraph(try KeyedUnarchiver(bytes: bytes)).resolved().rendered()
            #expect(graph.contains("\"$ref\": \(cycleStart)"), "\(children)")
        }
    }

    @Test func aChecklistWhoseItemsArrayHoldsTheChecklistIsRejected() throws {
        let tree = HandmadeArchive.tree(
            objects: [
                .string("$null"),
                HandmadeArchive.object(class: 3, [("Name", .uid(4)), ("Items", .uid(2)), ("IconName", .uid(4))]),
                HandmadeArchive.array(class: 5, [1]),
                HandmadeArchive.classDictionary("Checklists.Checklist"),
                .string("List"),
                HandmadeArchive.classDictionary("NSArray"),
            ], top: [("root", .uid(1))])
        let error = #expect(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver(bytes: BinaryPropertyListWriter.write(tree)).topLevel
                .decode(ArchivableChecklist.self, forKey: "root")
        }
        guard case .unexpectedClass = error else {
            Issue.record("expected unexpectedClass, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [false, true])
    func longChainsOfObjectsAreTooDeepNotAStackOverflow(xml: Bool) throws {
        // 100,000 objects in binary; XML is slow to parse in debug builds, and 1,100 passes every limit.
        let count = xml ? 1_100 : 100_000
        let bytes = Self.nodeArchive(children: (0..<count).map { $0 + 1 < count ? [$0 + 1] : [] }, xml: xml)
        #expect(throws: KeyedArchiveError.tooDeep(limit: 256)) {
            try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableNode.self, forKey: "root")
        }
        let error = #expect(throws: KeyedArchiveError.self) {
            try ArchiveGraph(try KeyedUnarchiver(bytes: bytes)).resolved()
        }
        guard case .tooDeep = error else {
            Issue.record("expected tooDeep, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [false, true])
    func sharedObjectsAreNotDecodedCombinatorially(xml: Bool) throws {
        // 40 levels of nodes, each level's node listing the next one twice: 2^40 paths from the root.
        let levels = 40
        let bytes = Self.nodeArchive(children: (0..<levels).map { $0 + 1 < levels ? [$0 + 1, $0 + 1] : [] }, xml: xml)
        let elapsed = ContinuousClock().measure {
            let error = #expect(throws: KeyedArchiveError.self) {
                try KeyedUnarchiver(bytes: bytes).topLevel.decode(ArchivableNode.self, forKey: "root")
            }
            guard case .notAPropertyList(.tooLarge) = error else {
                Issue.record("expected a too-large error, got \(String(describing: error))")
                return
            }
        }
        #expect(elapsed < Self.explosionBound)
        // The generic graph expands each object once, so it resolves the same archive at once.
        #expect(throws: Never.self) { try ArchiveGraph(try KeyedUnarchiver(bytes: bytes)).resolved() }
    }

    @Test(arguments: [5e13, -5e13, 9.3e12, 1e300, -.greatestFiniteMagnitude, .infinity, .nan])
    func datesBeyondAnyCalendarRenderWithoutTrapping(_ seconds: Double) throws {
        let tree = HandmadeArchive.tree(
            objects: [
                .string("$null"), HandmadeArchive.object(class: 2, [("NS.time", .real(seconds))]),
                HandmadeArchive.classDictionary("NSDate"),
            ], top: [("when", .uid(1)), ("raw", .date(seconds))])
        let bytes = BinaryPropertyListWriter.write(tree)
        let json = try PropertyListReader.read(bytes).canonicalJSON.rendered()
        #expect(json.contains("\"date\""))
        let unarchiver = try KeyedUnarchiver(bytes: bytes)
        #expect(try ArchiveGraph(unarchiver).resolved().rendered().contains("NSDate"))
        #expect(try unarchiver.topLevel.decodeDate(forKey: "when").bitPattern == seconds.bitPattern)
    }

    // MARK: Hostile XML

    @Test func aHundredThousandNestedXMLArraysAreTooDeep() {
        let text =
            "<plist>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
            + "</plist>"
        #expect(throws: PropertyListError.tooDeep(limit: 512)) { try PropertyListReader.read(Array(text.utf8)) }
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver(bytes: Array(text.utf8)) }
    }

    static let brokenXML: [String] = [
        "<plist><array><string>abc", "<plist><array><string>abc</string>", "<plist><string>abc</plist>",
        "<plist><dict><key>a</key></dict></plist>", "<plist><dict><string>a</string></dict></plist>",
        "<plist><array></dict></plist>", "<plist><integer>12a</integer></plist>",
        "<plist><integer>99999999999999999999999</integer></plist>", "<plist><real>one</real></plist>",
        "<plist><date>yesterday</date></plist>", "<plist><date>2020-13-01T00:00:00Z</date></plist>",
        "<plist><unknown/></plist>", "<plist></plist>", "<plist/>",
        "<plist><string>a</string><string>b</string></plist>",
        "<plist><true>x</true></plist>", "<plist><string", "<plist><string a=\"unterminated></string></plist>",
        "<plist><!-- never closed <string>a</string></plist>", "<plist><string><![CDATA[open</string></plist>",
        "<plist><string>&bogus;</string></plist>", "<plist><string>&#xZZ;</string></plist>",
        "<plist><string>&#1114112;</string></plist>", "<plist><string>&#xD800;</string></plist>",
        "<plist><string>&amp</string></plist>", "<plist><string>&#;</string></plist>",
        "<plist><string>&averyveryverylongentityname;</string></plist>", "<plist><data>@@@@</data></plist>",
        "<plist><data>ab=c</data></plist>", "<plist><data>a===</data></plist>",
        "<plist><data>YWJj\u{1}</data></plist>", "<?xml version=\"1.0\"?>", "<?xml version=\"1.0\"",
        "<!DOCTYPE plist [ <plist><string>a</string></plist>",
    ]

    @Test(arguments: brokenXML)
    func brokenXMLIsRejectedWithAnXMLError(_ text: String) {
        let error = #expect(throws: PropertyListError.self) { try PropertyListReader.read(Array(text.utf8)) }
        switch error {
        case .invalidXML(let line, let reason)?:
            #expect(line >= 1 && !reason.isEmpty)
        case .tooDeep?, .unknownFormat?:
            break
        default:
            Issue.record("expected an XML error, got \(String(describing: error))")
        }
    }

    @Test func invalidUTF8InXMLTextIsRejected() {
        let bytes = Array("<plist><string>".utf8) + [0xFF, 0xFE, 0x80] + Array("</string></plist>".utf8)
        #expect(throws: PropertyListError.self) { try PropertyListReader.read(bytes) }
    }

    @Test func wellFormedXMLCornerCasesAreRead() throws {
        let text = """
            <?xml version="1.0"?><!-- c --><plist version="1.0"><array>\
            <string>&lt;&amp;&gt;&quot;&apos;&#x1F600;&#233;<![CDATA[<&]]></string><data> YW Jj </data>\
            <integer>0x10</integer><integer>-9223372036854775808</integer><string/><dict/></array></plist>
            """
        let tree = try PropertyListReader.read(Array(text.utf8))
        #expect(
            tree
                == .array([
                    .string("<&>\"'😀é<&"), .data(Array("abc".utf8)), .integer(16), .integer(Int64.min), .string(""),
                    .dictionary(PropertyListDictionary()),
                ]))
    }
}

/// One of our own outputs used as a mutation seed.
struct OwnInput: Sendable, CustomStringConvertible {
    var name: String
    var bytes: [UInt8]
    var description: String { name }
}

/// Makes one random, seeded mutation of a file: truncation, byte flips, trailer and offset-table
/// overwrites, swaps, insertions and deletions.
enum Mutator {
    static let interestingBytes: [UInt8] = [
        0x00, 0x01, 0x0F, 0x10, 0x13, 0x14, 0x1F, 0x23, 0x33, 0x4F, 0x5F, 0x6F, 0x7F, 0x80, 0x87, 0x8F, 0xA0, 0xAF,
        0xCF, 0xD0, 0xDF, 0xFF, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "&"),
        UInt8(ascii: ";"), UInt8(ascii: "#"), UInt8(ascii: "="),
    ]

    static let interestingValues: [UInt64] = [
        0, 1, 2, 7, 8, 9, 15, 16, 255, 256, 65_535, 1 << 31, 1 << 32, 1 << 60, UInt64(Int64.max), UInt64.max,
    ]

    static func mutate(_ original: [UInt8], using random: inout SplitMix64) -> (description: String, bytes: [UInt8]) {
        var bytes = original
        guard !bytes.isEmpty else { return ("empty", bytes) }
        let count = bytes.count
        let isBinary = count >= 40 && bytes.starts(with: Array("bplist00".utf8))
        let position = Int.random(in: 0..<count, using: &random)
        switch Int.random(in: 0..<11, using: &random) {
        case 0:
            return ("truncated to \(position)", Array(bytes.prefix(position)))
        case 1:
            bytes[position] = UInt8.random(in: 0...255, using: &random)
            return ("byte \(position) set to \(bytes[position])", bytes)
        case 2:
            let flips = Int.random(in: 2...8, using: &random)
            for _ in 0..<flips {
                bytes[Int.random(in: 0..<count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
            return ("\(flips) bytes flipped", bytes)
        case 3 where isBinary:
            let fields: [(name: String, offset: Int, size: Int)] = [
                ("offset size", 6, 1), ("reference size", 7, 1), ("object count", 8, 8), ("top object", 16, 8),
                ("offset table", 24, 8),
            ]
            let field = random.pick(fields)
            let value =
                random.chance(1, in: 2)
                ? random.pick(interestingValues) : UInt64.random(in: 0...UInt64.max, using: &random)
            let start = count - 32 + field.offset
            for index in 0..<field.size {
                bytes[start + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(field.size - 1 - index)))
            }
            return ("trailer \(field.name) set to \(value)", bytes)
        case 4 where isBinary:
            guard let layout = BinaryPropertyListLayout(original), layout.objectCount > 0 else { break }
            let entry = Int.random(in: 0..<layout.objectCount, using: &random)
            let start = layout.offsetTableStart + entry * layout.offsetSize
            let value =
                random.chance(1, in: 2)
                ? random.pick(interestingValues) : UInt64.random(in: 0..<UInt64(count + 16), using: &random)
            for index in 0..<layout.offsetSize {
                bytes[start + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(layout.offsetSize - 1 - index)))
            }
            return ("offset of object \(entry) set to \(value)", bytes)
        case 5:
            let other = Int.random(in: 0..<count, using: &random)
            bytes.swapAt(position, other)
            return ("bytes \(position) and \(other) swapped", bytes)
        case 6:
            bytes[position] = random.pick(interestingBytes)
            return ("byte \(position) set to marker \(bytes[position])", bytes)
        case 7:
            if random.chance(1, in: 2) {
                bytes.remove(at: position)
                return ("byte \(position) deleted", bytes)
            }
            bytes.insert(random.pick(interestingBytes), at: position)
            return ("byte inserted at \(position)", bytes)
        case 8:
            let length = Int.random(in: 1...min(32, count), using: &random)
            let source = Int.random(in: 0...(count - length), using: &random)
            let target = Int.random(in: 0...(count - length), using: &random)
            bytes.replaceSubrange(target..<(target + length), with: original[source..<(source + length)])
            return ("\(length) bytes copied from \(source) to \(target)", bytes)
        case 9:
            let length = Int.random(in: 1...min(16, count - position), using: &random)
            let fill: UInt8 = random.chance(1, in: 2) ? 0x00 : 0xFF
            bytes.replaceSubrange(position..<(position + length), with: repeatElement(fill, count: length))
            return ("\(length) bytes at \(position) set to \(fill)", bytes)
        default:
            break
        }
        // Cases 3 and 4 on XML, and the last case: truncate, then flip a byte of what is left.
        var truncated = Array(original.prefix(Int.random(in: 0..<count, using: &random)))
        if !truncated.isEmpty { truncated[position % truncated.count] ^= 0x55 }
        return ("truncated to \(truncated.count), then a byte flipped", truncated)
    }
}

/// Runs every reader of the library on one input and reports anything but a value or a typed error.
enum ReaderHarness {
    static func problems(readingMutant bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        do {
            let tree = try PropertyListReader.read(bytes)
            // Whatever was read must survive our writer and reader unchanged.
            let again = try PropertyListReader.read(BinaryPropertyListWriter.write(tree))
            if !tree.isIdentical(to: again) {
                problems.append("rewritten tree differs: \(tree.firstDifference(from: again) ?? "")")
            }
            if tree.canonicalJSON.rendered().isEmpty { problems.append("empty JSON") }
        } catch {
            if error.description.isEmpty { problems.append("PropertyListError without a message") }
        }
        do {
            let unarchiver = try KeyedUnarchiver(bytes: bytes)
            let graph = try ArchiveGraph(unarchiver).resolved()
            if graph.rendered().isEmpty { problems.append("empty archive graph") }
            _ = try? unarchiver.topLevel.decode(ArchivableChecklist.self, forKey: "root")
            _ = try? unarchiver.topLevel.decode([ArchivableChecklist].self, forKey: "Checklists")
        } catch {
            if error.description.isEmpty { problems.append("KeyedArchiveError without a message") }
        }
        do {
            _ = try ArchivableChecklistFile(archive: bytes)
        } catch {
            if error.description.isEmpty { problems.append("KeyedArchiveError without a message") }
        }
        return problems
    }
}
