import Foundation

/// Runs the built `checklists` binary with arguments, standard input and environment.
struct ChecklistsProcess {
    /// What a run produced.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built executable: beside the test bundle in the build folder.
    static let executable: URL = {
        let me = URL(filePath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
        var folder = me.deletingLastPathComponent()
        // On some layouts the test binary sits inside a .xctest folder.
        if folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        return folder.appending(path: "checklists")
    }()

    /// A temporary folder with a data file path, cleaned up by the caller via `remove()`.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "checklists-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// The data file of this fixture.
    var dataFile: String { folder.appending(path: "data/Checklists.plist").path }

    /// An environment with a temporary HOME and XDG folders, no colour and the data file set.
    var environment: [String: String] {
        [
            "HOME": folder.path, "XDG_DATA_HOME": folder.appending(path: "xdg-data").path,
            "XDG_STATE_HOME": folder.appending(path: "xdg-state").path, "CHECKLISTS_FILE": dataFile,
            "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC",
        ]
    }

    /// Runs the binary to completion.
    func run(_ arguments: [String], stdin: [UInt8] = [], environment extra: [String: String] = [:]) throws -> Outcome {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        // Files rather than pipes: no reader threads, and nothing blocks on a full pipe.
        let name = UUID().uuidString
        let inputURL = folder.appending(path: "\(name).in")
        let outputURL = folder.appending(path: "\(name).out")
        let errorURL = folder.appending(path: "\(name).err")
        try Data(stdin).write(to: inputURL)
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
            for url in [inputURL, outputURL, errorURL] { try? FileManager.default.removeItem(at: url) }
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Runs a batch script given as text.
    func batch(_ script: String, arguments: [String] = []) throws -> Outcome {
        try run(arguments, stdin: Array(script.utf8))
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
