/// The value of one field: an object of a binary archive, not read yet, or a value of a decoded tree.
///
/// Decoders read binary objects of the kind they expect straight from the file, and build a
/// `PropertyList` only for other shapes, so a field of a common kind costs no allocation.
enum FieldValue {
    /// The object index, in the binary file, of the value.
    case object(Int)
    /// A value of a decoded dictionary (XML archives, `$top`).
    case tree(PropertyList)
}
