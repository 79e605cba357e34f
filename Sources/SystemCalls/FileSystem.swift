#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file and path operations of every target, on POSIX calls, each durable where it writes.
public enum FileSystem {
    /// Identity and version of a file: changes whenever the file is replaced or rewritten.
    public struct Stamp: Equatable, Sendable {
        public var device: UInt64
        public var inode: UInt64
        public var size: Int64
        public var modifiedSeconds: Int
        public var modifiedNanoseconds: Int

        /// The stamp of the file `info` describes.
        public init(_ info: stat) {
            self.init(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modifiedSeconds: Int(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
        }

        /// A stamp of the given fields.
        public init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int, modifiedNanoseconds: Int) {
            self.device = device
            self.inode = inode
            self.size = size
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
        }
    }

    /// The stamp of the file at `path`, or `nil` when there is none.
    public static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(info)
    }

    /// Whether the file at `path` exists and its mode lacks the owner's write bit (0400, 0444):
    /// a file its owner marked read-only, whoever asks (root, to whom `access(2)` says yes).
    public static func lacksOwnerWrite(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IWUSR == 0
    }

    /// The largest file `read` takes: far beyond any checklists file or import, and small enough
    /// to allocate.
    public static let readLimit = 1 << 30

    /// Reads a whole file; `nil` when it does not exist.
    public static func read(_ path: String) throws(SystemError) -> [UInt8]? {
        try readStamped(path)?.bytes
    }

    /// Reads a whole file, with the stamp of the very file read (from its open descriptor, so a
    /// file replaced between a `stamp(_:)` and the read cannot be mistaken for the other one) and
    /// its change record taken once the bytes are read (a change during the read shows in it);
    /// `nil` when it does not exist.
    public static func readStamped(
        _ path: String
    ) throws(SystemError) -> (bytes: [UInt8], stamp: Stamp, record: ChangeRecord)? {
        guard let (descriptor, info) = try openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        let size = max(Int(info.st_size), 0)
        guard size <= readLimit else { throw SystemError("read", code: EFBIG) }
        // Read straight into the result, sized by fstat plus one byte to see the end without a
        // second call, and left uninitialized until read: zero-filling it first cost a pass over
        // megabytes (reading into a chunk and appending it, a second copy).
        let expected = size + 1
        var bytes = try read(descriptor, upTo: expected)
        // A file that grew while being read fills the buffer: read the rest in chunks.
        var full = bytes.count == expected
        while full {
            let size = max(65_536, bytes.count)
            let chunk = try read(descriptor, upTo: size)
            bytes += chunk
            full = chunk.count == size
        }
        var after = stat()
        guard fstat(descriptor, &after) == 0 else { throw SystemError("fstat", path: path) }
        return (bytes, Stamp(info), ChangeRecord(after))
    }

