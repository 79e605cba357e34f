import SystemCalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The changes made to one data file, for `undo` and `redo` in any later process (SPEC §6).
///
/// An append-only log beside nothing the program needs to read the data file: a header line, then
/// records of three kinds — a change (what it did to each checklist it touched, item by item, as
/// `Entry` and `ChecklistDelta` say, with its summary and the current checklist before and after),
/// an undo and a redo. Replaying the log gives the two stacks. Change records of the previous
/// release (`c`: the whole checklists replaced and left) are still read; new ones are `d`, a few
/// hundred bytes for a change of a few items, whatever the size of the checklist. Each record
/// carries its length and a checksum: a torn or foreign journal is ignored with a warning, never
/// trusted, and the next change starts a new one. Appends are made under the store's lock, in the order of the changes; nothing is
/// fsynced (losing undo steps in a power cut is acceptable, a damaged journal is not). The log
/// keeps the last `limit` changes and stays under `byteLimit`: a change that would pass it
/// drops the oldest changes. Without a path the log lives in memory. A journal that cannot be
/// written never stops a change; the first failure is kept for the user to be told, once.
public final class UndoJournal {
    /// The journal file; `nil` keeps the log in memory.
    public let path: String?
    /// The log when it lives in memory.
    private var memory: [UInt8] = []
    /// How many changes are kept.
    static let limit = 100
    /// How many bytes the log may take.
    let byteLimit: Int
    /// The first line of every journal (the same since the first release: records of a new kind
    /// are told apart by their kind).
    static let header = Array("checklists undo journal 1\n".utf8)
    /// Why the journal could not be written, until `takeWarning` hands it out.
    private var failure: String?
    /// Whether a failure was handed out: the user is told once, however many changes follow.
    private var warned = false

    /// A journal at `path` (created on the first change), or in memory, of at most `byteLimit` bytes.
    public init(path: String?, byteLimit: Int = 8 << 20) {
        self.path = path
        self.byteLimit = byteLimit
    }

    /// The journal of the data file at `dataFile`: `undo/` in the state folder, named by a hash
    /// of the data file's path (its resolved one, `ChecklistStore.identity`, so that every name of
    /// the file finds the same journal).
    public convenience init(dataFile: String, environment: [String: String]) {
        self.init(path: FileLocations.undoFolder(environment: environment) + "/" + StateFile.name(for: dataFile))
    }

    /// The change `undo` would revert and the one `redo` would re-apply (the tops of the stacks the
    /// log holds), with a warning when the log was damaged (and is then ignored). Only those two
    /// changes are decoded; the others are only counted through. A damaged log is forgotten
    /// (`damaged`) unless `forgettingDamage` is `false`: a look that changes nothing.
    func next(forgettingDamage: Bool = true) -> (undo: Entry?, redo: Entry?, warning: String?) {
        next(forgettingDamage: forgettingDamage) { Entry(kind: $0, payload: $1) }
    }

    /// The names of the checklists the change `undo` would revert touches (`undo`), and those of
    /// the one `redo` would re-apply, read without decoding their items: a look that changes
    /// nothing. A record whose items do not decode is left for `next()` to find damaged.
    func nextChecklistNames() -> (undo: [String]?, redo: [String]?) {
        let found = next(forgettingDamage: false) { Entry.checklistNames(kind: $0, payload: $1) }
        return (found.undo, found.redo)
    }

