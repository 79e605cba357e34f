#if canImport(Glibc)
import Glibc

/// Starts helper threads that never take the process's signals.
///
/// The kernel hands a signal sent to the process to any thread that does not block it. A helper
/// thread that took one would run libedit's handlers (SIGWINCH, SIGTSTP, SIGCONT) beside the
/// line editor, and a SIGINT there would not interrupt the editor's read as it must.
public enum QuietThread {
    /// Starts `body(argument)` on a new thread with every signal blocked; `nil` when none can start.
    public static func start(
        _ body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
        argument: UnsafeMutableRawPointer?
    ) -> pthread_t? {
        // A new thread inherits the signal mask of the thread that creates it.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        guard pthread_create(&thread, nil, body, argument) == 0 else { return nil }
        return thread
    }
}
#endif
