import BenchModel
import ChecklistKit
import Foundation

// A small release executable for profilers (valgrind --tool=callgrind, perf) and quick timings:
//
//   ArchiveProfile encode|decode ITEMS [REPEATS]
//
// builds the benchmark document of ITEMS items, then encodes it (or decodes its archive)
// REPEATS times (default 1), printing the archive size and the best time per run.

let arguments = CommandLine.arguments
guard arguments.count >= 3, let itemCount = Int(arguments[2]), ["encode", "decode"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ArchiveProfile encode|decode ITEMS [REPEATS]\n".utf8))
    exit(2)
}
let repeats = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 1) : 1
let document = BenchData.document(items: itemCount)
let archive = document.archived()
var best = Duration.seconds(1_000)
var checksum = 0
let clock = ContinuousClock()
for _ in 0..<repeats {
    let start = clock.now
    if arguments[1] == "encode" {
        checksum &+= document.archived().count
    } else {
        guard let decoded = try? ChecklistBook(archive: archive, loadTime: 0) else {
            FileHandle.standardError.write(Data("decode failed\n".utf8))
            exit(1)
        }
        checksum &+= decoded.allItems.count
    }
    best = min(best, clock.now - start)
}
print("\(arguments[1]) \(itemCount) items: \(archive.count) bytes, best of \(repeats): \(best) (checksum \(checksum))")
