/// How far a long piece of work has come, for the executable to show (this library never prints).
public struct ProgressReport: Sendable, Equatable {
    /// What is being done, as a short phrase (`caldav: writing tasks`).
    public var activity: String
    /// How many of the steps are done.
    public var done: Int
    /// How many steps there are; `nil` when that is not known (a batch read from a pipe).
    public var total: Int?

    /// A report that `done` of `total` steps of `activity` are done.
    public init(_ activity: String, done: Int, of total: Int? = nil) {
        self.activity = activity
        self.done = done
        self.total = total
    }

    /// The report as one line, as git shows its progress: `caldav: writing tasks: 40% (120/300)`.
    public var text: String {
        guard let total, total > 0 else { return "\(activity): \(done)" }
        return "\(activity): \(min(done, total) * 100 / total)% (\(done)/\(total))"
    }
}