    /// Reads up to `count` bytes from descriptor `file`, fewer only where the file ends.
    private static func read(_ file: Int32, upTo count: Int) throws(SystemError) -> [UInt8] {
        var failure: SystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            do throws(SystemError) {
                initialized = try fill(UnsafeMutableRawBufferPointer(buffer), from: file)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Reads from descriptor `file` until `buffer` is full or the file ends; returns the bytes read.
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer, from file: Int32) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let count = try SystemError.valueOrError("read") { systemRead(file, base + filled, buffer.count - filled) }
            if count == 0 { break }
            filled += count
        }
        return filled
    }

    /// Creates `path` and its missing parents with `mode` (`mkdir -p`); with `exactMode`, each
    /// folder made gets `mode` whatever the umask.
    public static func makeDirectories(
        _ path: String, mode: mode_t = 0o700, exactMode: Bool = false
    ) throws(SystemError) {
        var isDirectory = stat()
        if stat(path, &isDirectory) == 0 {
            guard (isDirectory.st_mode & S_IFMT) == S_IFDIR else {
                throw SystemError("mkdir", path: path, code: ENOTDIR)
            }
            return
        }
        let parent = directory(of: path)
        if parent != path, !parent.isEmpty { try makeDirectories(parent, mode: mode, exactMode: exactMode) }
        if mkdir(path, mode) == 0 {
            if exactMode { chmod(path, mode) }
        } else if errno != EEXIST {
            throw SystemError("mkdir", path: path)
        }
    }

    /// `path`, or, when it is a symbolic link (to a link…), the path it finally points to, which
    /// need not exist yet. Links in the folders above are left as they are: a save renames within
    /// the folder, whichever way it is reached.
    public static func followingLinks(_ path: String) -> String {
        var current = path
        // As the kernel does, give up after 40 links (a loop): the save then fails with ELOOP.
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let target = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        return current
    }

    /// The real, absolute path of the file `path` names: symbolic links followed, the file's and its
    /// folders', and `.` and `..` resolved, so that every name of one file gives the same path. A file
    /// that does not exist yet gives its nearest existing folder's real path followed by the rest.
    public static func resolved(_ path: String) -> String {
        let target = followingLinks(path)
        var folder = target
        var rest: [Substring] = []
        // Each turn drops a name from the end; "." and "/" always resolve.
        for _ in 0...target.utf8.count {
            if let base = realPath(folder) {
                guard !rest.isEmpty else { return base }
                // Appended name by name: `joined(separator:)` on the reversed names is not specialized,
                // and finding its associated types scanned every conformance of the executable
                // three times (5 % of the start of `lists` with no data file yet).
                var resolved = base == "/" ? "" : base
                for name in rest.reversed() {
                    resolved += "/"
                    resolved += String(name)
                }
                return resolved
            }
            guard folder != ".", folder != "/" else { break }
            rest.append(folder.split(separator: "/").last ?? "")
            folder = directory(of: folder)
        }
        return target
    }

    /// `realpath(3)` of `path`: absolute, every symbolic link followed; `nil` (with `errno` set)
    /// when `path` or a folder on its way does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// The folder part of `path` ("." when it has none).
    public static func directory(of path: String) -> String {
        split(path).folder
    }

    /// `path` split at its last slash: its folder ("." when it has none, "/" at the root) and its name.
    public static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// Writes all of `bytes` to `descriptor` (see the buffer's `writeAll`).
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        let failure: SystemError? = bytes.withUnsafeBytes { raw in
            do throws(SystemError) {
                try writeAll(raw, to: descriptor)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Writes all of `bytes` to `descriptor` at its current offset, retrying short writes and
    /// interruptions; a write that makes no progress is ENOSPC.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var written = 0
        while written < bytes.count {
            let count = try SystemError.valueOrError("write") {
                write(descriptor, base + written, bytes.count - written)
            }
            guard count > 0 else { throw SystemError("write", code: ENOSPC) }
            written += count
        }
    }

    /// Removes `PATH.tmp-*` files left by a writer that was killed between creating its
    /// temporary file and renaming it. Only safe while holding the store's lock, under which
    /// every temporary file is made.
    public static func removeStaleTemporaries(of path: String) {
        let folder = directory(of: path)
        let prefix = String(path.split(separator: "/").last ?? "") + ".tmp-"
        for name in names(in: folder) where name.hasPrefix(prefix) { unlink(folder + "/" + name) }
    }

    /// The names in `folder`, `.` and `..` included (none when it cannot be read).
    public static func names(in folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            names.append(
                withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                })
        }
        return names
    }

    /// Replaces `path` with `bytes` atomically, and durably unless told otherwise (see `replaceAtomically`).
    public static func writeAtomically(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o600, keepingAccess: Bool = false, durable: Bool = true
    ) throws(SystemError) {
        try replaceAtomically(path, mode: mode, keepingAccess: keepingAccess, durable: durable) { file in
            bytes.withUnsafeBytes { file.write($0, at: 0) }
            return bytes.count
        }
    }

    /// Replaces `path` atomically and durably with what `produce` writes to a temporary file in
    /// the same folder (it returns the file's length): the file is fsynced and renamed over
    /// `path`, then the folder is fsynced. On any failure the temporary file is removed and
    /// `path` is untouched. A new file gets `mode`; with `keepingAccess`, a file replaced keeps its
    /// permission bits, and its owner and group where this process may set them (a list shared
    /// through a group-writable file stays shared). With `holdingReplaced`, a regular file at
    /// `path` is held open across the rename and closed on another thread. Without `durable`,
    /// nothing is fsynced: a crash may then leave the old file, the new one or an empty or partial
    /// one. With `startingWriteback` (the default), each piece written starts on its way to the
    /// disk at once (see `TemporaryFile`). Returns the new file's stamp.
    @discardableResult
    public static func replaceAtomically(
        _ path: String, mode: mode_t = 0o600, keepingAccess: Bool = false, holdingReplaced: Bool = false,
        durable: Bool = true, startingWriteback: Bool = true, produce: (inout TemporaryFile) -> Int
    ) throws(SystemError) -> Stamp {
        var existing = stat()
        let replacing = keepingAccess && stat(path, &existing) == 0
        let mode = replacing ? existing.st_mode & 0o7777 : mode
        let folder = directory(of: path)
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw SystemError("create temporary file in \(folder)") }
        // mkostemp, which could set this at once, is not in Swift's Glibc module.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
        }
        var info = stat()
        do {
            defer { close(descriptor) }
            // Another owner or a group this process is not in is refused (EPERM): the file is then ours.
            if replacing { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
            guard fchmod(descriptor, mode) == 0 else { throw SystemError("chmod") }
            var file = TemporaryFile(descriptor: descriptor, startingWriteback: startingWriteback)
            let length = produce(&file)
            try file.finish(length: length, syncing: durable)
            // The file keeps its device, inode, size and modification time through the rename.
            guard fstat(descriptor, &info) == 0 else { throw SystemError("fstat") }
        }
        // Renaming over the last name of the file being replaced frees it then and there: at
        // 10,000 items, half a millisecond of dropping its cached pages and blocks. Holding it
        // open moves that work to the close, which another thread does.
        let replaced = holdingReplaced ? try? openRegularFile(path)?.descriptor : nil
        defer { if let replaced { closeInBackground(replaced) } }
        guard rename(temporary, path) == 0 else { throw SystemError("rename") }
        succeeded = true
        guard durable else { return Stamp(info) }
        // The change is in place and visible now; only the rename's durability is left. A folder that
        // cannot be opened (write and search permission only) or synced (some file systems refuse
        // fsync on folders with EINVAL) cannot undo it, so, as SQLite does, that is not an error.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return Stamp(info)
    }

    /// A read-only descriptor of the regular file at `path` and its status, `nil` when there is no
    /// file; anything else there is an error. Opening never waits (a FIFO) or takes a terminal.
    public static func openRegularFile(_ path: String) throws(SystemError) -> (descriptor: Int32, info: stat)? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw SystemError("open")
        }
        var info = stat()
        let failure: SystemError
        if fstat(descriptor, &info) != 0 {
            failure = SystemError("fstat")
        } else {
            switch info.st_mode & S_IFMT {
            case S_IFREG: return (descriptor, info)
            case S_IFDIR: failure = SystemError("open", code: EISDIR)
            default: failure = SystemError("not a regular file", code: EINVAL)
            }
        }
        close(descriptor)
        throw failure
    }

    /// Closes `descriptor` on a thread of its own, or here when no thread can be started.
    public static func closeInBackground(_ descriptor: Int32) {
        #if canImport(Glibc)
        // The descriptor travels as the thread's argument, plus one so that 0 is not a null pointer.
        let thread = QuietThread.start(
            { argument in
                close(Int32(truncatingIfNeeded: Int(bitPattern: argument) - 1))
                return nil
            }, argument: UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1))
        if let thread {
            pthread_detach(thread)
            return
        }
        #endif
        close(descriptor)
    }
}

/// read(2), under a name that `FileSystem`'s own `read` functions do not hide.
private func systemRead(_ file: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(file, buffer, count)
    #else
    Darwin.read(file, buffer, count)
    #endif
}
