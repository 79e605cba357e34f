import ChecklistKit
import Effects
import LineEditor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of `checklists` once its options are known: opens the data file and runs a mode.
struct Invocation {
    /// `--file`, when given.
    var file: String?
    /// `--bail`.
    var bail = false
    /// `--color`.
    var color = ColorChoice.auto
    /// `--json`: print JSON documents instead of text (SPEC §14).
    var json = false
    /// The command and its arguments; empty to read commands from standard input.
    var command: [String] = []

    /// The invocation `arguments` (without the program's name) mean, when they are nothing but
    /// `--file PATH` and `--json`, each at most once, and then a command word or nothing: nearly
    /// every run.
    ///
    /// These forms parse the same with ArgumentParser, whose first use costs about a millisecond
    /// of type metadata and reflection (a third of start-up). Anything else, `nil`: the caller
    /// parses with ArgumentParser, which also gives the help and the errors.
    static func plain(_ arguments: ArraySlice<String>) -> Invocation? {
        var rest = arguments
        var invocation = Invocation()
        while let first = rest.first, first.hasPrefix("-") {
            if first == "--json", !invocation.json {
                invocation.json = true
                rest = rest.dropFirst()
            } else if first.hasPrefix("--file="), invocation.file == nil {
                invocation.file = String(first.dropFirst("--file=".count))
                rest = rest.dropFirst()
            } else if first == "--file", invocation.file == nil, let path = rest.dropFirst().first,
                !path.hasPrefix("-")
            {
                invocation.file = path
                rest = rest.dropFirst(2)
            } else {
                // Another option, or one given twice: ArgumentParser's to accept or refuse.
                return nil
            }
            guard invocation.file?.isEmpty != true else { return nil }
        }
        invocation.command = Array(rest)
        return invocation
    }

    /// For git's merge driver, what the CalDAV sync of the data file it merges last left: git runs
    /// the driver at the top of the work tree.
    private static func calDAVBase(for command: Command, _ environment: [String: String]) -> ChecklistBook? {
        guard case .merge = command else { return nil }
        return GitSync.calDAVBase(workTree: ".", environment: environment)
    }

