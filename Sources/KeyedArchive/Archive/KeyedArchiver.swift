/// Writes NSKeyedArchiver archives (binary property lists) of `KeyedArchivable` values.
///
/// The layout is the one Apple's `NSKeyedArchiver` writes: `$version` 100000, `$archiver`,
/// `$top`, and `$objects` starting with "$null", objects numbered in the order they are first
/// reached, each class dictionary after the children of the first instance of its class.
public enum KeyedArchiver {
    /// Archives the `$top` keys that `encodeTop` writes, and returns the file's bytes.
    public static func archive(expectedObjects: Int = 64, _ encodeTop: (inout KeyedEncoder) -> Void) -> [UInt8] {
        var encoder = KeyedEncoder(expectedObjects: expectedObjects)
        encodeTop(&encoder)
        return encoder.finish()
    }

    /// Archives like `archive(expectedObjects:_:)`, but hands the file to `use` where it was made
    /// instead of copying it out (a pass over megabytes less for a save); the bytes are valid only
    /// during that call. Returns what `use` returns.
    public static func archive<Result>(
        expectedObjects: Int = 64, _ encodeTop: (inout KeyedEncoder) -> Void,
        use: (_ file: UnsafeRawBufferPointer) -> Result
    ) -> Result {
        var encoder = KeyedEncoder(expectedObjects: expectedObjects)
        encodeTop(&encoder)
        return withExtendedLifetime(encoder) { use(encoder.finishInPlace()) }
    }

    /// Archives one value under the `$top` key `root`, as `NSKeyedArchiver.archivedData(withRootObject:)` does.
    public static func archive<T: KeyedArchivable>(root: T) -> [UInt8] {
        archive { coder in coder.encode(root, forKey: "root") }
    }
}
