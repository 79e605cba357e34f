import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A writer killed with SIGKILL at any instant leaves the old file or the new one (SPEC §5).
struct KilledWriterTests {
    @Test func aBatchKilledFiftyTimesAlwaysLeavesALoadableFileWithAPrefixOfItsChanges() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let count = 300
        let adds = (0..<count).map { "add item-\($0)\n" }.joined()
        var finished: [ExportedChecklists.List] = []
        var partialRounds = 0
        // Adapted as rounds go, so kills land inside the batch whatever the machine's speed.
        var longestDelay = 0.25
        var emptyRounds = 0
        for round in 0..<50 {
            let name = "run-" + (round < 10 ? "0" : "") + String(round)
            let writer = try cli.start([], stdin: Array(("new \(name)\n" + adds).utf8))
            usleep(UInt32(Double.random(in: 0...longestDelay, using: &random) * 1_000_000))
            writer.kill(SIGKILL)
            _ = try writer.wait()
            let shown = try cli.run(["show"])
            #expect(shown.status == 0, "round \(round), seed \(seed): \(shown.stderr)")
            let data = try cli.exported()
            // The rounds before are untouched, and this one's list holds item-0…item-k.
            #expect(
                data.lists.filter { $0.name.hasPrefix("run-") && $0.name != name } == finished,
                "round \(round), seed \(seed)")
            let texts = data.list(name)?.items.map(\.text) ?? []
            #expect(texts == (0..<texts.count).map { "item-\($0)" }, "round \(round), seed \(seed)")
            if let list = data.list(name) { finished.append(list) }
            switch texts.count {
            case 0:
                emptyRounds += 1
                if emptyRounds >= 3 { longestDelay = min(longestDelay * 2, 3) }
            case count:
                emptyRounds = 0
                longestDelay /= 2
            default:
                emptyRounds = 0
                partialRounds += 1
            }
        }
        #expect(partialRounds >= 10, "only \(partialRounds) kills landed inside the batch")
        // A later writer carries on normally, whatever temporary files the kills left behind.
        let before = try cli.exported().allItems.count
        #expect(try cli.run(["add", "after"]).status == 0)
        let after = try cli.exported().allItems
        #expect(after.count == before + 1)
        #expect(after.last?.text == "after")
    }
}
