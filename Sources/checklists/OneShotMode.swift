import ChecklistKit

/// Runs the command given on the command line and reports its exit status.
struct OneShotMode {
    let session: Session
    let styler: TerminalStyle
    /// The environment, which names the editor `note ITEM` opens.
    let environment: [String: String]
    /// Whether to print JSON (`--json`).
    let json: Bool

    /// Runs the command the invocation parsed from its arguments (split by the shell).
    func run(_ parsed: Result<Command?, any Error>) -> ExitStatus {
        let result = NoteEditing.finish(session.run(parsed: parsed), session: session, environment: environment)
        if json {
            Output.showJSON(result, line: 1)
        } else {
            Output.show(result, styler: styler, errorPrefix: "checklists: ")
        }
        return result.exitStatus
    }
}
