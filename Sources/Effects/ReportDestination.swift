/// Where a line `watch` reports goes: what it delivered to standard output, its problems and hints
/// to standard error.
public enum ReportDestination: Sendable, Equatable {
    /// Standard output: the reminders printed or delivered.
    case output
    /// Standard error: a problem, or a hint about how reminders are delivered.
    case errors
}
