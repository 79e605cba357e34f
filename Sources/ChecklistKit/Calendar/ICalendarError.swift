/// Why iCalendar text could not be read.
public struct ICalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The logical line (1-based, after unfolding) where reading stopped; 0 for the whole text.
    public var line: Int
    /// What is wrong there.
    public var reason: String

    /// An error at `line`.
    public init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String {
        line > 0 ? "not iCalendar (line \(line): \(reason))" : "not iCalendar (\(reason))"
    }
}
