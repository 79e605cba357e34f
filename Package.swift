// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "checklists",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "checklists", targets: ["checklists"]),
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .library(name: "ChecklistKit", targets: ["ChecklistKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "KeyedArchive",
            // Decoding state lives in classes; the dynamic exclusivity checks on their stored
            // properties cost about a tenth of decoding time and guard nothing here (no overlap).
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // The Linux calls and constants Swift's Glibc module leaves out (`_GNU_SOURCE` first).
        .target(name: "CSystemShims"),
        // The system-call idioms every target shares: errors, EINTR, files, paths, locks, threads.
        .target(name: "SystemCalls", dependencies: ["CSystemShims"]),
        .target(name: "ChecklistKit", dependencies: ["KeyedArchive", "SystemCalls"]),
        // libedit's headers (libedit-dev); the library itself is loaded by the REPL when it starts.
        .systemLibrary(name: "CLibEdit", providers: [.apt(["libedit-dev"])]),
        .target(name: "LineEditor", dependencies: ["CLibEdit", "SystemCalls"]),
        .target(name: "Effects", dependencies: ["ChecklistKit", "CSystemShims", "KeyedArchive", "SystemCalls"]),
        .executableTarget(
            name: "checklists",
            dependencies: [
                "ChecklistKit",
                "CSystemShims",
                "Effects",
                "KeyedArchive",
                "LineEditor",
                "SystemCalls",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets share: the tools they need and how a missing one is reported, temporary
        // folders, the seeded random source, Foundation's archiver as the oracle model.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SystemCallsTests", dependencies: ["SystemCalls", "TestSupport"]),
        .testTarget(name: "KeyedArchiveTests", dependencies: ["KeyedArchive", "TestSupport"]),
        .testTarget(
            name: "ChecklistKitTests",
            dependencies: [
                "ChecklistKit", "KeyedArchive", "SystemCalls", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Run by the RRULE differential test with .ci/venv's python (python-dateutil), not built.
            exclude: ["Repeat/rrule-oracle.py"]
        ),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "TestSupport"]),
        .testTarget(name: "EffectsTests", dependencies: ["Effects", "ChecklistKit", "TestSupport"]),
        .testTarget(
            name: "ChecklistsCLITests", dependencies: ["KeyedArchive", "ChecklistKit", "TestSupport"],
            // Run by the watch and CalDAV tests with python (the system's, or .ci/venv's for the
            // phone of the CalDAV random test and the MCP agent host), not built.
            exclude: [
                "Support/notification-service.py", "Support/fault-proxy.py", "Support/phone.py", "Support/agent.py",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
