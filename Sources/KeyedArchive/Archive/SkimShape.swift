/// One shape of object a skim has checked in full, so that later objects of the shape are checked
/// in place: their keys are the same key objects in the same entries, their `$class` value the same
/// UID object (so the same class), and each field is found at the entry recorded here.
struct SkimShape {
    /// Where the key references of the first object of the shape start in the file.
    var keysStart: Int
    /// The number of entries of objects of the shape.
    var count: Int
    /// The entry holding `$class`.
    var classEntry: Int
    /// The object index of the `$class` value (a UID object) checked to name the expected class.
    var classReference: Int
    /// Where the entries of the fields checked start in the skimmer's table of entries: one per
    /// field, in the skimmer's order, -1 when the shape lacks the field. Kept apart so a shape is
    /// plain words, copied without reference counting.
    var entriesStart: Int
}
