import ChecklistKit

/// A session's host that records each call and answers with what the test set: the session's
/// side of the contract with the executable, without git, HTTP or a terminal.
final class RecordingHost: SessionHost {
    /// One call the session made.
    enum Call: Equatable {
        case history
        case sync(initialize: Bool, url: String?)
        case caldav(Command.CalDAVAction)
        case watch(once: Bool, exec: String?)
    }

    /// The calls, in order.
    private(set) var calls: [Call] = []
    /// The lines `history` answers.
    var historyLines: [String] = []
    /// What `sync`, `caldav` and `watch` answer.
    var answer = CommandResult()
    /// What they throw instead, when set.
    var failure: (any Error)?
    var runsWatch = false
    /// What `wayOutOfDamage` answers.
    var wayOut: String?

    func history() -> [String] {
        calls.append(.history)
        return historyLines
    }

    func sync(initialize: Bool, url: String?) throws -> CommandResult {
        calls.append(.sync(initialize: initialize, url: url))
        return try answered()
    }

    func caldav(_ action: Command.CalDAVAction) throws -> CommandResult {
        calls.append(.caldav(action))
        return try answered()
    }

    func watch(once: Bool, exec: String?) throws -> CommandResult {
        calls.append(.watch(once: once, exec: exec))
        return try answered()
    }

    func wayOutOfDamage(path: String) -> String? {
        wayOut
    }

    private func answered() throws -> CommandResult {
        if let failure { throw failure }
        return answer
    }
}
