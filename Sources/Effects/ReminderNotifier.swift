import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// Delivers reminders: a desktop notification through `notify-send` (the freedesktop
/// Notifications service on the D-Bus session bus), the user's `--exec` command, or, without a
/// session bus or notify-send, a line on standard output (SPEC §9).
struct ReminderNotifier {
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
    /// Writes a line: `true` for standard error.
    let report: (String, Bool) -> Void

    /// Picks the channel: `exec` when given, else notify-send when a session bus is there.
    init(exec: String?, environment: [String: String], report: @escaping (String, Bool) -> Void) {
        self.environment = environment
        self.report = report
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

    /// Delivers one reminder; `nil` when delivered, else why not.
    func deliver(_ reminder: Reminder, now: Double) -> String? {
        let body = reminder.body(now: now)
        switch channel {
        case .terminal:
            report("reminder: \(reminder.list): \(body)", false)
            return nil
        case .desktop:
            return notify(summary: reminder.list, body: body, about: "\(reminder.list): \(body)")
        case .command(let command):
            var environment = self.environment
            environment["CHECKLISTS_ITEM_ID"] = String(reminder.itemID)
            environment["CHECKLISTS_TEXT"] = reminder.text
            environment["CHECKLISTS_LIST"] = reminder.list
            environment["CHECKLISTS_DUE"] = reminder.day?.description ?? LocalTime.iso8601(reminder.due)
            let outcome: ChildProcess.Outcome
            do {
                outcome = try ChildProcess.run("/bin/sh", ["-c", command], environment: environment)
            } catch {
                return error.description
            }
            if !outcome.output.isEmpty { report(outcome.outputText, false) }
            guard outcome.succeeded else {
                let detail = outcome.errorText.isEmpty ? "" : ": " + outcome.errorText
                return "--exec command failed with status \(outcome.status)\(detail)"
            }
            report("reminded: \(reminder.list): \(body)", false)
            return nil
        }
    }

    /// Whether many reminders at once may become one notification (a command runs for each:
    /// scripts expect one call per item).
    var summarizes: Bool {
        if case .command = channel { return false }
        return true
    }

    /// Delivers many reminders at once as one notification saying how many.
    func deliverSummary(_ reminders: [Reminder]) -> String? {
        let texts = reminders.prefix(3).map(\.text).joined(separator: ", ")
        let body = "\(reminders.count) reminders are due: \(texts), …"
        guard channel == .desktop else {
            report("reminder: \(body)", false)
            return nil
        }
        return notify(summary: "checklists", body: body, about: body)
    }

    private func notify(summary: String, body: String, about: String) -> String? {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                "notify-send", ["--app-name=checklists", "--", summary, body], environment: environment)
        } catch {
            return error.description
        }
        guard outcome.succeeded else {
            return "notify-send failed (status \(outcome.status))"
                + (outcome.errorText.isEmpty ? "" : ": \(outcome.errorText)")
        }
        report("reminded: \(about)", false)
        return nil
    }
}
