/// The objects an `ArchiveEditor` has added and the tables that number them, in a class so that
/// the editor copies them only when a copy of it changes (copy-on-write).
final class ArchiveEditorStorage {
    /// Encodes the new objects after the carried ones; its `$objects` table holds the replaced
    /// entries and the new ones.
    var encoder: KeyedEncoder
    /// Whether the encoder shares the carried file's strings and classes yet (`CarriedStringIndex`).
    var sharesCarried = false

    init(encoder: KeyedEncoder) {
        self.encoder = encoder
    }

    /// A storage with copies of this one's objects and tables.
    func copy() -> ArchiveEditorStorage {
        let copy = ArchiveEditorStorage(encoder: encoder.copy())
        copy.sharesCarried = sharesCarried
        return copy
    }
}
