import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// `watch`: fires each reminder at its time, until SIGINT, SIGTERM or SIGQUIT (SPEC §9).
///
/// At start it fires what came due while nothing watched (more than three at once as one
/// notification saying how many). Then it sleeps until the next reminder's time or a change of
/// the data file, and looks again. Each look goes through the due reminders one delivery at a
/// time: under the record's lock it settles the delivery before (recorded as fired, or its claim
/// dropped when it failed) and claims the next (`ReminderClaims`); it delivers with the lock
/// released. So several watchers on one file fire each reminder once, a restart fires nothing
/// twice, and a slow delivery holds no other watcher up. A delivery that fails is reported and
/// tried again at the next wake-up, and at the latest a minute later; a claim held by a watcher
/// that was killed is taken over when it expires. A stop signal ends a delivery under way (its
/// program's process group is killed) and the watcher, within a second. A data file that is a
/// symbolic link pointed elsewhere while the watcher runs is followed: the file it leads to now is
/// read at the next look (`WakeSources` wakes the watcher for it).
public struct ReminderWatcher {
    /// How long after a failed delivery it is tried again, at the latest.
    static let retryDelay: Double = 60
    /// How long a claim outlasts the time limit of the delivery it is for: time to kill the
    /// program, wait for the record's lock and settle.
    static let claimMargin: Double = 15
    /// How long the record's lock is waited for to settle after a stop signal: the watcher ends
    /// promptly, and a claim it could not settle expires.
    static let stoppingLockWait: Double = 0.5

    let store: ChecklistStore
    let recordPath: String
    let notifier: ReminderNotifier
    let report: (String, ReportDestination) -> Void
    /// This watcher in the claims of the record: unique to the process.
    let claimant: String

    /// Prepares a watcher of `store`'s data file; `report` writes a line where it is to go.
    public init(
        store: ChecklistStore, exec: String?, environment: [String: String],
        report: @escaping (String, ReportDestination) -> Void
    ) {
        self.store = store
        recordPath = FileLocations.remindersFile(environment: environment)
        notifier = ReminderNotifier(exec: exec, environment: environment, report: report)
        self.report = report
        claimant = "\(getpid()).\(Int(WallClock.now() * 1_000_000))"
    }

    /// What one look at the reminders came to.
    private struct Pass {
        /// Whether a delivery failed (or the record was busy): look again `retryDelay` later at the latest.
        var failed = false
        /// Whether a stop signal arrived.
        var stopped = false
        /// When the first claim of another watcher expires: a reminder it holds may need taking over.
        var claimExpiry: Double?
    }

    /// Runs `watch` (or `watch --once`): the result once a signal ends it, or at once with `once`.
    public func run(once: Bool) -> CommandResult {
        if let hint = notifier.hint { report(hint, .errors) }
        let signals = StopSignals()
        var memory = FiredReminders()
        if once {
            let pass = fire(store, atStart: true, memory: &memory, signals: signals)
            return pass.failed
                ? CommandResult(error: "some reminders could not be delivered", exitStatus: .failure) : CommandResult()
        }
        let sources: WakeSources
        do {
            sources = try WakeSources(dataFile: store.openedPath, signals: signals)
        } catch {
            return CommandResult(error: error.description, exitStatus: .failure)
        }
        var store = self.store
        var atStart = true
        while true {
            tzset()  // The zone may have changed since (a laptop that travelled).
            var pass = Pass()
            if store.wasRetargeted {
                // The data file's link points elsewhere now: the file it leads to is the data file.
                do {
                    store = try ChecklistStore(path: store.openedPath)
                    memory = FiredReminders()
                } catch {
                    report("checklists: \(error) (waiting for it to change)", .errors)
                    pass.failed = true
                }
            }
            if !store.wasRetargeted { pass = fire(store, atStart: atStart, memory: &memory, signals: signals) }
            if pass.stopped { return CommandResult() }
            atStart = false
            let now = WallClock.now()
            var deadline = ReminderSchedule.nextFireTime(in: store.book, after: now, fired: memory)
            if let expiry = pass.claimExpiry { deadline = min(deadline ?? .infinity, expiry) }
            if pass.failed { deadline = min(deadline ?? .infinity, now + Self.retryDelay) }
            if sources.wait(until: deadline) == .signal { return CommandResult() }
        }
    }

