import BenchModel
import Benchmark
import ChecklistKit
import Foundation

#if canImport(Glibc)
import Glibc
#endif

// Encoding and decoding Checklists.plist with KeyedArchive ("Ours") and with Foundation's
// NSKeyedArchiver / NSKeyedUnarchiver, on documents of 1,000, 10,000 and 100,000 items spread
// over 10 lists (see BenchData). Both decoders read the same bytes: the archive ours writes.
//
// Each case is registered twice:
// - "<Library> <encode|decode> <N> items" measures time. Besides the harness's metrics it
//   reports `threadCPU` (µs of CPU this thread used, from CLOCK_THREAD_CPUTIME_ID: unlike wall
//   time it does not grow when other processes take the cores, and unlike the harness's cpuTotal
//   it is not counted in 10 ms ticks) and `archiveBytes` (the archive written or read).
// - "<Library> <encode|decode> <N> items peak" reports `peakResidentDelta`: how far the resident
//   set rose above its level just before the call, from the kernel's high-water mark (VmHWM,
//   reset through /proc/self/clear_refs after a malloc_trim), which catches short peaks that the
//   harness's 10 ms sampling misses. The trim makes the next call fault its memory in again, so
//   these runs are kept apart from the timed ones.
// Run with `swift package --package-path Benchmarks benchmark [--filter REGEX]`.
//
// The allocator is set up as the `checklists` executable sets it up (ChecklistsCommand.main):
// freed buffers are kept rather than returned to the kernel, so a save does not fault the memory
// of the previous one in again. BENCH_DEFAULT_MALLOC=1 measures with glibc's defaults instead.

let benchmarks: @Sendable () -> Void = {
    #if canImport(Glibc)
    if getenv("BENCH_DEFAULT_MALLOC") == nil {
        _ = mallopt(-3, 256 << 20)  // M_MMAP_THRESHOLD, as the executable sets it
        _ = mallopt(-1, 1 << 30)  // M_TRIM_THRESHOLD
    }
    #endif
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident] + ArchiveMetric.timing,
        timeUnits: .microseconds,
        // Plain numbers (bytes, counts) rather than K/M, so the tables give exact figures.
        units: [
            .mallocCountTotal: .count, .peakMemoryResident: .count, ArchiveMetric.archiveBytes: .count,
            ArchiveMetric.threadCPU: .count, ArchiveMetric.peakResidentDelta: .count,
        ],
        warmupIterations: 2,
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    for itemCount in [1_000, 10_000, 100_000] {
        let document = Cached { BenchData.document(items: itemCount) }
        let ourArchive = Cached { document.value.archived() }
        let foundationDocument = Cached { FoundationDocument(document.value) }
        // Foundation needs 50 µs or more per item: a few iterations of the large cases are enough.
        let foundationTiming: Benchmark.Configuration =
            itemCount >= 100_000
            ? .init(warmupIterations: 0, maxDuration: .seconds(10), maxIterations: 3)
            : .init(warmupIterations: 1, maxDuration: .seconds(3), maxIterations: 50)
        let peak = Benchmark.Configuration(
            metrics: ArchiveMetric.memory,
            warmupIterations: itemCount >= 100_000 ? 0 : 1,
            maxDuration: .seconds(2),
            maxIterations: itemCount >= 100_000 ? 1 : 5
        )
        let operations: [(name: String, run: () -> Int)] = [
            ("Ours encode", { document.value.archived().count }),
            (
                "Ours decode",
                {
                    let bytes = ourArchive.value
                    guard let decoded = try? ChecklistBook(archive: bytes, loadTime: 0),
                        decoded.allItems.count == itemCount
                    else {
                        fatalError("ours did not decode its own \(itemCount)-item archive")
                    }
                    return bytes.count
                }
            ),
            ("Foundation encode", { foundationDocument.value.archived().count }),
            (
                "Foundation decode",
                {
                    let data = Data(ourArchive.value)
                    let count = FoundationDocument.decodedItemCount(data)
                    guard count == itemCount else { fatalError("Foundation decoded \(count) of \(itemCount) items") }
                    return data.count
                }
            ),
        ]
        // Makes the inputs before a measurement starts (the cases with no warm-up would time it).
        let prepare = { (foundation: Bool) in
            _ = ourArchive.value
            if foundation { _ = foundationDocument.value }
        }
        for operation in operations {
            let foundation = operation.name.hasPrefix("Foundation")
            Benchmark(
                "\(operation.name) \(itemCount) items",
                configuration: foundation ? foundationTiming : Benchmark.defaultConfiguration
            ) { benchmark in
                prepare(foundation)
                benchmark.startMeasurement()
                let start = ThreadCPU.now()
                let bytes = operation.run()
                benchmark.stopMeasurement()
                benchmark.measurement(ArchiveMetric.threadCPU, (ThreadCPU.now() - start) / 1_000)
                benchmark.measurement(ArchiveMetric.archiveBytes, bytes)
            }
            Benchmark("\(operation.name) \(itemCount) items peak", configuration: peak) { benchmark in
                prepare(foundation)
                let resident = PeakResident()
                benchmark.startMeasurement()
                let bytes = operation.run()
                benchmark.stopMeasurement()
                benchmark.measurement(ArchiveMetric.peakResidentDelta, resident.delta())
                benchmark.measurement(ArchiveMetric.archiveBytes, bytes)
            }
        }
    }
}

