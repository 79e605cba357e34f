import Foundation
import TestSupport
import Testing

@testable import LineEditor

/// Feeds `bytes` to a ``PlainLineReader`` through a temporary file and collects every result with its line number.
private func readAll(_ bytes: [UInt8]) throws -> [(input: LineInput, lineNumber: Int)] {
    let folder = try TemporaryFolder(prefix: "plain")
    let path = folder.file("input.txt")
    try TemporaryFolder.write(bytes, to: path)
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let reader = PlainLineReader(fileDescriptor: descriptor)
    var results: [(LineInput, Int)] = []
    while true {
        let input = reader.read(prompt: "ignored> ")
        results.append((input, reader.lineNumber))
        if input == .endOfInput || results.count > 1_000_000 {
            return results
        }
    }
}

/// The inputs alone, for tests that do not look at line numbers.
private func inputs(_ text: String) throws -> [LineInput] {
    try readAll(Array(text.utf8)).map(\.input)
}

@Test func linesAreSplitOnNewlines() throws {
    #expect(try inputs("add milk\n\nshow\n") == [.line("add milk"), .line(""), .line("show"), .endOfInput])
}

@Test func emptyInputEndsAtOnce() throws {
    let results = try readAll([])
    #expect(results.map(\.input) == [.endOfInput])
    #expect(results.map(\.lineNumber) == [0])
}

@Test func carriageReturnsBeforeNewlinesAreDropped() throws {
    #expect(try inputs("one\r\ntwo\r\n") == [.line("one"), .line("two"), .endOfInput])
}

@Test func aCarriageReturnInsideALineIsKept() throws {
    #expect(try inputs("a\rb\n") == [.line("a\rb"), .endOfInput])
}

@Test func theLastLineIsReturnedWithoutANewline() throws {
    #expect(try inputs("first\nlast") == [.line("first"), .line("last"), .endOfInput])
}

@Test func unicodeTextArrivesIntact() throws {
    #expect(try inputs("add 牛奶 🥛\nadd café\n") == [.line("add 牛奶 🥛"), .line("add café"), .endOfInput])
}

@Test func aByteOrderMarkAtTheStartIsDropped() throws {
    let results = try readAll([0xEF, 0xBB, 0xBF] + Array("lists\n".utf8))
    #expect(results.map(\.input) == [.line("lists"), .endOfInput])
}

@Test func invalidUTF8IsRejectedAndTheNextLineIsRead() throws {
    let bytes: [UInt8] = Array("good\n".utf8) + [0x61, 0xFF, 0xFE, 0x0A] + Array("after\n".utf8)
    let results = try readAll(bytes)
    #expect(results.map(\.input) == [.line("good"), .rejected("invalid UTF-8"), .line("after"), .endOfInput])
    #expect(results.map(\.lineNumber) == [1, 2, 3, 3])
}

@Test func truncatedAndOverlongSequencesAreInvalidUTF8() throws {
    let truncated: [UInt8] = [0xF0, 0x90, 0x80, 0x0A]
    let overlong: [UInt8] = [0xC0, 0xAF, 0x0A]
    let surrogate: [UInt8] = [0xED, 0xA0, 0x80, 0x0A]
    let results = try readAll(truncated + overlong + surrogate).map(\.input)
    #expect(results == Array(repeating: .rejected("invalid UTF-8"), count: 3) + [.endOfInput])
}

@Test func aLineWithANulByteIsRejected() throws {
    let bytes: [UInt8] = Array("add a".utf8) + [0] + Array("b\nnext\n".utf8)
    #expect(try readAll(bytes).map(\.input) == [.rejected("NUL byte in line"), .line("next"), .endOfInput])
}

@Test func aMebibyteLineIsRejectedAndTheNextLineIsRead() throws {
    let bytes = Array("before\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\nafter\n".utf8)
    let results = try readAll(bytes)
    #expect(
        results.map(\.input) == [
            .line("before"), .rejected("line longer than 65536 bytes"), .line("after"), .endOfInput,
        ])
    #expect(results.map(\.lineNumber) == [1, 2, 3, 3])
}

@Test func anOverlongLastLineWithoutNewlineIsRejected() throws {
    let bytes = Array(repeating: UInt8(ascii: "y"), count: 200_000)
    #expect(try readAll(bytes).map(\.input) == [.rejected("line longer than 65536 bytes"), .endOfInput])
}

@Test func aLineOfExactlyTheLimitIsAccepted() throws {
    let limit = PlainLineReader.maximumLineLength
    let exact = String(repeating: "z", count: limit)
    let results = try inputs("\(exact)\r\n\(exact)z\nend")
    #expect(results == [.line(exact), .rejected("line longer than 65536 bytes"), .line("end"), .endOfInput])
}

@Test func linesSpanningReadBuffersAreJoined() throws {
    // Lines of varying length cross the reader's 64 KiB buffer boundaries many times.
    let lines = (0..<20_000).map { "line \($0) " + String(repeating: "é", count: $0 % 37) }
    let results = try inputs(lines.joined(separator: "\n") + "\n")
    #expect(results == lines.map(LineInput.line) + [.endOfInput])
}

@Test func lineNumbersCountEveryLineReturned() throws {
    let results = try readAll(Array("a\n\nb\n".utf8) + [0xFF] + Array("\nc".utf8))
    #expect(results.map(\.lineNumber) == [1, 2, 3, 4, 5, 5])
}

@Test func linesAreReadFromAPipe() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let text = Array("from a pipe\nsecond".utf8)
    let written = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    #expect(written == text.count)
    let reader = PlainLineReader(fileDescriptor: ends[0])
    #expect(reader.read(prompt: "") == .line("from a pipe"))
    #expect(reader.read(prompt: "") == .line("second"))
    #expect(reader.read(prompt: "") == .endOfInput)
    #expect(reader.read(prompt: "") == .endOfInput)
}

@Test func aHundredThousandLinesAreReadQuickly() throws {
    let text = String(repeating: "add buy some milk and bread\n", count: 100_000)
    let clock = ContinuousClock()
    var count = 0
    let elapsed = try clock.measure {
        count = try inputs(text).count
    }
    #expect(count == 100_001)
    // A bound for quadratic reading (minutes here), far above the usual second or two on a busy machine.
    #expect(elapsed < .seconds(30))
}
