#if canImport(Glibc)
import Glibc
#endif

/// The controlling terminal's foreground, lent to a child's process group while it runs.
///
/// A child in a process group of its own is in the background: ssh asking for a passphrase on
/// the terminal would be stopped (SIGTTIN) until the time limit killed it. So, when this process
/// holds the foreground, the child's group gets it, and gets SIGCONT in case it was stopped
/// before; Ctrl-C then reaches that group alone. `takeBack` returns the foreground, with
/// SIGTTOU blocked, since a background group asking for it would otherwise be stopped.
struct TerminalForeground {
    /// The terminal's descriptor (standard input, output or error), or -1 when none was lent.
    private let terminal: Int32

    /// Lends the foreground to the group `group` when this process has it.
    init(handingTo group: pid_t) {
        let ours = getpgrp()
        let found = [Int32(0), 1, 2].first { isatty($0) == 1 && tcgetpgrp($0) == ours }
        guard let found, Self.withoutStops({ tcsetpgrp(found, group) }) == 0 else {
            terminal = -1
            return
        }
        terminal = found
        kill(-group, SIGCONT)
    }

    /// Gives the foreground back to this process's group.
    func takeBack() {
        guard terminal >= 0 else { return }
        _ = Self.withoutStops { tcsetpgrp(terminal, getpgrp()) }
    }

    /// Runs `body` with SIGTTOU blocked (a background process may then set the foreground).
    private static func withoutStops(_ body: () -> Int32) -> Int32 {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTTOU)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &mask, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
