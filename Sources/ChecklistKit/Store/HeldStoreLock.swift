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
        try store.save(book)
    }
}
