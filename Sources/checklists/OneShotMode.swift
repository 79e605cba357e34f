import ChecklistKit

/// Runs the command given on the command line and reports its exit status.
struct OneShotMode {
    let session: Session
    let styler: TerminalStyle

    /// Runs `words` (already split by the shell) as one command.
    func run(words: [String]) -> Int32 {
        let result = session.run(words: words)
        Output.show(result, styler: styler, errorPrefix: "checklists: ")
        return result.exitStatus
    }
}