    /// Reloads the data file and fires what is due, one delivery at a time.
    ///
    /// `memory` holds what this process delivered, so that with a record that cannot be written
    /// (a read-only state folder) each reminder still fires once per run.
    private func fire(
        _ store: ChecklistStore, atStart: Bool, memory: inout FiredReminders, signals: StopSignals
    ) -> Pass {
        var pass = Pass()
        do {
            try store.reloadIfChanged()
        } catch {
            report("checklists: \(error) (waiting for it to change)", .errors)
            return pass
        }
        let book = store.book
        // Failed in this pass: tried again at the next one, not at once.
        var skipped = Set<FiredReminders.Key>()
        // The reminders of the delivery just made, whose claims are to be released (those it
        // delivered are in `memory`, and so recorded fired).
        var settling: [FiredReminders.Key] = []
        var recordUsable = true
        while true {
            let now = WallClock.now()
            var batch: [Reminder] = []
            // At start, many at once become one notification; otherwise one delivery at a time.
            let summarizing = atStart && memory.keys.isEmpty && skipped.isEmpty && notifier.summarizes
            let blocked = memory.keys.union(skipped)
            func choose(_ fired: FiredReminders, held: Set<FiredReminders.Key>) -> [Reminder] {
                var fired = fired
                for key in blocked.union(held) { fired.insert(key) }
                let due = ReminderSchedule.due(in: book, at: now, fired: fired)
                return summarizing && due.count > 3 ? due : Array(due.prefix(1))
            }
            if recordUsable {
                do {
                    let wait = pass.stopped ? Self.stoppingLockWait : 10
                    let warning = try ReminderRecord.update(
                        path: recordPath, dataFile: store.identity, lockTimeout: wait
                    ) {
                        fired, claims in
                        // What this process delivered is fired, also when an earlier settling failed.
                        for key in memory.keys { fired.insert(key) }
                        fired = fired.pruned(keeping: book)
                        claims.release(settling, by: claimant)
                        claims.removeSettled(at: now, fired: fired)
                        guard !pass.stopped else { return }
                        batch = choose(fired, held: claims.held(byOthersThan: claimant, at: now))
                        claims.claim(
                            batch.map(\.key), by: claimant, until: now + notifier.timeLimit + Self.claimMargin)
                        pass.claimExpiry = claims.nextExpiry(byOthersThan: claimant, at: now)
                    }.warning
                    if let warning { report("checklists: \(warning)", .errors) }
                } catch let error as ReminderRecordError {
                    report("checklists: \(error)", .errors)
                    // Another process holds the lock: its watcher may be delivering. Try again later;
                    // a claim of this watcher left unsettled expires.
                    if case .busy = error {
                        pass.failed = true
                        return pass
                    }
                    // No record can be kept: this process's memory alone says what fired.
                    recordUsable = false
                    if pass.stopped { return pass }
                    batch = choose(FiredReminders(), held: [])
                } catch {
                    report("checklists: \(error)", .errors)
                    return pass
                }
            } else {
                if pass.stopped { return pass }
                batch = choose(FiredReminders(), held: [])
            }
            settling = []
            guard !batch.isEmpty, !pass.stopped else { return pass }
            settling = batch.map(\.key)
            switch deliver(batch, now: now, stop: signals.descriptor) {
            case .delivered:
                for key in settling { memory.insert(key) }
            case .failed:
                pass.failed = true
                skipped.formUnion(settling)
            case .interrupted:
                pass.stopped = true
            }
            if signals.arrived { pass.stopped = true }
            memory = memory.pruned(keeping: book)
        }
    }

    /// Delivers `batch`: one reminder, or many as one notification; reports a failure.
    private func deliver(_ batch: [Reminder], now: Double, stop: Int32) -> ReminderNotifier.Delivery {
        if batch.count > 1 {
            let delivery = notifier.deliverSummary(batch, stop: stop)
            if case .failed(let reason) = delivery {
                report("checklists: \(batch.count) reminders not delivered: \(reason)", .errors)
            }
            return delivery
        }
        guard let reminder = batch.first else { return .delivered }
        let delivery = notifier.deliver(reminder, now: now, stop: stop)
        if case .failed(let reason) = delivery {
            report("checklists: reminder \"\(reminder.text)\" not delivered: \(reason)", .errors)
        }
        return delivery
    }
}