/// The benchmarks' own metrics.
enum ArchiveMetric {
    /// Bytes of the archive written or read.
    static var archiveBytes: BenchmarkMetric { .custom("archiveBytes", useScalingFactor: false) }
    /// Microseconds of CPU time the benchmark thread used in the call.
    static var threadCPU: BenchmarkMetric { .custom("threadCPU (us)", useScalingFactor: false) }
    /// Bytes the resident set rose during the call (kernel high-water mark).
    static var peakResidentDelta: BenchmarkMetric { .custom("peakResidentDelta", useScalingFactor: false) }
    static var timing: [BenchmarkMetric] { [threadCPU, archiveBytes] }
    static var memory: [BenchmarkMetric] { [peakResidentDelta, archiveBytes] }
}

/// The CPU time the calling thread has used, in nanoseconds.
enum ThreadCPU {
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
}

/// A value made on first use and kept for the rest of the process (benchmarks run one at a time).
final class Cached<Value> {
    private var stored: Value?
    private let make: () -> Value

    init(_ make: @escaping () -> Value) { self.make = make }

    var value: Value {
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }
}

#if canImport(Glibc)
/// glibc's `malloc_trim` (declared in malloc.h, which the Glibc module does not export).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> CInt

/// glibc's `mallopt`, also from malloc.h.
@_silgen_name("mallopt")
private func mallopt(_ parameter: CInt, _ value: CInt) -> CInt
#endif

/// Measures how far the resident set rises from now on, using the kernel's high-water mark.
///
/// Freed heap memory is returned first (`malloc_trim`) so memory kept from an earlier iteration
/// does not hide this one's peak; then VmHWM is reset to the current resident size.
struct PeakResident {
    private let baseline: Int

    init() {
        #if canImport(Glibc)
        _ = mallocTrim(0)
        #endif
        Self.resetHighWaterMark()
        baseline = Self.status("VmRSS:") ?? 0
    }

    /// The rise of the high-water mark above the resident size at `init`, in bytes.
    func delta() -> Int {
        guard let peak = Self.status("VmHWM:") else { return 0 }
        return max(0, peak - baseline)
    }

    private static func resetHighWaterMark() {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return }
        _ = write(descriptor, "5", 1)
        close(descriptor)
    }

    /// A `kB` field of /proc/self/status, in bytes.
    private static func status(_ field: String) -> Int? {
        let descriptor = open("/proc/self/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return nil }
        let digits = line.dropFirst(field.count).filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
}
