import ChecklistKit

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
/// module leaves out, looked up with `CLibraryFunction`.
final class WakeSources {
    /// Why `wait` returned.
    enum Wake: Equatable {
        case dataChanged, timer, signal
    }

    private typealias TimerCreate = @convention(c) (Int32, Int32) -> Int32
    private typealias TimerSet =
        @convention(c) (Int32, Int32, UnsafePointer<itimerspec>?, UnsafeMutablePointer<itimerspec>?) -> Int32

    /// `TFD_TIMER_ABSTIME`: the time set is absolute.
    private static let absoluteTime: Int32 = 1 << 0
    /// `TFD_TIMER_CANCEL_ON_SET`: a clock that is set ends the wait.
    private static let cancelOnSet: Int32 = 1 << 1
    /// Seconds from 1970 to 2001, the archive's epoch.
    private static let unixOffset: Double = 978_307_200
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
        guard signals.descriptor >= 0,
            let timerCreate = CLibraryFunction.named("timerfd_create", as: TimerCreate.self)
        else { throw .unsupported("signalfd and timerfd") }
        self.signals = signals
        self.dataFile = dataFile
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard inotify >= 0 else { throw .cannotWatch(folder: ".", reason: String(cString: strerror(errno))) }
        timer = timerCreate(CLOCK_REALTIME, O_CLOEXEC | O_NONBLOCK)
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

    /// Where to look: the data file's path as given, in its folder's real path (where its link,
    /// if it is one, is replaced), and the real file it leads to now.
    private func places() -> [Place] {
        let slash = dataFile.lastIndex(of: "/")
        let folder = slash.map { dataFile[..<$0].isEmpty ? "/" : String(dataFile[..<$0]) } ?? "."
        let name = slash.map { String(dataFile[dataFile.index(after: $0)...]) } ?? dataFile
        let given = Place(folder: ChecklistStore.resolvedPath(folder), name: name)
        let target = ChecklistStore.resolvedPath(dataFile)
        let targetSlash = target.lastIndex(of: "/") ?? target.startIndex
        let real = Place(
            folder: target[..<targetSlash].isEmpty ? "/" : String(target[..<targetSlash]),
            name: String(target[target.index(after: targetSlash)...]))
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
                failure = .cannotWatch(folder: place.folder, reason: String(cString: strerror(errno)))
                continue
            }
            // One folder holding both the link and its file has one watch descriptor.
            names[descriptor, default: []].insert(place.name)
        }
        if names.isEmpty, let failure { throw failure }
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
                let (descriptor, length) = buffer.withUnsafeBytes {
                    (
                        $0.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
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
