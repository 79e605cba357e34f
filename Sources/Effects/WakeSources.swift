import ChecklistKit

#if canImport(Glibc)
import Glibc
#endif

/// What a sleeping watcher waits for: a change in the data file's folder (inotify), SIGINT,
/// SIGTERM or SIGQUIT (a signalfd), and the next wall-clock time a reminder fires (a timerfd).
///
/// The timer runs on the wall clock with an absolute time, so a machine that was suspended past a
/// reminder fires it on waking, and a clock that is set wakes the watcher to look again. Nothing
/// wakes it otherwise: an idle watcher never polls. signalfd and timerfd are Linux calls that
/// Swift's Glibc module leaves out, looked up with `CLibraryFunction`.
final class WakeSources {
    /// Why `wait` returned.
    enum Wake: Equatable {
        case dataChanged, timer, signal
    }

    private typealias SignalFD = @convention(c) (Int32, UnsafePointer<sigset_t>?, Int32) -> Int32
    private typealias TimerCreate = @convention(c) (Int32, Int32) -> Int32
    private typealias TimerSet =
        @convention(c) (Int32, Int32, UnsafePointer<itimerspec>?, UnsafeMutablePointer<itimerspec>?) -> Int32

    /// `TFD_TIMER_ABSTIME`: the time set is absolute.
    private static let absoluteTime: Int32 = 1 << 0
    /// `TFD_TIMER_CANCEL_ON_SET`: a clock that is set ends the wait.
    private static let cancelOnSet: Int32 = 1 << 1
    /// Seconds from 1970 to 2001, the archive's epoch.
    private static let unixOffset: Double = 978_307_200

    private let inotify: Int32
    private let signals: Int32
    private let timer: Int32
    /// The data file's name in the folder watched.
    private let fileName: String

    /// Watches the folder of `dataFile` and takes SIGINT, SIGTERM and SIGQUIT from now on.
    init(dataFile: String) throws(WatchError) {
        guard let signalFD = CLibraryFunction.named("signalfd", as: SignalFD.self),
            let timerCreate = CLibraryFunction.named("timerfd_create", as: TimerCreate.self)
        else { throw .unsupported("signalfd and timerfd") }
        var real = dataFile
        if let resolved = realpath(dataFile, nil) {
            real = String(cString: resolved)
            free(resolved)
        }
        let slash = real.lastIndex(of: "/")
        let folder = slash.map { real[..<$0].isEmpty ? "/" : String(real[..<$0]) } ?? "."
        fileName = slash.map { String(real[real.index(after: $0)...]) } ?? real

        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        let events = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB
        guard inotify >= 0, inotify_add_watch(inotify, folder, UInt32(events)) >= 0 else {
            let reason = String(cString: strerror(errno))
            if inotify >= 0 { close(inotify) }
            throw .cannotWatch(folder: folder, reason: reason)
        }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        sigaddset(&mask, SIGQUIT)
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        signals = signalFD(-1, &mask, O_CLOEXEC | O_NONBLOCK)
        timer = timerCreate(CLOCK_REALTIME, O_CLOEXEC | O_NONBLOCK)
    }

    deinit {
        for descriptor in [inotify, signals, timer] where descriptor >= 0 { close(descriptor) }
    }

    /// Sleeps until the data file changes, a signal arrives, or the wall clock reaches `deadline`
    /// (seconds since 2001; `nil`: no deadline).
    func wait(until deadline: Double?) -> Wake {
        arm(deadline)
        while true {
            var descriptors = [
                pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
            ]
            // Without a signalfd (it could not be made) signals end the process as usual.
            if signals < 0 { descriptors[0].fd = -1 }
            guard poll(&descriptors, 3, -1) > 0 else {
                if errno == EINTR { continue }
                return .signal
            }
            if descriptors[0].revents != 0 { return .signal }
            if descriptors[1].revents != 0, drainInotify() { return .dataChanged }
            if descriptors[2].revents != 0 {
                drain(timer)
                return .timer
            }
        }
    }

    /// Sets the timer to `deadline`, or disarms it.
    private func arm(_ deadline: Double?) {
        guard let timerSet = CLibraryFunction.named("timerfd_settime", as: TimerSet.self) else { return }
        var value = itimerspec()
        if let deadline {
            // A deadline already past still needs a non-zero time: zero would disarm the timer.
            let unix = max(deadline + Self.unixOffset, 1)
            value.it_value.tv_sec = Int(unix.rounded(.down))
            value.it_value.tv_nsec = max(1, Int((unix - unix.rounded(.down)) * 1e9))
        }
        _ = timerSet(timer, Self.absoluteTime | Self.cancelOnSet, &value, nil)
    }

    /// Reads the pending events; whether one was about the data file.
    private func drainInotify() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes {
                    Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if name == fileName { relevant = true }
                offset += header + length
            }
        }
    }

    private func drain(_ descriptor: Int32) {
        var value: UInt64 = 0
        _ = read(descriptor, &value, 8)
    }
}
