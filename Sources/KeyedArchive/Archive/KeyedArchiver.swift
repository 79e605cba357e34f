/// Writes NSKeyedArchiver archives (binary property lists) of `KeyedArchivable` values.
///
/// The layout is the one Apple's `NSKeyedArchiver` writes: `$version` 100000, `$archiver`,
/// `$top`, and `$objects` starting with "$null", objects numbered in the order they are first
/// reached, each class dictionary after the children of the first instance of its class.
public enum KeyedArchiver {
    /// The string `$objects` starts with, UID 0, standing for every nil reference. Foundation reads
    /// every string equal to it as nil, wherever it is stored (its own archiver loses one too).
    public static let nullString = "$null"

    /// Archives the `$top` keys that `encodeTop` writes, and returns the file's bytes.
    public static func archive(expectedObjects: Int = 64, _ encodeTop: (inout KeyedEncoder) -> Void) -> [UInt8] {
        var encoder = KeyedEncoder(expectedObjects: expectedObjects)
        encodeTop(&encoder)
        return encoder.finish()
    }

    /// Archives like `archive(expectedObjects:_:)`, but hands the file to `write` while it is being
    /// made, in pieces of about `pieceSize` bytes with the offset where each belongs, and returns
    /// the file's length.
    ///
    /// Each piece's bytes are valid only during the call that hands them over. Pieces normally
    /// follow one another, but when the references must be stored at another width than the
    /// estimate of objects chose (wider as the archive outgrows it, or narrower at the end when
    /// it was too large), the pieces start again from offset 0; after a narrowing the file is
    /// shorter than the bytes handed over, so the receiver ends it at the returned length.
    public static func archive(
        expectedObjects: Int = 64,
        pieceSize: Int,
        write: (_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> Void,
        _ encodeTop: (inout KeyedEncoder) -> Void
    ) -> Int {
        withoutActuallyEscaping(write) { write in
            var encoder = KeyedEncoder(expectedObjects: expectedObjects)
            encoder.output = ArchiveOutput(pieceSize: pieceSize, write: write)
            encodeTop(&encoder)
            return encoder.finishStreaming()
        }
    }

    /// Archives one value under the `$top` key `root`, as `NSKeyedArchiver.archivedData(withRootObject:)` does.
    public static func archive<T: KeyedArchivable>(root: T) -> [UInt8] {
        archive { coder in coder.encode(root, forKey: "root") }
    }
}
