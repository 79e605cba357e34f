/// What a session asks of the program it runs in: the things ChecklistKit never does itself
/// (it runs no process and reaches no network), one place for each outward command.
///
/// The executable implements it over `Effects`; a session without one refuses these commands.
public protocol SessionHost: AnyObject {
    /// The lines typed in this interactive session, oldest first, for `history` (none elsewhere).
    func history() -> [String]

    /// Runs `sync init [URL]` (`initialize` true) or `sync`.
    func sync(initialize: Bool, url: String?) throws -> CommandResult

    /// Runs `caldav init URL USER`, `caldav sync` or `caldav off`.
    func caldav(_ action: Command.CalDAVAction) throws -> CommandResult

    /// Whether `watch` can run here: it runs until stopped, so only as a command of its own.
    var runsWatch: Bool { get }

    /// Runs `watch [--once] [--exec COMMAND]`.
    func watch(once: Bool, exec: String?) throws -> CommandResult

    /// Where a good copy of the damaged data file at `path` is, and how to take it back (the last
    /// sync's commit); `nil` when there is none, for `StoreError.movingAside`.
    func wayOutOfDamage(path: String) -> String?
}

extension SessionHost {
    /// No copy known: `StoreError.movingAside` says what to do.
    public func wayOutOfDamage(path: String) -> String? { nil }
}
