/// Why the record of fired reminders could not be read or written.
public enum ReminderRecordError: Error, CustomStringConvertible, Equatable {
    /// The record, its folder or its lock could not be used.
    case unwritable(path: String, reason: String)
    /// Another process held the record's lock for longer than the wait allows.
    case busy(path: String, seconds: Int)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason):
            "cannot keep the record of fired reminders in \(path): \(reason); reminders are not marked fired"
        case .busy(let path, let seconds):
            "the record of fired reminders \(path) stayed locked by another process for \(seconds) seconds;"
                + " trying again later"
        }
    }
}
