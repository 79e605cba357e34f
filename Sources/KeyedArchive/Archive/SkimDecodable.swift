/// A type whose objects a skim can build from the values it reads in place, instead of decoding
/// each one through `init(from:)` (`KeyedUnarchiver.decode(_:objects:reading:)`).
public protocol SkimDecodable: KeyedArchivable {
    /// The value made from the fields a skim read, in the order of its `fields`; `nil` sends the
    /// object through `init(from:)` instead.
    ///
    /// Whenever both succeed for an object, this gives what `init(from:)` gives: the skim reads
    /// each field as the decoder's read of its kind reads it, so the same rules must turn them
    /// into a value.
    init?(skimmed values: ObjectSkim.Values)
}
