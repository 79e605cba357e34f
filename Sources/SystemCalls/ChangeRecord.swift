#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's identity and the time of its last change of any kind (its ctime, which no program
/// can set back): while a file keeps its record, its bytes are the ones it had when the record
/// was taken.
///
/// A program that replaces a file and records it can tell, by the record alone, a file it wrote
/// from one that anything else wrote or touched since.
public struct ChangeRecord: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int
    public var changedSeconds: Int
    public var changedNanoseconds: Int

    /// The record of the file `info` describes.
    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        changedSeconds = Int(info.st_ctim.tv_sec)
        changedNanoseconds = Int(info.st_ctim.tv_nsec)
    }

    /// The record of the file at `path` now, `nil` when there is none.
    public static func of(_ path: String) -> ChangeRecord? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return ChangeRecord(info)
    }

    /// The record as one line of text: its fields in decimal, space-separated.
    public var text: String {
        [
            String(device), String(inode), String(size), String(modifiedSeconds), String(modifiedNanoseconds),
            String(changedSeconds), String(changedNanoseconds),
        ].joined(separator: " ")
    }

    /// Reads `text` as written by `text`; `nil` for anything else.
    public init?(text: some StringProtocol) {
        let fields = text.split(separator: " ")
        guard fields.count == 7, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
            let size = Int64(fields[2]), let modifiedSeconds = Int(fields[3]), let modifiedNanoseconds = Int(fields[4]),
            let changedSeconds = Int(fields[5]), let changedNanoseconds = Int(fields[6])
        else { return nil }
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
    }
}
