/// The store's lock while `ChecklistStore.withLock` holds it: saves through it, and its descriptor.
public struct HeldStoreLock {
    /// The store whose lock is held.
    let store: ChecklistStore
    /// The lock file's descriptor. A child process given it (kept open across exec) holds the
    /// lock with this process: the lock is free only once all of them have ended, so a child
    /// cannot outlive it.
    public let descriptor: Int32

    /// Saves `book` as the data file, atomically and durably, keeping the file's permissions,
    /// and makes it the store's book.
    public func save(_ book: ChecklistBook) throws {
        try store.save(book, lock: descriptor)
    }

    /// The data file's bytes now (`nil` when there is none), to put back with `putBack`.
    public func fileBytes() throws -> [UInt8]? {
        try store.fileBytes()
    }

    /// Puts `bytes`, read earlier by `fileBytes`, back as the data file, atomically and durably,
    /// and reloads it: what a sync that failed leaves, byte for byte what it found.
    public func putBack(_ bytes: [UInt8]) throws {
        try store.putBack(bytes)
    }
}
