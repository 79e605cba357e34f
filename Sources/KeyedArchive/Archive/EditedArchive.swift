/// A file made by `ArchiveEditor`: the original file's first `carriedLength` bytes, then `tail`.
///
/// The caller writes `file[0..<carriedLength]` and then `tail` to a temporary file, flushes it and
/// renames it over the original.
public struct EditedArchive: Equatable, Sendable {
    /// How many bytes of the original file start the edited one.
    public var carriedLength: Int
    /// The bytes that follow them: the new objects, the envelope, the offset table, the trailer.
    public var tail: [UInt8]
    /// The edited file's length.
    public var length: Int { carriedLength + tail.count }
    /// Bytes in the file that no object reached from the root uses any more (left by this edit and
    /// earlier ones), which a full encode would drop; kept in the trailer's five unused bytes.
    public var deadBytes: Int

    /// Describes an edited file.
    public init(carriedLength: Int, tail: [UInt8], deadBytes: Int) {
        self.carriedLength = carriedLength
        self.tail = tail
        self.deadBytes = deadBytes
    }

    /// The whole edited file, given the original one.
    public func bytes(original: [UInt8]) -> [UInt8] {
        Array(original.prefix(carriedLength)) + tail
    }
}
