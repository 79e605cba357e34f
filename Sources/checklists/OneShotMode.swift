import ChecklistKit

/// Runs the command given on the command line and reports its exit status.
struct OneShotMode {
    let session: Session
    let styler: TerminalStyle
    /// The environment, which names the editor `note ITEM` opens.
    let environment: [String: String]

    /// Runs the command the invocation parsed from its arguments (split by the shell).
    func run(_ parsed: Result<Command?, any Error>) -> ExitStatus {
        let result = NoteEditing.finish(session.run(parsed: parsed), session: session, environment: environment)
        Output.show(result, styler: styler, errorPrefix: "checklists: ")
        return result.exitStatus
    }
}
