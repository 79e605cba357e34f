/// One shape of object a skim has checked in full, so that later objects of the shape are checked
/// in place: their keys are the same key objects in the same entries, their `$class` value the same
/// UID object (so the same class), and each field is found at the entry recorded here.
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
    /// The object index of the `$class` value (a UID object) checked to name the expected class.
    var classReference: Int
    /// Where the shape's steps start in the skimmer's table of steps, and how many there are: the
    /// fields present, in the skimmer's order. Kept apart so a shape is plain words, copied
    /// without reference counting.
    var firstStep: Int
    var stepCount: Int
}
