import ChecklistKit
import Effects
import LineEditor

#if canImport(Glibc)
import Glibc
#endif

/// What this program does for a session that ChecklistKit does not: the REPL's history, git and
/// CalDAV sync, and `watch` (SPEC §7, §8, §10, §11).
final class ProgramHost: SessionHost {
    /// The store the session works on.
    let store: ChecklistStore
    /// The environment sync and `watch` run with.
    let environment: [String: String]
    /// The REPL's line editor, whose history `history` shows (`nil` outside the REPL).
    var lineReader: EditLineReader?
    /// Whether `watch` may run: only as a one-shot command, since it runs until it is stopped.
    var runsWatch = false

    init(store: ChecklistStore, environment: [String: String]) {
        self.store = store
        self.environment = environment
    }

    func history() -> [String] {
        lineReader?.historyEntries() ?? []
    }

    func wayOutOfDamage(path: String) -> String? {
        GitSync.wayOutOfDamage(path: path, environment: environment)
    }

    /// `sync` runs the git sync and then the CalDAV sync, each where the data file is set up for
    /// it, and the git sync again when the CalDAV sync changed the checklists; `sync init` sets
    /// git sync up.
    ///
    /// The second git sync carries what came from the server to git in the same `sync`, as the
    /// first carried git's changes to the server. Without it, a change from the server reached git
    /// one `sync` late, and two machines resolving one conflict each their own way passed the two
    /// values round between git and the server for ever, neither merge seeing a conflict.
    func sync(initialize: Bool, url: String?) throws -> CommandResult {
        let sync = GitSync(store: store, executable: Invocation.executablePath, environment: environment)
        let calDAVSetUp = !initialize && CalDAVSync(store: store, environment: environment).isSetUp
        var result = CommandResult()
        do {
            result = initialize ? try sync.initialize(url: url) : try sync.sync()
        } catch let error as SyncError {
            if let signal = error.signal { return stopped(by: signal, error.description) }
            guard case .notSetUp = error, calDAVSetUp else {
                return CommandResult(error: error.description, exitStatus: error.exitStatus)
            }
        }
        guard calDAVSetUp else { return result }
        let gitSetUp = !result.lines.isEmpty
        let before = store.book
        let calendar = try caldav(.sync)
        result.lines += calendar.lines
        result.notices += calendar.notices
        result.error = calendar.error
        result.exitStatus = calendar.exitStatus
        guard gitSetUp, calendar.exitStatus == .success, store.book != before else { return result }
        do {
            let again = try sync.sync()
            result.lines += again.lines
            result.notices += again.notices
        } catch let error as SyncError {
            if let signal = error.signal { return stopped(by: signal, error.description) }
            result.error = error.description
            result.exitStatus = error.exitStatus
        }
        return result
    }

    /// The end of a sync that `signal` stopped (its children killed, the data put back, the lock
    /// let go): in the REPL, the message, and the session goes on (SPEC §7: Ctrl-C never ends it);
    /// elsewhere the signal ends this process as it would have, whatever else was to run.
    private func stopped(by signal: Int32, _ message: String) -> CommandResult {
        guard lineReader == nil else {
            return CommandResult(error: message, exitStatus: ExitStatus(code: 128 + signal))
        }
        Output.error("checklists: \(message)")
        Output.flush()
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        Glibc.signal(signal, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signal)
        exit(128 + signal)
    }

    func caldav(_ action: Command.CalDAVAction) throws -> CommandResult {
        var sync = CalDAVSync(store: store, environment: environment)
        let progress = ProgressLine(environment: environment)
        sync.onProgress = progress.show
        defer { progress.clear() }
        var warnings: [String] = []
        if case .initialize(let url, _) = action, let warning = CalDAVSync.clearTextWarning(url: url) {
            warnings.append(warning)
        }
        do {
            var result: CommandResult
            switch action {
            case .initialize(let url, let user): result = try sync.initialize(url: url, user: user)
            case .sync: result = try sync.sync()
            case .off: result = sync.off()
            }
            result.notices = warnings + result.notices
            return result
        } catch let error as CalDAVError {
            if let signal = error.signal {
                progress.clear()
                return stopped(by: signal, "caldav: \(error)")
            }
            var result = CommandResult(error: "caldav: \(error)", exitStatus: error.exitStatus)
            result.notices = warnings
            return result
        }
    }

    func watch(once: Bool, exec: String?) throws -> CommandResult {
        let watcher = ReminderWatcher(store: store, exec: exec, environment: environment) { line, destination in
            switch destination {
            case .errors:
                Output.error(line)
            case .output:
                Output.line(line)
                Output.flush()
            }
        }
        return watcher.run(once: once)
    }
}
