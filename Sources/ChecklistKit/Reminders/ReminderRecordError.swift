/// Why the record of fired reminders could not be read or written.
public enum ReminderRecordError: Error, CustomStringConvertible {
    /// The record, its folder or its lock could not be used.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unwritable(let path, let reason):
            "cannot keep the record of fired reminders in \(path): \(reason); reminders are not marked fired"
        }
    }
}
