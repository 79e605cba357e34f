import ChecklistKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The progress of long work on standard error, one line redrawn with `\r` as git draws it, and
/// only on a terminal: a pipe, a redirected batch or cron's mail never sees it.
///
/// Nothing is drawn for work that ends within `delay` seconds of the start (about a second, as
/// git waits; `CHECKLISTS_PROGRESS_DELAY` sets it, so that tests need not wait), and the line is
/// redrawn at most ten times a second; `clear` wipes it before other output and at the end.
final class ProgressLine {
    /// Whether standard error is a terminal.
    private let enabled: Bool
    /// Whether standard output is a terminal, where its lines would mix with the progress line.
    private let outputIsTerminal: Bool
    /// Seconds from the start before the line first shows.
    private let delay: Double
    /// When the work started (seconds since 2001, `WallClock`).
    private let start: Double
    /// When the line was last drawn.
    private var drawn: Double?
    /// Whether the line is on the screen.
    private var onScreen = false

    /// The fewest seconds between two redraws: more would cost a write per line of a batch.
    private static let redrawInterval = 0.1

    init(environment: [String: String]) {
        enabled = isatty(2) == 1
        outputIsTerminal = isatty(1) == 1
        delay = environment["CHECKLISTS_PROGRESS_DELAY"].flatMap(Double.init) ?? 1
        start = WallClock.now()
    }

    /// Shows `report`, once the work has lasted `delay` and the last redraw is old enough (a
    /// report of the work done is always drawn).
    func show(_ report: ProgressReport) {
        guard enabled else { return }
        let now = WallClock.now()
        guard now - start >= delay else { return }
        if let drawn, now - drawn < Self.redrawInterval, report.done != report.total { return }
        emit(Output.erasingLine + report.text.printableKeepingLinesAndColours)
        drawn = now
        onScreen = true
    }

    /// Wipes the line if it is on the screen: at the end, and before other output on the
    /// terminal (`standardOutput`: before lines for standard output, which matter only when it
    /// is the same terminal).
    func clear(beforeStandardOutput standardOutput: Bool = false) {
        guard onScreen, !standardOutput || outputIsTerminal else { return }
        emit(Output.erasingLine)
        onScreen = false
    }

    private func emit(_ text: String) {
        fflush(nil)
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
