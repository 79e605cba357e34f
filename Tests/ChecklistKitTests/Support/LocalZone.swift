import Foundation

/// Runs code with the process's local time zone (`TZ`) set, one caller at a time.
///
/// `LocalTime` uses the C library, whose time zone is global to the process, while Swift Testing
/// runs tests in parallel. Every test whose result depends on the local zone goes through
/// `with(_:_:)`, which holds one (re-entrant) lock for the whole body, sets `TZ`, and restores it
/// afterwards.
enum LocalZone {
    private static let lock = NSRecursiveLock()

    /// UTC: local times are UTC times, which keeps expectations simple.
    static let utc = "UTC0"
    /// Central European time with its daylight-saving rule (as Europe/Berlin since 1996), as a
    /// POSIX `TZ` string so that it does not depend on the zone database being installed.
    static let berlin = "CET-1CEST,M3.5.0,M10.5.0/3"
    /// US Eastern time with its daylight-saving rule (as America/New_York since 2007).
    static let newYork = "EST5EDT,M3.2.0,M11.1.0"
    /// Lord Howe Island (as Australia/Lord_Howe since 2008): UTC+10:30, and +11 from the first
    /// Sunday in October 02:00 to the first Sunday in April 02:00: a daylight-saving gap of 30 minutes.
    static let lordHowe = "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"

    /// Runs `body` with `TZ` set to `zone`.
    static func with<Result>(_ zone: String, _ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        let previous = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        tzset()
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return try body()
    }
}
