import CSystemShims

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGQUIT as events to read rather than actions: the watcher blocks them and
/// reads them from a signalfd, so that it ends cleanly, whatever it is doing, when one arrives
/// (SPEC §9: it runs until one of them).
///
/// Children start with no signal blocked (`ChildProcess` sets their mask). signalfd is a Linux call
/// that Swift's Glibc module leaves out; it comes from `CSystemShims`.
final class StopSignals {
    /// The signalfd, readable once a signal arrived; -1 when none could be made, and the signals
    /// then keep their default actions (they end the process).
    let descriptor: Int32

    /// Takes SIGINT, SIGTERM and SIGQUIT from now on.
    init() {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in [SIGINT, SIGTERM, SIGQUIT] { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        descriptor = csystem_signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        // Blocked with nothing to read them, they would never stop the watcher.
        if descriptor < 0 { pthread_sigmask(SIG_UNBLOCK, &mask, nil) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether one of the signals has arrived (it is left to be read, so this stays true).
    var arrived: Bool {
        guard descriptor >= 0 else { return false }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}
