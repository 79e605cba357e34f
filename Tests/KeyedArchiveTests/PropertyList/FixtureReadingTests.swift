import Foundation
import KeyedArchive
import Testing

/// Every shared fixture read by our property-list reader and keyed unarchiver.
@Suite(.enabled(if: Fixtures.available, "../shared/fixtures is absent"))
struct FixtureReadingTests {
    @Test(arguments: Fixtures.entries.filter(\.plistlibReads))
    func rawTreeMatchesPlistlib(_ entry: Fixtures.Entry) throws {
        let tree = try PropertyListReader.read(try Fixtures.bytes(entry))
        let expected = try String(contentsOf: entry.expectedJSONURL, encoding: .utf8)
        #expect(tree.canonicalJSON.rendered(indent: 1) == expected.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: Fixtures.entries.filter { $0.archive == "well-formed" })
    func wellFormedArchiveResolves(_ entry: Fixtures.Entry) throws {
        let unarchiver = try KeyedUnarchiver(bytes: try Fixtures.bytes(entry))
        let graph = try ArchiveGraph(unarchiver).resolved()
        guard case .object(let members) = graph else {
            Issue.record("graph of \(entry.file) is not an object")
            return
        }
        #expect(members.count == unarchiver.top.count)
    }

    @Test(arguments: Fixtures.entries.filter { $0.archive == "malformed" })
    func malformedArchiveIsRejected(_ entry: Fixtures.Entry) throws {
        let bytes = try Fixtures.bytes(entry)
        #expect(throws: KeyedArchiveError.self) {
            _ = try ArchiveGraph(try KeyedUnarchiver(bytes: bytes)).resolved()
        }
    }
}