    /// Runs the invocation and exits with its status (SPEC §2).
    func run() -> Never {
        // A save that hits RLIMIT_FSIZE must fail with EFBIG, not kill the process.
        signal(SIGXFSZ, SIG_IGN)
        // SIGQUIT (Ctrl-\, kill -QUIT) is a request to quit, not a crash. The Swift runtime's crash
        // handler takes it like one: it prints a backtrace and returns, and since nothing re-raises a
        // signal sent from outside, the process then carries on (a REPL back at its prompt, in a
        // terminal libedit has left cooked). The default disposition ends the process (dumping core
        // where the limits allow), as with any Unix tool; `watch` takes it like SIGTERM.
        signal(SIGQUIT, SIG_DFL)
        let environment = Environment.current()
        // merge, cat, help and inspect need nothing of the data file: git runs merge and cat often,
        // and help and inspect answer beside a damaged data file.
        // A one-shot command is parsed once, here; parse errors are reported once the data file is open.
        let parsed: Result<Command?, any Error> =
            command.isEmpty ? .success(nil) : Result { try Command.parse(command) }
        if !command.isEmpty, case .success(let standalone?) = parsed,
            let result = Session.runStandalone(
                standalone, now: WallClock.now(), synced: Self.calDAVBase(for: standalone, environment), json: json)
        {
            switch standalone {
            case .merge, .cat: Output.show(result, styler: TerminalStyle(enabled: false), errorPrefix: "checklists: ")
            default:
                if json {
                    Output.showJSON(result, line: 1)
                } else {
                    Output.show(result, styler: outputStyle(environment), errorPrefix: "checklists: ")
                }
            }
            Self.leave(result.exitStatus)
        }
        let path = FileLocations.dataFile(option: file, environment: environment)
        var info = stat()
        AllocatorSetup.prepare(fileSize: stat(path, &info) == 0 ? Int(info.st_size) : 0)
        let store: ChecklistStore
        do {
            // A one-shot command of the current checklist or of one it names (show, add, a change,
            // undo) reads only the items it needs of a file this program wrote (`Command.reach`);
            // any other file is read whole.
            let reach = (try? parsed.get())??.reach ?? .wholeBook
            store = try ChecklistStore(path: path, scope: reach.scope, readingCurrent: reach.readsCurrentItems)
        } catch {
            // A damaged file's way out names the last sync's version when there is one.
            var wayOut: String?
            if case .undecodable(let damaged, _, _) = error {
                wayOut = GitSync.wayOutOfDamage(path: damaged, environment: environment)
            }
            report("checklists: ", error.withWayOut(wayOut).description)
            Self.leave(error.exitStatus)
        }
        if !store.fileExists {
            // In a sync repository a missing data file is brought back from the last sync, never
            // taken for an empty one that the next sync would push (SPEC §8).
            do {
                if let note = try GitSync.restoreMissingDataFile(store: store, environment: environment) {
                    report("checklists: ", note, kind: "note")
                }
            } catch {
                report("checklists: ", "\(error)")
                Self.leave(.ioError)
            }
        }
        let session = Session(store: store, journal: UndoJournal(dataFile: store.identity, environment: environment))
        session.reportsJSON = json
        session.columns = Self.columns(environment)
        // A one-shot command's current checklist is the file's when it takes the lock (SPEC §5).
        session.currentFromFile = !command.isEmpty
        let host = ProgramHost(store: store, environment: environment)
        session.host = host
        // Long work inside one command (an import) shows its progress on a terminal, counted
        // from its own start; the line goes when the work is over.
        var working: ProgressLine?
        session.onProgress = { report in
            guard let report else {
                working?.clear()
                working = nil
                return
            }
            if working == nil { working = ProgressLine(environment: environment) }
            working?.show(report)
        }
        let stdoutIsTerminal = isatty(1) == 1
        let styler = outputStyle(environment)
        let status: ExitStatus
        if case .success(.mcp(let readOnly)?) = parsed {
            // An agent's session follows the file's current checklist, as a shell's commands do.
            status = AgentMode(server: AgentServer(session: session, version: Version.number, readOnly: readOnly)).run()
        } else if !command.isEmpty {
            // watch runs until it is stopped: only as a command of its own.
            host.runsWatch = true
            // `note ITEM` alone edits the note where an editor can use the terminal, as git commit does.
            session.editsNotes = isatty(0) == 1 && stdoutIsTerminal && !json
            status = OneShotMode(session: session, styler: styler, environment: environment, json: json).run(parsed)
        } else if isatty(0) == 1 {
            status = InteractiveMode(
                session: session, host: host, styler: styler, environment: environment, json: json
            ).run()
        } else {
            status = BatchMode(
                session: session, styler: styler, bail: bail, progress: ProgressLine(environment: environment),
                json: json
            ).run()
        }
        // Every change is already on disk. Leaving here spares freeing the whole model, about a
        // millisecond at 10,000 items; the C library flushes standard output and the kernel
        // closes the files.
        Self.leave(status)
    }

    /// The colours of the output: `--color`, else on a terminal unless `NO_COLOR` is set.
    private func outputStyle(_ environment: [String: String]) -> TerminalStyle {
        TerminalStyle(
            enabled: color == .always || (color == .auto && isatty(1) == 1 && environment["NO_COLOR"] == nil))
    }

    /// Reports a problem met before any command ran: as JSON with `--json` (line 0), else as
    /// text after `prefix`.
    private func report(_ prefix: String, _ message: String, kind: String = "error") {
        if json { Output.problem(kind, message, line: 0) } else { Output.error(prefix + message) }
    }

    /// The absolute path of this executable, for git's merge driver and text conversion.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first ?? "checklists" }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func leave(_ status: ExitStatus) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status.code)
        #else
        Darwin.exit(status.code)
        #endif
    }

    /// The width views fit their lines to: `COLUMNS`, else the terminal's, else 80 (a pipe).
    static func columns(_ environment: [String: String]) -> Int {
        if let value = environment["COLUMNS"].flatMap(Int.init), value > 0 { return value }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
