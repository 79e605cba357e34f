#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// libFuzzer entry point for the KeyedArchive decoders, the iCalendar reader and the XML reader
// (built by Scripts/fuzz.sh).
//
// Compiled in one module with Sources/KeyedArchive/**/*.swift, ChecklistKit's model and
// archive mapping, and the benchmark data (Benchmarks/Sources/BenchModel/BenchModel.swift).
// Every input goes through the property-list reader, the keyed unarchiver with the generic
// graph resolver, a typed decode into `ChecklistBook`, and the partial load with edits of the file
// (Fuzz/PartialLoadFuzzTarget.swift); any trap, sanitizer report, hang or runaway allocation is
// a bug, since decoding untrusted bytes must only ever throw.

/// Runs one input through every decoder; errors are expected, crashes are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    if let tree = try? PropertyListReader.read(bytes) {
        // Whatever was read must write back and read again to the same tree.
        let rewritten = BinaryPropertyListWriter.write(tree)
        if let reread = try? PropertyListReader.read(rewritten) {
            precondition(reread == tree || tree.containsNaN, "binary round trip changed the tree")
        } else {
            preconditionFailure("the writer's output does not read back")
        }
        _ = tree.canonicalJSON
    }
    if let unarchiver = try? KeyedUnarchiver(bytes: bytes) {
        _ = try? ArchiveGraph(unarchiver).resolved()
    }
    if let document = try? ChecklistBook(archive: bytes, loadTime: 0) {
        // A decoded document must archive and decode back to itself.
        let again = try? ChecklistBook(archive: document.archived(), loadTime: 0)
        precondition(again == document || document.containsNaN, "archive round trip changed the document")
    }
    fuzzPartialLoad(bytes)
    fuzzCalendar(bytes)
    fuzzXML(bytes)
    return 0
}

extension PropertyList {
    /// Whether the tree holds a NaN real or date, which never compares equal to itself.
    fileprivate var containsNaN: Bool {
        switch self {
        case .real(let value), .date(let value): value.isNaN
        case .array(let elements): elements.contains { $0.containsNaN }
        case .dictionary(let dictionary): dictionary.values.contains { $0.containsNaN }
        default: false
        }
    }
}

extension ChecklistBook {
    /// Whether a due date is NaN, which never compares equal to itself.
    fileprivate var containsNaN: Bool {
        checklists.contains { list in list.items.contains { $0.archivedDate.isNaN } }
    }
}

/// With `FUZZ_WRITE_SEEDS=DIR` in the environment, writes a few generated archives into DIR
/// (the seed corpus) and exits; otherwise does nothing.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
)
    -> CInt
{
    guard let folder = getenv("FUZZ_WRITE_SEEDS").map({ String(cString: $0) }) else { return 0 }
    var seeds: [(name: String, bytes: [UInt8])] = [
        ("empty", ChecklistBook(checklists: [], currentIndex: nil, nextItemID: 0).archived()),
        ("one-list", BenchData.document(items: 3, lists: 1).archived()),
        ("three-lists", BenchData.document(items: 12, lists: 3).archived()),
        ("ten-lists", BenchData.document(items: 40, lists: 10).archived()),
        (
            "early-form",
            KeyedArchiver.archive { coder in
                coder.encode(BenchData.document(items: 4, lists: 1).checklists[0].items, forKey: "ChecklistItems")
            }
        ),
        (
            "plain-plist",
            BinaryPropertyListWriter.write(
                .dictionary(
                    PropertyListDictionary([
                        ("string", .string("héllo 中文")), ("integer", .integer(-7)), ("big", .unsignedInteger(.max)),
                        ("real", .real(1.5)), ("date", .date(700_000_000)), ("data", .data([0, 1, 2])),
                        ("array", .array([.bool(true), .bool(false), .uid(3)])),
                    ])
                )
            )
        ),
    ]
    seeds += partialLoadSeeds()
    for seed in seeds {
        guard let file = fopen(folder + "/seed-" + seed.name + ".plist", "wb") else { exit(1) }
        _ = seed.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    exit(0)
}

/// The iCalendar reader (CalDAV's tasks, `import FILE.ics`): what reads must write back and read
/// again the same, and every task must map to an item and back without trapping.
func fuzzCalendar(_ bytes: [UInt8]) {
    guard let components = try? ICalendarReader.read(bytes) else { return }
    var built = components
    for index in built.indices { built[index].forgetOriginals() }
    let written = ICalendarWriter.write(built)
    guard let again = try? ICalendarReader.read(Array(written.utf8)) else {
        preconditionFailure("the iCalendar writer's output does not read back")
    }
    precondition(again.count == built.count, "an iCalendar round trip changed the components")
    var pending = components
    var items: [ChecklistItem] = []
    while let component = pending.popLast() {
        pending += component.components
        guard component.name == "VTODO" else { continue }
        var item = CalendarTask.item(component, itemID: 1, created: 0)
        _ = CalendarTask.todo(item, uid: "u", now: 0, existing: component, siblings: ["p"])
        item.uid = component.property("UID")?.value
        items.append(item)
    }
    // Whatever parents the tasks name (loops, chains, themselves), each item has a place.
    _ = ChecklistOutline.withoutParentLoops(items)
}

extension CalendarComponent {
    /// Drops the text every property was read from, so the writer builds each line afresh.
    fileprivate mutating func forgetOriginals() {
        for index in properties.indices { properties[index].original = nil }
        for index in components.indices { components[index].forgetOriginals() }
    }
}
