import ChecklistKit
import Foundation
import TestSupport
import Testing

struct ChecklistStoreTests {
    private func addList(_ name: String) -> (inout ChecklistBook) throws -> Void {
        { book in book.insert(Checklist(name: name)) }
    }

    @Test func aMissingFileIsTheFirstRunAndNothingIsWrittenUntilTheFirstChange() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("data/checklists/Checklists.plist")
        let store = try ChecklistStore(path: path, clock: TestClock().function)
        #expect(store.book == .firstRun)
        #expect(TemporaryFolder.bytes(path) == nil)
        _ = try store.modify { _ in }
        #expect(TemporaryFolder.bytes(path) == nil, "a change that changes nothing writes nothing")
        _ = try store.modify(addList("Groceries"))
        let saved = try #require(TemporaryFolder.bytes(path))
        #expect(Array(saved.prefix(8)) == Array("bplist00".utf8))
        #expect(
            try ChecklistStore(path: path, clock: TestClock().function).book.checklists.map(\.name) == [
                "Groceries", "List",
            ])
    }

    @Test func theFirstSaveCreatesPrivateFoldersAndAPrivateFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/Checklists.plist")
        let store = try ChecklistStore(path: path, clock: TestClock().function)
        _ = try store.modify(addList("Private"))
        #expect(TemporaryFolder.mode(folder.file("a")) == 0o700)
        #expect(TemporaryFolder.mode(folder.file("a/b")) == 0o700)
        #expect(TemporaryFolder.mode(path) == 0o600)
        #expect(TemporaryFolder.mode(path + ".lock") == 0o600)
    }

    @Test func aTemporaryFileLeftByAKilledWriterIsRemovedByTheNextChange() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("Checklists.plist")
        try TemporaryFolder.write(Array("half-written".utf8), to: path + ".tmp-AbC123")
        try TemporaryFolder.write(Array("someone else's".utf8), to: folder.file("Other.plist.tmp-AbC123"))
        let store = try ChecklistStore(path: path, clock: TestClock().function)
        _ = try store.modify(addList("Groceries"))
        #expect(TemporaryFolder.bytes(path + ".tmp-AbC123") == nil)
        #expect(TemporaryFolder.bytes(folder.file("Other.plist.tmp-AbC123")) != nil)
    }

    @Test func savingLeavesNoTemporaryFilesBehind() throws {
        let folder = try TemporaryFolder()
        let store = try ChecklistStore(path: folder.file("Checklists.plist"), clock: TestClock().function)
        for name in ["A", "B", "C"] { _ = try store.modify(addList(name)) }
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(entries == ["Checklists.plist", "Checklists.plist.lock"])
    }

    @Test(.enabled(if: Unwritable.isSupported, "needs chattr +i (root) or chmod (others)"))
    func aChangeThatCannotBeSavedIsNotApplied() throws {
        let fixture = try SessionFixture()
        fixture.runAll(["add Milk", "new Groceries"])
        let folder = fixture.folder.path
        try #require(Unwritable.make(folder))
        defer { Unwritable.restore(folder) }
        let bytesBefore = fixture.fileBytes
        let bookBefore = fixture.store.book
        #expect {
            try fixture.store.modify(addList("Never"))
        } throws: { error in
            guard case .saveFailed(let path, _) = error as? StoreError else { return false }
            return path == fixture.path
        }
        #expect(fixture.store.book == bookBefore)
        #expect(fixture.fileBytes == bytesBefore)
        let message = fixture.failure("add Eggs")
        #expect(message.contains("cannot save \(fixture.path)"))
        #expect(message.contains("not applied"))
        #expect(fixture.session.run("add Eggs").exitStatus == .ioError)
        fixture.failure("drop List")
        Unwritable.restore(folder)
        fixture.run("add Eggs")
        #expect(fixture.texts == ["Eggs"])
        #expect(try fixture.reloadedBook().checklists.map(\.name) == ["Groceries", "List"])
    }

    @Test func aFolderThatBecameAFileStopsChangesUntilItIsBack() throws {
        // Root-proof: the data folder is a symbolic link, pointed at a regular file for the failure.
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: false)
        try #require(FileManager.default.createFile(atPath: folder.file("blocker"), contents: Data("x".utf8)))
        try FileManager.default.createSymbolicLink(atPath: folder.file("data"), withDestinationPath: "real")
        let path = folder.file("data/Checklists.plist")
        let store = try ChecklistStore(path: path, clock: TestClock().function)
        let session = Session(store: store, clock: TestClock().function)
        #expect(session.run("add Milk").succeeded)
        let bytesBefore = TemporaryFolder.bytes(folder.file("real/Checklists.plist"))
        let bookBefore = store.book

        try FileManager.default.removeItem(atPath: folder.file("data"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("data"), withDestinationPath: "blocker")
        #expect {
            try store.modify(addList("Never"))
        } throws: { error in
            guard case .saveFailed = error as? StoreError else { return false }
            return true
        }
        let result = session.run("add Eggs")
        #expect(result.error != nil)
        #expect(result.exitStatus == .ioError)
        #expect(store.book == bookBefore)
        #expect(TemporaryFolder.bytes(folder.file("real/Checklists.plist")) == bytesBefore)

        try FileManager.default.removeItem(atPath: folder.file("data"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("data"), withDestinationPath: "real")
        #expect(session.run("add Eggs").succeeded)
        #expect(
            try ChecklistStore(path: path, clock: TestClock().function).book.current?.items.map(\.text) == [
                "Milk", "Eggs",
            ])
    }

    @Test func aCorruptFileIsRejectedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("Checklists.plist")
        let garbage: [UInt8] = Array("bplist00 this is not really a property list".utf8)
        try TemporaryFolder.write(garbage, to: path)
        #expect {
            try ChecklistStore(path: path, clock: TestClock().function)
        } throws: { error in
            guard case .undecodable(let failedPath, let reason, _) = error as? StoreError else { return false }
            return failedPath == path && !reason.isEmpty
        }
        #expect(TemporaryFolder.bytes(path) == garbage)
        let error = StoreError.undecodable(path: path, reason: "bad")
        #expect(error.exitStatus == .dataError)
        #expect(error.description.contains(path))
        #expect(error.description.contains("untouched"))
    }

    @Test func aDamagedFileGetsAWayOut() {
        let plain = StoreError.undecodable(path: "/d/Checklists.plist", reason: "bad")
        #expect(
            plain.description
                == "/d/Checklists.plist is not a readable checklists file: bad; it was left untouched; to start"
                + " afresh, move it aside: mv /d/Checklists.plist /d/Checklists.plist.damaged")
        let spaced = StoreError.undecodable(path: "/my lists/it's.plist", reason: "bad")
        #expect(spaced.description.hasSuffix("mv '/my lists/it'\\''s.plist' '/my lists/it'\\''s.plist.damaged'"))
        let synced = plain.withWayOut("take the last sync's")
        #expect(synced.description.hasSuffix("it was left untouched; take the last sync's"))
        #expect(synced.exitStatus == .dataError)
        #expect(
            StoreError.lockTimeout(path: "/d/x", seconds: 10).withWayOut("y") == .lockTimeout(path: "/d/x", seconds: 10)
        )
    }

    @Test func aFileCorruptedByAnotherProgramFailsTheCommandWithStatus65() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        let bookBefore = fixture.store.book
        try TemporaryFolder.write("not a plist", to: fixture.path)
        let result = fixture.session.run("add Eggs")
        #expect(result.exitStatus == .dataError)
        #expect(result.error?.contains(fixture.path) == true)
        #expect(fixture.fileBytes == Array("not a plist".utf8))
        #expect(fixture.store.book == bookBefore)
    }

    @Test func anotherStoresChangeIsReloadedBeforeTheNextCommand() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        let other = try fixture.otherSession()
        #expect(other.run("add Eggs").succeeded)
        let result = fixture.session.run("show")
        #expect(result.notices.count == 1)
        #expect(result.notices.first?.contains("changed by another process") == true)
        #expect(result.lines.map(\.text) == ["List  2 Remaining", "1 [ ] Milk  #0", "2 [ ] Eggs  #1"])
        #expect(fixture.session.run("show").notices.isEmpty, "only once")
    }

    @Test func noChangeIsLostWhenTwoStoresTakeTurns() throws {
        let fixture = try SessionFixture()
        let other = try fixture.otherSession()
        for index in 0..<5 {
            #expect(fixture.session.run("add mine \(index)").succeeded)
            #expect(other.run("add theirs \(index)").succeeded)
        }
        let items = try #require(try fixture.reloadedBook().current?.items)
        #expect(items.count == 10)
        #expect(Set(items.map(\.itemID)) == Set(0..<10))
    }

    @Test func reloadIfChangedNoticesAnotherStoresSave() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("Checklists.plist")
        let first = try ChecklistStore(path: path, clock: TestClock().function)
        let second = try ChecklistStore(path: path, clock: TestClock().function)
        #expect(try first.reloadIfChanged() == false)
        let applied = try second.modify(addList("Shared"))
        #expect(applied.reloaded == false)
        #expect(try first.reloadIfChanged() == true)
        #expect(first.book.checklists.map(\.name) == ["List", "Shared"])
        let again = try first.modify(addList("Third"))
        #expect(again.reloaded == false)
        #expect(try second.modify(addList("Fourth")).reloaded == true)
        #expect(second.book.checklists.map(\.name) == ["Fourth", "List", "Shared", "Third"])
    }

    @Test func aDeletedFileIsReloadedAsNoChecklists() throws {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        try FileManager.default.removeItem(atPath: fixture.path)
        #expect(try fixture.store.reloadIfChanged() == true)
        #expect(fixture.store.book.checklists.isEmpty)
        #expect(fixture.store.book.nextItemID == 1, "IDs are still not reused")
    }

    /// Takes the store's lock as another process would; close the descriptor to release it.
    private func holdLock(of store: ChecklistStore) throws -> Int32 {
        let descriptor = open(store.lockPath, O_RDWR | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX) == 0)
        return descriptor
    }

    /// A fixture with one item, "Milk", whose lock another process holds (see `holdLock`), and
    /// changes that wait `timeout` seconds for it.
    private func lockedFixture(timeout: Double) throws -> (fixture: SessionFixture, lock: Int32) {
        let fixture = try SessionFixture()
        fixture.run("add Milk")
        fixture.store.lockTimeout = timeout
        return (fixture, try holdLock(of: fixture.store))
    }

    @Test func aLockHeldByAnotherProcessTimesOutWithStatus74() throws {
        let (fixture, descriptor) = try lockedFixture(timeout: 0.2)
        defer { close(descriptor) }
        #expect {
            try fixture.store.modify(addList("Blocked"))
        } throws: { error in
            guard case .lockTimeout(let path, _) = error as? StoreError else { return false }
            return path == fixture.store.lockPath
        }
        let bytesBefore = fixture.fileBytes
        let result = fixture.session.run("add Eggs")
        #expect(result.exitStatus == .ioError)
        #expect(result.error?.contains("locked by another checklists process") == true)
        #expect(fixture.fileBytes == bytesBefore)
        #expect(fixture.texts == ["Milk"])
        flock(descriptor, LOCK_UN)
        fixture.run("add Eggs")
        #expect(fixture.texts == ["Milk", "Eggs"])
    }

    @Test func readingACommandDoesNotTakeTheLock() throws {
        let (fixture, descriptor) = try lockedFixture(timeout: 0.1)
        defer { close(descriptor) }
        fixture.run("show")
        fixture.run("lists")
        fixture.run("find milk")
    }

    @Test func lockTimeoutsBesideSavesNeverCloseAnotherFilesDescriptor() throws {
        // A lock that timed out once closed its descriptor twice (in init, then in deinit); a
        // save on another thread could by then own that number and fail with "Bad file
        // descriptor". Timeouts on one store run next to saves of another, many times.
        let (blocked, descriptor) = try lockedFixture(timeout: 0)
        defer { close(descriptor) }
        let saving = try SessionFixture()
        nonisolated(unsafe) let blockedStore = blocked.store
        let timeouts = DispatchQueue(label: "timeouts")
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var timedOut = 0
        timeouts.async {
            for _ in 0..<400 {
                do {
                    _ = try blockedStore.modify { _ in }
                } catch StoreError.lockTimeout {
                    timedOut += 1
                } catch {}
            }
            finished.signal()
        }
        for index in 0..<200 {
            let result = saving.session.run("add item \(index)")
            #expect(result.error == nil, "\(result.error ?? "")")
        }
        finished.wait()
        #expect(timedOut == 400)
        #expect(saving.texts.count == 200)
    }
}
