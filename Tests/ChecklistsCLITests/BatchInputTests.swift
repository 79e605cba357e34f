import Foundation
import Testing

/// Hostile batch input: invalid UTF-8, NUL bytes and overlong lines fail alone (SPEC §7).
struct BatchInputTests {
    /// A batch of `lines` joined by newlines.
    private func script(_ lines: [[UInt8]]) -> [UInt8] {
        lines.flatMap { $0 + [0x0A] }
    }

    @Test func invalidUTF8AndNULBytesFailTheirLineOnly() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let input = script([
            Array("add one".utf8),
            Array("add bad ".utf8) + [0xFF, 0xFE, 0x41],
            Array("add trunc".utf8) + [0xE4, 0xB8],
            Array("add nul".utf8) + [0x00] + Array("byte".utf8),
            [0x00],
            Array("add two".utf8),
        ])
        let outcome = try cli.run([], stdin: input)
        #expect(outcome.status == 1)
        let errors = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors == [
                "line 2: invalid UTF-8", "line 3: invalid UTF-8", "line 4: NUL byte in line",
                "line 5: NUL byte in line",
            ])
        #expect(try cli.exported().allItems.map(\.text) == ["one", "two"])
    }

    @Test func aOneMebibyteLineFailsAloneAndTheNextLinesRun() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let huge = Array("add ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        let outcome = try cli.run([], stdin: script([Array("add one".utf8), huge, Array("add two".utf8)]))
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "line 2: line longer than 65536 bytes\n")
        #expect(try cli.exported().allItems.map(\.text) == ["one", "two"])
    }

    @Test func aLineOfExactly64KiBIsAcceptedAndOneByteMoreIsNot() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let limit = 65_536
        let fits = Array("add ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: limit - 4)
        let over = Array("add ".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: limit - 3)
        // Non-ASCII text right at the limit: 3-byte characters, none split.
        let wide = Array("add ".utf8) + Array(String(repeating: "中", count: (limit - 4) / 3).utf8)
        let outcome = try cli.run([], stdin: script([fits, over, wide]))
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "line 2: line longer than 65536 bytes\n")
        let texts = try cli.exported().allItems.map(\.text)
        #expect(texts.map(\.utf8.count) == [limit - 4, (limit - 4) / 3 * 3])
    }

    @Test func aHugeLastLineWithoutNewlineFailsWithItsNumber() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let input = Array("add one\n".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 300_000)
        let outcome = try cli.run([], stdin: input)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "line 2: line longer than 65536 bytes\n")
        #expect(try cli.exported().allItems.map(\.text) == ["one"])
    }

    @Test func bailStopsAtAnInvalidLine() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let input = script([Array("add one".utf8), [0xC0, 0x80], Array("add two".utf8)])
        let outcome = try cli.run(["--bail"], stdin: input)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "line 2: invalid UTF-8\n")
        #expect(try cli.exported().allItems.map(\.text) == ["one"])
    }

    @Test func manyLinesRunInOneProcess() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let lines = (0..<200).map { "add item-\($0)" }.joined(separator: "\n")
        let outcome = try cli.batch("new Bulk\n" + lines + "\nshow\n")
        #expect(outcome.status == 0)
        let items = try #require(try cli.exported().list("Bulk")).items
        #expect(items.map(\.text) == (0..<200).map { "item-\($0)" })
        #expect(Set(items.map(\.itemID)).count == 200)
    }
}
