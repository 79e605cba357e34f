/// Writes NSKeyedArchiver archives (binary property lists) of `KeyedArchivable` values.
///
/// The layout is the one Apple's `NSKeyedArchiver` writes: `$version` 100000, `$archiver`,
/// `$top`, and `$objects` starting with "$null", objects numbered in the order they are first
/// reached, each class dictionary after the children of the first instance of its class.
public enum KeyedArchiver {
    /// Archives the `$top` keys that `encodeTop` writes, and returns the file's bytes.
    public static func archive(expectedObjects: Int = 64, _ encodeTop: (inout KeyedEncoder) -> Void) -> [UInt8] {
        var encoder = KeyedEncoder(expectedObjects: expectedObjects)
        encoder.tables.objects.append(encoder.builder.add(string: "$null"))
        encodeTop(&encoder)
        return encoder.finish()
    }

    /// Archives one value under the `$top` key `root`, as `NSKeyedArchiver.archivedData(withRootObject:)` does.
    public static func archive<T: KeyedArchivable>(root: T) -> [UInt8] {
        archive { coder in coder.encode(root, forKey: "root") }
    }
}
