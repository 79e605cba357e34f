import ChecklistKit
import TestSupport
import Testing

/// A session on a data file in a temporary folder, with a clock the test controls.
final class SessionFixture {
    let folder: TemporaryFolder
    let clock: TestClock
    let store: ChecklistStore
    let session: Session

    /// A session on `Checklists.plist` in a fresh folder (no file yet: the first run).
    init(now: Double = TestTime.now) throws {
        folder = try TemporaryFolder()
        clock = TestClock(now)
        store = try ChecklistStore(path: folder.file("Checklists.plist"), clock: clock.function)
        session = Session(store: store, clock: clock.function)
    }

    /// The data file's path.
    var path: String { store.path }

    /// The data file's bytes, `nil` when it does not exist.
    var fileBytes: [UInt8]? { TemporaryFolder.bytes(path) }

    /// Another session on the same file, as a second process would have.
    func otherSession() throws -> Session {
        Session(store: try ChecklistStore(path: path, clock: clock.function), clock: clock.function)
    }

    /// Runs `line`, expecting it to succeed; returns its output lines as text.
    @discardableResult
    func run(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let result = session.run(line)
        #expect(result.error == nil, "\(line)", sourceLocation: sourceLocation)
        #expect(result.exitStatus == .success, "\(line)", sourceLocation: sourceLocation)
        return result.lines.map(\.text)
    }

    /// Runs each line, expecting each to succeed.
    func runAll(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines { run(line, sourceLocation: sourceLocation) }
    }

    /// Runs `line`, expecting it to fail and to change nothing in memory or on disk; returns its message.
    @discardableResult
    func failure(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let bytesBefore = fileBytes
        let storeBefore = store.book
        let sessionBefore = session.book
        let result = session.run(line)
        #expect(result.error != nil, "\(line) should fail", sourceLocation: sourceLocation)
        #expect(result.exitStatus != .success, "\(line)", sourceLocation: sourceLocation)
        #expect(result.lines.isEmpty, "\(line)", sourceLocation: sourceLocation)
        #expect(fileBytes == bytesBefore, "\(line) changed the file", sourceLocation: sourceLocation)
        #expect(store.book == storeBefore, "\(line) changed the store", sourceLocation: sourceLocation)
        #expect(session.book == sessionBefore, "\(line) changed the session", sourceLocation: sourceLocation)
        return result.error ?? ""
    }

    /// The current checklist's items as text, in order.
    var texts: [String] {
        session.book.current?.items.map(\.text) ?? []
    }

    /// The names of all checklists, in the order shown.
    var names: [String] {
        session.book.checklists.map(\.name)
    }

    /// The current checklist's name.
    var currentName: String? {
        session.book.current?.name
    }

    /// The book as a fresh load of the file shows it.
    func reloadedBook() throws -> ChecklistBook {
        try ChecklistStore(path: path, clock: clock.function).book
    }
}
