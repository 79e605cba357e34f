#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's wall-clock time in the units property lists use.
public enum WallClock {
    /// Seconds since 2001-01-01T00:00:00Z.
    @Sendable public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9 - 978_307_200
    }
}
