import KeyedArchive
import SystemCalls

/// The data file: loads it, and applies each change as a locked, durable read-modify-write.
///
/// A change runs under an exclusive lock on `PATH.lock`. If the file changed on disk since this
/// store last read or wrote it, it is reloaded first. The change is applied to a copy, encoded
/// and written atomically; only when that succeeds does the copy become the store's state, so a
/// change that cannot be saved leaves memory and disk as they were.
public final class ChecklistStore {
    /// The data file's path: the path the store was opened with, its symbolic link followed.
    public let path: String
    /// The path the store was opened with, before symbolic links were followed.
    public let openedPath: String
    /// The data file's identity for what is kept about it elsewhere (the undo journal, the record
    /// of fired reminders): its real path, the same whichever name reaches the file (relative,
    /// absolute, through a symbolic link). For a file not made yet, its folder's real path and name.
    public let identity: String
    /// The book as last loaded or saved.
    public private(set) var book: ChecklistBook
    /// How long a change waits for another process's lock.
    public var lockTimeout: Double = 10
    /// The stamp of the file this store's `book` corresponds to (`nil`: no file yet).
    private var stamp: FileSystem.Stamp?
    /// Whether temporary files left by killed writers were removed (once, on the first change).
    private var sweptTemporaries = false
    /// Which of the save path's mechanisms a save uses (all of them but in the save-path timings).
    public var tuning = SaveTuning.current
    /// The current time as seconds since 2001-01-01 UTC (replaceable in tests).
    private let clock: @Sendable () -> Double
    /// How much of the file a load reads.
    public let scope: LoadScope
    /// Whether a load in part decodes the current checklist's items (see `init`).
    private let readsCurrent: Bool
    /// How much of the file `book` holds.
    private var loaded = LoadedPart.whole
    /// The checklists a load in part reads in full besides the current one (`readItems`).
    private var alsoLoaded: Set<String> = []
    /// The share of a file's bytes left unused by edits past which a save encodes the whole book
    /// afresh, dropping them: the cost of writing and syncing a file grows with its length.
    static let deadShareLimit = 4

    /// Opens the store at `path`: a missing file is a new book (the iOS app's first run).
    ///
    /// A `path` that is a symbolic link is followed: saves replace the file it points to (the
    /// temporary file and the lock beside that file), and the link stays a link (SPEC §5).
    /// `scope` is how much of the file loads read (see `LoadScope`); a store that reads only the
    /// current checklist is for one change of it. Only a file this program wrote is loaded in
    /// part (the trust rule: the lock file's note, `wroteLast`); any other file is loaded whole,
    /// which checks it, and a change of it is encoded whole, with the class names and keys of
    /// SPEC §4.
    ///
    /// Without `readingCurrent`, a load in part leaves the current checklist's items unread too,
    /// for a command that does not need them (`CommandReach.readsCurrentItems`); `readItems` reads them
    /// if it turns out to.
    public init(
        path: String, clock: @escaping @Sendable () -> Double = WallClock.now, scope: LoadScope = .everything,
        readingCurrent: Bool = true
    ) throws(StoreError) {
        openedPath = path
        self.scope = scope
        readsCurrent = readingCurrent
        self.path = FileSystem.followingLinks(path)
        identity = FileSystem.resolved(self.path)
        self.clock = clock
        book = .firstRun
        try reloadIfChanged(force: true)
    }

    /// Whether `openedPath` leads to another file than `path` now: its symbolic link was pointed
    /// elsewhere since. A store opened at `openedPath` again reads the file it leads to now.
    public var wasRetargeted: Bool {
        FileSystem.followingLinks(openedPath) != path
    }

    /// The real path of the file that `path` names, as `identity` is found: symbolic links followed,
    /// the file's and its folders'; for a file not made yet, its nearest existing folder's real
    /// path and the rest.
    public static func resolvedPath(_ path: String) -> String {
        FileSystem.resolved(path)
    }

    /// The path of the sibling lock file.
    public var lockPath: String { path + ".lock" }

