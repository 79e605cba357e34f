import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Several processes on one file: no change is lost, and the lock wait ends after 10 s (SPEC §5).
struct ConcurrentWritersTests {
    @Test func eightWritersAddingFiftyItemsEachAtOnceLoseNothing() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        let gate = cli.folder.appending(path: "go").path
        let waitForGate = "while [ ! -e \"$1\" ]; do sleep 0.01; done\n"
        var writers: [ChecklistsProcess.Running] = []
        // Four loops of one-shot commands…
        let loop =
            waitForGate + """
                i=0
                while [ $i -lt 50 ]; do
                    "$CHECKLISTS" add "shot$2-$i" > /dev/null || exit 1
                    i=$((i + 1))
                done
                """
        for writer in 0..<4 { writers.append(try cli.startShell(loop, arguments: [gate, "\(writer)"])) }
        // …and four batches of fifty adds, all released at once.
        for writer in 0..<4 {
            let script = (0..<50).map { "add batch\(writer)-\($0)\n" }.joined()
            writers.append(
                try cli.startShell(waitForGate + "exec \"$CHECKLISTS\"", arguments: [gate], stdin: Array(script.utf8)))
        }
        _ = FileManager.default.createFile(atPath: gate, contents: nil)
        for writer in writers {
            let outcome = try writer.wait()
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let data = try cli.exported()
        #expect(data.lists.map(\.name) == ["List"])
        let items = data.allItems
        #expect(items.count == 400)
        #expect(Set(items.map(\.itemID)).count == 400)
        #expect(Set(items.map(\.itemID)) == Set(0..<400))
        // Each writer's items are all there, in the order it added them.
        for prefix in (0..<4).map({ "shot\($0)-" }) + (0..<4).map({ "batch\($0)-" }) {
            #expect(items.map(\.text).filter { $0.hasPrefix(prefix) } == (0..<50).map { "\(prefix)\($0)" })
        }
        let shown = try cli.run(["show"])
        #expect(shown.status == 0)
        #expect(shown.stdout.split(separator: "\n").count == 401)
    }

    @Test func readersAndWritersInterleaveWithoutErrors() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["new", "Shared"]).status == 0)
        let writer = try cli.start([], stdin: Array((0..<60).map { "add w\($0)\n" }.joined().utf8))
        let reader = try cli.startShell(
            """
            i=0
            while [ $i -lt 30 ]; do
                "$CHECKLISTS" show Shared > /dev/null || exit 1
                "$CHECKLISTS" export json > /dev/null || exit 1
                i=$((i + 1))
            done
            """)
        #expect(try writer.wait().status == 0)
        let read = try reader.wait()
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try cli.exported().list("Shared")?.items.count == 60)
    }

    @Test func aChangeWaitsForTheLockAndGoesOnWhenItIsReleased() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "one"]).status == 0)
        let descriptor = try cli.holdLock()
        defer { close(descriptor) }
        let started = ContinuousClock.now
        let adding = try cli.start(["add", "two"])
        // Reading takes no lock.
        #expect(try cli.run(["show"]).status == 0)
        Thread.sleep(forTimeInterval: 1)
        #expect(adding.process.isRunning)
        flock(descriptor, LOCK_UN)
        let outcome = try adding.wait()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(ContinuousClock.now - started >= .seconds(1))
        #expect(try cli.exported().allItems.map(\.text) == ["one", "two"])
    }

    @Test func aChangeGivesUpWithSeventyFourAfterTenSecondsOfWaiting() throws {
        let cli = try ChecklistsProcess()
        defer { cli.remove() }
        #expect(try cli.run(["add", "one"]).status == 0)
        let before = cli.bytes(cli.dataFile)
        let descriptor = try cli.holdLock()
        defer { close(descriptor) }
        let started = ContinuousClock.now
        let outcome = try cli.run(["add", "two"])
        let waited = ContinuousClock.now - started
        #expect(outcome.status == 74)
        #expect(
            outcome.stderr == """
                checklists: \(cli.dataFile).lock is locked by another checklists process; \
                gave up after 10 seconds, nothing was changed

                """)
        #expect(waited >= .milliseconds(9_900))
        #expect(waited < .seconds(30))
        #expect(cli.bytes(cli.dataFile) == before)
    }
}
