/// The key–value fields of one archived object, decoded or still in the binary file.
///
/// Reading them needs the archive (`ArchiveObjects.value(forKey:in:)`), which holds the file.
enum ObjectFields {
    /// Fields of a decoded dictionary (XML archives, `$top`).
    case tree(PropertyListDictionary)
    /// Fields of a dictionary object read in place from a binary archive.
    case binary(BinaryObjectTable.Dictionary)
}
