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
    /// The file's identity and version: device, inode, size and modification time.
    public var stamp: FileSystem.Stamp
    /// The time of its last change of any kind (ctime): seconds, and nanoseconds within them.
    public var changedSeconds: Int
    public var changedNanoseconds: Int

    /// The record of the file `info` describes.
    public init(_ info: stat) {
        stamp = FileSystem.Stamp(info)
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
        // Interpolated, not `joined(separator:)`, whose first call looks its generic types up by
        // name (170,000 instructions of a one-shot change).
        "\(stamp.device) \(stamp.inode) \(stamp.size) \(stamp.modifiedSeconds) \(stamp.modifiedNanoseconds) "
            + "\(changedSeconds) \(changedNanoseconds)"
    }

    /// Reads `text` as written by `text`; `nil` for anything else.
    ///
    /// A `Substring`, not `some StringProtocol`: a generic initializer called from another module
    /// runs unspecialized, and looked its types up by name (122,000 instructions of every one-shot
    /// change, the read of the lock file's note).
    public init?(text: Substring) {
        let fields = text.split(separator: " ")
        guard fields.count == 7, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
            let size = Int64(fields[2]), let modifiedSeconds = Int(fields[3]), let modifiedNanoseconds = Int(fields[4]),
            let changedSeconds = Int(fields[5]), let changedNanoseconds = Int(fields[6])
        else { return nil }
        stamp = FileSystem.Stamp(
            device: device, inode: inode, size: size, modifiedSeconds: modifiedSeconds,
            modifiedNanoseconds: modifiedNanoseconds)
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
    }
}
