import Foundation
import TestSupport
import Testing

@testable import LineEditor

/// The permission bits of the file or folder at `path`.
private func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
}

/// The reading end of a pipe that holds `text` and then ends; the caller closes it.
private func pipeHolding(_ text: String) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    try #require(written == bytes.count)
    return ends[0]
}

/// Makes a reader that reads from and writes to /dev/null, so no terminal is needed.
private func makeReader(historyFile: String?, historyLimit: Int = 1000) throws -> EditLineReader {
    let null = open("/dev/null", O_RDWR)
    try #require(null >= 0)
    defer { close(null) }
    return EditLineReader(
        programName: "lineeditor-tests", historyFile: historyFile, historyLimit: historyLimit,
        inputDescriptor: null, outputDescriptor: null, errorDescriptor: null)
}

@Suite(.serialized) struct EditLineReaderTests {
    @Test func historyIsSavedAndLoadedAgain() throws {
        let folder = try TemporaryFolder(prefix: "lineeditor")
        let file = folder.path + "/state/checklists/history"
        do {
            let reader = try makeReader(historyFile: file)
            for line in [
                "new Groceries", "add milk", "add milk", "   ", "", "add 牛奶 🥛 \"quoted\" \\ tab\there", "show",
            ] {
                reader.addHistory(line)
            }
            #expect(reader.historySaveError == nil)
        }
        let expected = ["new Groceries", "add milk", "add 牛奶 🥛 \"quoted\" \\ tab\there", "show"]
        let reader = try makeReader(historyFile: file)
        #expect(reader.historyEntries() == expected)
    }

    @Test func consecutiveDuplicatesAreCollapsedButRepeatsLaterAreKept() throws {
        let reader = try makeReader(historyFile: nil)
        for line in ["show", "show", "lists", "show", "show"] {
            reader.addHistory(line)
        }
        #expect(reader.historyEntries() == ["show", "lists", "show"])
    }

    @Test func theHistoryFileIsPrivateAndItsFoldersAreCreatedPrivate() throws {
        let folder = try TemporaryFolder(prefix: "lineeditor")
        let file = folder.path + "/a/b/history"
        let reader = try makeReader(historyFile: file)
        reader.addHistory("lists")
        #expect(reader.historySaveError == nil)
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(folder.path + "/a") == 0o700)
        #expect(try permissions(folder.path + "/a/b") == 0o700)
        let contents = try String(contentsOfFile: file, encoding: .utf8)
        #expect(contents.hasPrefix("_HiStOrY_V2_\n"))
        // No temporary file is left; the lock file sessions share stays, private too.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/a/b")
        #expect(leftovers.sorted() == ["history", "history.lock"])
        #expect(try permissions(file + ".lock") == 0o600)
    }

    @Test func twoSessionsAddingToOneHistoryFileKeepEachOthersLines() throws {
        let folder = try TemporaryFolder(prefix: "lineeditor")
        let file = folder.path + "/history"
        let first = try makeReader(historyFile: file)
        let second = try makeReader(historyFile: file)
        for index in 0..<5 {
            first.addHistory("first \(index)")
            second.addHistory("second \(index)")
        }
        let third = try makeReader(historyFile: file)
        let expected = (0..<5).flatMap { ["first \($0)", "second \($0)"] }
        #expect(third.historyEntries() == expected)
        // Each session's own history is what it typed.
        #expect(first.historyEntries() == (0..<5).map { "first \($0)" })
    }

    @Test func theSharedHistoryFileKeepsTheNewestEntriesUpToTheLimit() throws {
        let folder = try TemporaryFolder(prefix: "lineeditor")
        let file = folder.path + "/history"
        let first = try makeReader(historyFile: file, historyLimit: 3)
        let second = try makeReader(historyFile: file, historyLimit: 3)
        first.addHistory("a")
        second.addHistory("b")
        first.addHistory("c")
        second.addHistory("d")
        #expect(try makeReader(historyFile: file, historyLimit: 3).historyEntries() == ["b", "c", "d"])
    }

    @Test func aHistoryFileWithoutTheHeaderIsIgnoredAndReplaced() throws {
        let folder = try TemporaryFolder(prefix: "lineeditor")
        let file = folder.path + "/history"
        try "not a history file\nsecond line\n".write(toFile: file, atomically: true, encoding: .utf8)
        let reader = try makeReader(historyFile: file)
        #expect(reader.historyEntries().isEmpty)
        reader.addHistory("use Groceries")
        let contents = try String(contentsOfFile: file, encoding: .utf8)
        #expect(contents.hasPrefix("_HiStOrY_V2_\n"))
        #expect(!contents.contains("not a history file"))
        #expect(try makeReader(historyFile: file).historyEntries() == ["use Groceries"])
    }

    @Test func theHistoryKeepsOnlyTheNewestEntriesUpToTheLimit() throws {
        let folder = try TemporaryFolder(prefix: "lineeditor")
        let file = folder.path + "/history"
        let reader = try makeReader(historyFile: file, historyLimit: 3)
        for number in 1...5 {
            reader.addHistory("check \(number)")
        }
        #expect(reader.historyEntries() == ["check 3", "check 4", "check 5"])
        #expect(
            try makeReader(historyFile: file, historyLimit: 3).historyEntries() == ["check 3", "check 4", "check 5"])
    }

    @Test func aFailedSaveIsReported() throws {
        let folder = try TemporaryFolder(prefix: "lineeditor")
        try "".write(toFile: folder.path + "/blocker", atomically: true, encoding: .utf8)
        let reader = try makeReader(historyFile: folder.path + "/blocker/history")
        reader.addHistory("lists")
        #expect(reader.historySaveError != nil)
        #expect(reader.historyEntries() == ["lists"])
    }

    @Test func linesAreReadFromANonTerminal() throws {
        let input = try pipeHolding("add café\nadd 中文 🎉\nlast")
        defer { close(input) }
        let null = open("/dev/null", O_WRONLY)
        try #require(null >= 0)
        defer { close(null) }
        let reader = EditLineReader(
            programName: "lineeditor-tests", historyFile: nil, inputDescriptor: input, outputDescriptor: null,
            errorDescriptor: null)
        #expect(reader.read(prompt: "> ") == .line("add café"))
        #expect(reader.read(prompt: "> ") == .line("add 中文 🎉"))
        #expect(reader.read(prompt: "> ") == .line("last"))
        #expect(reader.read(prompt: "> ") == .endOfInput)
        #expect(reader.isEditing)
    }

    @Test func withoutLibeditLinesAreReadPlainly() throws {
        // libedit cannot be set up without streams on the descriptors; the plain reader takes over.
        let input = try pipeHolding("add x\n")
        defer { close(input) }
        let reader = EditLineReader(
            programName: "lineeditor-tests", historyFile: nil, inputDescriptor: input, outputDescriptor: -1,
            errorDescriptor: -1)
        #expect(!reader.isEditing)
        #expect(reader.read(prompt: "") == .line("add x"))
        #expect(reader.read(prompt: "") == .endOfInput)
    }

    @Test func standardDescriptorsAreNotClosedByTheReader() throws {
        do {
            _ = try makeReader(historyFile: nil)
        }
        #expect(fcntl(1, F_GETFD) >= 0)
        #expect(EditLineReader.isTerminal(-1) == false)
    }
}