    /// `next(forgettingDamage:)`, each of the two records read by `read` (`nil`: it does not decode).
    private func next<Read>(
        forgettingDamage: Bool, read: (UInt8, ArraySlice<UInt8>) -> Read?
    ) -> (undo: Read?, redo: Read?, warning: String?) {
        let bytes: [UInt8]
        if let path {
            do {
                bytes = try FileSystem.read(path) ?? []
            } catch {
                return (nil, nil, "cannot read the undo journal \(path); undo starts afresh")
            }
        } else {
            bytes = memory
        }
        guard !bytes.isEmpty else { return (nil, nil, nil) }
        guard let records = Self.records(bytes) else { return damaged(forgetting: forgettingDamage) }
        var undo: [(kind: UInt8, payload: ArraySlice<UInt8>)] = []
        var redo: [(kind: UInt8, payload: ArraySlice<UInt8>)] = []
        for record in records {
            switch record.kind {
            case UInt8(ascii: "c"), UInt8(ascii: "d"):
                undo.append(record)
                if undo.count > Self.limit { undo.removeFirst() }
                redo.removeAll()
            case UInt8(ascii: "u"):
                if let entry = undo.popLast() { redo.append(entry) }
            default:
                if let entry = redo.popLast() { undo.append(entry) }
            }
        }
        let undoEntry = undo.last.flatMap { read($0.kind, $0.payload) }
        let redoEntry = redo.last.flatMap { read($0.kind, $0.payload) }
        // A record that passed its checksum but does not decode is as damaged as a torn one.
        if (undo.last != nil && undoEntry == nil) || (redo.last != nil && redoEntry == nil) {
            return damaged(forgetting: forgettingDamage)
        }
        return (undoEntry, redoEntry, nil)
    }

    /// Forgets a damaged log (when `forgetting`), so that the next change starts a new one, and says so.
    private func damaged<Read>(forgetting: Bool) -> (undo: Read?, redo: Read?, warning: String?) {
        if forgetting {
            if let path { unlink(path) } else { memory = [] }
        }
        return (nil, nil, "the undo journal \(path ?? "in memory") is damaged and was ignored; undo starts afresh")
    }

    /// Records a change. Appending reads nothing; a log that would pass `byteLimit` first drops its
    /// oldest records, record by record without decoding any, down to half of it (a prefix of the
    /// log dropped leaves a log whose stacks are those of the changes kept).
    func recordChange(_ entry: Entry) {
        let record = Self.record(kind: UInt8(ascii: "d"), payload: entry.payload)
        let size = path.map { FileSystem.stamp($0).map { Int($0.size) } ?? 0 } ?? memory.count
        if size == 0 {
            replace(with: Self.header + record)
        } else if size + record.count <= byteLimit {
            append(record)
        } else {
            let bytes = path.map { (try? FileSystem.read($0)) ?? [] } ?? memory
            // Unreadable, or no longer a journal (replaced or cut since its size was taken): start afresh.
            guard bytes.starts(with: Self.header) else {
                replace(with: Self.header + record)
                return
            }
            // The records up to any torn one, their checksums unchecked (`next` checks them).
            let kept = Self.spans(bytes).records
            let end = kept.last?.payload.endIndex ?? Self.header.count
            let keep = kept.first { end - $0.start + record.count <= byteLimit / 2 }?.start ?? end
            replace(with: Self.header + bytes[keep..<end] + record)
        }
    }

    /// The first failure to write the journal, as a warning for the user, once: later calls
    /// return `nil`, whatever fails after.
    public func takeWarning() -> String? {
        guard !warned, let failure else { return nil }
        warned = true
        return "undo is unavailable: " + failure
    }

    /// Keeps the first failure to write the journal.
    private func failed(_ reason: String) {
        if failure == nil, let path { failure = "cannot write \(path): \(reason)" }
    }

    /// Records that the most recent change was undone.
    func recordUndo() {
        append(Self.record(kind: UInt8(ascii: "u"), payload: []))
    }

    /// Records that the most recently undone change was redone.
    func recordRedo() {
        append(Self.record(kind: UInt8(ascii: "r"), payload: []))
    }

    // MARK: Storage

    /// Appends `bytes`; a record that cannot be written whole (a full disk) is cut off again, so
    /// that the log does not end in a torn record that would make it be ignored whole.
    private func append(_ bytes: [UInt8]) {
        guard let path else {
            memory += bytes
            return
        }
        guard makeFolder(of: path) else { return }
        let file = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard file >= 0 else { return failed(SystemError.message()) }
        defer { close(file) }
        var info = stat()
        let before = fstat(file, &info) == 0 ? info.st_size : -1
        do throws(SystemError) {
            try FileSystem.writeAll(bytes, to: file)
        } catch {
            failed(SystemError.message(error.code))
            if before >= 0 { _ = ftruncate(file, before) }
        }
    }

