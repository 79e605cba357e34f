import Foundation
import KeyedArchive

/// A clock the test sets: every session and store in a test reads the same, fixed time.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double

    /// Starts at `now` (seconds since 2001-01-01 UTC).
    init(_ now: Double = TestTime.now) {
        value = now
    }

    /// The time the clock shows.
    var now: Double {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }

    /// The clock as the closure `Session` and `ChecklistStore` take.
    var function: @Sendable () -> Double {
        { [self] in now }
    }
}

/// Fixed instants for tests, as seconds since 2001-01-01 UTC.
enum TestTime {
    /// 2026-06-15 09:30:00 UTC, a Monday: the time every test runs at unless it says otherwise.
    static let now = utc(2026, 6, 15, 9, 30)

    /// The UTC instant of a calendar date and clock time.
    static func utc(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
    )
        -> Double
    {
        let days = CivilTime.days(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second) - CivilTime.referenceOffset
    }

    /// The `Date` of an instant, for Foundation-side checks.
    static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: seconds)
    }
}
