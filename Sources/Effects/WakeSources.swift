import CSystemShims
import ChecklistKit
import KeyedArchive
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// What a sleeping watcher waits for: a change of the data file (inotify on its folder), SIGINT,
/// SIGTERM or SIGQUIT (`StopSignals`), and the next wall-clock time a reminder fires (a timerfd).
///
/// When the data file's path is a symbolic link, two folders are watched: the link's, for the link
/// being replaced or removed, and the one of the file it leads to, for that file's changes. The
/// link is followed again at every wait: pointed elsewhere, the watch moves to the new file's
/// folder and the wait ends at once, so that the watcher reads the new file. (Links met on the
/// way between the two, and links among the folders above, are not watched.)
///
/// The timer runs on the wall clock with an absolute time, so a machine that was suspended past a
/// reminder fires it on waking, and a clock that is set wakes the watcher to look again. Nothing
/// wakes it otherwise: an idle watcher never polls. timerfd is a Linux call that Swift's Glibc
/// module leaves out; it comes from `CSystemShims`.
final class WakeSources {
    /// Why `wait` returned.
    enum Wake: Equatable {
        case dataChanged, timer, signal
    }

    /// The timer's flags: the time set is absolute, and a clock that is set ends the wait.
    private static let timerFlags = Int32(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET)
    /// What happens in a watched folder that may change the data file or its link.
    private static let events = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)

    private let inotify: Int32
    private let signals: StopSignals
    private let timer: Int32
    /// The data file's path as given (a symbolic link, perhaps).
    private let dataFile: String
    /// The folders and names watched now, as `places` gave them.
    private var watched: [Place] = []
    /// The names that matter, by inotify watch descriptor.
    private var names: [Int32: Set<String>] = [:]

    /// A name in a folder.
    private struct Place: Equatable {
        var folder: String
        var name: String
    }

    /// Watches the data file at `dataFile` (and its link when it is one), and `signals`.
    init(dataFile: String, signals: StopSignals) throws(WatchError) {
        guard signals.descriptor >= 0 else { throw .unsupported("signalfd and timerfd") }
        self.signals = signals
        self.dataFile = dataFile
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw .cannotWatch(folder: ".", reason: SystemError.message()) }
        timer = csystem_timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        try watch(places())
    }

    deinit {
        for descriptor in [inotify, timer] where descriptor >= 0 { close(descriptor) }
    }

    /// Sleeps until the data file changes, a signal arrives, or the wall clock reaches `deadline`
    /// (seconds since 2001; `nil`: no deadline). A link pointed elsewhere since the last wait counts
    /// as a change at once.
    func wait(until deadline: Double?) -> Wake {
        let now = places()
        if now != watched {
            // A folder that cannot be watched now: the timer and the other folder still wake the watcher.
            try? watch(now)
            return .dataChanged
        }
        arm(deadline)
        while true {
            var descriptors = [
                pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
            ]
            guard SystemError.retryingInterrupts({ poll(&descriptors, 3, -1) }) > 0 else { return .signal }
            if descriptors[0].revents != 0 { return .signal }
            if descriptors[1].revents != 0, drainInotify() { return .dataChanged }
            if descriptors[2].revents != 0 {
                drain(timer)
                return .timer
            }
        }
    }

    /// Where to look: the data file's path as given, in its folder's real path (where its link,
    /// if it is one, is replaced), and the real file it leads to now.
    private func places() -> [Place] {
        let (folder, name) = FileSystem.split(dataFile)
        let given = Place(folder: FileSystem.resolved(folder), name: name)
        let target = FileSystem.split(FileSystem.resolved(dataFile))
        let real = Place(folder: target.folder, name: target.name)
        return given == real ? [real] : [given, real]
    }

    /// Watches the folders of `places` (and no others), each for its name.
    private func watch(_ places: [Place]) throws(WatchError) {
        for descriptor in names.keys { inotify_rm_watch(inotify, descriptor) }
        names = [:]
        watched = places
        var failure: WatchError?
        for place in places {
            let descriptor = inotify_add_watch(inotify, place.folder, Self.events)
            guard descriptor >= 0 else {
                failure = .cannotWatch(folder: place.folder, reason: SystemError.message())
                continue
            }
            // One folder holding both the link and its file has one watch descriptor.
            names[descriptor, default: []].insert(place.name)
        }
        if names.isEmpty, let failure { throw failure }
    }

    /// Sets the timer to `deadline`, or disarms it.
    private func arm(_ deadline: Double?) {
        var value = itimerspec()
        if let deadline {
            // A deadline already past still needs a non-zero time: zero would disarm the timer.
            let unix = max(deadline + CivilTime.referenceOffset, 1)
            value.it_value.tv_sec = Int(unix.rounded(.down))
            value.it_value.tv_nsec = max(1, Int((unix - unix.rounded(.down)) * 1e9))
        }
        _ = csystem_timerfd_settime(timer, Self.timerFlags, &value, nil)
    }

    /// Reads the pending events; whether one was about the data file or its link.
    private func drainInotify() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return relevant }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                // The event's fixed part; its name (`length` bytes, NUL-padded) follows it.
                let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
                let (descriptor, length) = (event.wd, Int(event.len))
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if names[descriptor]?.contains(name) == true { relevant = true }
                offset += header + length
            }
        }
    }

    private func drain(_ descriptor: Int32) {
        var value: UInt64 = 0
        _ = read(descriptor, &value, 8)
    }
}
