import CSystemShims
import ChecklistKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and standard error.
enum Output {
    /// Writes a line to standard output (buffered; flushed at exit or by `flush`).
    static func line(_ text: String) {
        print(text)
    }

    /// Writes `lines` to standard output as `styler` renders them, each ended by a newline
    /// (rendered as bytes, see `TerminalStyle.render`, and buffered as `line` is).
    static func lines(_ lines: [OutputLine], styler: TerminalStyle) {
        guard !lines.isEmpty else { return }
        var bytes: [UInt8] = []
        for line in lines {
            styler.render(line, into: &bytes)
            bytes.append(UInt8(ascii: "\n"))
        }
        _ = bytes.withUnsafeBytes { csystem_write_standard_output($0.baseAddress, $0.count) }
    }

    /// Writes a line to standard error, after flushing standard output so the order holds; no
    /// control sequence but this program's colours reaches the terminal.
    static func error(_ text: String) {
        writeAll(Array((text.printableKeepingLinesAndColours + "\n").utf8), to: 2)
    }

    /// Writes `bytes` to `descriptor` after what is buffered for standard output, so the order
    /// holds; a write that fails drops the rest.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        fflush(nil)
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            rest = rest.dropFirst(written)
        }
    }

    /// A carriage return and the erasure of the line from there (CSI K): where a progress line is
    /// redrawn or wiped.
    static let erasingLine = "\r\u{1B}[K"

    /// Writes one protocol message (`checklists mcp`) and its newline to standard output at once:
    /// the agent host waits for it.
    static func message(_ bytes: [UInt8]) {
        let line = bytes + [UInt8(ascii: "\n")]
        _ = line.withUnsafeBytes { csystem_write_standard_output($0.baseAddress, $0.count) }
        fflush(nil)
    }

    /// Flushes standard output.
    static func flush() {
        fflush(nil)
    }

    /// Prints a result's lines with `styler`, and its notices, warnings and error to standard error.
    static func show(
        _ result: CommandResult, styler: TerminalStyle, errorPrefix: String,
        warningPrefix: String = "checklists: warning: "
    ) {
        for notice in result.notices { error(styler.paint("note: " + notice, .warning)) }
        lines(result.lines, styler: styler)
        showWarnings(result, styler: styler, prefix: warningPrefix)
        if let message = result.error { error(errorPrefix + message) }
    }

    /// Prints a result as `--json` asks (SPEC §14): its document on one line of standard output;
    /// its notices, warnings and error on standard error as JSON objects a line, each with the
    /// number of the input line that gave it (`problem`); its error only when `error`.
    static func showJSON(_ result: CommandResult, line: Int, error: Bool = true) {
        for notice in result.notices { problem("note", notice, line: line) }
        if let document = result.document {
            var bytes = document
            bytes.append(UInt8(ascii: "\n"))
            writeAll(bytes, to: 1)
        }
        for warning in result.warnings { problem("warning", warning, line: line) }
        if error, let message = result.error { problem("error", message, line: line) }
    }

    /// Writes a problem on standard error as `--json` has it (`JSONReport.problem`).
    static func problem(_ kind: String, _ message: String, line: Int) {
        writeAll(JSONReport.problem(kind, message, line: line) + [UInt8(ascii: "\n")], to: 2)
    }

    /// Prints a result's warnings to standard error, each after `prefix`.
    static func showWarnings(_ result: CommandResult, styler: TerminalStyle, prefix: String = "checklists: warning: ") {
        for warning in result.warnings { error(styler.paint(prefix + warning, .warning)) }
    }
}