    private func replace(with bytes: [UInt8]) {
        guard let path else {
            memory = bytes
            return
        }
        guard makeFolder(of: path) else { return }
        // The journal helps; it never stops a change: a failure to write it is not an error. Not
        // synced, like the appends: a journal torn by a power cut fails its checksums and is ignored.
        do {
            try FileSystem.writeAtomically(bytes, to: path, mode: 0o600, durable: false)
        } catch {
            failed(SystemError.message(error.code))
        }
    }

    /// Creates the journal's folder when missing; whether it is there.
    private func makeFolder(of path: String) -> Bool {
        do {
            try FileSystem.makeDirectories(FileSystem.directory(of: path))
            return true
        } catch {
            failed(SystemError.message(error.code))
            return false
        }
    }

    // MARK: Encoding

    /// A record: kind, payload length (4 bytes), checksum of kind and payload (8 bytes), payload.
    /// (Internal so that tests can write the records of other releases.)
    static func record(kind: UInt8, payload: [UInt8]) -> [UInt8] {
        var bytes = [kind]
        bytes += littleEndian(UInt64(payload.count), width: RecordLayout.lengthWidth)
        bytes += littleEndian(checksum(kind, payload[...]), width: RecordLayout.checksumWidth)
        return bytes + payload
    }

    /// Where a record's fields are, from its first byte: the kind (1 byte), the payload's length,
    /// the checksum, then the payload.
    private enum RecordLayout {
        /// The payload length's offset.
        static let lengthOffset = 1
        /// The payload length's width in bytes (little-endian).
        static let lengthWidth = 4
        /// The checksum's offset.
        static let checksumOffset = lengthOffset + lengthWidth
        /// The checksum's width in bytes (little-endian).
        static let checksumWidth = 8
        /// The header's length: where the payload starts.
        static let headerLength = checksumOffset + checksumWidth
    }

    /// The records of a whole log, `nil` when any is torn, foreign or fails its checksum.
    private static func records(_ bytes: [UInt8]) -> [(kind: UInt8, payload: ArraySlice<UInt8>)]? {
        guard bytes.starts(with: header) else { return nil }
        let (records, whole) = spans(bytes)
        guard whole, records.allSatisfy({ checksum($0.kind, $0.payload) == $0.sum }) else { return nil }
        return records.map { ($0.kind, $0.payload) }
    }

    /// The records of a log that starts with the header, in order, up to the first that is torn or
    /// of no known kind, with where each starts and the checksum it carries; `whole` when that
    /// was the end of the log. The one reader of the record layout `record` writes.
    private static func spans(
        _ bytes: [UInt8]
    ) -> (records: [(start: Int, kind: UInt8, sum: UInt64, payload: ArraySlice<UInt8>)], whole: Bool) {
        var records: [(start: Int, kind: UInt8, sum: UInt64, payload: ArraySlice<UInt8>)] = []
        var offset = header.count
        while offset < bytes.count {
            guard offset + RecordLayout.headerLength <= bytes.count else { return (records, false) }
            let kind = bytes[offset]
            let length = Int(
                readLittleEndian(bytes, at: offset + RecordLayout.lengthOffset, width: RecordLayout.lengthWidth))
            let start = offset + RecordLayout.headerLength
            guard [UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "u"), UInt8(ascii: "r")].contains(kind),
                length <= bytes.count - start
            else { return (records, false) }
            let sum = readLittleEndian(
                bytes, at: offset + RecordLayout.checksumOffset, width: RecordLayout.checksumWidth)
            records.append((offset, kind, sum, bytes[start..<(start + length)]))
            offset = start + length
        }
        return (records, true)
    }

    /// A checksum of a record's kind and payload, eight bytes at a time (a byte at a time, FNV-1a
    /// took half a millisecond for a 1,000-item checklist's record, as much as encoding it).
    private static func checksum(_ kind: UInt8, _ payload: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(kind)
        payload.withUnsafeBytes { raw in
            let words = raw.count / 8
            for index in 0..<words {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
                hash = (hash ^ word) &* 0x100_0000_01B3
                hash ^= hash >> 29
            }
            for byte in raw[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        return hash
    }

    private static func littleEndian(_ value: UInt64, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func readLittleEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
        (0..<width).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }
}
