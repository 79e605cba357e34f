// swift-tools-version:6.1
import PackageDescription

/// Benchmarks of the `KeyedArchive` target against Foundation's NSKeyedArchiver, kept in a
/// package of their own so the main package does not depend on the benchmark harness.
let package = Package(
    name: "checklists-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "checklists", path: ".."),
    ],
    targets: [
        // Benchmark data for ChecklistKit's model, shared with the profiling executable and the fuzz target.
        .target(name: "BenchModel", dependencies: [.product(name: "ChecklistKit", package: "checklists")]),
        // A plain executable that encodes or decodes one document, for callgrind/perf and quick timings.
        .executableTarget(
            name: "ArchiveProfile",
            dependencies: ["BenchModel", .product(name: "ChecklistKit", package: "checklists")]
        ),
        .executableTarget(
            name: "ArchiveBenchmarks",
            dependencies: [
                "BenchModel",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ChecklistKit", package: "checklists"),
                .product(name: "KeyedArchive", package: "checklists"),
            ],
            path: "Benchmarks/ArchiveBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
