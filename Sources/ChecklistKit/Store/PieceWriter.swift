#if canImport(Glibc)
import Glibc

/// Writes pieces of a file on a thread of its own, so that whoever makes them (the archive
/// encoder) goes on while the kernel copies them into the page cache.
///
/// Each piece is copied first: the encoder's buffer may move as it grows. The pieces are written
/// in the order given. `finish` waits for the last one and ends the thread.
final class PieceWriter: @unchecked Sendable {
    // Unchecked Sendable: `pieces`, `closing` and `written` are only touched under `lock`, and
    // the thread reads nothing else; `finish` joins the thread before returning what it wrote.

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Pieces waiting to be written, oldest first.
    private var pieces: [(bytes: [UInt8], offset: Int)] = []
    /// Set by `finish`: write what is queued, then stop.
    private var closing = false
    /// What was written and met so far, by the caller before the thread and by the thread since.
    private var written: FilePieces
    private var thread = pthread_t()

    /// Starts a thread that writes the next pieces after `pieces`, which the caller wrote so far;
    /// `nil` when no thread can be started.
    init?(continuing pieces: FilePieces) {
        written = pieces
        pthread_mutex_init(lock, nil)
        pthread_cond_init(changed, nil)
        let this = Unmanaged.passRetained(self)
        let started = QuietThread.start(
            { argument in
                guard let argument else { return nil }
                Unmanaged<PieceWriter>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, argument: this.toOpaque())
        guard let started else {
            this.release()
            return nil
        }
        thread = started
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(lock)
        changed.deallocate()
        lock.deallocate()
    }

    /// Queues a copy of `bytes` to be written at `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
        let piece = [UInt8](bytes)
        pthread_mutex_lock(lock)
        pieces.append((piece, offset))
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
    }

    /// Waits until every queued piece is written, ends the thread, and returns what was written
    /// and met, from the first piece on.
    func finish() -> FilePieces {
        pthread_mutex_lock(lock)
        closing = true
        pthread_cond_signal(changed)
        pthread_mutex_unlock(lock)
        pthread_join(thread, nil)
        return written
    }

    /// The thread's loop: takes the oldest piece and writes it, until closed with nothing queued.
    private func run() {
        while true {
            pthread_mutex_lock(lock)
            while pieces.isEmpty && !closing { pthread_cond_wait(changed, lock) }
            if pieces.isEmpty {
                pthread_mutex_unlock(lock)
                return
            }
            let piece = pieces.removeFirst()
            var file = written
            pthread_mutex_unlock(lock)
            piece.bytes.withUnsafeBytes { file.write($0, at: piece.offset) }
            pthread_mutex_lock(lock)
            written = file
            pthread_mutex_unlock(lock)
        }
    }
}
#endif
