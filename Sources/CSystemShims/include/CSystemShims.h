#ifndef CSYSTEMSHIMS_H
#define CSYSTEMSHIMS_H

// The Linux calls and constants that Swift's Glibc module leaves out: their declarations need
// _GNU_SOURCE, or live in headers the module does not include. _GNU_SOURCE must come before the
// first system header, as in CNIOLinux and _SubprocessCShims.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#ifdef __linux__

// Each call below is a wrapper, not the function itself: a module whose headers were first read
// without _GNU_SOURCE (Swift's Glibc) would hide the declaration; the wrapper's body sees it.

/// fwrite(3) to standard output, into the buffer `print` fills: Swift 6 will not read the C global
/// `stdout` outside the main actor.
static inline size_t csystem_write_standard_output(const void *bytes, size_t count) {
    return fwrite(bytes, 1, count, stdout);
}

/// mallopt(3): sets an allocator parameter (`M_MMAP_THRESHOLD`, `M_TRIM_THRESHOLD`, …).
static inline int csystem_mallopt(int parameter, int value) {
    return mallopt(parameter, value);
}

/// madvise(2): advice about a range of memory (`MADV_HUGEPAGE`, …).
static inline int csystem_madvise(void *address, size_t length, int advice) {
    return madvise(address, length, advice);
}

/// sync_file_range(2): starts (or waits for) the writeback of a range of a file.
static inline int csystem_sync_file_range(int descriptor, int64_t offset, int64_t length, unsigned int flags) {
    return sync_file_range(descriptor, offset, length, flags);
}

/// signalfd(2): a descriptor that reads the signals of `mask`.
static inline int csystem_signalfd(int descriptor, const sigset_t *mask, int flags) {
    return signalfd(descriptor, mask, flags);
}

/// timerfd_create(2): a timer that is read through a descriptor.
static inline int csystem_timerfd_create(int clock, int flags) {
    return timerfd_create(clock, flags);
}

/// timerfd_settime(2): arms (or, with a zero time, disarms) a timerfd.
static inline int csystem_timerfd_settime(
    int descriptor, int flags, const struct itimerspec *value, struct itimerspec *previous) {
    return timerfd_settime(descriptor, flags, value, previous);
}

/// pidfd_open(2), through syscall(2) (variadic, so not callable from Swift): a descriptor that
/// becomes readable when process `pid` ends; -1 (ENOSYS) on kernels before 5.3.
static inline int csystem_pidfd_open(pid_t pid, unsigned int flags) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, flags);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// prlimit(2) for RLIMIT_FSIZE: the largest file process `pid` may write, in bytes (its soft and hard
/// limit both, so it cannot raise it again); a write beyond it fails with EFBIG (and SIGXFSZ).
/// Defined in shims.c: <sys/resource.h> under _GNU_SOURCE declares an enum that Swift's Glibc
/// module declares differently, and a clean build refuses the two in one program.
int csystem_limit_file_size(pid_t pid, uint64_t bytes);

// The constants Swift sees as macros of the headers above come through as they are:
// M_MMAP_THRESHOLD, M_TRIM_THRESHOLD, MADV_HUGEPAGE, SYNC_FILE_RANGE_WRITE, SFD_CLOEXEC,
// SFD_NONBLOCK, TFD_CLOEXEC, TFD_NONBLOCK, TFD_TIMER_ABSTIME, TFD_TIMER_CANCEL_ON_SET.

#endif

#endif
