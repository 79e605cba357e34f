import Foundation
import Testing

@testable import SystemCalls

/// The error every system call reports, and the one place EINTR is retried.
struct SystemErrorTests {
    @Test func theDescriptionIsStrerrorThenWhatWasAttemptedAndWhere() {
        #expect(SystemError("mkdir", path: "/x/y", code: EACCES).description == "Permission denied (mkdir /x/y)")
        #expect(SystemError("fsync", code: EIO).description == "Input/output error (fsync)")
        #expect(SystemError("", code: ENOENT).description == "No such file or directory")
        #expect(SystemError.message(ENOSPC) == "No space left on device")
    }

    @Test func aCallInterruptedBySignalsIsCalledAgainUntilItGetsThrough() {
        var calls = 0
        let result = SystemError.retryingInterrupts { () -> Int32 in
            calls += 1
            guard calls == 3 else {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test func anotherFailureIsReturnedAtOnceWithItsErrno() {
        var calls = 0
        let result = SystemError.retryingInterrupts { () -> Int in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(result == -1 && errno == EBADF && calls == 1)
    }

    @Test func valueOrErrorThrowsTheCallsErrnoWithTheOperationAndPath() {
        #expect(throws: SystemError("open", path: "/nonexistent/file", code: ENOENT)) {
            try SystemError.valueOrError("open", path: "/nonexistent/file") { open("/nonexistent/file", O_RDONLY) }
        }
        let descriptor = try? SystemError.valueOrError("open") { open("/dev/null", O_RDONLY | O_CLOEXEC) }
        #expect((descriptor ?? -1) >= 0)
        if let descriptor { close(descriptor) }
    }
}
