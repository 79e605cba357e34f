import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Delivers reminders: a desktop notification through `notify-send` (the freedesktop
/// Notifications service on the D-Bus session bus), the user's `--exec` command, or, without a
/// session bus or notify-send, a line on standard output (SPEC §9).
///
/// Each program runs for at most `timeLimit` seconds (`$CHECKLISTS_EXEC_TIMEOUT`, else 60), in a
/// process group of its own that is killed on the time limit and when a stop signal arrives.
struct ReminderNotifier {
    /// How a delivery went.
    enum Delivery: Equatable {
        /// It went out.
        case delivered
        /// It failed for this reason; it is tried again later.
        case failed(String)
        /// A stop signal arrived while it was under way.
        case interrupted
    }

    /// The time limit of a program run to deliver a reminder when none is set.
    static let defaultTimeLimit: Double = 60

    /// Where reminders go.
    enum Channel: Equatable {
        /// `sh -c COMMAND` with the reminder in the environment.
        case command(String)
        /// `notify-send`.
        case desktop
        /// A line on standard output.
        case terminal(reason: String)
    }

    let channel: Channel
    let environment: [String: String]
    /// Writes a line where it is to go.
    let report: (String, ReportDestination) -> Void
    /// How many seconds a program run to deliver a reminder may take.
    let timeLimit: Double

    /// Picks the channel: `exec` when given, else notify-send when a session bus is there.
    init(exec: String?, environment: [String: String], report: @escaping (String, ReportDestination) -> Void) {
        self.environment = environment
        self.report = report
        timeLimit =
            environment["CHECKLISTS_EXEC_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            ?? Self.defaultTimeLimit
        if let exec {
            channel = .command(exec)
        } else if environment["DBUS_SESSION_BUS_ADDRESS"] == nil,
            environment["XDG_RUNTIME_DIR"].map({ access($0 + "/bus", F_OK) == 0 }) != true
        {
            channel = .terminal(reason: "no D-Bus session bus")
        } else if !ChildProcess.isAvailable("notify-send", path: environment["PATH"]) {
            channel = .terminal(reason: "notify-send is not installed (apt-get install libnotify-bin)")
        } else {
            channel = .desktop
        }
    }

    /// A line saying where reminders go when that is not the desktop, for standard error.
    var hint: String? {
        guard case .terminal(let reason) = channel else { return nil }
        return "note: \(reason): reminders are printed here instead of shown on the desktop"
    }

    /// Delivers one reminder, giving up when the descriptor `stop` becomes readable.
    func deliver(_ reminder: Reminder, now: Double, stop: Int32) -> Delivery {
        let body = reminder.body(now: now)
        switch channel {
        case .terminal:
            report("reminder: \(reminder.list): \(body)", .output)
            return .delivered
        case .desktop:
            return notify(summary: reminder.list, body: body, about: "\(reminder.list): \(body)", stop: stop)
        case .command(let command):
            var environment = self.environment
            environment["CHECKLISTS_ITEM_ID"] = String(reminder.itemID)
            environment["CHECKLISTS_TEXT"] = reminder.text
            environment["CHECKLISTS_LIST"] = reminder.list
            environment["CHECKLISTS_DUE"] = reminder.day?.description ?? LocalTime.iso8601(reminder.due)
            return supervise(
                "/bin/sh", ["-c", command], environment: environment, named: "--exec command",
                stop: stop, reporting: "\(reminder.list): \(body)"
            ) { status, detail in
                "failed with status \(status)" + (detail.map { ": " + $0 } ?? "")
            }
        }
    }

    /// Whether many reminders at once may become one notification (a command runs for each:
    /// scripts expect one call per item).
    var summarizes: Bool {
        if case .command = channel { return false }
        return true
    }

    /// Delivers many reminders at once as one notification saying how many.
    func deliverSummary(_ reminders: [Reminder], stop: Int32) -> Delivery {
        let texts = reminders.prefix(3).map(\.text).joined(separator: ", ")
        let body = "\(reminders.count) reminders are due: \(texts), …"
        guard channel == .desktop else {
            report("reminder: \(body)", .output)
            return .delivered
        }
        return notify(summary: "checklists", body: body, about: body, stop: stop)
    }

    /// The time limit as people write it: `60`, `0.5`.
    private var seconds: String {
        timeLimit == timeLimit.rounded() ? String(Int(timeLimit)) : String(timeLimit)
    }

    /// The end of what a program wrote to standard error, as text without the final newlines; when
    /// it was cut, after `…`, and from its first whole line on where it holds more than one.
    private static func text(_ tail: [UInt8]) -> String {
        var text = String(decoding: tail, as: UTF8.self)
        while text.last == "\n" { text.removeLast() }
        guard tail.count >= ChildProcess.errorTailLimit else { return text }
        if let newline = text.firstIndex(of: "\n") { text = String(text[text.index(after: newline)...]) }
        return "…" + text
    }

    private func notify(summary: String, body: String, about: String, stop: Int32) -> Delivery {
        supervise(
            "notify-send", ["--app-name=checklists", "--", summary, body], environment: environment,
            named: "notify-send", stop: stop, reporting: about
        ) { status, detail in
            "failed (status \(status))" + (detail.map { ": " + $0 } ?? "")
        }
    }

    /// Runs a program that delivers a reminder, with the time limit, until `stop`; reports
    /// `reminded: ABOUT` when it succeeds. `failure` words a non-zero status and what the program
    /// wrote to standard error, after the program's `name`.
    private func supervise(
        _ program: String, _ arguments: [String], environment: [String: String], named name: String, stop: Int32,
        reporting about: String, failure: (_ status: Int32, _ detail: String?) -> String
    ) -> Delivery {
        let run: ChildProcess.Supervised
        do {
            run = try ChildProcess.supervise(
                program, arguments, environment: environment, timeLimit: timeLimit, stop: stop)
        } catch {
            return .failed(error.description)
        }
        switch run.ending {
        case .interrupted:
            return .interrupted
        case .timedOut:
            return .failed("\(name) did not finish within \(seconds) seconds; it was stopped")
        case .exited(let status) where status != 0:
            return .failed(name + " " + failure(status, run.errorTail.isEmpty ? nil : Self.text(run.errorTail)))
        case .exited:
            report("reminded: \(about)", .output)
            return .delivered
        }
    }
}
