import ChecklistKit
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Symbolic links and permissions kept across saves (SPEC §5).
struct ChecklistStoreAccessTests {
    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func aSymlinkedDataFileStaysALinkAndItsTargetHoldsEveryChange() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("synced"), withIntermediateDirectories: true)
        let target = folder.file("synced/Checklists.plist")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("link.plist"), withDestinationPath: "synced/Checklists.plist")
        for text in ["Milk", "Eggs", "Bread"] {
            let store = try ChecklistStore(path: folder.file("link.plist"))
            _ = try store.modify { book in
                let id = book.takeItemID()
                book.update(at: 0) { $0.items.append(ChecklistItem(text: text, itemID: id, created: 0)) }
            }
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("link.plist"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let book = try ChecklistBook(archive: try #require(TemporaryFolder.bytes(target)), loadTime: 0)
        #expect(book.checklists.first?.items.map(\.text) == ["Milk", "Eggs", "Bread"])
        #expect(FileManager.default.fileExists(atPath: target + ".lock"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("link.plist.lock")))
    }

    @Test func aDataFileInASymlinkedFolderIsSavedThroughIt() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("linked"), withDestinationPath: folder.file("real"))
        for name in ["A", "B"] {
            _ = try ChecklistStore(path: folder.file("linked/Checklists.plist")).modify {
                $0.insert(Checklist(name: name))
            }
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("linked"))
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        let book = try ChecklistBook(
            archive: try #require(TemporaryFolder.bytes(folder.file("real/Checklists.plist"))), loadTime: 0)
        #expect(book.checklists.map(\.name) == ["A", "B", "List"])
    }

    @Test func everyNameOfOneDataFileGivesOneIdentity() throws {
        let folder = try TemporaryFolder()
        let real = try #require(realpath(folder.path, nil))
        defer { free(real) }
        let base = String(cString: real)
        try FileManager.default.createDirectory(atPath: folder.file("real/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("linked"), withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("link.plist"), withDestinationPath: "linked/Checklists.plist")
        let names = [
            "real/Checklists.plist", "linked/Checklists.plist", "link.plist", "real/sub/../Checklists.plist",
            "./linked/./Checklists.plist",
        ]
        for name in names {
            // Before the file exists and after.
            #expect(try ChecklistStore(path: folder.file(name)).identity == base + "/real/Checklists.plist")
        }
        _ = try ChecklistStore(path: folder.file("link.plist")).modify { $0.insert(Checklist(name: "A")) }
        for name in names {
            #expect(try ChecklistStore(path: folder.file(name)).identity == base + "/real/Checklists.plist")
        }
        // A file in folders not made yet: the nearest existing folder's real path, then the rest.
        #expect(
            try ChecklistStore(path: folder.file("linked/new/deeper/Checklists.plist")).identity
                == base + "/real/new/deeper/Checklists.plist")
    }

    @Test func aSaveKeepsTheFilesPermissionsAndANewFileIsPrivate() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("Checklists.plist")
        _ = try ChecklistStore(path: path).modify { $0.insert(Checklist(name: "A")) }
        #expect(try mode(path) == 0o600)
        for shared in [0o640, 0o660, 0o604] {
            try FileManager.default.setAttributes([.posixPermissions: shared], ofItemAtPath: path)
            _ = try ChecklistStore(path: path).modify { $0.insert(Checklist(name: "B\(shared)")) }
            #expect(try mode(path) == shared)
        }
    }

    @Test func aFileItsOwnerMayNotWriteIsNeverReplacedWhoeverRuns() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("Checklists.plist")
        _ = try ChecklistStore(path: path).modify { $0.insert(Checklist(name: "A")) }
        let before = try #require(TemporaryFolder.bytes(path))
        for readOnly in [0o400, 0o444] {
            try FileManager.default.setAttributes([.posixPermissions: readOnly], ofItemAtPath: path)
            let store = try ChecklistStore(path: path)
            // Root may write the file (access(2) says so), and the rename would replace it anyway.
            #expect(throws: StoreError.readOnly(path: path)) { try store.modify { $0.insert(Checklist(name: "B")) } }
            #expect(throws: StoreError.readOnly(path: path)) {
                try store.withLock { lock in try lock.save(ChecklistBook.firstRun) }
            }
            #expect(throws: StoreError.readOnly(path: path)) {
                try store.withLock { lock in try lock.putBack(before) }
            }
            #expect(store.book.checklists.map(\.name) == ["A", "List"])
            #expect(TemporaryFolder.bytes(path) == before)
            #expect(try mode(path) == readOnly)
            // A command that changes nothing still runs.
            _ = try store.modify { _ in }
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        _ = try ChecklistStore(path: path).modify { $0.insert(Checklist(name: "B")) }
        #expect(try ChecklistStore(path: path).book.checklists.map(\.name) == ["A", "B", "List"])
    }

    @Test func theRefusalOfAReadOnlyFileSaysSoAndHowToAllowChanges() {
        let message = StoreError.readOnly(path: "/d/Checklists.plist").description
        #expect(
            message
                == "cannot save /d/Checklists.plist: the file is read-only (chmod u+w allows changes);"
                + " the change was not applied")
        #expect(StoreError.readOnly(path: "/d/Checklists.plist").exitStatus == .ioError)
    }
}
