import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// `watch`: fires each reminder at its time, until SIGINT, SIGTERM or SIGQUIT (SPEC §9).
///
/// At start it fires what came due while nothing watched (more than three at once as one
/// notification saying how many). Then it sleeps until the next reminder's time or a change of
/// the data file, and looks again. Each firing takes the record's lock, reads which reminders
/// have fired, delivers the rest and records those delivered, so several watchers on one file
/// fire each reminder once and a restart fires nothing twice. A delivery that fails is reported
/// and tried again at the next wake-up, and at the latest a minute later.
public struct ReminderWatcher {
    /// How long after a failed delivery it is tried again, at the latest.
    static let retryDelay: Double = 60

    let store: ChecklistStore
    let recordPath: String
    let notifier: ReminderNotifier
    let report: (String, Bool) -> Void

    /// Prepares a watcher of `store`'s data file; `report` writes a line (`true`: to standard error).
    public init(
        store: ChecklistStore, exec: String?, environment: [String: String],
        report: @escaping (String, Bool) -> Void
    ) {
        self.store = store
        recordPath = DataLocation.remindersFile(environment: environment)
        notifier = ReminderNotifier(exec: exec, environment: environment, report: report)
        self.report = report
    }

    /// Runs `watch` (or `watch --once`): the result once a signal ends it, or at once with `once`.
    public func run(once: Bool) -> CommandResult {
        if let hint = notifier.hint { report(hint, true) }
        var memory = FiredReminders()
        if once {
            let failed = fire(atStart: true, memory: &memory)
            return failed
                ? CommandResult(error: "some reminders could not be delivered", exitStatus: 1) : CommandResult()
        }
        let sources: WakeSources
        do {
            sources = try WakeSources(dataFile: store.path)
        } catch {
            return CommandResult(error: error.description, exitStatus: 1)
        }
        var atStart = true
        while true {
            tzset()  // The zone may have changed since (a laptop that travelled).
            let failed = fire(atStart: atStart, memory: &memory)
            atStart = false
            let now = WallClock.now()
            var deadline = ReminderSchedule.nextFireTime(in: store.book, after: now, fired: memory)
            if failed { deadline = min(deadline ?? .infinity, now + Self.retryDelay) }
            if sources.wait(until: deadline) == .signal { return CommandResult() }
        }
    }

    /// Reloads the data file and fires what is due; whether a delivery failed.
    ///
    /// `memory` holds what this process delivered, so that with a record that cannot be written
    /// (a read-only state folder) each reminder still fires once per run.
    private func fire(atStart: Bool, memory: inout FiredReminders) -> Bool {
        do {
            try store.reloadIfChanged()
        } catch {
            report("checklists: \(error) (waiting for it to change)", true)
            return false
        }
        let now = WallClock.now()
        var failed = false
        var delivered = memory
        let deliver = { (fired: FiredReminders) -> FiredReminders in
            var fired = fired.pruned(keeping: store.book)
            for key in delivered.keys { fired.insert(key) }
            let due = ReminderSchedule.due(in: store.book, at: now, fired: fired)
            if atStart, due.count > 3, notifier.summarizes {
                if let failure = notifier.deliverSummary(due) {
                    report("checklists: \(due.count) reminders not delivered: \(failure)", true)
                    failed = true
                } else {
                    for reminder in due { fired.insert(reminder.key) }
                }
            } else {
                for reminder in due {
                    if let failure = notifier.deliver(reminder, now: now) {
                        report("checklists: reminder \"\(reminder.text)\" not delivered: \(failure)", true)
                        failed = true
                    } else {
                        fired.insert(reminder.key)
                    }
                }
            }
            delivered = fired
            return fired
        }
        do {
            if let warning = try ReminderRecord.update(path: recordPath, dataFile: store.identity, deliver) {
                report("checklists: \(warning)", true)
            }
        } catch {
            report("checklists: \(error)", true)
            _ = deliver(memory)
        }
        memory = delivered.pruned(keeping: store.book)
        return failed
    }
}