    /// Re-reads the file when it changed on disk since the store last saw it; returns whether it did.
    @discardableResult
    public func reloadIfChanged(force: Bool = false) throws(StoreError) -> Bool {
        let changedElsewhere = FileSystem.stamp(path) != stamp
        guard force || changedElsewhere || loaded.mustReread else { return false }
        let file: (bytes: [UInt8], stamp: FileSystem.Stamp, record: ChangeRecord)?
        do {
            file = try FileSystem.readStamped(path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        guard let file else {
            if stamp != nil { book = ChecklistBook(checklists: [], currentIndex: nil, nextItemID: book.nextItemID) }
            stamp = nil
            loaded = .whole
            return !force && changedElsewhere
        }
        // A read that fails leaves `loaded` as it was: an edited book (its other checklists
        // unread) is read again, never changed and encoded whole.
        try load(file.bytes, written: Self.wroteLast(file.record, lockPath))
        // The stamp of the bytes just read, not of a stat before: a file replaced in between
        // would otherwise pass for the one loaded.
        stamp = file.stamp
        return !force && changedElsewhere
    }

    /// Makes `book` and `loaded` those of `bytes`, the data file's contents: read in part when
    /// the scope allows and the file is this program's last save (`written`), else in full.
    private func load(_ bytes: [UInt8], written: Bool) throws(StoreError) {
        if scope == .currentChecklist, written,
            let partial = ChecklistBook.partlyLoaded(
                archive: bytes, alsoReading: alsoLoaded, readingCurrent: readsCurrent)
        {
            book = partial.book
            loaded = .partial(partial.layout)
        } else {
            do {
                book = try ChecklistBook(archive: bytes, loadTime: clock())
            } catch {
                throw .undecodable(path: path, reason: error.description)
            }
            loaded = .whole
        }
    }

    /// Reads the items of the checklists `names` that a load in part left unread, now and at
    /// every reload after: a command that needs them (`drop`, `undo`, an `#ID` outside the current
    /// checklist) asks before it runs. Does nothing when they are read. The store's copy of the
    /// file is read (the file itself only when it keeps none); a checklist that needs a full load,
    /// or is damaged, makes it one, which says so.
    public func readItems(ofChecklistsNamed names: [String]) throws(StoreError) {
        let wanted = Set(names)
        guard book.checklists.contains(where: { $0.unloadedItemCount != nil && wanted.contains($0.name) }) else {
            return
        }
        alsoLoaded.formUnion(wanted)
        // Read from the copy of the file the store keeps, only those checklists when it can.
        if var layout = loaded.layout, (try? layout.read(wanted)) == true {
            loaded = .partial(layout)
            book = layout.book
            return
        }
        if let layout = loaded.layout {
            try load(layout.file, written: true)
        } else {
            try reloadIfChanged(force: true)
        }
    }

    /// Reads the items of the checklists, left unread by a load in part, that hold an item with an
    /// ID of `ids` (found by a look at their items' IDs), as `readItems(ofChecklistsNamed:)` does;
    /// of every checklist left unread when the file cannot be looked at so (reading them then
    /// says what is wrong).
    public func readItems(ofChecklistsHoldingItemIDs ids: [Int]) throws(StoreError) {
        guard let layout = loaded.layout, let names = try? layout.unloadedChecklists(holdingAnyOf: ids) else {
            return try readItems(ofChecklistsNamed: book.checklists.filter { $0.unloadedItemCount != nil }.map(\.name))
        }
        try readItems(ofChecklistsNamed: names)
    }

    /// Runs `body` holding the store's lock (as a change does), then reloads the file if `body`
    /// changed it; for work outside the store that must not overlap a change (`sync`).
    ///
    /// `body` gets the held lock, through which it saves whole books; it must not call `modify`,
    /// which would wait for the lock held here.
    public func withLock<Result>(_ body: (HeldStoreLock) throws -> Result) throws -> Result {
        try locked { lock in
            try reloadIfChanged()
            let result = try body(HeldStoreLock(store: self, descriptor: lock.descriptor))
            try reloadIfChanged()
            return result
        }
    }

    /// Runs `body` holding the store's lock (see `LockedUpdate`), the data file's folder made first
    /// when it is missing.
    private func locked<Result>(_ body: (FileLock) throws -> Result) throws -> Result {
        try LockedUpdate.run(
            path, timeout: lockTimeout,
            failed: { [path, lockPath] failure in
                switch failure {
                case .folder(let error): StoreError.saveFailed(path: path, reason: error.description)
                case .lock(.system(let error)): StoreError.lockFailed(path: lockPath, reason: error.description)
                case .lock(.timedOut(let seconds)): StoreError.lockTimeout(path: lockPath, seconds: seconds)
                }
            }
        ) { lock in
            // Temporary files a killed writer left (a change, or a sync and its merge driver)
            // go once per process, under the lock every temporary file is made under.
            if !sweptTemporaries {
                FileSystem.removeStaleTemporaries(of: path)
                sweptTemporaries = true
            }
            return try body(lock)
        }
    }

    /// What a change reports: its own result, and whether the file was reloaded before it.
    public struct Applied<Result> {
        /// What the change returned.
        public var result: Result
        /// Whether another process had changed the file, so it was reloaded first.
        public var reloaded: Bool
    }

    /// Applies `change` under the lock to the freshest book and saves it; on any error nothing changes.
    ///
    /// `change` may throw its own errors to refuse; they are passed through unchanged.
    /// `reloaded` runs under the lock before it when the file had changed and was loaded again
    /// (a store that loads in part reads there what the change needs: `readItems`).
    /// `afterSave` runs once the change is saved, still under the lock (the undo journal's record).
    public func modify<Result>(
        reloaded whenReloaded: (() throws -> Void)? = nil,
        _ change: (inout ChecklistBook) throws -> Result, afterSave: (() -> Void)? = nil
    ) throws -> Applied<Result> {
        try locked { lock in
            let reloaded = try reloadIfChanged()
            if reloaded { try whenReloaded?() }
            var copy = book
            let result = try change(&copy)
            guard copy != book else { return Applied(result: result, reloaded: reloaded) }
            try save(copy, lock: lock.descriptor)
            afterSave?()
            return Applied(result: result, reloaded: reloaded)
        }
    }

    /// Writes `copy` as the data file, atomically and durably, and makes it the store's book;
    /// the caller holds the lock.
    ///
    /// A book loaded in part is saved as an edit of the file it came from, which carries the
    /// bytes of everything unchanged over; when the edit cannot express the change, or would
    /// leave more than a `deadShareLimit`th of the file unused, the checklists not loaded are read
    /// in full and the whole book is encoded afresh.
    ///
    /// The lock file (`lock`, its descriptor) then notes the saved file's `ChangeRecord`: a later
    /// load that finds the file with that record knows it is this program's own (`wroteLast`).
    func save(_ copy: ChecklistBook, lock: Int32) throws {
        try refuseReadOnlyFile()
        try saveCarryingOrEncoding(copy)
        FileLock.writeNote(Self.note(of: ChangeRecord.of(path), saved: stamp), descriptor: lock)
    }

    /// The start of the lock file's note of the file a save wrote.
    ///
    /// Not the "wrote " of earlier versions, which edited files from elsewhere in place and so may
    /// have noted a file holding other class names than SPEC §4's: such a file is not trusted, and
    /// its first change loads and encodes it whole.
    static let notePrefix = "saved "

    /// The lock file's note after a save: `record`, that of the file now at the data file's path,
    /// when it is the file the save wrote (`saved`, its stamp: the same file, unchanged since), else
    /// none. A file that replaced it in the moment after the rename is not noted as this program's.
    static func note(of record: ChangeRecord?, saved: FileSystem.Stamp?) -> String {
        guard let record, let saved, record.stamp == saved else { return "" }
        return notePrefix + record.text
    }

    /// Whether the lock file at `lockPath` notes `record` as that of the file the last save
    /// wrote: then the file read, whose record it is, is that file, as this program wrote it.
    static func wroteLast(_ record: ChangeRecord, _ lockPath: String) -> Bool {
        guard let note = FileLock.readNote(path: lockPath), note.hasPrefix(notePrefix) else { return false }
        return ChangeRecord(text: note.dropFirst(notePrefix.count)) == record
    }

    /// Saves `copy` as an edit of the file when it was loaded in part, else by encoding it.
    private func saveCarryingOrEncoding(_ copy: ChecklistBook) throws {
        guard let layout = loaded.layout else { return try saveEncoding(copy) }
        let edit: EditedArchive?
        do throws(KeyedArchiveError) {
            edit = try copy.edit(of: layout)
        } catch {
            throw StoreError.undecodable(path: path, reason: error.description)
        }
        if let edit, Self.fitsDeadShare(edit) { return try saveEdited(edit, of: layout, making: copy) }
        let whole: ChecklistBook
        do throws(KeyedArchiveError) {
            whole = try layout.loadingEverything(of: copy, loadTime: clock())
        } catch {
            throw StoreError.undecodable(path: path, reason: error.description)
        }
        try saveEncoding(whole)
    }

    /// Whether `edited` leaves at most a `deadShareLimit`th of its bytes unused.
    private static func fitsDeadShare(_ edited: EditedArchive?) -> Bool {
        guard let edited else { return false }
        return edited.deadBytes <= edited.length / deadShareLimit
    }

    /// Writes `edited`, an edit of the file `layout` describes that holds `copy`, as the data
    /// file, and makes `copy` the store's book.
    private func saveEdited(_ edited: EditedArchive, of layout: ArchivedLayout, making copy: ChecklistBook) throws {
        let original = layout.file
        let saved: FileSystem.Stamp
        do throws(SystemError) {
            saved = try FileSystem.replaceAtomically(
                path, keepingAccess: true, holdingReplaced: tuning.closesReplacedInBackground,
                startingWriteback: tuning.startsWriteback
            ) { file in
                original.withUnsafeBytes {
                    file.write(UnsafeRawBufferPointer(rebasing: $0[..<min(edited.carriedLength, $0.count)]), at: 0)
                }
                edited.withTail(original: original) { file.write(pieces: $0, at: edited.carriedLength) }
                return edited.length
            }
        } catch {
            throw StoreError.saveFailed(path: path, reason: error.description)
        }
        book = copy
        stamp = saved
        loaded = .edited
    }

    /// Encodes `copy` whole and writes it as the data file, and makes it the store's book.
    ///
    /// Refuses a book with a checklist whose items were not read: encoded, it would hold none.
    private func saveEncoding(_ copy: ChecklistBook) throws {
        guard !copy.checklists.contains(where: { $0.unloadedItemCount != nil }) else {
            throw StoreError.saveFailed(path: path, reason: "checklists whose items were not read cannot be encoded")
        }
        let saved: FileSystem.Stamp
        do {
            // Pieces go to the file while the rest is encoded, and each starts on its way to
            // the disk: the fsync then waits for the last piece only, not the whole file. The
            // replaced file is closed on another thread. Each is a field of `SaveTuning`, with
            // what it saves (Benchmarks/RESULTS.md).
            saved = try FileSystem.replaceAtomically(
                path, keepingAccess: true, holdingReplaced: tuning.closesReplacedInBackground,
                startingWriteback: tuning.startsWriteback
            ) { file in
                copy.archive(pieceSize: tuning.pieceSize) { file.write($0, at: $1) }
            }
        } catch {
            throw StoreError.saveFailed(path: path, reason: error.description)
        }
        book = copy
        stamp = saved
        loaded = .whole
    }

    /// Refuses to replace a data file its owner may not write (SPEC §5), as editors and git do:
    /// the rename of a save would replace it all the same, and the new file keep its mode. The
    /// mode's owner-write bit decides, not `access(2)`, which lets root write any file. Every
    /// save (`save`, `putBack`) asks here first; the caller holds the lock.
    private func refuseReadOnlyFile() throws(StoreError) {
        if FileSystem.lacksOwnerWrite(path) { throw .readOnly(path: path) }
    }

    /// The data file's bytes now, `nil` when there is none; the caller holds the lock.
    func fileBytes() throws(StoreError) -> [UInt8]? {
        do {
            return try FileSystem.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// Writes `bytes` as the data file, atomically and durably, and loads it; the caller holds the lock.
    func putBack(_ bytes: [UInt8]) throws(StoreError) {
        try refuseReadOnlyFile()
        do {
            try FileSystem.writeAtomically(bytes, to: path, keepingAccess: true)
        } catch {
            throw .saveFailed(path: path, reason: error.description)
        }
        try reloadIfChanged(force: true)
    }

    /// Whether the data file existed when this store last read or wrote it.
    public var fileExists: Bool { stamp != nil }
}
