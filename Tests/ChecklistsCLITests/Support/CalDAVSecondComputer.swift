import Foundation
import TestSupport
import Testing

/// Another computer on a `CalDAVTestServer`'s account: vdirsyncer 0.21 syncs the account's
/// task lists to a folder, and todoman 4.7 reads them there, both from `.ci/venv` (`Scripts/test-tools.sh`).
final class CalDAVSecondComputer {
    /// Whether vdirsyncer and todoman are installed (the test command installs them: `Scripts/test-tools.sh`).
    static let available = RequiredTool.available(
        "the CalDAV second-client tests need vdirsyncer and todoman",
        present: RequiredTool.executable(CalDAVTestServer.bin + "/vdirsyncer")
            && RequiredTool.executable(CalDAVTestServer.bin + "/todo"),
        install: "Scripts/test-tools.sh installs them: .ci/venv/bin/pip install 'vdirsyncer==0.21.*' 'todoman==4.7.*'")

    /// Where its configuration, sync status and calendars are.
    private let folder: URL
    private let scratch: TemporaryFolder

    /// Sets vdirsyncer up for `server`'s account (every task list, `from b`) and todoman on the
    /// folder it syncs to.
    init(_ server: CalDAVTestServer) throws {
        scratch = try TemporaryFolder(prefix: "checklists-vdir")
        folder = URL(filePath: scratch.path)
        let credentials =
            server.kind == .radicale ? "username = \"\(server.user)\"\npassword = \"\(server.password)\"\n" : ""
        let vdirsyncer = """
            [general]
            status_path = "\(folder.path)/status/"

            [pair tasks]
            a = "local"
            b = "remote"
            collections = ["from b"]

            [storage local]
            type = "filesystem"
            path = "\(folder.path)/calendars/"
            fileext = ".ics"

            [storage remote]
            type = "caldav"
            url = "\(server.url)"
            \(credentials)
            """
        try vdirsyncer.write(to: folder.appending(path: "vdirsyncer"), atomically: true, encoding: .utf8)
        let todoman = "path = \"\(folder.path)/calendars/*\"\ndate_format = \"%Y-%m-%d\"\ntime_format = \"%H:%M\"\n"
        try todoman.write(to: folder.appending(path: "todoman.py"), atomically: true, encoding: .utf8)
    }

    /// `vdirsyncer discover` (saying yes to making the local folders) and `vdirsyncer sync`.
    func sync() throws {
        let config = folder.appending(path: "vdirsyncer").path
        try run("vdirsyncer", ["-c", config, "discover"], input: String(repeating: "y\n", count: 20))
        try run("vdirsyncer", ["-c", config, "sync"])
    }

    /// Every task as `todo --porcelain list --status ANY` shows it (times in UTC).
    func todos() throws -> [[String: Any]] {
        let output = try run(
            "todo", ["--config", folder.appending(path: "todoman.py").path, "--porcelain", "list", "--status", "ANY"])
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    /// Runs a tool of the virtual environment, which must succeed; returns its output.
    @discardableResult
    private func run(_ tool: String, _ arguments: [String], input: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(filePath: CalDAVTestServer.bin + "/" + tool)
        process.arguments = arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "TZ": "UTC", "LANG": "C.UTF-8",
            "PYTHONDONTWRITEBYTECODE": "1",
        ]
        let output = Pipe()
        let errors = folder.appending(path: "\(tool).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try #require(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " ")): \(stderr)")
        return String(decoding: data, as: UTF8.self)
    }
}
