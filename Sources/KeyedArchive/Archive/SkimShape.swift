/// One shape of object a skim has checked in full, so that later objects of the shape are checked
/// in place: their keys are the same key objects in the same entries, their `$class` value a UID
/// of the same value (so the same class dictionary), and each field is found at the entry recorded
/// here.
struct SkimShape {
    /// One field present in objects of the shape: where it is and how it is checked.
    struct Step {
        /// The entry of the object holding the field.
        var entry: Int
        /// The index of the field in the skimmer's checks (-1 for a date's time).
        var check: Int
        var kind: ObjectSkim.Kind
        var required: Bool
    }

    /// Where the key references of the object start in the file (of the first object seen of
    /// the shape, or of the object being checked once matched).
    var keysStart: Int
    /// The number of entries of objects of the shape.
    var count: Int
    /// The entry holding `$class`.
    var classEntry: Int
    /// The object index of the `$class` value (a UID object) checked to name the expected class,
    /// and the UID it holds. An object whose `$class` is another UID object of that value (as an
    /// edit writes them) has the class too: the UID is compared when the object is not the same.
    var classReference: Int
    var classUID: UInt64

    /// Whether `reference`, the `$class` value of an object with these keys, names the class.
    @inline(__always)
    func namesClass(_ reference: Int?, in layout: BinaryPropertyListReader.Layout) -> Bool {
        guard let reference else { return false }
        return reference == classReference || layout.peekUID(reference) == classUID
    }
    /// Where the shape's steps start in the skimmer's table of steps, and how many there are: the
    /// fields present, in the skimmer's order. Kept apart so a shape is plain words, copied
    /// without reference counting.
    var firstStep: Int
    var stepCount: Int
}
