import KeyedArchive

/// A due date as the user set it: a whole calendar day, or a moment (SPEC §6).
///
/// The two stay distinct everywhere: a whole day has no time and is the same day in every time
/// zone; a time (midnight included) is one instant, shown in the local zone.
public enum Due: Hashable, Sendable {
    /// A whole day: due by its end, reminding at 09:00 local time.
    case day(CalendarDay)
    /// A moment, as seconds since 2001-01-01 UTC.
    case time(Double)

    /// Where it starts here, for ordering: the moment, or the day's first local moment.
    public var start: Double {
        switch self {
        case .day(let day): LocalTime.start(of: day)
        case .time(let time): time
        }
    }

    /// Whether it is a whole day rather than a time.
    public var isWholeDay: Bool {
        if case .day = self { return true }
        return false
    }

    /// Whether it has passed at `now`: a time from that moment on, a day once it is over here.
    public func isOverdue(now: Double) -> Bool {
        switch self {
        case .day(let day): LocalTime.day(now) > day
        case .time(let time): time <= now
        }
    }

    /// `2026-11-25` for a whole day, `2026-11-25 18:00` (local) for a time.
    public var text: String {
        switch self {
        case .day(let day): day.description
        case .time(let time): LocalTime.format(time)
        }
    }

    /// ISO 8601: `2026-11-25` for a whole day, `2026-11-25T17:00:00Z` (UTC) for a time.
    public var iso8601: String {
        switch self {
        case .day(let day): day.description
        case .time(let time): CivilTime.iso8601(referenceSeconds: time)
        }
    }
}
