import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `checklists` binary with arguments, standard input and environment.
struct ChecklistsProcess {
    /// What a run produced.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the process ended by a signal rather than by exiting.
        var wasSignalled = false
        /// Whether it ran past the time allowed and was killed.
        var timedOut = false
    }

    /// A process started by `start`, still running until `wait()` returns.
    final class Running {
        /// The child process.
        let process: Process
        /// Its standard input, output and error files, removed by `wait()`.
        private let files: [URL]
        private let handles: [FileHandle]

        fileprivate init(process: Process, files: [URL], handles: [FileHandle]) {
            self.process = process
            self.files = files
            self.handles = handles
        }

        /// The child's process ID.
        var processIdentifier: Int32 { process.processIdentifier }

        /// Sends `signal` to the child.
        func kill(_ signal: Int32) {
            _ = Glibc.kill(process.processIdentifier, signal)
        }

        /// Kills the child if it still runs: for a test that ends early, leaving no process behind.
        func killIfRunning() {
            if process.isRunning { kill(SIGKILL) }
        }

        /// Waits for the child to end and returns what it wrote; after `timeout` seconds it is killed.
        func wait(timeout: Double = 120) throws -> Outcome {
            let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
            var timedOut = false
            while process.isRunning {
                if ContinuousClock.now > deadline {
                    kill(SIGKILL)
                    timedOut = true
                    break
                }
                usleep(1_000)
            }
            defer {
                for handle in handles { try? handle.close() }
                for url in files { try? FileManager.default.removeItem(at: url) }
            }
            if timedOut {
                // Foundation learns that a child ended when a socket the child holds is closed: what
                // the child started and left running (a hung command) keeps it open, and
                // waitUntilExit would wait for that too. Give up on the status then.
                let grace = ContinuousClock.now + .seconds(5)
                while process.isRunning, ContinuousClock.now < grace { usleep(1_000) }
                if process.isRunning {
                    return Outcome(
                        status: -1, stdout: String(decoding: try Data(contentsOf: files[1]), as: UTF8.self),
                        stderr: String(decoding: try Data(contentsOf: files[2]), as: UTF8.self), wasSignalled: true,
                        timedOut: true)
                }
            }
            process.waitUntilExit()
            return Outcome(
                status: process.terminationStatus,
                stdout: String(decoding: try Data(contentsOf: files[1]), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: files[2]), as: UTF8.self),
                wasSignalled: process.terminationReason == .uncaughtSignal, timedOut: timedOut)
        }
    }

    /// The built executable: beside the test bundle in the build folder.
    static let executable: URL = {
        let me = URL(filePath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
        var folder = me.deletingLastPathComponent()
        // On some layouts the test binary sits inside a .xctest folder.
        if folder.pathExtension == "xctest" { folder = folder.deletingLastPathComponent() }
        return folder.appending(path: "checklists")
    }()

    /// The version the program carries, read from the one place it is written.
    static let version: String = {
        let source = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources/checklists/Version.swift")
        let text = (try? String(contentsOf: source, encoding: .utf8)) ?? ""
        guard let start = text.range(of: "number = \"")?.upperBound, let end = text[start...].firstIndex(of: "\"")
        else { return "unknown" }
        return String(text[start..<end])
    }()

    /// A temporary folder with a data file path, removed by `remove()` or when the last copy goes.
    let folder: URL
    /// What keeps `folder` (shared by the copies of this fixture).
    private let scratch: TemporaryFolder

    init() throws {
        scratch = try TemporaryFolder(prefix: "checklists-cli")
        folder = URL(filePath: scratch.path)
    }

    /// The data file of this fixture.
    var dataFile: String { folder.appending(path: "data/Checklists.plist").path }

    /// The folder holding the data file.
    var dataFolder: String { folder.appending(path: "data").path }

    /// Takes the exclusive lock on the data file's lock file, as another checklists process would.
    ///
    /// - Returns: the lock file's descriptor; closing it releases the lock.
    func holdLock() throws -> Int32 {
        try FileManager.default.createDirectory(atPath: dataFolder, withIntermediateDirectories: true)
        let descriptor = open(dataFile + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        return descriptor
    }

    /// An environment with a temporary HOME and XDG folders, no colour and the data file set.
    var environment: [String: String] {
        [
            "HOME": folder.path, "XDG_DATA_HOME": folder.appending(path: "xdg-data").path,
            "XDG_STATE_HOME": folder.appending(path: "xdg-state").path, "CHECKLISTS_FILE": dataFile,
            "PATH": "/usr/bin:/bin", "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC",
        ]
    }

    /// Starts `executable` (the built binary unless given) without waiting for it.
    ///
    /// `environment` adds to or overrides the fixture's environment; `removing` drops variables.
    func start(
        _ arguments: [String],
        stdin: [UInt8] = [],
        environment extra: [String: String] = [:],
        removing: Set<String> = [],
        executable: URL = Self.executable
    ) throws -> Running {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }.filter { !removing.contains($0.key) }
        // Files rather than pipes: no reader threads, and nothing blocks on a full pipe.
        let name = UUID().uuidString
        let inputURL = folder.appending(path: "\(name).in")
        let outputURL = folder.appending(path: "\(name).out")
        let errorURL = folder.appending(path: "\(name).err")
        try Data(stdin).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inputURL)
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        let running = Running(
            process: process, files: [inputURL, outputURL, errorURL], handles: [input, output, error])
        do {
            try process.run()
        } catch let failure {
            for handle in [input, output, error] { try? handle.close() }
            for url in [inputURL, outputURL, errorURL] { try? FileManager.default.removeItem(at: url) }
            throw failure
        }
        return running
    }

    /// Runs the binary to completion.
    func run(
        _ arguments: [String],
        stdin: [UInt8] = [],
        environment extra: [String: String] = [:],
        removing: Set<String> = []
    ) throws -> Outcome {
        try start(arguments, stdin: stdin, environment: extra, removing: removing).wait()
    }

    /// Runs a batch script given as text.
    func batch(_ script: String, arguments: [String] = [], environment extra: [String: String] = [:]) throws -> Outcome
    {
        try run(arguments, stdin: Array(script.utf8), environment: extra)
    }

    /// Starts `/bin/sh -c script` with `$CHECKLISTS` naming the binary; `arguments` become `$1`….
    func startShell(_ script: String, arguments: [String] = [], stdin: [UInt8] = []) throws -> Running {
        try start(
            ["-c", script, "sh"] + arguments, stdin: stdin, environment: ["CHECKLISTS": Self.executable.path],
            executable: URL(filePath: "/bin/sh"))
    }

    /// Runs `/bin/sh -c script` to completion (see `startShell`).
    func shell(_ script: String, arguments: [String] = [], stdin: [UInt8] = []) throws -> Outcome {
        try startShell(script, arguments: arguments, stdin: stdin).wait()
    }

    /// The checklists in the data file, read back through `checklists export json`.
    func exported(arguments: [String] = []) throws -> ExportedChecklists {
        let outcome = try run(arguments + ["export", "json"])
        guard outcome.status == 0 else {
            throw ExportedChecklists.Failure(message: "export failed (\(outcome.status)): \(outcome.stderr)")
        }
        return try ExportedChecklists(json: outcome.stdout)
    }

    /// The bytes of `path`, or `nil` when it cannot be read.
    func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

extension ChecklistsProcess {
    /// Starts the program with `arguments` as a process group of its own (`setsid`: its PID is
    /// the group's), so that a test can kill it with the git and curl it runs.
    func startInOwnGroup(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        try start(
            [Self.executable.path] + arguments, environment: environment, executable: URL(filePath: "/usr/bin/setsid"))
    }
}

extension ChecklistsProcess.Running {
    /// SIGKILLs the child, with its whole process group (its git, curl) when `group`, and waits
    /// for it to end.
    func killAndWait(group: Bool) throws {
        if group {
            if Glibc.kill(-processIdentifier, SIGKILL) != 0 { kill(SIGKILL) }
        } else {
            kill(SIGKILL)
        }
        _ = try wait()
    }
}
