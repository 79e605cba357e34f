import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A private D-Bus session bus with a Notifications service that records what it receives.
///
/// The bus is a real `dbus-daemon --session`; the service is `notification-service.py` (python3-dbus
/// and python3-gi), started on it. Both end with this object.
final class NotificationBus {
    /// Whether the tools are installed (CI installs them: dbus, python3-dbus, python3-gi, libnotify-bin).
    static let available = RequiredTool.available(
        "the reminder tests need dbus-daemon, notify-send and python3",
        present: RequiredTool.executable("/usr/bin/dbus-daemon") && RequiredTool.executable("/usr/bin/notify-send")
            && RequiredTool.executable("/usr/bin/python3"),
        install: "apt-get install dbus libnotify-bin python3-dbus python3-gi")

    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    private let daemon: Process
    private var service: Process?
    private let folder: URL
    /// What keeps `folder`: removed once the bus is stopped.
    private let scratch: TemporaryFolder

    /// Starts the bus, and the service unless `withService` is false.
    init(withService: Bool = true, refusing: Bool = false) throws {
        scratch = try TemporaryFolder(prefix: "checklists-bus")
        folder = URL(filePath: scratch.path)
        daemon = Process()
        daemon.executableURL = URL(filePath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!address.isEmpty, "dbus-daemon printed no address")
        if withService { try startService(refusing: refusing) }
    }

    deinit {
        stopService()
        // SIGKILL: a child started from a test's thread (a libdispatch worker) inherits its blocked
        // SIGTERM, so terminate() would not end it.
        kill(daemon.processIdentifier, SIGKILL)
        daemon.waitUntilExit()
    }

    /// Starts the Notifications service (again) and waits until it owns its name.
    func startService(refusing: Bool = false) throws {
        stopService()
        let ready = folder.appending(path: "ready")
        try? FileManager.default.removeItem(at: ready)
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/python3")
        let script = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "notification-service.py")
        process.arguments = [script.path, record.path, ready.path] + (refusing ? ["--refuse"] : [])
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        try process.run()
        service = process
        try Self.waitFor(seconds: 30) { FileManager.default.fileExists(atPath: ready.path) }
    }

    /// Stops the service: the bus stays, with nobody answering notifications.
    func stopService() {
        guard let service else { return }
        kill(service.processIdentifier, SIGKILL)
        service.waitUntilExit()
        self.service = nil
    }

    private var record: URL { folder.appending(path: "received.jsonl") }

    /// One notification the service received.
    struct Received: Equatable {
        var app: String
        var summary: String
        var body: String
        /// When it arrived, seconds since 1970.
        var time: Double
    }

    /// The notifications received so far.
    func received() -> [Received] {
        guard let data = FileManager.default.contents(atPath: record.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let app = object["app"] as? String, let summary = object["summary"] as? String,
                let body = object["body"] as? String, let time = object["time"] as? Double
            else { return nil }
            return Received(app: app, summary: summary, body: body, time: time)
        }
    }

    /// Waits until `count` notifications have arrived (at most `seconds`); returns them.
    @discardableResult
    func waitForNotifications(_ count: Int, seconds: Double = 30) throws -> [Received] {
        try Self.waitFor(seconds: seconds) { received().count >= count }
        return received()
    }

    /// Polls `condition` every 20 ms until it holds; fails the test after `seconds` (a hang, not a speed).
    static func waitFor(seconds: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            try #require(Date() < deadline, "gave up waiting after \(seconds) s")
            usleep(20_000)
        }
    }
}
