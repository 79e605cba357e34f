import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Random edits on three machines, random syncs and random SIGKILLs of syncs (the whole process
/// group, or the checklists process alone), then every machine syncs until all agree: the files
/// are identical in their checklists, Foundation reads them, and every acknowledged item is there
/// unless a machine deleted it.
@Suite struct SyncRandomFaultTests {
    /// What the run did, for the failure message and the closing note.
    struct Counts: CustomStringConvertible {
        var adds = 0
        var deletes = 0
        var toggles = 0
        var syncs = 0
        var groupKills = 0
        var processKills = 0
        var remoteLocksRemoved = 0

        var description: String {
            "\(adds) adds, \(deletes) deletes, \(toggles) toggles, \(syncs) syncs, \(groupKills) syncs killed with"
                + " their git, \(processKills) killed alone, \(remoteLocksRemoved) stale remote locks removed"
        }
    }

    /// Runs `sync` on `machine`; a stale lock left on the remote by a killed push is removed as
    /// the message says, and the sync run again.
    private func sync(_ machine: ChecklistsProcess, counts: inout Counts) throws {
        for _ in 0..<3 {
            let outcome = try machine.run(["sync"])
            counts.syncs += 1
            if outcome.status == 0 { return }
            let said = outcome.stderr
            guard said.contains("the remote is locked"), let start = said.range(of: "remove ")?.upperBound,
                let end = said[start...].range(of: " if no git")?.lowerBound
            else {
                Issue.record("sync failed: \(said)")
                return
            }
            try FileManager.default.removeItem(atPath: String(said[start..<end]))
            counts.remoteLocksRemoved += 1
        }
        Issue.record("sync kept failing")
    }

    @Test func randomEditsSyncsAndKillsLoseNoAcknowledgedChange() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let remote = try SyncTests.Remote()
        let machines = try (0..<3).map { _ in try remote.machine() }
        var counts = Counts()
        var acknowledged: Set<String> = []
        var deleted: Set<String> = []
        let first = try #require(machines.first)
        #expect(try first.run(["add", "seed"]).status == 0)
        acknowledged.insert("seed")
        for machine in machines {
            #expect(try machine.run(["sync", "init", remote.url]).status == 0)
        }
        for step in 0..<90 {
            let index = Int.random(in: 0..<machines.count, using: &random)
            let machine = machines[index]
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                let text = "m\(index)-\(step)"
                if try machine.run(["add", text]).status == 0 {
                    acknowledged.insert(text)
                    counts.adds += 1
                }
            case 3:
                let removed = try machine.run(["delete", "1"])
                if removed.status == 0, let start = removed.stdout.range(of: "] ")?.upperBound,
                    let end = removed.stdout[start...].range(of: "  #")?.lowerBound
                {
                    deleted.insert(String(removed.stdout[start..<end]))
                    counts.deletes += 1
                }
            case 4:
                if try machine.run(["toggle", "1"]).status == 0 { counts.toggles += 1 }
            case 5, 6:
                try sync(machine, counts: &counts)
            default:
                let running = try machine.startInOwnGroup(["sync"])
                usleep(UInt32.random(in: 0...80_000, using: &random))
                let group = Bool.random(using: &random)
                try running.killAndWait(group: group)
                if group { counts.groupKills += 1 } else { counts.processKills += 1 }
            }
        }
        for _ in 0..<2 {
            for machine in machines { try sync(machine, counts: &counts) }
        }
        let expected = try first.exported()
        for machine in machines {
            #expect(try machine.exported().lists == expected.lists, "seed \(seed): \(counts)")
            #expect(try FoundationReader.read(machine.dataFile) == expected.lists, "seed \(seed)")
        }
        let present = Set(expected.allItems.map(\.text))
        let lost = acknowledged.subtracting(deleted).subtracting(present)
        #expect(lost.isEmpty, "seed \(seed): lost \(lost.sorted()) after \(counts)")
        let ids = expected.allItems.map(\.itemID)
        #expect(Set(ids).count == ids.count, "seed \(seed)")
        print("random sync faults, seed \(seed): \(counts), \(present.count) items at the end")
    }
}
