import ChecklistKit
import LineEditor

/// Runs one command per line of standard input, without prompt or banner (SPEC §7).
struct BatchMode {
    let session: Session
    let styler: TerminalStyle
    /// Whether to stop at the first failing line.
    let bail: Bool
    /// Where the lines done so far show, on a terminal, when the batch is long.
    let progress: ProgressLine
    /// Whether to print JSON Lines (`--json`): a document a line, problems as JSON on standard error.
    let json: Bool

    /// Reads and runs every line; the status is success, or the most serious failure's.
    func run() -> ExitStatus {
        let reader = PlainLineReader(fileDescriptor: 0)
        var status = ExitStatus.success
        while true {
            let input = reader.read(prompt: "")
            var failure: (message: String, status: ExitStatus)?
            switch input {
            case .endOfInput:
                progress.clear()
                Output.flush()
                return status
            case .interrupted:
                continue
            case .rejected(let reason):
                failure = (reason, .failure)
            case .line(let line):
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                let result = session.run(line)
                let toStandardError = !result.warnings.isEmpty || !result.notices.isEmpty || result.error != nil
                progress.clear(beforeStandardOutput: !toStandardError)
                if json {
                    // The error goes with the other failures' below.
                    Output.showJSON(result, line: reader.lineNumber, error: false)
                } else {
                    Output.lines(result.lines, styler: styler)
                    Output.showWarnings(result, styler: styler)
                    for notice in result.notices {
                        Output.error(styler.paint("line \(reader.lineNumber): note: " + notice, .warning))
                    }
                }
                if let error = result.error { failure = (error, result.exitStatus) }
                if result.quit, failure == nil {
                    progress.clear()
                    Output.flush()
                    return status
                }
            }
            if let failure {
                progress.clear()
                if json {
                    Output.problem("error", failure.message, line: reader.lineNumber)
                } else {
                    Output.error("line \(reader.lineNumber): \(failure.message)")
                }
                status = max(status, failure.status)
                if bail {
                    Output.flush()
                    return status
                }
            }
            progress.show(ProgressReport("batch: lines done", done: reader.lineNumber))
        }
    }
}
