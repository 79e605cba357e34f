import ChecklistKit

/// Runs the command given on the command line and reports its exit status.
struct OneShotMode {
    let session: Session
    let styler: TerminalStyle

    /// Runs the command the invocation parsed from its arguments (split by the shell).
    func run(_ parsed: Result<Command?, any Error>) -> ExitStatus {
        let result = session.run(parsed: parsed)
        Output.show(result, styler: styler, errorPrefix: "checklists: ")
        return result.exitStatus
    }
}
